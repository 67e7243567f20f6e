import RoutePlanExport

/// A trip planned day by day: for each day the places in visiting order with
/// their times, the legs between them and the day's totals; the places left
/// out, each with the reason; the trip's totals and how the search ended.
///
/// Encodes to the JSON that `routeplan schedule --format json` prints, and
/// decodes from it. Times are the trip's local times without a zone,
/// written `YYYY-MM-DDTHH:MM:SS`.
public struct TripSchedule: Sendable, Hashable, Codable {
    /// A place as the schedule names it.
    public struct Place: Sendable, Hashable, Codable {
        public var name: String
        public var placeID: String?
        public var location: Location

        public init(_ waypoint: Waypoint) {
            name = waypoint.name
            placeID = waypoint.placeID
            location = Location(lat: waypoint.latitude, lng: waypoint.longitude)
        }

        /// The waypoint the exporters take.
        public var waypoint: Waypoint {
            Waypoint(name: name, placeID: placeID, latitude: location.lat, longitude: location.lng)
        }
    }

    /// Coordinates, as the itinerary file writes them.
    public struct Location: Sendable, Hashable, Codable {
        public var lat: Double
        public var lng: Double
    }

    /// One visit of a day.
    public struct Stop: Sendable, Hashable, Codable {
        public var name: String
        public var placeID: String?
        public var location: Location
        /// The index of the place in the itinerary's `placesToGo`.
        public var placeIndex: Int
        /// When the traveller gets there.
        public var arrival: String
        /// When the visit starts (after any wait for opening).
        public var start: String
        /// When the visit ends.
        public var end: String
        /// When the traveller leaves (after the visit and any break taken there).
        public var departure: String
        /// Seconds spent waiting between arrival and start.
        public var waitSeconds: Int
        public var priority: Int
        public var mustVisit: Bool
    }

    /// One leg: from a waypoint of the day to the next.
    public struct Leg: Sendable, Hashable, Codable {
        /// Where it starts and ends: indices into ``Day/waypoints``.
        public var from: Int
        public var to: Int
        public var seconds: Int
        public var meters: Int
        /// Whether the leg was estimated from coordinates rather than
        /// answered by a routing engine.
        public var estimated: Bool
    }

    /// A break as taken.
    public struct Break: Sendable, Hashable, Codable {
        public var start: String
        public var end: String
        public var minutes: Int
        /// How many of the day's stops come before it (0: taken before the
        /// first visit, at the start place or on the way).
        public var afterStop: Int
        /// The place it is taken at (the day's start place, or the visit before it).
        public var at: String
    }

    /// One day of the trip.
    public struct Day: Sendable, Hashable, Codable {
        /// `YYYY-MM-DD`.
        public var date: String
        /// The day of the week in English ("Monday").
        public var weekday: String
        /// Where the day starts and ends (lodging, airport, station).
        public var startPlace: Place
        public var endPlace: Place
        /// When the traveller leaves the start place and reaches the end place.
        public var departure: String
        public var arrival: String
        public var stops: [Stop]
        public var breaks: [Break]
        /// The start place, the stops and the end place, in order; the legs join them.
        public var legs: [Leg]
        public var travelSeconds: Int
        public var travelMeters: Int
        public var waitSeconds: Int
        /// Google Maps directions links for the day, start to end.
        public var googleMapsURLs: [String]

        /// The day's waypoints: start place, stops, end place.
        public var waypoints: [Waypoint] {
            [startPlace.waypoint] + stops.map {
                Waypoint(name: $0.name, placeID: $0.placeID, latitude: $0.location.lat, longitude: $0.location.lng)
            } + [endPlace.waypoint]
        }
    }

    /// A place left out.
    public struct Unscheduled: Sendable, Hashable, Codable {
        public var name: String
        public var placeID: String?
        public var placeIndex: Int
        public var priority: Int
        public var mustVisit: Bool
        public var reason: UnscheduledReason
        /// The evidence, in words: the days checked, the longest opening,
        /// the best case per day, the conflicting places, the witness.
        public var detail: String
    }

    /// The trip's totals.
    public struct Totals: Sendable, Hashable, Codable {
        /// The sum of `priority` over the scheduled places.
        public var scheduledPriority: Int
        public var scheduledPlaces: Int
        public var unscheduledPlaces: Int
        public var travelSeconds: Int
        public var travelMeters: Int
        public var waitSeconds: Int
    }

    /// How the search ended.
    public struct Search: Sendable, Hashable, Codable {
        /// `completed`, `optimal`, `timeLimit` or `cancelled`.
        public var termination: String
        public var iterations: Int
        public var seconds: Double
        public var seed: UInt64
    }

    /// The itinerary's name, if it has one.
    public var name: String?
    public var travelMode: TravelMode
    public var days: [Day]
    public var unscheduled: [Unscheduled]
    public var totals: Totals
    /// Where the travel times came from.
    public var costSource: String
    public var search: Search
}
