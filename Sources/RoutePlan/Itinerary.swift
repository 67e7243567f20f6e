import RoutePlanExport

/// A traveller's itinerary, in the travel-itinerary app's data model.
///
/// Only the fields RoutePlan needs are read; anything else in the file
/// (`lodgingPrice`, `rating`, `categories`, …) is ignored. The trip's
/// dates, the `days` list and each place's scheduling fields (``Visit``) are
/// what `routeplan schedule` reads; `optimize` reads only the places and `route`.
///
/// ```json
/// {
///   "name": "Lisbon, day 1",
///   "lodging": {"name": "Hotel Avenida Palace", "location": {"lat": 38.7145, "lng": -9.1413}},
///   "placesToGo": [
///     {"name": "Castelo de São Jorge", "placeID": "ChIJ…", "location": {"lat": 38.7139, "lng": -9.1335}}
///   ],
///   "route": {"travelMode": "walking", "optimizeFor": "duration", "start": "lodging", "end": "lodging"}
/// }
/// ```
public struct Itinerary: Sendable, Hashable {
    /// A place to visit or stay at: a name, the Google place ID when known,
    /// and its coordinates. The same value the exporters take, so planned
    /// stops go out exactly as they came in.
    public typealias Place = Waypoint

    /// The `route` object: how the traveller wants to go. Every field is optional.
    public struct RouteSettings: Sendable, Hashable {
        public var travelMode: TravelMode?
        public var optimizeFor: Objective?
        public var start: StopReference?
        public var end: StopReference?
        /// When each day of a trip starts and ends (default 09:00 and 19:00);
        /// a ``Day`` may override them.
        public var dayStart: TimeOfDay?
        public var dayEnd: TimeOfDay?

        public init(travelMode: TravelMode? = nil, optimizeFor: Objective? = nil,
                    start: StopReference? = nil, end: StopReference? = nil,
                    dayStart: TimeOfDay? = nil, dayEnd: TimeOfDay? = nil) {
            self.travelMode = travelMode
            self.optimizeFor = optimizeFor
            self.start = start
            self.end = end
            self.dayStart = dayStart
            self.dayEnd = dayEnd
        }
    }

    public var name: String?
    /// Where the traveller sleeps; by default the route starts and ends here
    /// (and, on a trip, every night's lodging unless a ``Day`` names another).
    public var lodging: Place?
    public var placesToGo: [Place]
    public var route: RouteSettings
    /// The trip's first and last day (`startDate`, `endDate`): the days
    /// `schedule` plans. Without `endDate` the trip is the one day `startDate`.
    public var startDate: TripDate?
    public var endDate: TripDate?
    /// Settings for particular days of the trip, by date (`days`).
    public var days: [Day]
    /// How each place of ``placesToGo`` may be visited, in the same order
    /// (see ``visit(_:)``, which also covers a shorter list).
    public var visits: [Visit]

    public init(name: String? = nil, lodging: Place? = nil, placesToGo: [Place], route: RouteSettings = .init(),
                startDate: TripDate? = nil, endDate: TripDate? = nil, days: [Day] = [], visits: [Visit] = []) {
        self.name = name
        self.lodging = lodging
        self.placesToGo = placesToGo
        self.route = route
        self.startDate = startDate
        self.endDate = endDate
        self.days = days
        self.visits = visits
    }

    /// The scheduling attributes of `placesToGo[index]` (the defaults when
    /// ``visits`` is shorter).
    public func visit(_ index: Int) -> Visit { visits.indices.contains(index) ? visits[index] : Visit() }

    /// Every stop of the route: the lodging (if any) first, then `placesToGo` in file order.
    public var stops: [Place] { (lodging.map { [$0] } ?? []) + placesToGo }
}

/// What the route minimises.
public enum Objective: String, Sendable, Hashable, CaseIterable, Codable {
    /// Total travel time (the default).
    case duration
    /// Total distance.
    case distance
}

/// A reference to a stop in `route.start` / `route.end` or on the command line.
public enum StopReference: Sendable, Hashable, CustomStringConvertible {
    /// The itinerary's lodging.
    case lodging
    /// Wherever is best (only an end may be "any" in the file; a start may be
    /// "any" too, for the cheapest path through all places).
    case any
    /// A place in `placesToGo`, by place ID or exact name.
    case place(String)

    /// Reads `"lodging"`, `"any"`, or a place ID or name.
    public init(_ text: String) {
        switch text {
        case "lodging": self = .lodging
        case "any": self = .any
        default: self = .place(text)
        }
    }

    public var description: String {
        switch self {
        case .lodging: return "lodging"
        case .any: return "any"
        case let .place(text): return text
        }
    }
}
