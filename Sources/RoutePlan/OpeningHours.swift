/// A place's weekly opening hours, as Google Places returns them, normalised
/// to intervals in minutes of the week.
///
/// Two input shapes are read (see ``Itinerary/Visit``), each a list of
/// periods with an opening and an optional closing point:
/// - the legacy Places API `opening_hours.periods`:
///   `{"open": {"day": 1, "time": "0930"}, "close": {"day": 1, "time": "1800"}}`;
/// - Places API (New) `regularOpeningHours.periods`:
///   `{"open": {"day": 1, "hour": 9, "minute": 30}, "close": {"day": 1, "hour": 18, "minute": 0}}`.
///
/// Days are 0 (Sunday) to 6 (Saturday). A closing after midnight is given on
/// the next day (Saturday 22:00 → Sunday 02:00 wraps past the end of the
/// week); a closing on the opening day at or before the opening time
/// (Monday 18:00 → Monday 02:00) is read the same way, as the next
/// morning. A period without `close` is open around the clock: Google's
/// "always open" is one such period opening Sunday 00:00; any other
/// close-less period opens 24 hours from its opening.
///
/// ```swift
/// let hours = OpeningHours(format: .places, periods: [
///     .init(open: .init(day: 5, minute: 18 * 60), close: .init(day: 6, minute: 2 * 60)),
/// ])
/// hours.intervals(on: TripDate("2026-09-26")!)   // Saturday: [0..<120] (since Friday evening)
/// ```
public struct OpeningHours: Sendable, Hashable {
    /// Which of Google's shapes the hours came in (and are written back in).
    public enum Format: String, Sendable, Hashable {
        /// `opening_hours.periods` with `"time": "HHMM"`.
        case legacy
        /// `regularOpeningHours.periods` with `"hour"` and `"minute"`.
        case places
    }

    /// A point of the week: a day (0 Sunday … 6 Saturday) and minutes since its midnight (0…1440).
    /// Values outside these ranges (only possible in code: decoding refuses
    /// them) are read modulo the week.
    public struct Point: Sendable, Hashable {
        public var day: Int
        public var minute: Int

        public init(day: Int, minute: Int) {
            self.day = day
            self.minute = minute
        }

        /// Minutes since Sunday 00:00.
        public var minuteOfWeek: Int { day * 1440 + minute }
    }

    /// One period as given: open, and close unless open around the clock.
    public struct Period: Sendable, Hashable {
        public var open: Point
        public var close: Point?

        public init(open: Point, close: Point? = nil) {
            self.open = open
            self.close = close
        }
    }

    /// Minutes in a week.
    public static let week = 7 * 1440

    public var format: Format
    /// The periods as given; ``weeklyIntervals`` follows any change.
    public var periods: [Period] {
        didSet { weeklyIntervals = Self.normalise(periods) }
    }
    /// The open intervals of the week in minutes since Sunday 00:00, sorted,
    /// disjoint and not touching; an interval that runs past Saturday
    /// midnight ends after ``week`` (it continues into the next Sunday).
    public private(set) var weeklyIntervals: [Range<Int>]

    public init(format: Format = .places, periods: [Period]) {
        self.format = format
        self.periods = periods
        self.weeklyIntervals = Self.normalise(periods)
    }

    /// Whether the place never closes: Google's single close-less period
    /// opening Sunday 00:00, or periods covering the whole week.
    public var isAlwaysOpen: Bool { weeklyIntervals == [0..<Self.week] }

    /// Normalises periods to weekly intervals (see ``weeklyIntervals``).
    static func normalise(_ periods: [Period]) -> [Range<Int>] {
        if periods.count == 1, periods[0].close == nil, periods[0].open == Point(day: 0, minute: 0) { return [0..<Self.week] }
        var raw: [Range<Int>] = []
        for period in periods {
            let open = weekMinute(period.open)
            var close: Int
            if let end = period.close {
                close = weekMinute(end)
                if close <= open {
                    // A closing on the opening day at or before the opening runs past midnight;
                    // an earlier day of the week wraps past Saturday → Sunday. (Only for
                    // minutes of a day: with others "the same day" says nothing, and the
                    // next morning could still be before the opening.)
                    let sameDay = end.day == period.open.day && (0..<1440).contains(end.minute)
                        && (0...1440).contains(period.open.minute)
                    close += sameDay ? 1440 : Self.week
                }
            } else {
                close = open + 1440
            }
            raw.append(open..<close)
        }
        // Fold: any part beyond `week` also covers the start of the week.
        var folded: [Range<Int>] = []
        for interval in raw {
            if interval.upperBound > Self.week {
                folded.append(interval.lowerBound..<Self.week)
                folded.append(0..<(interval.upperBound - Self.week))
            } else {
                folded.append(interval)
            }
        }
        let merged = Self.merge(folded)
        if merged == [0..<Self.week] { return merged }
        // Keep a Saturday-night interval whole (ending after `week`) when it continues into Sunday morning.
        if let last = merged.last, last.upperBound == Self.week, let first = merged.first, first.lowerBound == 0,
           merged.count > 1 {
            return Array(merged.dropFirst().dropLast()) + [last.lowerBound..<(Self.week + first.upperBound)]
        }
        return merged
    }

    /// When the place is open on `date`, in minutes since that date's
    /// midnight within 0…1440: sorted, disjoint, including what began the
    /// evening before and runs past midnight, and ending at 1440 when it is
    /// still open at midnight. Nothing on a date in `closedDates`.
    public func intervals(on date: TripDate, closedDates: Set<TripDate> = []) -> [Range<Int>] {
        guard !closedDates.contains(date) else { return [] }
        let dayStart = date.weekday * 1440
        var result: [Range<Int>] = []
        for interval in weeklyIntervals {
            // The weekly pattern repeats: look at last week's, this week's and next week's copy.
            for shift in [-Self.week, 0, Self.week] {
                let lower = max(interval.lowerBound + shift - dayStart, 0)
                let upper = min(interval.upperBound + shift - dayStart, 1440)
                if lower < upper { result.append(lower..<upper) }
            }
        }
        return Self.merge(result)
    }

    /// `point`'s minute of the week, 0..<``week``: its ``Point/minuteOfWeek``
    /// modulo the week, computed without overflow for any day and minute
    /// (day 7 is the next Sunday, minute −30 is 23:30 the day before).
    static func weekMinute(_ point: Point) -> Int {
        func modulo(_ value: Int, _ divisor: Int) -> Int {
            let remainder = value % divisor
            return remainder < 0 ? remainder + divisor : remainder
        }
        return (modulo(point.day, 7) * 1440 + modulo(point.minute, week)) % week
    }

    /// Sorts and joins overlapping or touching intervals.
    static func merge(_ intervals: [Range<Int>]) -> [Range<Int>] {
        var merged: [Range<Int>] = []
        for interval in intervals.sorted(by: { $0.lowerBound < $1.lowerBound }) where !interval.isEmpty {
            if let last = merged.last, interval.lowerBound <= last.upperBound {
                merged[merged.count - 1] = last.lowerBound..<max(last.upperBound, interval.upperBound)
            } else {
                merged.append(interval)
            }
        }
        return merged
    }
}
