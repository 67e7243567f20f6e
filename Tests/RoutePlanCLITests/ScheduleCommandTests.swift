import Foundation
import Testing
@testable import RoutePlanCLI

/// The output with the search's wall-clock time (the one figure that differs
/// between runs) replaced by `T`.
func withoutTiming(_ text: String) -> String {
    text.replacingOccurrences(of: #"iterations in [0-9.]+ s"#, with: "iterations in T s", options: .regularExpression)
        .replacingOccurrences(of: #""seconds" : [0-9.e+-]+"#, with: #""seconds" : T"#, options: .regularExpression)
}

@Suite("routeplan schedule")
struct ScheduleCommandTests {
    @Test("prints a day-by-day plan with times, breaks, links and the places left out (golden)")
    func text() async throws {
        let result = await routeplan("schedule", fixture("itineraries/rome-3-days.json"))
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardError.isEmpty)
        let text = result.standardOutput
        #expect(text.contains("Day 1 · Saturday 2026-09-19") && text.contains("Day 3 · Monday 2026-09-21"))
        #expect(text.contains("break (45 min)") && text.contains("Google Maps"))
        try expectGolden(withoutTiming(text), "rome-3-days.txt")
    }

    @Test("JSON holds days with local times and legs, unscheduled places with reasons, totals (golden)")
    func jsonOutput() async throws {
        let result = await routeplan("schedule", fixture("itineraries/lisbon-day-lunch.json"), "--format", "json")
        #expect(result.status == 0, "\(result.standardError)")
        let object = try json(result.standardOutput)
        for key in ["days", "unscheduled", "totals", "costSource", "search", "travelMode"] { #expect(object[key] != nil, "missing \(key)") }
        let day = try #require((object["days"] as? [[String: Any]])?.first)
        #expect(day["date"] as? String == "2026-05-14")
        let stop = try #require((day["stops"] as? [[String: Any]])?.first)
        for key in ["name", "location", "arrival", "start", "end", "departure"] { #expect(stop[key] != nil, "stop lacks \(key)") }
        #expect((stop["start"] as? String)?.range(of: #"^2026-05-14T\d\d:\d\d:\d\d$"#, options: .regularExpression) != nil)
        let leg = try #require((day["legs"] as? [[String: Any]])?.first)
        #expect(leg["seconds"] is Int && leg["meters"] is Int)
        let totals = try #require(object["totals"] as? [String: Any])
        for key in ["scheduledPriority", "travelSeconds", "waitSeconds"] { #expect(totals[key] is Int, "totals lack \(key)") }
        for place in try #require(object["unscheduled"] as? [[String: Any]]) {
            #expect(place["reason"] is String && place["detail"] is String && place["name"] is String)
        }
        try expectGolden(withoutTiming(result.standardOutput), "lisbon-day-lunch.json")
    }

    @Test("one route per day in CSV and GeoJSON (golden), GPX, KML and SVG",
          arguments: ["csv", "geojson", "gpx", "kml", "svg"])
    func documents(format: String) async throws {
        let result = await routeplan("schedule", fixture("itineraries/kyoto-2-days.json"), "--format", format)
        #expect(result.status == 0, "\(result.standardError)")
        let text = result.standardOutput
        switch format {
        case "csv", "geojson": try expectGolden(text, "kyoto-2-days.\(format)")
        case "gpx": #expect(text.components(separatedBy: "<rte>").count - 1 == 2)
        case "kml": #expect(text.components(separatedBy: "<Folder>").count - 1 == 2)
        default: #expect(text.hasPrefix("<svg") || text.hasPrefix("<?xml"))
        }
    }

    @Test("travel times from a routing engine's table over the trip's places")
    func matrix() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("routeplan-schedule-\(UInt64.random(in: 0...UInt64.max))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        // Lisbon with lunch: the lodging and 8 places; 10 minutes and 800 m between any two.
        let n = 9
        let durations = (0..<n).map { i in (0..<n).map { $0 == i ? 0 : 600 } }
        let distances = (0..<n).map { i in (0..<n).map { $0 == i ? 0 : 800 } }
        let table: [String: Any] = ["code": "Ok", "durations": durations, "distances": distances]
        let file = folder.appendingPathComponent("osrm.json")
        try JSONSerialization.data(withJSONObject: table).write(to: file)
        let result = await routeplan("schedule", fixture("itineraries/lisbon-day-lunch.json"), "--matrix", file.path, "--format", "json")
        #expect(result.status == 0, "\(result.standardError)")
        let object = try json(result.standardOutput)
        #expect((object["costSource"] as? String)?.contains("routing-engine travel times") == true)
        let legs = try #require((object["days"] as? [[String: Any]])?.first?["legs"] as? [[String: Any]])
        #expect(legs.allSatisfy { $0["seconds"] as? Int == 600 && $0["meters"] as? Int == 800 && $0["estimated"] as? Bool == false })
    }

    @Test("refusals name the file and say what to do", arguments: [
        (["--time-limit", "0"], 64, "--time-limit must be a number of seconds from 0.001"),
        (["--max-waypoints", "10"], 64, "--max-waypoints must be from 1 to 9"),
        (["--matrix-format", "osrm"], 64, "--matrix-format needs --matrix"),
    ] as [([String], Int32, String)])
    func usage(arguments: [String], status: Int32, message: String) async {
        let result = await CommandRunner.run(["schedule", fixture("itineraries/rome-3-days.json")] + arguments)
        #expect(result.status == status)
        #expect(result.standardError.contains(message), "\(result.standardError)")
    }

    @Test("clock times: a day that ends at midnight arrives at 24:00")
    func clockTimes() {
        #expect(ScheduleReport.clock("2026-09-21T09:30:00") == "09:30")
        #expect(ScheduleReport.clock("2026-09-22T00:00:00", on: "2026-09-21") == "24:00")
        #expect(ScheduleReport.clock("2026-09-22T00:20:00", on: "2026-09-21") == "00:20+1")
        #expect(ScheduleReport.clock("2026-09-21T23:59:00", on: "2026-09-21") == "23:59")
    }

    @Test("an itinerary without startDate is refused with the field and the fix")
    func undated() async {
        let result = await routeplan("schedule", fixture("itineraries/paris-two-places.json"))
        #expect(result.status == 65)
        #expect(result.standardError.contains("paris-two-places.json: startDate") && result.standardError.contains("add startDate"),
                "\(result.standardError)")
    }
}
