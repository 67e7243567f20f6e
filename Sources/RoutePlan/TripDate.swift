/// A calendar date of a trip: year, month and day in the proleptic Gregorian
/// calendar, with the weekday and day arithmetic the scheduler needs.
///
/// Trips have no time zones: every date and time of an itinerary is local to
/// the trip. This small type replaces Foundation's `Calendar`, which depends
/// on the host's settings, with plain integer arithmetic (deterministic and fast).
///
/// ```swift
/// let day = TripDate("2026-09-21")!     // a Monday
/// day.weekday                            // 1 (0 is Sunday, as in Google's opening hours)
/// day.adding(days: 10).description       // "2026-10-01"
/// ```
public struct TripDate: Sendable, Hashable, Comparable, CustomStringConvertible {
    public let year: Int
    public let month: Int
    public let day: Int

    /// The date, or `nil` when it does not exist (month 1–12, a day of that
    /// month, year 1–9999).
    public init?(year: Int, month: Int, day: Int) {
        guard (1...9999).contains(year), (1...12).contains(month),
              (1...Self.daysIn(month: month, year: year)).contains(day) else { return nil }
        self.year = year
        self.month = month
        self.day = day
    }

    /// Reads `YYYY-MM-DD`; `nil` for anything else or a date that does not exist.
    public init?(_ text: some StringProtocol) {
        let bytes = Array(text.utf8)
        guard bytes.count == 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
              let year = Self.number(bytes[0..<4]), let month = Self.number(bytes[5..<7]),
              let day = Self.number(bytes[8..<10]) else { return nil }
        self.init(year: year, month: month, day: day)
    }

    /// The date `days` days after 1970-01-01 (negative: before).
    public init(daysSinceEpoch days: Int) {
        // Howard Hinnant's civil_from_days.
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1
        let m = mp < 10 ? mp + 3 : mp - 9
        year = yoe + era * 400 + (m <= 2 ? 1 : 0)
        month = m
        day = d
    }

    /// Days since 1970-01-01 (negative before it).
    public var daysSinceEpoch: Int {
        // Howard Hinnant's days_from_civil.
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let mp = month > 2 ? month - 3 : month + 9
        let doy = (153 * mp + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    /// The day of the week: 0 Sunday, 1 Monday … 6 Saturday (Google's numbering).
    public var weekday: Int {
        let w = (daysSinceEpoch + 4) % 7 // 1970-01-01 was a Thursday.
        return w < 0 ? w + 7 : w
    }

    /// The date `days` days later (earlier when negative).
    public func adding(days: Int) -> TripDate { TripDate(daysSinceEpoch: daysSinceEpoch + days) }

    /// Days from `other` to this date (positive when this one is later).
    public func days(since other: TripDate) -> Int { daysSinceEpoch - other.daysSinceEpoch }

    /// Whether `year` has a 29 February.
    public static func isLeapYear(_ year: Int) -> Bool { year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) }

    /// The number of days in a month.
    public static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return isLeapYear(year) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// The short English weekday name ("Mon").
    public var weekdayName: String { ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"][weekday] }

    /// `YYYY-MM-DD`.
    public var description: String {
        Self.padded(year, 4) + "-" + Self.padded(month, 2) + "-" + Self.padded(day, 2)
    }

    public static func < (a: TripDate, b: TripDate) -> Bool { (a.year, a.month, a.day) < (b.year, b.month, b.day) }

    static func padded(_ value: Int, _ width: Int) -> String {
        let text = String(value)
        return String(repeating: "0", count: max(0, width - text.count)) + text
    }

    /// Decimal digits only (no sign, no spaces).
    static func number(_ digits: ArraySlice<UInt8>) -> Int? {
        guard !digits.isEmpty else { return nil }
        var value = 0
        for byte in digits {
            guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
        }
        return value
    }
}

/// A time of day, `HH:MM` from 00:00 to 24:00 (24:00 is the end of the day).
public struct TimeOfDay: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// Minutes since midnight, 0…1440.
    public let minutes: Int

    /// `nil` outside 0…1440.
    public init?(minutes: Int) {
        guard (0...1440).contains(minutes) else { return nil }
        self.minutes = minutes
    }

    /// Reads `HH:MM` (two digits each, 00:00 … 24:00).
    public init?(_ text: some StringProtocol) {
        let bytes = Array(text.utf8)
        guard bytes.count == 5, bytes[2] == UInt8(ascii: ":"),
              let hours = TripDate.number(bytes[0..<2]), let minutes = TripDate.number(bytes[3..<5]),
              hours <= 24, minutes <= 59, hours < 24 || minutes == 0 else { return nil }
        self.minutes = hours * 60 + minutes
    }

    public var description: String { TripDate.padded(minutes / 60, 2) + ":" + TripDate.padded(minutes % 60, 2) }

    public static func < (a: TimeOfDay, b: TimeOfDay) -> Bool { a.minutes < b.minutes }
}

/// A local date and time of a trip, `YYYY-MM-DDTHH:MM[:SS]` (no time zone):
/// a ticket's start (`fixedStart`).
public struct TripDateTime: Sendable, Hashable, Comparable, CustomStringConvertible {
    public let date: TripDate
    /// Seconds since that date's midnight, 0…86399.
    public let secondOfDay: Int

    public init(date: TripDate, secondOfDay: Int) {
        self.date = date
        self.secondOfDay = min(max(secondOfDay, 0), 86_399)
    }

    /// Reads `YYYY-MM-DDTHH:MM` or `YYYY-MM-DDTHH:MM:SS`; `nil` otherwise.
    public init?(_ text: some StringProtocol) {
        let bytes = Array(text.utf8)
        guard bytes.count == 16 || bytes.count == 19, bytes[10] == UInt8(ascii: "T"),
              let date = TripDate(String(decoding: bytes[0..<10], as: UTF8.self)),
              bytes[13] == UInt8(ascii: ":"),
              let hours = TripDate.number(bytes[11..<13]), let minutes = TripDate.number(bytes[14..<16]),
              hours <= 23, minutes <= 59 else { return nil }
        var seconds = 0
        if bytes.count == 19 {
            guard bytes[16] == UInt8(ascii: ":"), let s = TripDate.number(bytes[17..<19]), s <= 59 else { return nil }
            seconds = s
        }
        self.date = date
        self.secondOfDay = hours * 3600 + minutes * 60 + seconds
    }

    /// `YYYY-MM-DDTHH:MM`, with `:SS` when the seconds are not zero.
    public var description: String {
        let hm = date.description + "T" + TripDate.padded(secondOfDay / 3600, 2) + ":" + TripDate.padded(secondOfDay / 60 % 60, 2)
        return secondOfDay % 60 == 0 ? hm : hm + ":" + TripDate.padded(secondOfDay % 60, 2)
    }

    public static func < (a: TripDateTime, b: TripDateTime) -> Bool { (a.date, a.secondOfDay) < (b.date, b.secondOfDay) }
}

/// Turns the scheduler's times — seconds from 00:00 of the trip's first day —
/// into local dates and clock times.
///
/// ```swift
/// let clock = TripClock(firstDay: TripDate("2026-09-21")!)
/// clock.dateTime(90_000)   // "2026-09-22T01:00:00"
/// clock.clockTime(90_000)  // "01:00"
/// ```
public struct TripClock: Sendable, Hashable {
    public var firstDay: TripDate

    public init(firstDay: TripDate) { self.firstDay = firstDay }

    /// The date `seconds` falls on.
    public func date(_ seconds: Int) -> TripDate { firstDay.adding(days: Self.floorDiv(seconds, 86_400)) }

    /// Local ISO 8601 without a zone: `YYYY-MM-DDTHH:MM:SS`.
    public func dateTime(_ seconds: Int) -> String {
        let time = TripDateTime(date: date(seconds), secondOfDay: seconds - Self.floorDiv(seconds, 86_400) * 86_400)
        return time.date.description + "T" + TripDate.padded(time.secondOfDay / 3600, 2) + ":"
            + TripDate.padded(time.secondOfDay / 60 % 60, 2) + ":" + TripDate.padded(time.secondOfDay % 60, 2)
    }

    /// The clock time for text, `HH:MM` (seconds dropped).
    public func clockTime(_ seconds: Int) -> String {
        let second = seconds - Self.floorDiv(seconds, 86_400) * 86_400
        return TripDate.padded(second / 3600, 2) + ":" + TripDate.padded(second / 60 % 60, 2)
    }

    /// Seconds from the start of the trip to `time`.
    public func seconds(_ time: TripDateTime) -> Int { time.date.days(since: firstDay) * 86_400 + time.secondOfDay }

    static func floorDiv(_ a: Int, _ b: Int) -> Int { a >= 0 ? a / b : -((-a + b - 1) / b) }
}
