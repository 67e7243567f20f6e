import RoutePlanExport
import RoutePlanSolver

/// The options as JSON: one flat object, the shape a service's `options`
/// member takes. Every member is optional:
///
/// ```json
/// {"travelMode": "walking", "optimizeFor": "duration", "start": "lodging", "end": "any",
///  "strategy": "automatic", "timeLimit": 1.5, "seed": 1, "maxWaypoints": 9, "navigate": false}
/// ```
///
/// `timeLimit` is in seconds (more than 0, at most ``maximumTimeLimitSeconds``);
/// `maxWaypoints` is 1 to 9. A routing engine's ``Planner/Options/matrix`` is
/// not part of it: a service reads that from its own member.
extension Planner.Options: Codable {
    /// The largest time limit accepted, in seconds: one week.
    public static let maximumTimeLimitSeconds = 604_800.0

    private enum Keys: String, CodingKey {
        case travelMode, optimizeFor, start, end, strategy, timeLimit, seed, maxWaypoints, navigate
        case exactNodeLimit, computeLowerBound, parallelSearch, maxMemoryBytes
    }

    public init(from decoder: Decoder) throws {
        let file = decoder.userInfo[.itineraryFileName] as? String
        let c = try decoder.container(keyedBy: Keys.self)
        func path(_ key: Keys) -> String { (c.codingPath + [key]).map(\.stringValue).joined(separator: ".") }
        func value<T: RawRepresentable & CaseIterable>(_ type: T.Type, _ key: Keys) throws -> T?
        where T.RawValue == String {
            guard let text = try c.decodeIfPresent(String.self, forKey: key) else { return nil }
            guard let value = T(rawValue: text) else {
                throw PlanningError.unknownValue(file: file, field: path(key), value: text,
                                                 allowed: T.allCases.map(\.rawValue))
            }
            return value
        }
        self.init()
        travelMode = try value(TravelMode.self, .travelMode)
        optimizeFor = try value(Objective.self, .optimizeFor)
        start = try c.decodeIfPresent(StopReference.self, forKey: .start)
        end = try c.decodeIfPresent(StopReference.self, forKey: .end)
        if let strategy = try value(RouteSolver.Strategy.self, .strategy) { solver.strategy = strategy }
        if let seconds = try c.decodeIfPresent(Double.self, forKey: .timeLimit) {
            guard seconds > 0, seconds <= Self.maximumTimeLimitSeconds else {
                throw PlanningError.outOfRange(file: file, field: path(.timeLimit), value: "\(seconds)",
                                               allowed: "a number of seconds above 0 and at most 604800 (a week)")
            }
            solver.timeLimit = .nanoseconds(Int64((seconds * 1e9).rounded()))
        }
        if let seed = try c.decodeIfPresent(UInt64.self, forKey: .seed) { solver.seed = seed }
        if let limit = try c.decodeIfPresent(Int.self, forKey: .exactNodeLimit) {
            guard (0...HeldKarp.maximumFreeNodes).contains(limit) else {
                throw PlanningError.outOfRange(file: file, field: path(.exactNodeLimit), value: "\(limit)",
                                               allowed: "a whole number from 0 to \(HeldKarp.maximumFreeNodes)")
            }
            solver.exactNodeLimit = limit
        }
        if let bound = try c.decodeIfPresent(Bool.self, forKey: .computeLowerBound) { solver.computeLowerBound = bound }
        if let parallel = try c.decodeIfPresent(Bool.self, forKey: .parallelSearch) { solver.parallelSearch = parallel }
        if let bytes = try c.decodeIfPresent(Int.self, forKey: .maxMemoryBytes) {
            guard bytes >= 1 << 20 else {
                throw PlanningError.outOfRange(file: file, field: path(.maxMemoryBytes), value: "\(bytes)",
                                               allowed: "at least 1048576 bytes (1 MiB)")
            }
            solver.maxMemoryBytes = bytes
        }
        let waypoints = try c.decodeIfPresent(Int.self, forKey: .maxWaypoints) ?? links.maxWaypointsPerLink
        do {
            links = try GoogleMapsDirections(maxWaypointsPerLink: waypoints)
        } catch {
            throw PlanningError.outOfRange(file: file, field: path(.maxWaypoints), value: "\(waypoints)",
                                           allowed: "a whole number from 1 to 9")
        }
        links.navigate = try c.decodeIfPresent(Bool.self, forKey: .navigate) ?? false
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: Keys.self)
        try c.encodeIfPresent(travelMode, forKey: .travelMode)
        try c.encodeIfPresent(optimizeFor, forKey: .optimizeFor)
        try c.encodeIfPresent(start, forKey: .start)
        try c.encodeIfPresent(end, forKey: .end)
        try c.encode(solver.strategy.rawValue, forKey: .strategy)
        if let limit = solver.timeLimit {
            let seconds = Double(limit.components.seconds) + Double(limit.components.attoseconds) / 1e18
            try c.encode(seconds, forKey: .timeLimit)
        }
        try c.encode(solver.seed, forKey: .seed)
        try c.encode(solver.exactNodeLimit, forKey: .exactNodeLimit)
        try c.encode(solver.computeLowerBound, forKey: .computeLowerBound)
        try c.encode(solver.parallelSearch, forKey: .parallelSearch)
        try c.encodeIfPresent(solver.maxMemoryBytes, forKey: .maxMemoryBytes)
        try c.encode(links.maxWaypointsPerLink, forKey: .maxWaypoints)
        try c.encode(links.navigate, forKey: .navigate)
    }
}
