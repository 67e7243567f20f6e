import Foundation
import RoutePlanExport
import Testing

@Suite("Multi-route CSV")
struct MultiRouteCSVTests {
    private let header = [
        "day", "day_name", "order", "name", "placeID", "lat", "lng",
        "arrival", "start", "end", "departure", "leg_distance_m", "leg_duration_s",
    ]

    @Test func matchesGolden() throws {
        try expectMatchesGolden(CSVDocument.routes(sections: FijiTrip.sections), named: "routes.csv")
    }

    @Test func oneRowPerStopPerDay() throws {
        let text = CSVDocument.routes(sections: FijiTrip.sections)
        #expect(text.hasSuffix("\r\n"))
        let records = try #require(parseCSV(text))
        #expect(CSVDocument.sectionColumns == header)
        #expect(records.first == header)
        #expect(records.count == FijiTrip.allStops.count + 1)
        #expect(records.allSatisfy { $0.count == header.count })

        let rows = Array(records.dropFirst())
        func column(_ name: String) -> [String] {
            let index = header.firstIndex(of: name)!
            return rows.map { $0[index] }
        }
        #expect(column("day") == ["1", "1", "1", "1", "2", "2", "2", "2", "2", "3", "3"])
        #expect(column("day_name") == FijiTrip.sections.flatMap { section in section.stops.map { _ in section.name } })
        #expect(column("order") == ["1", "2", "3", "4", "1", "2", "3", "4", "5", "1", "2"])
        #expect(column("name") == FijiTrip.allStops.map(\.name))
        #expect(column("placeID") == FijiTrip.allStops.map { $0.placeID ?? "" })
        #expect(column("lng").map { Double($0)! } == FijiTrip.allStops.map(\.longitude))
        #expect(column("arrival") == ["", "2026-09-21T08:45:00", "2026-09-21T12:00:00", "2026-09-21T15:45:00",
                                      "", "2026-09-22T09:20:00", "", "", "", "", "2026-09-23T08:01:00"])
        #expect(column("start")[1] == "2026-09-21T09:00:00")
        #expect(column("end")[2] == "2026-09-21T15:00:00")
        #expect(column("departure")[0] == "2026-09-21T08:00:00")
        // Legs restart with each day; day 2 has none; NaN is empty.
        #expect(column("leg_distance_m") == ["", "12400", "8150.3", "4900", "", "", "", "", "", "", "21300"])
        #expect(column("leg_duration_s") == ["", "2700", "1800", "", "", "", "", "", "", "", "1860"])
    }

    @Test func guardsDayNamesAndTimes() throws {
        let section = RouteSection(
            name: "=cmd|' /C calc'!A0",
            stops: [Waypoint(name: "@home", latitude: 1, longitude: 2)],
            times: [StopTimes(arrival: "+1h", departure: "10:00")]
        )
        let guarded = try #require(parseCSV(CSVDocument.routes(sections: [section])))
        #expect(guarded[1][1] == "'=cmd|' /C calc'!A0")
        #expect(guarded[1][3] == "'@home")
        #expect(guarded[1][7] == "'+1h")
        #expect(guarded[1][10] == "10:00")
        let raw = try #require(parseCSV(CSVDocument.routes(sections: [section], guardFormulas: false)))
        #expect(raw[1][1] == section.name)
        #expect(raw[1][7] == "+1h")
    }

    @Test func emptyAndOneStopSections() throws {
        let headerLine = header.joined(separator: ",") + "\r\n"
        #expect(CSVDocument.routes(sections: []) == headerLine)
        let sections = [
            RouteSection(name: "empty", stops: []),
            RouteSection(name: "one", stops: [Waypoint(name: "Only", latitude: 1, longitude: 2)]),
        ]
        #expect(try #require(parseCSV(CSVDocument.routes(sections: sections)))
            == [header, ["2", "one", "1", "Only", "", "1", "2", "", "", "", "", "", ""]])
    }
}
