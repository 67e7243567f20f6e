import RoutePlanExport

extension Itinerary {
    /// How one place of `placesToGo` may be visited on a trip: the fields
    /// the app keeps next to its name and location. Every field is optional;
    /// `nil` means the default (and is left out when the itinerary is written back).
    ///
    /// ```json
    /// {"name": "Galleria Borghese", "location": {"lat": 41.9142, "lng": 12.4921},
    ///  "visitMinutes": 120, "priority": 5, "fixedStart": "2026-09-22T11:00",
    ///  "regularOpeningHours": {"periods": [{"open": {"day": 2, "hour": 9, "minute": 0},
    ///                                       "close": {"day": 2, "hour": 19, "minute": 0}}]}}
    /// ```
    public struct Visit: Sendable, Hashable {
        /// How long the visit lasts (`visitMinutes`, 0…1440; default ``defaultVisitMinutes``).
        public var visitMinutes: Int?
        /// The weekly opening hours (`opening_hours` or `regularOpeningHours`);
        /// `nil`: open whenever the day is.
        public var openingHours: OpeningHours?
        /// Dates the place is shut, whatever its hours say (`closedDates`).
        public var closedDates: [TripDate]
        /// Whether the visit must be scheduled (`mustVisit`). Default: `false`,
        /// except for a place with a ``fixedStart`` ticket, which is required
        /// unless `mustVisit` is `false`.
        public var mustVisit: Bool?
        /// What the visit is worth against others (`priority`, 1…``maximumPriority``, default 1).
        public var priority: Int?
        /// The only days the visit may be on (`allowedDates`); `nil`: any day.
        public var allowedDates: [TripDate]?
        /// A ticket: the visit starts exactly then (`fixedStart`).
        public var fixedStart: TripDateTime?

        public static let defaultVisitMinutes = 60
        public static let maximumPriority = 1000

        public init(visitMinutes: Int? = nil, openingHours: OpeningHours? = nil, closedDates: [TripDate] = [],
                    mustVisit: Bool? = nil, priority: Int? = nil, allowedDates: [TripDate]? = nil,
                    fixedStart: TripDateTime? = nil) {
            self.visitMinutes = visitMinutes
            self.openingHours = openingHours
            self.closedDates = closedDates
            self.mustVisit = mustVisit
            self.priority = priority
            self.allowedDates = allowedDates
            self.fixedStart = fixedStart
        }

        /// The visit's length in minutes, default applied.
        public var minutes: Int { visitMinutes ?? Self.defaultVisitMinutes }
        /// Whether the scheduler must include it: `mustVisit`, else whether it has a ticket.
        public var isRequired: Bool { mustVisit ?? (fixedStart != nil) }
        /// Its score, default applied.
        public var score: Int { priority ?? 1 }
    }

    /// A pause taken between visits, without a place: it starts no earlier
    /// than `earliest` and ends no later than `latest`.
    public struct Break: Sendable, Hashable {
        public var earliest: TimeOfDay
        public var latest: TimeOfDay
        public var minutes: Int

        public init(earliest: TimeOfDay, latest: TimeOfDay, minutes: Int) {
            self.earliest = earliest
            self.latest = latest
            self.minutes = minutes
        }
    }

    /// The settings of one day of the trip (an element of `days`), each
    /// overriding the trip's default for that date.
    public struct Day: Sendable, Hashable {
        public var date: TripDate
        /// When the day starts and ends (default: `route.dayStart` / `route.dayEnd`).
        public var dayStart: TimeOfDay?
        public var dayEnd: TimeOfDay?
        /// Where that night is spent: the day ends there and the next begins
        /// there (default: the itinerary's lodging).
        public var lodging: Place?
        /// Where the day starts instead (an arrival airport on the first day).
        public var startAt: Place?
        /// Where the day ends instead (a station on the last day).
        public var endAt: Place?
        /// The day's breaks (a lunch), taken between visits.
        public var breaks: [Break]

        public init(date: TripDate, dayStart: TimeOfDay? = nil, dayEnd: TimeOfDay? = nil, lodging: Place? = nil,
                    startAt: Place? = nil, endAt: Place? = nil, breaks: [Break] = []) {
            self.date = date
            self.dayStart = dayStart
            self.dayEnd = dayEnd
            self.lodging = lodging
            self.startAt = startAt
            self.endAt = endAt
            self.breaks = breaks
        }
    }

    /// The longest trip `schedule` plans, in days.
    public static let maximumTripDays = 366
    /// A day's default hours when neither `route` nor `days` sets them.
    public static let defaultDayStart = TimeOfDay(minutes: 9 * 60)!
    public static let defaultDayEnd = TimeOfDay(minutes: 19 * 60)!

    /// The trip's dates in order, `startDate` through `endDate` (just
    /// `startDate` without an `endDate`); empty without a `startDate`.
    public var tripDates: [TripDate] {
        guard let first = startDate else { return [] }
        let count = endDate.map { $0.days(since: first) + 1 } ?? 1
        guard count >= 1 else { return [] }
        return (0..<min(count, Self.maximumTripDays)).map { first.adding(days: $0) }
    }

    /// The `days` entry for `date`, if any.
    public func day(for date: TripDate) -> Day? { days.first { $0.date == date } }

    /// The rows and columns of a travel matrix for `schedule`: the
    /// itinerary's lodging (if any), then `placesToGo` in file order (the
    /// same first stops as ``stops``), then each further place that `days`
    /// names — per entry in file order its `lodging`, `startAt`, `endAt` —
    /// in order of first appearance. A place equal to one already listed (the
    /// same `placeID`, or the same name and location) is not repeated.
    public var scheduleStops: [Place] {
        var list = stops
        for day in days {
            for place in [day.lodging, day.startAt, day.endAt].compactMap({ $0 })
            where Self.index(of: place, in: list) == nil {
                list.append(place)
            }
        }
        return list
    }

    /// Where `place` is in `list`: the first with its placeID, else the first
    /// with its name and location.
    static func index(of place: Place, in list: [Place]) -> Int? {
        if let id = place.placeID, !id.isEmpty, let found = list.firstIndex(where: { $0.placeID == id }) { return found }
        return list.firstIndex {
            $0.name == place.name && $0.latitude == place.latitude && $0.longitude == place.longitude
        }
    }
}
