import Foundation
import RoutePlanSolver

/// A public benchmark instance read into a ``ScheduleProblem``, with what is
/// needed to report a solution in the file's own terms: the customer numbers,
/// the coordinates and the integer scale.
///
/// Node 0 of ``problem``'s travel matrix is the depot; node `i` (1…n) is
/// visit `i − 1`, the `i`-th customer line of the file.
///
/// ## Integer scale and rounding
/// - **Solomon VRPTW** (``Format/solomon``): distances are real Euclidean
///   distances and travel time equals distance. Everything is held at
///   ``solomonScale`` = 10⁵ units per unit of the file: windows, service
///   times and depot times exactly (the files hold whole numbers), travel
///   times rounded **up** (`⌈10⁵·d⌉`, computed exactly from the squared
///   distance in 128-bit integers). Every integer travel time is at least the
///   real one, so a schedule feasible in integers is feasible in exact real
///   arithmetic (it may only be slightly conservative: by at most 10⁻⁵ per
///   leg). The distance reported is recomputed in `Double` from the
///   coordinates, never taken from the rounded integers. Asked for
///   `truncatedDecimals` k, each distance (and travel time) is instead
///   truncated to k decimals, exactly, as the exact methods whose proven
///   optima the literature quotes defined it (k = 1).
/// - **TOPTW** and **MC-TOP-MTW** (``Format/toptw``, ``Format/mctopmtw``): the benchmark itself defines distances
///   (and travel times) as Euclidean distances rounded **down** to one decimal
///   (Solomon-based instances) or two decimals (Cordeau-based instances), so
///   scale 100 (``toptwScale``) is exact: the reported distance is the
///   integer travel / 100.
public struct BenchmarkInstance: Sendable {
    /// The file formats read.
    public enum Format: String, Sendable, Hashable, CaseIterable, Codable {
        /// Solomon VRPTW: every customer required, K vehicles of capacity Q, minimise distance.
        case solomon
        /// Team orienteering with time windows: optional customers with scores, m tours, Tmax.
        case toptw
        /// Multi-constraint team orienteering with multiple time windows: as
        /// TOPTW, plus windows that differ by tour, an entrance-fee budget and
        /// caps per place type shared by all tours (``ScheduleProblem/sharedLimits``).
        case mctopmtw
    }

    /// A point of the file, in its own units.
    public struct Point: Sendable, Hashable {
        public var x: Double
        public var y: Double
    }

    /// Integer units per unit of a Solomon VRPTW file (times and travel).
    public static let solomonScale = 100_000
    /// Integer units per unit of a TOPTW file: exact for distances truncated to two decimals.
    public static let toptwScale = 100

    /// The instance's name: the first line of a Solomon file, the file name of a TOPTW or MC-TOP-MTW file.
    public let name: String
    public let format: Format
    public let problem: ScheduleProblem
    /// The file's customer number of each visit, by visit index.
    public let customers: [Int]
    /// The depot and the customers' coordinates: index 0 the depot, then by visit.
    public let points: [Point]
    /// Integer units per unit of the file.
    public let scale: Int
    /// The decimals distances are truncated to (TOPTW: 1 or 2; Solomon: when
    /// asked for, as the exact methods' optima assume); `nil` for real Euclidean distances.
    public let truncatedDecimals: Int?
    /// The number of routes: Solomon's vehicle count, or the TOPTW tours.
    public let routeCount: Int
    /// Solomon's vehicle capacity (`nil` for TOPTW).
    public let capacity: Int?
    /// The depot's time window in file units (Solomon: ready time and due date; TOPTW: 0 and Tmax).
    public let depotOpens: Double
    public let depotCloses: Double

    /// Whether every customer must be served (Solomon) rather than chosen for score (TOPTW, MC-TOP-MTW).
    public var servesEveryone: Bool { format == .solomon }

    /// The distance between two nodes (0 the depot, i the i-th customer) as the benchmark defines it:
    /// real Euclidean, or truncated to ``truncatedDecimals`` (TOPTW, MC-TOP-MTW; Solomon when asked).
    public func distance(_ a: Int, _ b: Int) -> Double {
        if truncatedDecimals != nil {
            return Double(problem.travel[a, b]) / Double(scale)
        }
        let dx = points[a].x - points[b].x
        let dy = points[a].y - points[b].y
        return (dx * dx + dy * dy).squareRoot()
    }

    /// A solution in the file's terms.
    public struct Report: Sendable, Hashable {
        /// The used routes, each the file's customer numbers in visiting order, depot left out;
        /// MC-TOP-MTW: one per tour in tour order, empty when unused (its windows differ by tour).
        public var routes: [[Int]]
        /// The total distance as the benchmark defines it (recomputed in `Double` for Solomon).
        public var distance: Double
        /// The sum of the served customers' scores (TOPTW; the number served for Solomon).
        public var score: Int
        /// Routes used.
        public var vehicles: Int
        /// Customers not served, by file number.
        public var unserved: [Int]
    }

    /// `solution` in the file's terms.
    public func report(_ solution: ScheduleSolution) -> Report {
        var routes: [[Int]] = []
        var total = 0.0
        var score = 0
        for plan in solution.routes where !plan.stops.isEmpty || format == .mctopmtw {
            var previous = 0
            for stop in plan.stops {
                let node = stop.visit + 1
                total += distance(previous, node)
                previous = node
                score += problem.visits[stop.visit].score
            }
            total += distance(previous, 0)
            routes.append(plan.stops.map { customers[$0.visit] })
        }
        let unserved = solution.unscheduled.map { customers[$0.visit] }
        return Report(routes: routes, distance: total, score: score, vehicles: routes.filter { !$0.isEmpty }.count,
                      unserved: unserved)
    }

    /// Reads `path` as `format` (detected from the content when `nil`).
    ///
    /// - Parameters:
    ///   - tours: the number of TOPTW tours m (required for TOPTW files, which do
    ///     not carry it; ignored for Solomon and MC-TOP-MTW files, which give their fleet).
    ///   - truncatedDecimals: the decimals each distance is truncated to. TOPTW and MC-TOP-MTW:
    ///     `nil` infers it from the coordinates (all whole: Solomon-based, 1; else
    ///     Cordeau-based, 2). Solomon: `nil` keeps real distances (travel rounded
    ///     up at 10⁻⁵); 1 is the rule of the exact methods' proven optima.
    public static func load(_ path: String, format: Format? = nil, tours: Int? = nil,
                            truncatedDecimals: Int? = nil) throws(InstanceError) -> BenchmarkInstance {
        let text = try InstanceText.read(path)
        return try read(text, format: format, tours: tours, truncatedDecimals: truncatedDecimals)
    }

    /// Reads `data` (the content of `file`) as `format` (detected when `nil`).
    public static func parse(_ data: Data, file: String, format: Format? = nil, tours: Int? = nil,
                             truncatedDecimals: Int? = nil) throws(InstanceError) -> BenchmarkInstance {
        if data.count > InstanceLimits.maxFileBytes {
            throw .fileTooLarge(file: file, bytes: data.count, limit: InstanceLimits.maxFileBytes)
        }
        let text = try InstanceText.parse(data, file: file)
        return try read(text, format: format, tours: tours, truncatedDecimals: truncatedDecimals)
    }

    static func read(_ text: InstanceText, format: Format?, tours: Int?,
                     truncatedDecimals: Int?) throws(InstanceError) -> BenchmarkInstance {
        let chosen: Format
        if let format {
            chosen = format
        } else {
            switch detect(text) {
            case .solomon: chosen = .solomon
            case .toptw: chosen = .toptw
            case .mctopmtw: chosen = .mctopmtw
            case nil:
                throw .unrecognisedFormat(file: text.file)
            }
        }
        switch chosen {
        case .solomon: return try readSolomon(text, truncatedDecimals: truncatedDecimals)
        case .toptw: return try readTOPTW(text, tours: tours, truncatedDecimals: truncatedDecimals)
        case .mctopmtw: return try readMCTOPMTW(text, truncatedDecimals: truncatedDecimals)
        }
    }

    /// What the content looks like.
    enum Detected { case solomon, toptw, mctopmtw }

    /// Recognises a format from the first lines: Solomon has `VEHICLE` and
    /// `CUSTOMER` section lines; TOPTW starts with a header of 3–6 numbers
    /// (`k v N t`, `D Q`) on one to three lines, then vertex lines of at least 9
    /// numbers; MC-TOP-MTW with a line of 13 numbers (M N B E1…E10) and a depot line of 7.
    static func detect(_ text: InstanceText) -> Detected? {
        let head = text.lines.prefix(12)
        let words = Set(head.compactMap { $0.tokens.first?.uppercased() })
        if words.contains("VEHICLE") && words.contains("CUSTOMER") { return .solomon }
        func numeric(_ line: InstanceText.Line) -> Bool { line.tokens.allSatisfy { FixedPoint.parse($0) != nil } }
        let lines = Array(text.lines.prefix(4))
        guard lines.count >= 2, numeric(lines[0]), numeric(lines[1]) else { return nil }
        if lines[0].tokens.count == 13 && lines[1].tokens.count == 7 { return .mctopmtw }
        // TOPTW: a header of 3 to 6 numbers over one to three lines ('k v N t', 'D Q'),
        // then the depot line of at least 9 numbers.
        guard let firstVertex = lines.firstIndex(where: { $0.tokens.count >= 9 }), firstVertex >= 1,
              numeric(lines[firstVertex]) else { return nil }
        let header = lines[..<firstVertex]
        guard header.allSatisfy(numeric), (3...6).contains(header.reduce(0) { $0 + $1.tokens.count }) else { return nil }
        return .toptw
    }

    /// Builds the symmetric travel matrix of Euclidean distances truncated to
    /// `decimals` decimals, exactly, held at 10^`scaleDigits` units per unit
    /// (`decimals` ≤ `scaleDigits` ≤ 4): ⌊10ᵏ·d⌋ = ⌊√(q / 10^(8−2k))⌋ for q the
    /// squared distance in 10⁻⁸, then × 10^(scaleDigits − k).
    static func truncatedMatrix(_ points: [(x: FixedPoint, y: FixedPoint)], lines: [Int], customers: [Int],
                                file: String, decimals: Int, scaleDigits: Int) throws(InstanceError) -> CostMatrix {
        var divisor: UInt128 = 1
        for _ in 0..<(8 - 2 * decimals) { divisor *= 10 }
        var multiplier: UInt128 = 1
        for _ in 0..<(scaleDigits - decimals) { multiplier *= 10 }
        return try matrix(points, lines: lines, customers: customers, file: file) { squared in
            IntegerRoot.floor(squared / divisor) * multiplier
        }
    }

    /// Builds the symmetric travel matrix from `points` (fixed point) with `scaledDistance`
    /// (the squared distance in 10⁻⁸ units → integer travel), checking it fits a ``CostMatrix``.
    static func matrix(_ points: [(x: FixedPoint, y: FixedPoint)], lines: [Int], customers: [Int], file: String,
                       scaledDistance: (UInt128) -> UInt128) throws(InstanceError) -> CostMatrix {
        let n = points.count
        var costs = [Int32](repeating: 0, count: n * n)
        for i in 0..<n {
            for j in (i + 1)..<max(i + 1, n) {
                let dx = Int128(points[i].x.units - points[j].x.units)
                let dy = Int128(points[i].y.units - points[j].y.units)
                let squared = UInt128(dx * dx + dy * dy)
                let value = scaledDistance(squared)
                guard value <= UInt128(CostMatrix.maximumCost) else {
                    throw .distanceTooLarge(file: file, line: lines[j], customer: customers[i],
                                            otherCustomer: customers[j], scaled: String(value))
                }
                costs[i * n + j] = Int32(value)
                costs[j * n + i] = Int32(value)
            }
        }
        do {
            return try CostMatrix(count: n) { i, j in Int(costs[i * n + j]) }
        } catch {
            throw .distanceTooLarge(file: file, line: lines[0], customer: customers[0], otherCustomer: customers[0],
                                    scaled: "\(error)")
        }
    }
}

extension BenchmarkInstance {
    /// What the start of a file looks like.
    public enum DetectedFormat: String, Sendable, Hashable {
        case solomon, toptw
        /// MC-TOP-MTW (budget and type caps as shared limits).
        case mctopmtw
    }

    /// Recognises the format from the first bytes of a file (a few kilobytes
    /// suffice); `nil` when it is none of these (e.g. TSPLIB95, or binary data).
    public static func sniff(_ prefix: Data) -> DetectedFormat? {
        var data = prefix
        // Drop a partial last line.
        if let lastNewline = data.lastIndex(of: 0x0A), data.count >= 2048 { data = data[..<lastNewline] }
        guard data.first != 0x1F, let text = try? InstanceText.parse(data, file: "") else { return nil }
        switch detect(text) {
        case .solomon: return .solomon
        case .toptw: return .toptw
        case .mctopmtw: return .mctopmtw
        case nil: return nil
        }
    }
}
