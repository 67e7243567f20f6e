import Foundation
import Testing
@testable import RoutePlan
import RoutePlanExport
import RoutePlanSolver

@Suite("Scheduler")
struct SchedulerTests {
    func trip(_ json: String) throws -> Itinerary { try Itinerary(json: Data(json.utf8), fileName: "trip.json") }

    func schedule(_ itinerary: Itinerary, seed: UInt64 = 1, timeLimit: Duration? = nil) async throws -> TripSchedule {
        try await Scheduler(executor: .dedicated).schedule(itinerary, options: .init(timeLimit: timeLimit, seed: seed),
                                                           fileName: "trip.json")
    }

    /// The reasons of the unscheduled places, by name.
    func reasons(_ schedule: TripSchedule) -> [String: UnscheduledReason] {
        Dictionary(uniqueKeysWithValues: schedule.unscheduled.map { ($0.name, $0.reason) })
    }

    static let hotel = #"{"name": "Hotel", "location": {"lat": 41.9000, "lng": 12.4800}}"#

    /// A place `metres` north of the hotel (walking: about 1.4 m/s).
    static func place(_ name: String, north metres: Double = 500, extra: String = "") -> String {
        let lat = 41.9 + metres / 111_195
        return #"{"name": "\#(name)", "location": {"lat": \#(lat), "lng": 12.48}\#(extra.isEmpty ? "" : ", " + extra)}"#
    }

    static func trip(days: (String, String) = ("2026-09-21", "2026-09-21"), places: [String], extra: String = "") -> String {
        #"{"name": "Test trip", "startDate": "\#(days.0)", "endDate": "\#(days.1)", "lodging": \#(hotel), "route": {"travelMode": "walking"}, "placesToGo": [\#(places.joined(separator: ", "))]\#(extra)}"#
    }

    @Test("the bundled trips: every visit inside its opening hours, every day and break in its window, every place accounted for",
          arguments: ["rome-3-days", "kyoto-2-days", "lisbon-day-lunch"])
    func fixtures(name: String) async throws {
        let plan = try itinerary(name)
        let trip = try await schedule(plan)
        #expect(TripScheduleCheck.violations(trip, of: plan) == [])
        // Must-visit places that fit alone are all scheduled.
        for place in trip.unscheduled { #expect(!place.mustVisit, "\(place.name): \(place.reason.rawValue) \(place.detail)") }
        #expect(trip.days.allSatisfy { !$0.stops.isEmpty && !$0.googleMapsURLs.isEmpty })
        // Codable: the JSON reads back to the same value.
        let data = try JSONEncoder().encode(trip)
        #expect(try JSONDecoder().decode(TripSchedule.self, from: data) == trip)
    }

    @Test("the same seed gives the same schedule; every seed gives a valid one", arguments: [1, 2, 3] as [UInt64])
    func seeds(seed: UInt64) async throws {
        let plan = try itinerary("rome-3-days")
        let first = try await schedule(plan, seed: seed)
        let second = try await schedule(plan, seed: seed)
        #expect(first.days == second.days && first.unscheduled == second.unscheduled, "seed \(seed)")
        #expect(TripScheduleCheck.violations(first, of: plan) == [], "seed \(seed)")
    }

    @Test("CLOSED_ON_TRIP_DAYS and VISIT_LONGER_THAN_OPENING come from the hours, with the days and the longest opening")
    func hourReasons() async throws {
        let sundays = #""opening_hours": {"periods": [{"open": {"day": 0, "time": "1000"}, "close": {"day": 0, "time": "1700"}}]}"#
        let short = #""visitMinutes": 180, "regularOpeningHours": {"periods": [{"open": {"day": 1, "hour": 10, "minute": 0}, "close": {"day": 1, "hour": 12, "minute": 0}}]}"#
        let plan = try trip(Self.trip(places: [Self.place("Sunday market", extra: sundays), Self.place("Tiny museum", extra: short),
                                                    Self.place("Park")]))
        let trip = try await schedule(plan)
        #expect(TripScheduleCheck.violations(trip, of: plan) == [])
        #expect(reasons(trip) == ["Sunday market": .closedOnTripDays, "Tiny museum": .visitLongerThanOpening])
        let detail = trip.unscheduled.first { $0.name == "Tiny museum" }?.detail ?? ""
        #expect(detail.contains("120"), "\(detail)")
        #expect(trip.days[0].stops.map(\.name) == ["Park"])
    }

    @Test("UNREACHABLE_IN_A_DAY: too far to get there and back in the day, with the best case")
    func unreachable() async throws {
        // 25 km on foot: over 6 hours each way, in a 10-hour day: it can be reached, but not left in time.
        let plan = try trip(Self.trip(places: [Self.place("Far abbey", north: 25_000), Self.place("Park")]))
        let trip = try await schedule(plan)
        #expect(reasons(trip) == ["Far abbey": .unreachableInADay])
        let detail = trip.unscheduled[0].detail
        #expect(detail.contains("Mon 2026-09-21") && detail.contains("after the day ends at 19:00"), "\(detail)")
    }

    @Test("ALLOWED_DATES_INFEASIBLE: closed on its only allowed day, open on another day of the trip")
    func allowedDates() async throws {
        let weekdays = #""allowedDates": ["2026-09-20"], "opening_hours": {"periods": [{"open": {"day": 1, "time": "0900"}, "close": {"day": 1, "time": "1800"}}]}"#
        let plan = try trip(Self.trip(days: ("2026-09-20", "2026-09-21"), places: [Self.place("Library", extra: weekdays), Self.place("Park")]))
        let trip = try await schedule(plan)
        #expect(reasons(trip) == ["Library": .allowedDatesInfeasible])
        #expect(trip.unscheduled[0].detail.contains("Mon 2026-09-21"), "\(trip.unscheduled[0].detail)")
    }

    @Test("CONFLICTS_WITH_REQUIRED: fits alone, but not beside a must-visit place, which is named")
    func conflicts() async throws {
        // A 7-hour must-visit from 10:00 leaves no room for a place open only 12:00–14:00.
        let ticket = #""visitMinutes": 420, "fixedStart": "2026-09-21T10:00""#
        let lunchOnly = #""visitMinutes": 60, "opening_hours": {"periods": [{"open": {"day": 1, "time": "1200"}, "close": {"day": 1, "time": "1400"}}]}"#
        let plan = try trip(Self.trip(places: [Self.place("Long tour", extra: ticket), Self.place("Lunch spot", extra: lunchOnly)]))
        let trip = try await schedule(plan)
        #expect(TripScheduleCheck.violations(trip, of: plan) == [])
        #expect(reasons(trip) == ["Lunch spot": .conflictsWithRequired])
        #expect(trip.unscheduled[0].detail.contains("Long tour"), "\(trip.unscheduled[0].detail)")
    }

    @Test("LOWER_PRIORITY: the witness names places worth at least as much, and removing them lets the place in")
    func lowerPriority() async throws {
        // Two 6-hour visits in a 10-hour day: only one fits; the one worth more stays.
        let plan = try trip(Self.trip(places: [Self.place("Gallery", extra: #""visitMinutes": 360, "priority": 2"#),
                                                    Self.place("Museum", extra: #""visitMinutes": 360, "priority": 5"#)]))
        let trip = try await schedule(plan)
        #expect(trip.days[0].stops.map(\.name) == ["Museum"])
        #expect(reasons(trip) == ["Gallery": .lowerPriority])
        let detail = trip.unscheduled[0].detail
        #expect(detail.contains("Museum (priority 5)") && detail.contains("Mon 2026-09-21"), "\(detail)")
        // The witness, re-checked: without the Museum the Gallery is scheduled that day.
        var without = plan
        without.placesToGo.remove(at: 1)
        without.visits.remove(at: 1)
        let again = try await schedule(without)
        #expect(again.days[0].stops.map(\.name) == ["Gallery"])
    }

    @Test("a break before the first visit is taken at the start place, and the day leaves after it")
    func breakAtStart() async throws {
        let plan = try trip(Self.trip(places: [Self.place("Museum", extra: #""opening_hours": {"periods": [{"open": {"day": 1, "time": "1000"}, "close": {"day": 1, "time": "1800"}}]}"#)],
                                      extra: #", "days": [{"date": "2026-09-21", "breaks": [{"earliest": "09:00", "latest": "10:00", "minutes": 60}]}]"#))
        let trip = try await schedule(plan)
        #expect(TripScheduleCheck.violations(trip, of: plan) == [])
        let day = trip.days[0]
        #expect(day.breaks.count == 1 && day.breaks[0].afterStop == 0 && day.breaks[0].at == "Hotel")
        #expect(day.departure == day.breaks[0].end && day.breaks[0].end == "2026-09-21T10:00:00")
    }

    @Test("a must-visit place that cannot fit is reported with its reason, never dropped silently")
    func impossibleMustVisit() async throws {
        let plan = try trip(Self.trip(places: [Self.place("Far abbey", north: 40_000, extra: #""mustVisit": true"#)]))
        let trip = try await schedule(plan)
        #expect(trip.unscheduled.map(\.name) == ["Far abbey"] && trip.unscheduled[0].mustVisit)
        #expect(trip.unscheduled[0].reason == .unreachableInADay)
    }

    @Test("refusals: no startDate, too many places")
    func refusals() async throws {
        let undated = try trip(#"{"lodging": \#(Self.hotel), "placesToGo": [\#(Self.place("Park"))]}"#)
        await #expect(throws: PlanningError.needsTripDates(file: "trip.json", field: "startDate")) {
            try await schedule(undated)
        }
        let plan = try trip(Self.trip(places: (0..<5).map { Self.place("P\($0)", north: Double($0) * 100) }))
        await #expect(throws: PlanningError.tooManyStops(stops: 6, limit: 3)) {
            try await Scheduler(limits: .init(maxStops: 3), executor: .dedicated).schedule(plan)
        }
    }
}
