import Foundation
import Testing
import RoutePlan

@Suite("Opening hours")
struct OpeningHoursTests {
    /// The hours of one place read from a whole itinerary, as a file gives them.
    func hours(_ json: String) throws -> OpeningHours {
        let text = #"{"placesToGo": [{"name": "A", "location": {"lat": 1, "lng": 2}, "# + json + "}]}"
        return try #require(try Itinerary(json: Data(text.utf8), fileName: "trip.json").visit(0).openingHours)
    }

    let monday = TripDate("2026-09-21")!
    let saturday = TripDate("2026-09-19")!
    let sunday = TripDate("2026-09-20")!

    @Test("legacy periods with a lunch closure (split hours) and a closed weekday")
    func legacySplit() throws {
        let h = try hours(#""opening_hours": {"open_now": false, "weekday_text": ["Monday: 7:30 AM – 12:30 PM, 3:30 – 8:00 PM"], "periods": [{"open": {"day": 1, "time": "0730"}, "close": {"day": 1, "time": "1230"}}, {"open": {"day": 1, "time": "1530"}, "close": {"day": 1, "time": "2000"}}, {"open": {"day": 6, "time": "0900"}, "close": {"day": 6, "time": "1300"}}]}"#)
        #expect(h.format == .legacy)
        #expect(h.intervals(on: monday) == [450..<750, 930..<1200])
        #expect(h.intervals(on: saturday) == [540..<780])
        #expect(h.intervals(on: sunday) == [])
        #expect(h.intervals(on: monday, closedDates: [monday]) == [])
    }

    @Test("Places API (New) periods; missing numbers are 0")
    func placesFormat() throws {
        let h = try hours(#""regularOpeningHours": {"openNow": true, "weekdayDescriptions": ["x"], "periods": [{"open": {"day": 2, "hour": 9, "minute": 30}, "close": {"day": 2, "hour": 18}}, {"open": {"day": 0, "hour": 10}, "close": {"day": 0, "hour": 14, "minute": 15}}]}"#)
        #expect(h.format == .places)
        #expect(h.intervals(on: TripDate("2026-09-22")!) == [570..<1080])
        #expect(h.intervals(on: sunday) == [600..<855])
        #expect(h.intervals(on: monday) == [])
    }

    @Test("open 24 hours: one period without close, in both formats")
    func alwaysOpen() throws {
        for json in [#""opening_hours": {"periods": [{"open": {"day": 0, "time": "0000"}}]}"#,
                     #""regularOpeningHours": {"periods": [{"open": {"day": 0, "hour": 0, "minute": 0}}]}"#] {
            let h = try hours(json)
            #expect(h.isAlwaysOpen)
            for date in [monday, saturday, sunday] { #expect(h.intervals(on: date) == [0..<1440]) }
        }
        // A period without close on another day: open 24 hours from its opening.
        let h = try hours(#""opening_hours": {"periods": [{"open": {"day": 1, "time": "0000"}}]}"#)
        #expect(!h.isAlwaysOpen && h.intervals(on: monday) == [0..<1440] && h.intervals(on: sunday) == [])
    }

    @Test("closing after midnight, including Saturday → Sunday past the end of the week")
    func afterMidnight() throws {
        let h = try hours(#""opening_hours": {"periods": [{"open": {"day": 5, "time": "1800"}, "close": {"day": 6, "time": "0200"}}, {"open": {"day": 6, "time": "1800"}, "close": {"day": 0, "time": "0230"}}, {"open": {"day": 0, "time": "1900"}, "close": {"day": 0, "time": "2330"}}]}"#)
        #expect(h.intervals(on: saturday) == [0..<120, 1080..<1440])
        #expect(h.intervals(on: sunday) == [0..<150, 1140..<1410])
        #expect(h.intervals(on: monday) == [])
        #expect(h.weeklyIntervals.last == 9720..<(10_080 + 150))
        // On a closed date nothing, not even the early morning after the evening before.
        #expect(h.intervals(on: sunday, closedDates: [sunday]) == [])
    }

    @Test("a close at 2400, and one on the same day before the opening, run to / past midnight")
    func midnightClose() throws {
        let h = try hours(#""opening_hours": {"periods": [{"open": {"day": 1, "time": "1000"}, "close": {"day": 1, "time": "2400"}}, {"open": {"day": 2, "time": "1800"}, "close": {"day": 2, "time": "0100"}}]}"#)
        #expect(h.intervals(on: monday) == [600..<1440])
        #expect(h.intervals(on: TripDate("2026-09-22")!) == [1080..<1440])
        #expect(h.intervals(on: TripDate("2026-09-23")!) == [0..<60])
    }

    @Test("hours built in code follow changes to their periods")
    func inCode() {
        var h = OpeningHours(format: .places, periods: [.init(open: .init(day: 1, minute: 540), close: .init(day: 1, minute: 1080))])
        #expect(h.weeklyIntervals == [1980..<2520])
        h.periods.append(.init(open: .init(day: 0, minute: 0)))
        #expect(h.weeklyIntervals == [0..<1440, 1980..<2520])
        h.periods = [.init(open: .init(day: 0, minute: 0))]
        #expect(h.isAlwaysOpen)
    }

    @Test("hours built in code with days and minutes out of range are read modulo the week, without trapping")
    func outOfRangeInCode() {
        // Found by the opening-hours fuzz target: day * 1440 + minute overflowed
        // (Fixtures/fuzz-regressions/opening-hours/built-period-huge-day.bin).
        let huge = OpeningHours(periods: [.init(open: .init(day: 0x6f00_0000_0000_0000, minute: 0),
                                                close: .init(day: .min, minute: .max))])
        #expect(huge.weeklyIntervals.allSatisfy { $0.lowerBound >= 0 && $0.lowerBound < OpeningHours.week })
        // Day 8 is Monday, minute −60 23:00 the day before, minute 1500 01:00 the day after.
        let shifted = OpeningHours(periods: [.init(open: .init(day: 8, minute: 540), close: .init(day: -6, minute: 1080)),
                                             .init(open: .init(day: 3, minute: -60), close: .init(day: 2, minute: 1500))])
        let plain = OpeningHours(periods: [.init(open: .init(day: 1, minute: 540), close: .init(day: 1, minute: 1080)),
                                           .init(open: .init(day: 2, minute: 1380), close: .init(day: 3, minute: 60))])
        #expect(shifted.weeklyIntervals == plain.weeklyIntervals)
        #expect(shifted.intervals(on: monday) == [540..<1080])
        // A close "the same day" far before the opening is not the next morning
        // (that would end before it opens): it is the next week's.
        let far = OpeningHours(periods: [.init(open: .init(day: 3, minute: 1000), close: .init(day: 3, minute: -3000))])
        #expect(far.weeklyIntervals == [5320..<(1320 + OpeningHours.week)])
    }

    @Test("hours without periods are unknown: open whenever the day is")
    func noPeriods() throws {
        let text = #"{"placesToGo": [{"name": "A", "location": {"lat": 1, "lng": 2}, "opening_hours": {"open_now": true, "weekday_text": []}}]}"#
        #expect(try Itinerary(json: Data(text.utf8)).visit(0).openingHours == nil)
    }

    @Test("hours round-trip in the format they came in")
    func roundTrip() throws {
        let text = #"{"startDate": "2026-09-19", "placesToGo": [{"name": "A", "location": {"lat": 1, "lng": 2}, "opening_hours": {"periods": [{"open": {"day": 1, "time": "0930"}, "close": {"day": 1, "time": "1800"}}]}}, {"name": "B", "location": {"lat": 1, "lng": 3}, "regularOpeningHours": {"periods": [{"open": {"day": 0, "hour": 0, "minute": 0}}]}}]}"#
        let trip = try Itinerary(json: Data(text.utf8))
        let data = try JSONEncoder().encode(trip)
        let json = String(decoding: data, as: UTF8.self)
        #expect(json.contains(#""time":"0930""#) && json.contains(#""regularOpeningHours""#))
        #expect(try Itinerary(json: data) == trip)
    }
}
