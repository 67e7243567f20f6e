import Foundation
import Testing
@testable import RoutePlan
import RoutePlanExport
import RoutePlanSolver

@Suite("Codable values for hosts")
struct CodableTests {
    @Test("an itinerary encodes to the file format and decodes back", arguments: [
        "lisbon-walking-day", "kyoto-fixed-end", "rome-highlights", "scottish-highlands-road-trip",
    ])
    func itineraryRoundTrip(name: String) throws {
        let plan = try itinerary(name)
        let data = try JSONEncoder().encode(plan)
        let again = try Itinerary(json: data)
        #expect(again == plan)
        // The same JSON a file holds: placesToGo with name and location.lat/lng.
        let object = try JSONSerialization.jsonObject(with: data) as! [String: Any]
        let first = (object["placesToGo"] as! [[String: Any]])[0]
        #expect((first["location"] as? [String: Any])?["lat"] is Double)
    }

    @Test("decoding errors name the field, without a file")
    func itineraryErrors() throws {
        let json = #"{"placesToGo": [{"name": "a", "location": {"lat": 1, "lng": 2}}], "route": {"travelMode": "flying"}}"#
        #expect(throws: PlanningError.unknownValue(file: nil, field: "route.travelMode", value: "flying",
                                                   allowed: TravelMode.allCases.map(\.rawValue))) {
            _ = try JSONDecoder().decode(Itinerary.self, from: Data(json.utf8))
        }
    }

    @Test("planner options round-trip through their flat JSON")
    func options() throws {
        let json = #"{"travelMode": "walking", "optimizeFor": "distance", "start": "lodging", "end": "any", "strategy": "heuristic", "timeLimit": 1.5, "seed": 7, "maxWaypoints": 3, "navigate": true}"#
        let options = try JSONDecoder().decode(Planner.Options.self, from: Data(json.utf8))
        #expect(options.travelMode == .walking && options.optimizeFor == .distance)
        #expect(options.start == .lodging && options.end == .any)
        #expect(options.solver.strategy == .heuristic && options.solver.timeLimit == .milliseconds(1_500))
        #expect(options.solver.seed == 7 && options.links.maxWaypointsPerLink == 3 && options.links.navigate)
        let again = try JSONDecoder().decode(Planner.Options.self, from: JSONEncoder().encode(options))
        #expect(again == options)
    }

    @Test("option values out of range are field errors", arguments: [
        (#"{"timeLimit": 1e10}"#, "timeLimit"), (#"{"timeLimit": 0}"#, "timeLimit"),
        (#"{"maxWaypoints": 10}"#, "maxWaypoints"), (#"{"strategy": "fast"}"#, "strategy"),
        (#"{"exactNodeLimit": 99}"#, "exactNodeLimit"), (#"{"maxMemoryBytes": 5}"#, "maxMemoryBytes"),
    ])
    func optionErrors(json: String, field: String) {
        do {
            _ = try JSONDecoder().decode(Planner.Options.self, from: Data(json.utf8))
            Issue.record("expected an error for \(json)")
        } catch let error as PlanningError {
            #expect(error.field == field)
            #expect(error.category == .badInput)
        } catch {
            Issue.record("unexpected \(error)")
        }
    }

    @Test("a planned route decodes from the JSON it encodes to")
    func plannedRoute() async throws {
        let route = try await Planner().plan(try itinerary("kyoto-fixed-end"))
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let data = try encoder.encode(route)
        #expect(try JSONDecoder().decode(PlannedRoute.self, from: data) == route)
    }
}
