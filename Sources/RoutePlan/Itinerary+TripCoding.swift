import Foundation
import RoutePlanExport

// The JSON of the trip fields: dates, times, `days`, each place's scheduling
// fields and Google's two opening-hours shapes. Format errors name the field
// path (`placesToGo[3].opening_hours.periods[2].close.time`) and say how to
// write the value; ranges and cross-field rules are checked by
// ``Itinerary/validate(fileName:)``.

extension KeyedDecodingContainer {
    /// The field path of `key` in this container, e.g. `days[0].breaks[1].latest`.
    func fieldPath(_ key: Key) -> String { PlanningError.fieldPath(codingPath + [key]) }

    /// Whether `key` holds something other than `null`.
    func hasValue(_ key: Key) throws -> Bool { try contains(key) && !decodeNil(forKey: key) }

    /// An `HH:MM` time.
    func decodeTime(_ key: Key, file: String?) throws -> TimeOfDay? {
        guard let text = try decodeIfPresent(String.self, forKey: key) else { return nil }
        guard let time = TimeOfDay(text) else {
            throw PlanningError.invalidValue(file: file, field: fieldPath(key), value: text,
                                             expected: "a time as \"HH:MM\" from 00:00 to 24:00")
        }
        return time
    }

    /// A `YYYY-MM-DD` date; with `dateTimeAllowed`, a date-time's date
    /// (`2026-09-21T10:00:00Z`: whatever follows the `T` is not used).
    func decodeDate(_ key: Key, file: String?, dateTimeAllowed: Bool = false) throws -> TripDate? {
        guard let text = try decodeIfPresent(String.self, forKey: key) else { return nil }
        return try Itinerary.parseDate(text, field: fieldPath(key), file: file, dateTimeAllowed: dateTimeAllowed)
    }

    /// A list of `YYYY-MM-DD` dates.
    func decodeDates(_ key: Key, file: String?) throws -> [TripDate]? {
        guard let texts = try decodeIfPresent([String].self, forKey: key) else { return nil }
        return try texts.enumerated().map { index, text in
            try Itinerary.parseDate(text, field: fieldPath(key) + "[\(index)]", file: file, dateTimeAllowed: false)
        }
    }
}

extension Itinerary {
    static func parseDate(_ text: String, field: String, file: String?, dateTimeAllowed: Bool) throws -> TripDate {
        let datePart = dateTimeAllowed && text.count > 10 && text.dropFirst(10).first == "T" ? String(text.prefix(10)) : text
        guard let date = TripDate(datePart) else {
            throw PlanningError.invalidValue(
                file: file, field: field, value: text,
                expected: dateTimeAllowed ? "a date as \"YYYY-MM-DD\" (or a date-time \"YYYY-MM-DDTHH:MM\")"
                                          : "a date as \"YYYY-MM-DD\" that exists")
        }
        return date
    }
}

extension Itinerary.Visit: Codable {
    enum Keys: String, CodingKey {
        case visitMinutes, opening_hours, regularOpeningHours, closedDates, mustVisit, priority, allowedDates, fixedStart
    }

    /// Reads the scheduling fields of a place object (its name and location are read elsewhere).
    public init(from decoder: Decoder) throws {
        let file = decoder.userInfo[.itineraryFileName] as? String
        let place = try decoder.container(keyedBy: Keys.self)
        self.init()
        visitMinutes = try place.decodeIfPresent(Int.self, forKey: .visitMinutes)
        let legacy = try OpeningHours.decode(from: place, key: .opening_hours, format: .legacy, file: file)
        let new = try OpeningHours.decode(from: place, key: .regularOpeningHours, format: .places, file: file)
        if try place.hasValue(.opening_hours) && place.hasValue(.regularOpeningHours) {
            throw PlanningError.conflictingValues(
                file: file, field: place.fieldPath(.regularOpeningHours),
                problem: "both opening_hours and regularOpeningHours are given",
                fix: "keep one of them")
        }
        openingHours = new ?? legacy
        closedDates = try place.decodeDates(.closedDates, file: file) ?? []
        mustVisit = try place.decodeIfPresent(Bool.self, forKey: .mustVisit)
        priority = try place.decodeIfPresent(Int.self, forKey: .priority)
        allowedDates = try place.decodeDates(.allowedDates, file: file)
        if let text = try place.decodeIfPresent(String.self, forKey: .fixedStart) {
            guard let time = TripDateTime(text) else {
                throw PlanningError.invalidValue(file: file, field: place.fieldPath(.fixedStart), value: text,
                                                 expected: "a local date-time as \"YYYY-MM-DDTHH:MM\" or \"YYYY-MM-DDTHH:MM:SS\"")
            }
            fixedStart = time
        }
    }

    /// Writes the fields that are set (into the place object being written).
    public func encode(to encoder: Encoder) throws {
        var place = encoder.container(keyedBy: Keys.self)
        try place.encodeIfPresent(visitMinutes, forKey: .visitMinutes)
        if let hours = openingHours {
            try place.encode(hours, forKey: hours.format == .legacy ? .opening_hours : .regularOpeningHours)
        }
        if !closedDates.isEmpty { try place.encode(closedDates.map(\.description), forKey: .closedDates) }
        try place.encodeIfPresent(mustVisit, forKey: .mustVisit)
        try place.encodeIfPresent(priority, forKey: .priority)
        try place.encodeIfPresent(allowedDates?.map(\.description), forKey: .allowedDates)
        try place.encodeIfPresent(fixedStart?.description, forKey: .fixedStart)
    }
}

extension OpeningHours: Encodable {
    private enum Keys: String, CodingKey { case periods }
    private enum PeriodKeys: String, CodingKey { case open, close }
    private enum PointKeys: String, CodingKey { case day, time, hour, minute }

    /// Reads Google's `opening_hours` (legacy) or `regularOpeningHours` (new)
    /// object at `key`; `nil` when it is absent, `null`, or has no periods
    /// (hours unknown: open whenever the day is). Other fields
    /// (`weekday_text`, `open_now`, `weekdayDescriptions`, …) are not read.
    static func decode<K: CodingKey>(from container: KeyedDecodingContainer<K>, key: K, format: Format,
                                     file: String?) throws -> OpeningHours? {
        guard try container.hasValue(key) else { return nil }
        let hours = try container.nestedContainer(keyedBy: Keys.self, forKey: key)
        guard try hours.hasValue(.periods) else { return nil }
        var list = try hours.nestedUnkeyedContainer(forKey: .periods)
        var periods: [Period] = []
        while !list.isAtEnd {
            let period = try list.nestedContainer(keyedBy: PeriodKeys.self)
            guard try period.hasValue(.open) else {
                throw PlanningError.missingField(file: file, field: period.fieldPath(.open))
            }
            let open = try point(period.nestedContainer(keyedBy: PointKeys.self, forKey: .open), format: format, file: file)
            var close: Point?
            if try period.hasValue(.close) {
                close = try point(period.nestedContainer(keyedBy: PointKeys.self, forKey: .close), format: format, file: file)
            }
            periods.append(Period(open: open, close: close))
        }
        return periods.isEmpty ? nil : OpeningHours(format: format, periods: periods)
    }

    private static func point(_ point: KeyedDecodingContainer<PointKeys>, format: Format, file: String?) throws -> Point {
        func number(_ key: PointKeys, _ range: ClosedRange<Int>, required: Bool) throws -> Int {
            guard let value = try point.decodeIfPresent(Int.self, forKey: key) else {
                if required { throw PlanningError.missingField(file: file, field: point.fieldPath(key)) }
                return 0
            }
            guard range.contains(value) else {
                throw PlanningError.outOfRange(file: file, field: point.fieldPath(key), value: "\(value)",
                                               allowed: "\(range.lowerBound) to \(range.upperBound)"
                                                   + (key == .day ? " (0 is Sunday)" : ""))
            }
            return value
        }
        switch format {
        case .legacy:
            let day = try number(.day, 0...6, required: true)
            guard let text = try point.decodeIfPresent(String.self, forKey: .time) else {
                throw PlanningError.missingField(file: file, field: point.fieldPath(.time))
            }
            let bytes = Array(text.utf8)
            guard bytes.count == 4, let hours = TripDate.number(bytes[0..<2]), let minutes = TripDate.number(bytes[2..<4]),
                  minutes <= 59, hours < 24 || (hours == 24 && minutes == 0) else {
                throw PlanningError.invalidValue(file: file, field: point.fieldPath(.time), value: text,
                                                 expected: "a time as \"HHMM\" from 0000 to 2400")
            }
            return Point(day: day, minute: hours * 60 + minutes)
        case .places:
            // Missing numbers are 0, as in the API's protobuf JSON.
            let day = try number(.day, 0...6, required: false)
            let hour = try number(.hour, 0...24, required: false)
            let minute = try number(.minute, 0...59, required: false)
            guard hour < 24 || minute == 0 else {
                throw PlanningError.outOfRange(file: file, field: point.fieldPath(.minute), value: "\(minute)",
                                               allowed: "0 with hour 24")
            }
            return Point(day: day, minute: hour * 60 + minute)
        }
    }

    /// Writes `{"periods": […]}` in the shape the hours came in.
    public func encode(to encoder: Encoder) throws {
        var root = encoder.container(keyedBy: Keys.self)
        var list = root.nestedUnkeyedContainer(forKey: .periods)
        for period in periods {
            var object = list.nestedContainer(keyedBy: PeriodKeys.self)
            for (key, point) in [(PeriodKeys.open, period.open), (.close, period.close)] {
                guard let point else { continue }
                var fields = object.nestedContainer(keyedBy: PointKeys.self, forKey: key)
                try fields.encode(point.day, forKey: .day)
                switch format {
                case .legacy:
                    try fields.encode(TripDate.padded(point.minute / 60, 2) + TripDate.padded(point.minute % 60, 2), forKey: .time)
                case .places:
                    try fields.encode(point.minute / 60, forKey: .hour)
                    try fields.encode(point.minute % 60, forKey: .minute)
                }
            }
        }
    }
}

extension Itinerary.Break: Codable {
    private enum Keys: String, CodingKey { case earliest, latest, minutes }

    public init(from decoder: Decoder) throws {
        let file = decoder.userInfo[.itineraryFileName] as? String
        let object = try decoder.container(keyedBy: Keys.self)
        for key in [Keys.earliest, .latest, .minutes] where try !object.hasValue(key) {
            throw PlanningError.missingField(file: file, field: object.fieldPath(key))
        }
        self.init(earliest: try object.decodeTime(.earliest, file: file)!, latest: try object.decodeTime(.latest, file: file)!,
                  minutes: try object.decode(Int.self, forKey: .minutes))
    }

    public func encode(to encoder: Encoder) throws {
        var object = encoder.container(keyedBy: Keys.self)
        try object.encode(earliest.description, forKey: .earliest)
        try object.encode(latest.description, forKey: .latest)
        try object.encode(minutes, forKey: .minutes)
    }
}

extension Itinerary.Day: Codable {
    private enum Keys: String, CodingKey { case date, dayStart, dayEnd, lodging, startAt, endAt, breaks }

    public init(from decoder: Decoder) throws {
        let file = decoder.userInfo[.itineraryFileName] as? String
        let object = try decoder.container(keyedBy: Keys.self)
        guard try object.hasValue(.date), let date = try object.decodeDate(.date, file: file) else {
            throw PlanningError.missingField(file: file, field: object.fieldPath(.date))
        }
        self.init(date: date, dayStart: try object.decodeTime(.dayStart, file: file),
                  dayEnd: try object.decodeTime(.dayEnd, file: file),
                  lodging: try object.decodeIfPresent(DecodedPlace.self, forKey: .lodging)?.place,
                  startAt: try object.decodeIfPresent(DecodedPlace.self, forKey: .startAt)?.place,
                  endAt: try object.decodeIfPresent(DecodedPlace.self, forKey: .endAt)?.place,
                  breaks: try object.decodeIfPresent([Itinerary.Break].self, forKey: .breaks) ?? [])
    }

    public func encode(to encoder: Encoder) throws {
        var object = encoder.container(keyedBy: Keys.self)
        try object.encode(date.description, forKey: .date)
        try object.encodeIfPresent(dayStart?.description, forKey: .dayStart)
        try object.encodeIfPresent(dayEnd?.description, forKey: .dayEnd)
        try object.encodeIfPresent(lodging, forKey: .lodging)
        try object.encodeIfPresent(startAt, forKey: .startAt)
        try object.encodeIfPresent(endAt, forKey: .endAt)
        if !breaks.isEmpty { try object.encode(breaks, forKey: .breaks) }
    }
}

/// A place of `placesToGo` with its scheduling fields, written as one object.
struct EncodedVisitPlace: Encodable {
    let place: Itinerary.Place
    let visit: Itinerary.Visit

    func encode(to encoder: Encoder) throws {
        try place.encode(to: encoder)
        try visit.encode(to: encoder)
    }
}

/// A place of `placesToGo` read with its scheduling fields.
struct DecodedVisitPlace: Decodable {
    let place: Itinerary.Place
    let visit: Itinerary.Visit

    init(from decoder: Decoder) throws {
        place = try DecodedPlace(from: decoder).place
        visit = try Itinerary.Visit(from: decoder)
    }
}
