/// What a routing engine said about each ordered pair of *n* places: a
/// distance and a duration, "no route", or nothing because the pair was never
/// asked.
///
/// Values are exactly as reported, rounded to whole meters and seconds; no
/// estimate is ever stored here (see
/// ``TravelMatrices/completing(_:coordinates:fallback:)`` for filling the
/// gaps). The diagonal is ignored: reading it gives `.known(meters: 0,
/// seconds: 0)` and writing it does nothing.
///
/// ```swift
/// var observed = ObservedMatrix(count: 3)
/// observed[0, 1] = .known(meters: 1_200, seconds: 300)
/// observed[1, 0] = .unreachable(status: "ZERO_RESULTS")
/// observed.knownPairs        // 1
/// observed.missingPairs      // 4
/// ```
public struct ObservedMatrix: Sendable, Hashable {
    /// What the engine said about one ordered pair.
    public enum Pair: Sendable, Hashable, CustomStringConvertible {
        /// A route exists. Either value may be absent when the engine did not
        /// report it (OSRM without `annotations=distance`, a Routes API element
        /// without a duration).
        case known(meters: Int?, seconds: Int?)
        /// The engine was asked and found no route; `status` is its word for
        /// it (`ZERO_RESULTS`, `ROUTE_NOT_FOUND`, `null`, …).
        case unreachable(status: String)
        /// The pair was never asked.
        case missing

        public var description: String {
            switch self {
            case let .known(meters, seconds):
                let m = meters.map { "\($0) m" } ?? "no distance"
                let s = seconds.map { "\($0) s" } ?? "no duration"
                return "\(m), \(s)"
            case let .unreachable(status):
                return "unreachable (\(status))"
            case .missing:
                return "missing"
            }
        }
    }

    /// The number of places, *n*.
    public let count: Int
    /// Row-major pairs: the pair from `i` to `j` is at `i * count + j`.
    public private(set) var pairs: [Pair]
    /// Whether any duration came from live traffic (Google
    /// `duration_in_traffic`, Routes API `duration` with traffic) rather than
    /// from typical conditions.
    public var usedTrafficDurations: Bool
    /// Off-diagonal pairs that are ``Pair/known(meters:seconds:)``.
    public private(set) var knownPairs: Int
    /// Off-diagonal pairs that are ``Pair/unreachable(status:)``.
    public private(set) var unreachablePairs: Int

    /// Off-diagonal pairs that are ``Pair/missing``.
    public var missingPairs: Int { count * (count - 1) - knownPairs - unreachablePairs }

    /// A matrix of `count` places where every pair is ``Pair/missing``.
    ///
    /// - Precondition: `count >= 0`.
    /// - Complexity: O(n²).
    public init(count: Int, usedTrafficDurations: Bool = false) {
        precondition(count >= 0, "ObservedMatrix: count must not be negative")
        self.count = count
        self.pairs = Array(repeating: .missing, count: count * count)
        self.usedTrafficDurations = usedTrafficDurations
        self.knownPairs = 0
        self.unreachablePairs = 0
    }

    /// The pair from place `i` to place `j`; `.known(meters: 0, seconds: 0)`
    /// on the diagonal, where setting does nothing.
    ///
    /// - Complexity: O(1).
    public subscript(i: Int, j: Int) -> Pair {
        get {
            precondition((0..<count).contains(i) && (0..<count).contains(j), "ObservedMatrix: index out of range")
            return i == j ? .known(meters: 0, seconds: 0) : pairs[i * count + j]
        }
        set {
            precondition((0..<count).contains(i) && (0..<count).contains(j), "ObservedMatrix: index out of range")
            guard i != j else { return }
            let index = i * count + j
            adjustCounts(for: pairs[index], by: -1)
            adjustCounts(for: newValue, by: 1)
            pairs[index] = newValue
        }
    }

    private mutating func adjustCounts(for pair: Pair, by delta: Int) {
        switch pair {
        case .known: knownPairs += delta
        case .unreachable: unreachablePairs += delta
        case .missing: break
        }
    }
}

extension ObservedMatrix {
    /// The plain reading of a whole-matrix response: row *i* and column *j*
    /// are stop *i* and stop *j*.
    ///
    /// - Throws: ``MatrixError/responseSizeMismatch(file:origins:destinations:stops:)``
    ///   unless `rows` is `stops` × `stops`.
    init(square rows: [[Pair]], destinations: Int, stops: Int, file: String, usedTrafficDurations: Bool) throws {
        guard rows.count == stops, destinations == stops else {
            throw MatrixError.responseSizeMismatch(file: file, origins: rows.count, destinations: destinations, stops: stops)
        }
        self.init(count: stops, usedTrafficDurations: usedTrafficDurations)
        for i in 0..<stops {
            for j in 0..<stops where i != j { self[i, j] = rows[i][j] }
        }
    }
}
