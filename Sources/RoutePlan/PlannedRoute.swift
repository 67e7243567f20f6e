import RoutePlanExport
import RoutePlanSolver

/// A planned route: the stops in visiting order, each leg's distance and
/// duration, the totals, what is known about optimality, and the links that
/// open it in Google Maps.
///
/// Encodes to the JSON that `routeplan optimize --format json` prints, and
/// decodes from it.
public struct PlannedRoute: Sendable, Hashable, Codable {
    /// One leg between consecutive waypoints.
    public struct Leg: Sendable, Hashable, Codable {
        /// Index of the leg's first waypoint in ``PlannedRoute/waypoints``.
        public let from: Int
        /// Index of the leg's last waypoint in ``PlannedRoute/waypoints``.
        public let to: Int
        public let distanceMeters: Int
        public let durationSeconds: Int
        /// Whether the leg's values were estimated from coordinates rather
        /// than answered by a routing engine.
        public let estimated: Bool
    }

    /// The itinerary's name, if it has one.
    public let name: String?
    /// The stops in visiting order from start to end; a round trip ends with
    /// its start again.
    public let waypoints: [Waypoint]
    /// For each waypoint, its index in the itinerary's stops (lodging first,
    /// then `placesToGo` in file order).
    public let stopIndices: [Int]
    /// The legs between consecutive waypoints.
    public let legs: [Leg]
    public let totalDistanceMeters: Int
    public let totalDurationSeconds: Int
    public let travelMode: TravelMode
    public let optimizeFor: Objective
    /// Whether the route returns to its start.
    public let roundTrip: Bool
    /// Whether no other order of the stops has a lower total of the
    /// objective, under these costs.
    public let provenOptimal: Bool
    /// A proven lower bound on the objective's total (seconds or meters, as
    /// ``optimizeFor`` says) over all orders; equal to the route's own total
    /// when proven optimal.
    public let lowerBound: Int?
    /// How far the route's objective total is above ``lowerBound``, in percent.
    public let gapPercent: Double?
    /// The algorithm that produced the order.
    public let solver: Solution.Method
    /// Whether an exact solve was stopped by the time limit (the route is
    /// then the heuristic one).
    public let exactStoppedByTimeLimit: Bool
    /// Where the costs came from: straight-line estimates, or a routing
    /// engine's answers with how many pairs were estimated.
    public let costSource: String
    /// How many ordered pairs of stops had their costs estimated from
    /// coordinates (all of them without a routing-engine matrix).
    public let estimatedPairs: Int
    /// Google Maps directions links; followed in order they visit every stop once.
    public let googleMapsURLs: [String]

    private enum CodingKeys: String, CodingKey {
        case name, waypoints, stopIndices, legs, totalDistanceMeters, totalDurationSeconds, travelMode, optimizeFor
        case roundTrip, provenOptimal, lowerBound, gapPercent, solver, exactStoppedByTimeLimit, costSource, estimatedPairs
        case googleMapsURLs
    }
}
