import Testing
import RoutePlan

@Suite("Trip calendar")
struct TripDateTests {
    @Test("weekdays of known dates", arguments: [
        ("1970-01-01", 4, 0), ("2026-09-19", 6, 20715), ("2026-09-20", 0, 20716), ("2026-09-21", 1, 20717),
        ("2024-02-29", 4, 19782), ("2000-03-01", 3, 11017), ("2100-03-01", 1, 47541), ("1969-12-31", 3, -1),
    ])
    func weekdays(text: String, weekday: Int, days: Int) throws {
        let date = try #require(TripDate(text))
        #expect(date.weekday == weekday)
        #expect(date.daysSinceEpoch == days)
        #expect(TripDate(daysSinceEpoch: days) == date)
        #expect(date.description == text)
    }

    @Test("day arithmetic across months, years and leap days")
    func arithmetic() throws {
        let leap = try #require(TripDate("2024-02-28"))
        #expect(leap.adding(days: 1).description == "2024-02-29")
        #expect(leap.adding(days: 2).description == "2024-03-01")
        #expect(try #require(TripDate("2026-02-28")).adding(days: 1).description == "2026-03-01")
        #expect(try #require(TripDate("2026-12-31")).adding(days: 1).description == "2027-01-01")
        #expect(try #require(TripDate("2026-01-01")).adding(days: -1).description == "2025-12-31")
        #expect(try #require(TripDate("2027-01-01")).days(since: #require(TripDate("2026-01-01"))) == 365)
        #expect(try #require(TripDate("2025-01-01")).days(since: #require(TripDate("2024-01-01"))) == 366)
        #expect(TripDate.isLeapYear(2000) && !TripDate.isLeapYear(1900) && TripDate.isLeapYear(2024) && !TripDate.isLeapYear(2026))
    }

    @Test("dates that do not exist or are written otherwise are refused", arguments: [
        "2026-02-29", "2100-02-29", "2026-13-01", "2026-04-31", "2026-00-10", "2026-9-21", "26-09-21", "2026/09/21",
        "2026-09-21 ", "0000-01-01", "", "2026-09-2x",
    ])
    func invalidDates(text: String) {
        #expect(TripDate(text) == nil)
    }

    @Test("times of day and date-times")
    func times() throws {
        #expect(TimeOfDay("00:00")?.minutes == 0)
        #expect(TimeOfDay("24:00")?.minutes == 1440)
        #expect(TimeOfDay("09:30")?.description == "09:30")
        for bad in ["24:01", "25:00", "9:30", "09:60", "0930", "09:30:00"] { #expect(TimeOfDay(bad) == nil, "\(bad)") }
        let ticket = try #require(TripDateTime("2026-09-20T11:00"))
        #expect(ticket.secondOfDay == 39_600 && ticket.description == "2026-09-20T11:00")
        #expect(TripDateTime("2026-09-20T11:00:30")?.description == "2026-09-20T11:00:30")
        for bad in ["2026-09-20", "2026-09-20T24:00", "2026-09-20 11:00", "2026-09-20T11:00Z", "2026-02-30T10:00"] {
            #expect(TripDateTime(bad) == nil, "\(bad)")
        }
    }

    @Test("seconds from the trip's start as local date-times and clock times")
    func clock() throws {
        let clock = TripClock(firstDay: try #require(TripDate("2026-09-19")))
        #expect(clock.dateTime(0) == "2026-09-19T00:00:00")
        #expect(clock.dateTime(2 * 86_400 + 9 * 3600 + 5 * 60 + 7) == "2026-09-21T09:05:07")
        #expect(clock.clockTime(86_400 + 14 * 3600 + 59 * 60 + 59) == "14:59")
        #expect(clock.dateTime(-60) == "2026-09-18T23:59:00")
        #expect(clock.seconds(try #require(TripDateTime("2026-09-20T11:00"))) == 86_400 + 39_600)
    }
}
