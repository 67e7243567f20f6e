import Foundation
import Testing
import RoutePlan

@Suite("Trip input errors")
struct TripValidationTests {
    static let a = #"{"name": "A", "location": {"lat": 1, "lng": 2}"#
    static let hotel = #"{"name": "H", "location": {"lat": 1, "lng": 2.5}}"#

    /// A trip 2026-09-19 … 2026-09-21 with `place` (the inside of A's object after its location) and extra root fields.
    static func trip(place: String = "", root: String = "") -> String {
        #"{"startDate": "2026-09-19", "endDate": "2026-09-21", "lodging": "# + hotel + #", "placesToGo": ["# + a + place + "}]" + root + "}"
    }

    func message(_ json: String) -> String? {
        do {
            _ = try Itinerary(json: Data(json.utf8), fileName: "trip.json")
            return nil
        } catch {
            return "\(error)"
        }
    }

    static let cases: [(json: String, expected: String)] = [
        (#"{"startDate": "21/09/2026", "placesToGo": ["# + a + "}]}", #"trip.json: startDate: "21/09/2026" is not valid; write a date as "YYYY-MM-DD""#),
        (#"{"startDate": "2026-09-21", "endDate": "2026-09-19", "placesToGo": ["# + a + "}]}", "trip.json: endDate: 2026-09-19 is before startDate 2026-09-21; make endDate the same as or later than startDate"),
        (#"{"endDate": "2026-09-19", "placesToGo": ["# + a + "}]}", "trip.json: endDate: needs the trip's dates; add startDate"),
        (#"{"startDate": "2026-01-01", "endDate": "2027-01-02", "placesToGo": ["# + a + "}]}", "trip.json: endDate: the trip lasts 367 days, more than the limit of 366; plan it in shorter trips"),
        (trip(root: #", "route": {"dayStart": "9:00"}"#), #"trip.json: route.dayStart: "9:00" is not valid; write a time as "HH:MM" from 00:00 to 24:00"#),
        (trip(root: #", "route": {"dayStart": "20:00"}"#), "trip.json: route.dayStart: the day ends at 19:00, not after it starts at 20:00; make dayEnd later than dayStart"),
        (trip(root: #", "days": [{"date": "2026-09-22"}]"#), "trip.json: days[0].date: 2026-09-22 is not a day of the trip, 2026-09-19 to 2026-09-21; use a date of the trip or change startDate/endDate"),
        (trip(root: #", "days": [{"dayStart": "10:00"}]"#), "trip.json: days[0].date: required field is missing; add it"),
        (trip(root: #", "days": [{"date": "2026-09-20"}, {"date": "2026-09-20"}]"#), "trip.json: days[1].date: 2026-09-20 is already set by days[0]; give each date one entry"),
        (trip(root: #", "days": [{"date": "2026-09-20", "dayStart": "12:00", "dayEnd": "11:00"}]"#), "trip.json: days[0].dayEnd: the day ends at 11:00, not after it starts at 12:00; make dayEnd later than dayStart"),
        (trip(root: #", "days": [{"date": "2026-09-20", "breaks": [{"earliest": "12:00", "latest": "12:30", "minutes": 45}]}]"#), "trip.json: days[0].breaks[0]: a 45-minute break does not fit between 12:00 and 12:30; make latest at least earliest plus minutes"),
        (trip(root: #", "days": [{"date": "2026-09-20", "dayEnd": "12:00", "breaks": [{"earliest": "11:45", "latest": "14:00", "minutes": 45}]}]"#), "trip.json: days[0].breaks[0]: the break (11:45–14:00, 45 minutes) cannot be taken during the day 09:00–12:00; move the break inside the day's hours"),
        (trip(root: #", "days": [{"date": "2026-09-20", "breaks": [{"earliest": "12:00", "minutes": 45}]}]"#), "trip.json: days[0].breaks[0].latest: required field is missing"),
        (trip(root: #", "days": [{"date": "2026-09-20", "breaks": [{"earliest": "12:00", "latest": "25:00", "minutes": 45}]}]"#), #"trip.json: days[0].breaks[0].latest: "25:00" is not valid; write a time as "HH:MM" from 00:00 to 24:00"#),
        (trip(root: #", "days": [{"date": "2026-09-20", "endAt": {"name": "S", "location": {"lat": 1, "lng": 200}}}]"#), "trip.json: days[0].endAt.location.lng: 200.0 is not a valid coordinate"),
        (trip(root: #", "days": [{"date": "2026-09-20", "lodging": {"name": "", "location": {"lat": 1, "lng": 2}}}]"#), "trip.json: days[0].lodging.name: the name is empty"),
        (trip(place: #", "visitMinutes": 1441"#), "trip.json: placesToGo[0].visitMinutes: 1441 is out of range; use 0 to 1440 minutes"),
        (trip(place: #", "visitMinutes": "long""#), "trip.json: placesToGo[0].visitMinutes: expected a number"),
        (trip(place: #", "priority": 0"#), "trip.json: placesToGo[0].priority: 0 is out of range; use a whole number from 1 to 1000"),
        (trip(place: #", "mustVisit": "yes""#), "trip.json: placesToGo[0].mustVisit: expected true or false"),
        (trip(place: #", "allowedDates": ["2026-09-20", "2026-09-25"]"#), "trip.json: placesToGo[0].allowedDates[1]: 2026-09-25 is not a day of the trip"),
        (trip(place: #", "allowedDates": []"#), "trip.json: placesToGo[0].allowedDates: the list is empty, so the place may be on no day; list at least one date, or leave the field out"),
        (trip(place: #", "closedDates": ["2026-02-30"]"#), #"trip.json: placesToGo[0].closedDates[0]: "2026-02-30" is not valid; write a date as "YYYY-MM-DD" that exists"#),
        (trip(place: #", "fixedStart": "2026-09-20 11:00""#), #"trip.json: placesToGo[0].fixedStart: "2026-09-20 11:00" is not valid; write a local date-time as "YYYY-MM-DDTHH:MM""#),
        (trip(place: #", "fixedStart": "2026-09-25T11:00""#), "trip.json: placesToGo[0].fixedStart: 2026-09-25 is not a day of the trip"),
        (trip(place: #", "fixedStart": "2026-09-20T18:30""#), "trip.json: placesToGo[0].fixedStart: the 60-minute visit from 2026-09-20T18:30 does not fit in the day 09:00–19:00; change dayStart/dayEnd"),
        (trip(place: #", "fixedStart": "2026-09-20T11:00", "allowedDates": ["2026-09-19"]"#), "trip.json: placesToGo[0].fixedStart: 2026-09-20 is not one of the place's allowedDates"),
        (trip(place: #", "fixedStart": "2026-09-20T11:00", "closedDates": ["2026-09-20"]"#), "trip.json: placesToGo[0].fixedStart: the place is closed on 2026-09-20 (closedDates); change fixedStart or closedDates"),
        (#"{"placesToGo": ["# + a + #", "allowedDates": ["2026-09-20"]}]}"#, "trip.json: placesToGo[0].allowedDates[0]: needs the trip's dates; add startDate"),
        (#"{"placesToGo": ["# + a + #"}], "days": [{"date": "2026-09-20"}]}"#, "trip.json: days[0].date: needs the trip's dates"),
        (trip(place: #", "opening_hours": {"periods": [{"open": {"day": 1, "time": "0900"}}, {"open": {"day": 1, "time": "0900"}, "close": {"day": 1, "time": "9:00"}}]}"#), #"trip.json: placesToGo[0].opening_hours.periods[1].close.time: "9:00" is not valid; write a time as "HHMM" from 0000 to 2400"#),
        (trip(place: #", "opening_hours": {"periods": [{"open": {"day": 7, "time": "0900"}}]}"#), "trip.json: placesToGo[0].opening_hours.periods[0].open.day: 7 is out of range; use 0 to 6 (0 is Sunday)"),
        (trip(place: #", "opening_hours": {"periods": [{"open": {"day": 1}}]}"#), "trip.json: placesToGo[0].opening_hours.periods[0].open.time: required field is missing"),
        (trip(place: #", "opening_hours": {"periods": [{"close": {"day": 1, "time": "1000"}}]}"#), "trip.json: placesToGo[0].opening_hours.periods[0].open: required field is missing"),
        (trip(place: #", "regularOpeningHours": {"periods": [{"open": {"day": 1, "hour": 25}}]}"#), "trip.json: placesToGo[0].regularOpeningHours.periods[0].open.hour: 25 is out of range; use 0 to 24"),
        (trip(place: #", "regularOpeningHours": {"periods": [{"open": {"day": 1, "hour": 9, "minute": 60}}]}"#), "trip.json: placesToGo[0].regularOpeningHours.periods[0].open.minute: 60 is out of range; use 0 to 59"),
        (trip(place: #", "regularOpeningHours": {"periods": {"open": {}}}"#), "trip.json: placesToGo[0].regularOpeningHours.periods: expected an array"),
        (trip(place: #", "opening_hours": {"periods": []}, "regularOpeningHours": {"periods": []}"#), "trip.json: placesToGo[0].regularOpeningHours: both opening_hours and regularOpeningHours are given; keep one of them"),
    ]

    @Test("each trip problem names the file, the field path and what to do", arguments: cases)
    func errors(json: String, expected: String) {
        let text = message(json)
        #expect(text?.contains(expected) == true, "got: \(text ?? "no error")")
    }

    @Test("errors carry the field path and the bad-input category")
    func fieldAndCategory() {
        do {
            _ = try Itinerary(json: Data(Self.trip(place: #", "priority": 1001"#).utf8))
            Issue.record("no error")
        } catch let error as PlanningError {
            #expect(error.field == "placesToGo[0].priority" && error.category == .badInput)
        } catch {
            Issue.record("\(error)")
        }
    }

    @Test("the trip errors are bad input, say what to do, and name their field", arguments: [
        PlanningError.invalidValue(file: "t.json", field: "startDate", value: "x", expected: "a date"),
        .dateOutsideTrip(file: "t.json", field: "days[0].date", date: "2026-01-09", first: "2026-01-01", last: "2026-01-01"),
        .conflictingValues(file: "t.json", field: "endDate", problem: "p", fix: "f"),
        .tripTooLong(file: "t.json", days: 400, limit: 366),
        .needsTripDates(file: "t.json", field: "days"),
        .noPlaceForDay(file: "t.json", date: "2026-01-01", end: false),
        .scheduleMatrixSize(matrixPlaces: 3, stops: 4),
    ])
    func newCases(error: PlanningError) {
        #expect(error.category == .badInput)
        #expect(error.description.contains("; "))
        if case .scheduleMatrixSize = error { #expect(error.field == nil) } else { #expect(error.field != nil) }
    }

    @Test("start and end dates may be date-times; their date is used")
    func dateTimes() throws {
        let trip = try Itinerary(json: Data((#"{"startDate": "2026-09-19T00:00:00Z", "endDate": "2026-09-21T10:00:00.000+02:00", "placesToGo": ["# + Self.a + "}]}").utf8))
        #expect(trip.tripDates.map(\.description) == ["2026-09-19", "2026-09-20", "2026-09-21"])
        #expect(Itinerary(name: nil, placesToGo: [], startDate: TripDate("2026-09-19")).tripDates.count == 1)
    }

    @Test("every bundled itinerary still loads, and the old ones gain no scheduling fields", arguments: [
        "lisbon-walking-day", "scottish-highlands-road-trip", "rome-highlights", "fiji-islands-hop", "paris-two-places",
        "kyoto-fixed-end", "synthetic-lyon-30-stops", "berlin-osrm-three-stops",
    ])
    func oldFixtures(name: String) throws {
        let trip = try itinerary(name)
        #expect(trip.visits.isEmpty && trip.days.isEmpty && trip.endDate == nil)
        #expect(trip.scheduleStops == trip.stops)
    }
}
