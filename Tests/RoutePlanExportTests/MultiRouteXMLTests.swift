import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import RoutePlanExport
import Testing

@Suite("Multi-route GPX and KML")
struct MultiRouteXMLTests {
    // MARK: GPX

    @Test func gpxMatchesGolden() throws {
        try expectMatchesGolden(GPXDocument.routes(name: FijiTrip.name, sections: FijiTrip.sections), named: "routes.gpx")
    }

    @Test func gpxHasDistinctWaypointsAndOneRoutePerDay() throws {
        let elements = try #require(ElementCollector.parse(GPXDocument.routes(name: FijiTrip.name, sections: FijiTrip.sections)))
        #expect(elements.first?.path == "gpx")
        #expect(elements.filter { $0.path == "gpx/metadata/name" }.map(\.text) == [FijiTrip.name])

        // The lodging starts and ends every day but is one waypoint.
        var distinct: [Waypoint] = []
        for stop in FijiTrip.allStops where !distinct.contains(stop) {
            distinct.append(stop)
        }
        #expect(distinct.count == 7)
        #expect(elements.filter { $0.path == "gpx/wpt/name" }.map(\.text) == distinct.map(\.name))

        #expect(elements.filter { $0.path == "gpx/rte" }.count == 3)
        #expect(elements.filter { $0.path == "gpx/rte/name" }.map(\.text) == FijiTrip.sections.map(\.name))
        #expect(elements.filter { $0.path == "gpx/rte/number" }.map(\.text) == ["1", "2", "3"])
        #expect(elements.filter { $0.path == "gpx/rte/rtept/name" }.map(\.text) == FijiTrip.allStops.map(\.name))
        let points = elements.filter { $0.path == "gpx/rte/rtept" }
        #expect(points.map { $0.attributes["lon"].flatMap(Double.init) } == FijiTrip.allStops.map(\.longitude))
        #expect(points.map { $0.attributes["lat"].flatMap(Double.init) } == FijiTrip.allStops.map(\.latitude))

        // Times are text in <desc>, never <time> (which must be UTC).
        let descriptions = elements.filter { $0.path == "gpx/rte/rtept/desc" }.map(\.text)
        #expect(descriptions.first == "departure 2026-09-21T08:00:00")
        #expect(descriptions.contains(
            "arrival 2026-09-21T08:45:00; start 2026-09-21T09:00:00; end 2026-09-21T11:30:00; departure 2026-09-21T11:30:00"))
        // Day 1: all four stops; day 2: only Somosomo (Lavena's time is empty); day 3: both.
        #expect(descriptions.count == 7)
        #expect(!elements.contains { $0.path.hasSuffix("/time") })
    }

    @Test func gpxEdgeCases() throws {
        let empty = GPXDocument.routes(name: "none", sections: [])
        let elements = try #require(ElementCollector.parse(empty))
        #expect(elements.map(\.path) == ["gpx", "gpx/metadata", "gpx/metadata/name"])

        let sections = [
            RouteSection(name: "empty", stops: []),
            RouteSection(name: "one", stops: [Waypoint(name: "Only", latitude: 1, longitude: 2)]),
        ]
        let edge = try #require(ElementCollector.parse(GPXDocument.routes(name: "edge", sections: sections)))
        #expect(edge.filter { $0.path == "gpx/rte" }.count == 2)
        #expect(edge.filter { $0.path == "gpx/rte/rtept" }.count == 1)
        #expect(edge.filter { $0.path == "gpx/wpt" }.count == 1)
    }

    // MARK: KML

    @Test func kmlMatchesGolden() throws {
        try expectMatchesGolden(KMLDocument.routes(name: FijiTrip.name, sections: FijiTrip.sections), named: "routes.kml")
    }

    @Test func kmlHasAFolderAndAColourPerDay() throws {
        let elements = try #require(ElementCollector.parse(KMLDocument.routes(name: FijiTrip.name, sections: FijiTrip.sections)))
        #expect(elements.filter { $0.path == "kml/Document/name" }.map(\.text) == [FijiTrip.name])
        #expect(elements.filter { $0.path == "kml/Document/Folder/name" }.map(\.text) == FijiTrip.sections.map(\.name))

        // One style per day; colours differ and are the palette's, as aabbggrr.
        let styles = elements.filter { $0.path == "kml/Document/Style" }.compactMap { $0.attributes["id"] }
        #expect(styles == ["day-1", "day-2", "day-3"])
        let lineColours = elements.filter { $0.path == "kml/Document/Style/LineStyle/color" }.map(\.text)
        #expect(lineColours.count == 3 && Set(lineColours).count == 3)
        #expect(lineColours[0] == "ffb27200")   // #0072b2
        #expect(elements.filter { $0.path == "kml/Document/Style/IconStyle/color" }.map(\.text) == lineColours)

        // Every stop, numbered within its day, then one line per day.
        var expectedNames: [String] = []
        var expectedStyles: [String] = []
        for (index, section) in FijiTrip.sections.enumerated() {
            expectedNames += section.stops.enumerated().map { "\($0.offset + 1). \($0.element.name)" } + [section.name]
            expectedStyles += Array(repeating: "#day-\(index + 1)", count: section.stops.count + 1)
        }
        #expect(elements.filter { $0.path == "kml/Document/Folder/Placemark/name" }.map(\.text) == expectedNames)
        #expect(elements.filter { $0.path == "kml/Document/Folder/Placemark/styleUrl" }.map(\.text) == expectedStyles)
        #expect(elements.filter { $0.path == "kml/Document/Folder/Placemark/LineString/coordinates" }.count == 3)

        let data = elements.filter { $0.path == "kml/Document/Folder/Placemark/ExtendedData/Data" }.compactMap { $0.attributes["name"] }
        #expect(data.filter { $0 == "placeID" }.count == FijiTrip.allStops.filter { $0.placeID != nil }.count)
        #expect(data.filter { $0 == "arrival" }.count == 5)
        let values = elements.filter { $0.path == "kml/Document/Folder/Placemark/ExtendedData/Data/value" }.map(\.text)
        #expect(values.first == FijiTrip.lodging.placeID)
    }

    @Test func kmlEdgeCases() throws {
        let empty = try #require(ElementCollector.parse(KMLDocument.routes(name: "none", sections: [])))
        #expect(empty.map(\.path) == ["kml", "kml/Document", "kml/Document/name"])

        let sections = [
            RouteSection(name: "empty", stops: []),
            RouteSection(name: "one", stops: [Waypoint(name: "Only", latitude: 1, longitude: 2)]),
        ]
        let kml = KMLDocument.routes(name: "edge", sections: sections)
        let edge = try #require(ElementCollector.parse(kml))
        #expect(edge.filter { $0.path == "kml/Document/Folder" }.count == 2)
        #expect(edge.filter { $0.path == "kml/Document/Folder/Placemark" }.count == 1)
        #expect(!kml.contains("LineString"))
    }
}
