import Foundation
import Testing
@testable import RoutePlan
import RoutePlanExport
import RoutePlanSolver

@Suite("Trip to schedule problem")
struct TripProblemTests {
    typealias Window = ScheduleProblem.TimeWindow

    func trip(_ json: String) throws -> Itinerary { try Itinerary(json: Data(json.utf8), fileName: "trip.json") }

    /// A travel matrix of 10 minutes between any two stops.
    func matrix(_ trip: Itinerary) throws -> CostMatrix { try CostMatrix(count: trip.scheduleStops.count) { _, _ in 600 } }

    func problem(_ trip: Itinerary) throws -> TripProblem { try trip.scheduleProblem(travelSeconds: matrix(trip)) }

    let hotel = #"{"name": "Hotel", "placeID": "h1", "location": {"lat": 41.9, "lng": 12.48}}"#

    @Test("the matrix stops: lodging, placesToGo, then the places of days in order of first appearance, without repeats")
    func scheduleStops() throws {
        let t = try trip(#"""
        {"startDate": "2026-04-01", "endDate": "2026-04-04",
         "lodging": {"name": "Okura", "location": {"lat": 35.0107, "lng": 135.7696}},
         "placesToGo": [{"name": "Kinkaku-ji", "location": {"lat": 35.0394, "lng": 135.7292}},
                        {"name": "Station", "placeID": "st", "location": {"lat": 34.9858, "lng": 135.7588}}],
         "days": [
           {"date": "2026-04-01", "startAt": {"name": "Airport", "location": {"lat": 34.785, "lng": 135.438}}, "lodging": {"name": "Okura", "location": {"lat": 35.0107, "lng": 135.7696}}},
           {"date": "2026-04-02", "lodging": {"name": "Ryokan", "placeID": "r1", "location": {"lat": 35.01, "lng": 135.68}}},
           {"date": "2026-04-03", "lodging": {"name": "Ryokan again", "placeID": "r1", "location": {"lat": 35.01, "lng": 135.68}}, "endAt": {"name": "Airport", "location": {"lat": 34.785, "lng": 135.438}}},
           {"date": "2026-04-04", "endAt": {"name": "Kyoto Station", "placeID": "st", "location": {"lat": 34.9858, "lng": 135.7588}}}
         ]}
        """#)
        #expect(t.scheduleStops.map(\.name) == ["Okura", "Kinkaku-ji", "Station", "Airport", "Ryokan"])
        let p = try problem(t)
        // Day 1 from the airport to its lodging; day 2 from there to the ryokan; day 3 from the ryokan to
        // the airport (its night is still at the ryokan); day 4 from the ryokan to the station.
        #expect(p.problem.routes.map(\.startNode) == [3, 0, 4, 4])
        #expect(p.problem.routes.map(\.endNode) == [0, 4, 3, 2])
        #expect(p.dates.map(\.description) == ["2026-04-01", "2026-04-02", "2026-04-03", "2026-04-04"])
        #expect(p.problem.visits.map(\.node) == [1, 2] && p.placeIndices == [0, 1])
    }

    @Test("windows are start windows that end before closing, for each day, from 00:00 of the first day")
    func startWindows() throws {
        let t = try trip(#"{"startDate": "2026-09-19", "endDate": "2026-09-21", "lodging": "# + hotel + #", "placesToGo": [{"name": "Church", "location": {"lat": 41.89, "lng": 12.47}, "visitMinutes": 30, "priority": 3, "opening_hours": {"periods": [{"open": {"day": 6, "time": "0730"}, "close": {"day": 6, "time": "1230"}}, {"open": {"day": 6, "time": "1530"}, "close": {"day": 6, "time": "2000"}}, {"open": {"day": 1, "time": "1000"}, "close": {"day": 1, "time": "1020"}}]}}, {"name": "Square", "location": {"lat": 41.9, "lng": 12.47}}], "days": [{"date": "2026-09-21", "dayStart": "08:00", "dayEnd": "12:00"}]}"#)
        let p = try problem(t)
        let church = p.problem.visits[0]
        #expect(church.serviceTime == 1800 && church.score == 3 && !church.isRequired)
        // Saturday: 09:00 (day start) … 12:00 (closes 12:30, minus 30 minutes), and 15:30 … 18:30 (day ends 19:00).
        #expect(church.windows[0] == [Window(earliestStart: 9 * 3600, latestStart: 12 * 3600),
                                      Window(earliestStart: 15 * 3600 + 1800, latestStart: 18 * 3600 + 1800)])
        #expect(church.windows[1] == []) // closed on Sunday
        #expect(church.windows[2] == [])  // Monday: open 20 minutes, shorter than the visit
        // No hours: open whenever the day is (Monday is 08:00–12:00).
        #expect(p.problem.visits[1].windows[2] == [Window(earliestStart: 2 * 86_400 + 8 * 3600, latestStart: 2 * 86_400 + 11 * 3600)])
        #expect(p.problem.routes[2].earliestStart == 2 * 86_400 + 8 * 3600 && p.problem.routes[2].latestEnd == 2 * 86_400 + 12 * 3600)
        #expect(p.problem.routes[0].latestEnd == 19 * 3600)
        #expect(p.hourReasons.isEmpty)
        #expect(p.clock.dateTime(church.windows[0][1].latestStart) == "2026-09-19T18:30:00")
    }

    @Test("allowedDates keep only those days; a ticket is one zero-width window and required; closedDates shut a day")
    func restrictions() throws {
        let t = try trip(#"{"startDate": "2026-09-19", "endDate": "2026-09-21", "lodging": "# + hotel + #", "placesToGo": [{"name": "A", "location": {"lat": 41.89, "lng": 12.47}, "allowedDates": ["2026-09-20"]}, {"name": "Borghese", "location": {"lat": 41.91, "lng": 12.49}, "visitMinutes": 120, "fixedStart": "2026-09-20T11:00", "regularOpeningHours": {"periods": [{"open": {"day": 0, "hour": 13}, "close": {"day": 0, "hour": 19}}]}}, {"name": "C", "location": {"lat": 41.88, "lng": 12.47}, "closedDates": ["2026-09-19", "2026-09-21"], "mustVisit": true}, {"name": "D", "location": {"lat": 41.88, "lng": 12.46}, "fixedStart": "2026-09-21T10:00", "mustVisit": false}]}"#)
        let p = try problem(t)
        let day = [Window(earliestStart: 9 * 3600, latestStart: 18 * 3600)]
        func shifted(_ days: Int) -> [Window] { day.map { .init(earliestStart: $0.earliestStart + days * 86_400, latestStart: $0.latestStart + days * 86_400) } }
        #expect(p.problem.visits[0].windows == [[], shifted(1), []])
        #expect(p.openWindows[0] == [shifted(0), shifted(1), shifted(2)])
        let ticket = 86_400 + 11 * 3600
        #expect(p.problem.visits[1].windows == [[], [Window(earliestStart: ticket, latestStart: ticket)], []])
        #expect(p.problem.visits[1].isRequired)
        #expect(p.openWindows[1] == [[], [Window(earliestStart: 86_400 + 13 * 3600, latestStart: 86_400 + 17 * 3600)], []])
        #expect(p.problem.visits[2].windows == [[], shifted(1), []] && p.problem.visits[2].isRequired)
        #expect(!p.problem.visits[3].isRequired)
        #expect(p.hourReasons.isEmpty)
    }

    @Test("breaks become windows for the break's start")
    func breaks() throws {
        let t = try trip(#"{"startDate": "2026-09-19", "endDate": "2026-09-20", "lodging": "# + hotel + #", "placesToGo": [{"name": "A", "location": {"lat": 41.89, "lng": 12.47}}], "days": [{"date": "2026-09-20", "dayEnd": "13:30", "breaks": [{"earliest": "16:00", "latest": "17:00", "minutes": 15}, {"earliest": "12:00", "latest": "14:00", "minutes": 45}]}]}"#.replacingOccurrences(of: #""earliest": "16:00", "latest": "17:00", "minutes": 15"#, with: #""earliest": "10:00", "latest": "11:00", "minutes": 15"#))
        let p = try problem(t)
        #expect(p.problem.routes[0].breaks.isEmpty)
        let base = 86_400
        #expect(p.problem.routes[1].breaks == [
            .init(earliestStart: base + 10 * 3600, latestStart: base + 10 * 3600 + 45 * 60, duration: 900),
            // 12:00–14:00 inside a day ending 13:30: starts by 12:45.
            .init(earliestStart: base + 12 * 3600, latestStart: base + 12 * 3600 + 45 * 60, duration: 2700),
        ])
    }

    @Test("a place closed on every trip day says which days were checked")
    func closedOnTripDays() throws {
        let t = try trip(#"{"startDate": "2026-09-19", "endDate": "2026-09-20", "lodging": "# + hotel + #", "placesToGo": [{"name": "Museum", "location": {"lat": 41.89, "lng": 12.47}, "opening_hours": {"periods": [{"open": {"day": 1, "time": "0900"}, "close": {"day": 1, "time": "1800"}}]}}, {"name": "Bar", "location": {"lat": 41.89, "lng": 12.46}, "closedDates": ["2026-09-20"], "regularOpeningHours": {"periods": [{"open": {"day": 6, "hour": 20}, "close": {"day": 0, "hour": 2}}]}}]}"#)
        let p = try problem(t)
        #expect(p.hourReasons[0] == UnscheduledExplanation(reason: .closedOnTripDays,
                                                          detail: "closed on every day of the trip (checked Sat 2026-09-19, Sun 2026-09-20)"))
        #expect(p.hourReasons[1] == UnscheduledExplanation(reason: .closedOnTripDays,
                                                          detail: "closed on every day of the trip during the day's hours (checked Sat 2026-09-19, Sun 2026-09-20 (closedDates))"))
        #expect(p.problem.visits[0].windows.allSatisfy { $0.isEmpty })
    }

    @Test("a visit longer than every opening names the longest one")
    func visitLongerThanOpening() throws {
        let t = try trip(#"{"startDate": "2026-09-19", "endDate": "2026-09-20", "lodging": "# + hotel + #", "placesToGo": [{"name": "Museum", "location": {"lat": 41.89, "lng": 12.47}, "visitMinutes": 180, "allowedDates": ["2026-09-19"], "opening_hours": {"periods": [{"open": {"day": 6, "time": "0800"}, "close": {"day": 6, "time": "1000"}}, {"open": {"day": 0, "time": "1000"}, "close": {"day": 0, "time": "1230"}}]}}, {"name": "Walk", "location": {"lat": 41.89, "lng": 12.46}, "visitMinutes": 700}]}"#)
        let p = try problem(t)
        #expect(p.hourReasons[0] == UnscheduledExplanation(
            reason: .visitLongerThanOpening,
            detail: "the 180-minute visit is longer than the longest opening inside the day's hours, 150 minutes (Sun 2026-09-20 10:00–12:30)"))
        #expect(p.hourReasons[1]?.reason == .visitLongerThanOpening)
        #expect(p.hourReasons[1]?.detail.hasSuffix("600 minutes (Sat 2026-09-19 09:00–19:00)") == true)
    }

    @Test("places that fit on the trip but not on their allowed dates get no hour reason")
    func allowedDatesOnly() throws {
        let t = try trip(#"{"startDate": "2026-09-19", "endDate": "2026-09-20", "lodging": "# + hotel + #", "placesToGo": [{"name": "Museum", "location": {"lat": 41.89, "lng": 12.47}, "allowedDates": ["2026-09-20"], "opening_hours": {"periods": [{"open": {"day": 6, "time": "0900"}, "close": {"day": 6, "time": "1800"}}]}}]}"#)
        let p = try problem(t)
        #expect(p.problem.visits[0].windows.allSatisfy { $0.isEmpty })
        #expect(!p.openWindows[0].allSatisfy { $0.isEmpty })
        #expect(p.hourReasons.isEmpty)
    }

    @Test("scheduling needs a start date, a place to start and end each day, and a matrix over scheduleStops")
    func refusals() throws {
        let noDate = try trip(#"{"lodging": "# + hotel + #", "placesToGo": [{"name": "A", "location": {"lat": 1, "lng": 2}}]}"#)
        #expect(throws: PlanningError.needsTripDates(file: "trip.json", field: "startDate")) {
            try noDate.scheduleProblem(travelSeconds: self.matrix(noDate), fileName: "trip.json")
        }
        let noLodging = try trip(#"{"startDate": "2026-09-19", "endDate": "2026-09-20", "placesToGo": [{"name": "A", "location": {"lat": 1, "lng": 2}}], "days": [{"date": "2026-09-19", "startAt": {"name": "Airport", "location": {"lat": 1, "lng": 3}}}]}"#)
        do {
            _ = try noLodging.scheduleProblem(travelSeconds: matrix(noLodging), fileName: "trip.json")
            Issue.record("no error")
        } catch {
            #expect("\(error)" == "trip.json: 2026-09-19 has no place to end the day at; add a lodging, or a days entry for 2026-09-19 with lodging, startAt or endAt")
        }
        let fine = try trip(#"{"startDate": "2026-09-19", "lodging": "# + hotel + #", "placesToGo": [{"name": "A", "location": {"lat": 1, "lng": 2}}]}"#)
        #expect(throws: PlanningError.scheduleMatrixSize(matrixPlaces: 3, stops: 2)) {
            try fine.scheduleProblem(travelSeconds: CostMatrix(count: 3) { _, _ in 1 })
        }
        #expect(try problem(fine).problem.routes.count == 1)
    }

    @Test("the longest trip, with settings for every day, builds its problem")
    func longestTrip() throws {
        let first = try #require(TripDate("2028-01-01"))
        let hours = OpeningHours(format: .legacy, periods: (1...6).map {
            .init(open: .init(day: $0, minute: 600), close: .init(day: $0, minute: 1020))
        })
        let places = (0..<200).map { Itinerary.Place(name: "P\($0)", latitude: 1 + Double($0) / 1000, longitude: 2) }
        let visits = places.indices.map { Itinerary.Visit(visitMinutes: 30 + $0 % 90, openingHours: $0 % 3 == 0 ? hours : nil,
                                                          closedDates: (0..<50).map { first.adding(days: $0 * 7) },
                                                          priority: 1 + $0 % 5) }
        let lunch = Itinerary.Break(earliest: TimeOfDay("12:00")!, latest: TimeOfDay("14:00")!, minutes: 45)
        let days = (0..<366).map { Itinerary.Day(date: first.adding(days: $0), dayEnd: TimeOfDay("18:00"), breaks: [lunch]) }
        let t = Itinerary(lodging: .init(name: "H", latitude: 1, longitude: 2.1), placesToGo: places,
                          startDate: first, endDate: first.adding(days: 365), days: days, visits: visits)
        let p = try problem(t)
        #expect(p.problem.routes.count == 366 && p.dates.last?.description == "2028-12-31") // a leap year
        // Saturday 2028-01-01 is in closedDates, Sunday closed by the hours, Monday open 10:00–17:00.
        #expect(p.problem.visits[0].windows[0].isEmpty && p.problem.visits[0].windows[1].isEmpty)
        #expect(p.problem.visits[0].windows[2] == [Window(earliestStart: 2 * 86_400 + 600 * 60, latestStart: 2 * 86_400 + (1020 - 30) * 60)])
        #expect(p.problem.visits[1].windows[0].isEmpty)
        #expect(p.problem.visits[1].windows[1] == [Window(earliestStart: 86_400 + 9 * 3600, latestStart: 86_400 + 18 * 3600 - 31 * 60)])
        #expect(p.problem.routes.allSatisfy { $0.breaks.count == 1 })
    }

    @Test("the trip fixtures load, round-trip and build problems", arguments: ["rome-3-days", "kyoto-2-days", "lisbon-day-lunch"])
    func fixtures(name: String) throws {
        let t = try itinerary(name)
        #expect(try Itinerary(json: JSONEncoder().encode(t)) == t)
        let p = try problem(t)
        #expect(p.problem.visits.count == t.placesToGo.count)
        #expect(p.problem.routes.count == t.tripDates.count)
        #expect(p.problem.routes.allSatisfy { !$0.breaks.isEmpty })
        #expect(p.hourReasons.isEmpty)
        for visit in p.problem.visits {
            #expect(visit.windows.count == p.problem.routes.count)
            #expect(visit.windows.contains { !$0.isEmpty })
            for window in visit.windows.joined() { #expect(window.earliestStart <= window.latestStart) }
        }
    }

    @Test("the Rome fixture: hours by weekday, the Borghese ticket, the Capitoline's closed date")
    func rome() throws {
        let t = try itinerary("rome-3-days")
        #expect(t.placesToGo.map(\.name) == (try itinerary("rome-highlights")).placesToGo.map(\.name))
        #expect(t.placesToGo.map(\.latitude) == (try itinerary("rome-highlights")).placesToGo.map(\.latitude))
        let p = try problem(t)
        func windows(_ name: String) -> [[ScheduleProblem.TimeWindow]] {
            p.problem.visits[t.placesToGo.firstIndex { $0.name == name }!].windows
        }
        #expect(p.dates.map(\.weekday) == [6, 0, 1])
        #expect(windows("Vatican Museums")[1].isEmpty && !windows("Vatican Museums")[0].isEmpty) // closed on Sunday
        #expect(windows("Vatican Museums")[0] == [.init(earliestStart: 9 * 3600, latestStart: 15 * 3600)])
        #expect(windows("Galleria Borghese") == [[], [.init(earliestStart: 86_400 + 11 * 3600, latestStart: 86_400 + 11 * 3600)], []])
        #expect(windows("Capitoline Museums")[2].isEmpty)
        #expect(windows("Castel Sant'Angelo")[2].isEmpty) // closed on Monday
        #expect(p.problem.routes[2].latestEnd == 2 * 86_400 + 17 * 3600)
        // More to see than the days hold: visits plus lunches exceed the day hours before any travel.
        let visiting = p.problem.visits.map(\.serviceTime).reduce(0, +)
        let hours = p.problem.routes.map { $0.latestEnd - $0.earliestStart - $0.breaks.map(\.duration).reduce(0, +) }.reduce(0, +)
        #expect(visiting > hours - 6 * 3600)
    }

    @Test("the Kyoto fixture starts at the station, changes lodging, and ends at the station")
    func kyoto() throws {
        let t = try itinerary("kyoto-2-days")
        #expect(t.scheduleStops.map(\.name).suffix(2) == ["Kyoto Station", "Hotel Granvia Kyoto"])
        let p = try problem(t)
        let station = t.scheduleStops.firstIndex { $0.name == "Kyoto Station" }
        #expect(p.problem.routes[0].startNode == station && p.problem.routes[0].endNode == 0)
        #expect(p.problem.routes[1].startNode == 0 && p.problem.routes[1].endNode == station)
    }
}
