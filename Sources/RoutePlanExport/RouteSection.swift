/// One route of several: a day of a trip, as handed to the multi-route
/// writers (``GeoJSONDocument/routes(name:sections:properties:)``,
/// ``GPXDocument/routes(name:sections:creator:)``,
/// ``KMLDocument/routes(name:sections:)``,
/// ``CSVDocument/routes(sections:guardFormulas:)`` and
/// ``SVGDocument/routes(name:sections:)``).
///
/// ```swift
/// let day = RouteSection(
///     name: "Day 1 · Mon 21 Sep 2026",
///     stops: [hotel, castle, hotel],
///     times: [
///         StopTimes(departure: "2026-09-21T09:00:00"),
///         StopTimes(arrival: "2026-09-21T09:25:00", start: "2026-09-21T09:30:00",
///                   end: "2026-09-21T11:00:00", departure: "2026-09-21T11:00:00"),
///         StopTimes(arrival: "2026-09-21T11:20:00"),
///     ]
/// )
/// ```
///
/// The writers number sections from 1 in the order given (the `day`), and
/// stops within a section from 1 in visiting order (the `order`). They stop
/// the program (`precondition`) when `legs` or `times` has a count other
/// than the one documented.
public struct RouteSection: Sendable, Hashable {
    /// The section's name, shown as the route's name (for example
    /// `"Day 1 · Mon 21 Sep 2026"`; the caller decides).
    public var name: String
    /// The stops in visiting order, the start and end place included.
    public var stops: [Waypoint]
    /// Either empty (unknown) or one leg per pair of consecutive stops,
    /// `legs[i]` going from `stops[i]` to `stops[i + 1]`. Only CSV writes
    /// legs.
    public var legs: [CSVDocument.Leg]
    /// Either empty (no times) or one entry per stop; `nil` for a stop
    /// without times.
    public var times: [StopTimes?]
    /// Extra properties for the section's line feature in GeoJSON.
    public var properties: [String: GeoJSONPropertyValue]

    /// Creates a section.
    public init(
        name: String,
        stops: [Waypoint],
        legs: [CSVDocument.Leg] = [],
        times: [StopTimes?] = [],
        properties: [String: GeoJSONPropertyValue] = [:]
    ) {
        self.name = name
        self.stops = stops
        self.legs = legs
        self.times = times
        self.properties = properties
    }

    /// The times of `stops[index]`, `nil` when there are none.
    func times(at index: Int) -> StopTimes? {
        times.isEmpty ? nil : times[index]
    }

    /// Stops the program unless `times` (and, with `checkingLegs`, `legs`)
    /// has an allowed count.
    func checkCounts(writer: String, checkingLegs: Bool = false) {
        precondition(
            times.isEmpty || times.count == stops.count,
            "\(writer): section \"\(name)\" has \(times.count) times for \(stops.count) stops"
        )
        if checkingLegs {
            precondition(
                legs.isEmpty || legs.count == max(stops.count - 1, 0),
                "\(writer): expected \(max(stops.count - 1, 0)) legs for \(stops.count) stops in section \"\(name)\", got \(legs.count)"
            )
        }
    }
}

/// The times of one visit to a stop, as text the caller has already
/// formatted (for example local ISO 8601 without a zone,
/// `"2026-09-21T09:30:00"`). The writers copy the text as it is; `nil` or
/// an empty string means none.
///
/// ```swift
/// let visit = StopTimes(arrival: "2026-09-21T09:25:00", start: "2026-09-21T09:30:00",
///                       end: "2026-09-21T11:00:00", departure: "2026-09-21T11:00:00")
/// ```
public struct StopTimes: Sendable, Hashable {
    /// When the traveller arrives.
    public var arrival: String?
    /// When the visit starts (later than the arrival when waiting for an
    /// opening time).
    public var start: String?
    /// When the visit ends.
    public var end: String?
    /// When the traveller leaves.
    public var departure: String?

    /// Creates the times of a visit; leave out the ones that do not apply.
    public init(arrival: String? = nil, start: String? = nil, end: String? = nil, departure: String? = nil) {
        self.arrival = arrival
        self.start = start
        self.end = end
        self.departure = departure
    }

    /// The keys of the times, in the order the writers use.
    static let keys = ["arrival", "start", "end", "departure"]

    /// The times in ``keys`` order, `nil` or empty for none.
    var values: [String?] { [arrival, start, end, departure] }

    /// The given (non-empty) times with their keys, in ``keys`` order.
    var given: [(key: String, value: String)] {
        zip(Self.keys, values).compactMap { key, value in
            guard let value, !value.isEmpty else { return nil }
            return (key, value)
        }
    }
}
