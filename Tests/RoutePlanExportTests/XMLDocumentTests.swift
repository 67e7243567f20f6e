import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import RoutePlanExport
import Testing

/// Collects the elements of an XML document (name, attributes, text) in
/// document order, failing on malformed XML.
final class ElementCollector: NSObject, XMLParserDelegate {
    struct Element {
        var path: String
        var attributes: [String: String]
        var text = ""
    }

    private(set) var elements: [Element] = []
    private var stack: [Int] = []
    private var names: [String] = []

    func parser(_ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
                qualifiedName: String?, attributes: [String: String] = [:]) {
        names.append(elementName)
        elements.append(Element(path: names.joined(separator: "/"), attributes: attributes))
        stack.append(elements.count - 1)
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        if let index = stack.last { elements[index].text += string }
    }

    func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?) {
        names.removeLast()
        stack.removeLast()
    }

    static func parse(_ text: String) -> [Element]? {
        let parser = XMLParser(data: Data(text.utf8))
        let collector = ElementCollector()
        parser.delegate = collector
        return parser.parse() ? collector.elements : nil
    }
}

@Suite("GPX and KML documents")
struct XMLDocumentTests {
    @Test func gpxMatchesGolden() throws {
        try expectMatchesGolden(GPXDocument.route(name: SampleRoute.name, stops: SampleRoute.stops), named: "route.gpx")
    }

    @Test func gpxParsesBackToTheRoute() throws {
        let gpx = GPXDocument.route(name: SampleRoute.name, stops: SampleRoute.stops, creator: #"me & "you""#)
        let elements = try #require(ElementCollector.parse(gpx))

        let root = try #require(elements.first)
        #expect(root.path == "gpx")
        #expect(root.attributes["version"] == "1.1")
        #expect(root.attributes["creator"] == #"me & "you""#)
        #expect(root.attributes["xmlns"] == "http://www.topografix.com/GPX/1/1")
        #expect(elements.filter { $0.path == "gpx/metadata/name" }.map(\.text) == [SampleRoute.name])
        #expect(elements.filter { $0.path == "gpx/rte/name" }.map(\.text) == [SampleRoute.name])

        // One wpt per distinct stop (the round trip's return is not repeated).
        let distinct = Array(SampleRoute.stops.prefix(4))
        #expect(elements.filter { $0.path == "gpx/wpt/name" }.map(\.text) == distinct.map(\.name))
        #expect(elements.filter { $0.path == "gpx/wpt" }.count == 4)

        // One rtept per stop, in order, with coordinates.
        #expect(elements.filter { $0.path == "gpx/rte/rtept/name" }.map(\.text) == SampleRoute.stops.map(\.name))
        let points = elements.filter { $0.path == "gpx/rte/rtept" }
        #expect(points.map { $0.attributes["lat"] } == ["38.7107", "38.713909", "38.710652", "38.693611", "38.7107"])
        #expect(points.map { $0.attributes["lon"] } == ["-9.1366", "-9.133476", "-9.142284", "-9.205833", "-9.1366"])
    }

    @Test func gpxEscapesAndDropsInvalidCharacters() {
        let stop = Waypoint(name: "a<b>&'\"\u{01}c", latitude: 0.5, longitude: -0.0)
        let gpx = GPXDocument.route(name: "r", stops: [stop])
        #expect(gpx.contains("<name>a&lt;b&gt;&amp;&apos;&quot;c</name>"))
        #expect(gpx.contains(#"<wpt lat="0.5" lon="0">"#))
    }

    @Test func gpxWithNoStops() {
        #expect(GPXDocument.route(name: "Empty", stops: []) == """
            <?xml version="1.0" encoding="UTF-8"?>
            <gpx version="1.1" creator="routeplan" xmlns="http://www.topografix.com/GPX/1/1">
              <metadata>
                <name>Empty</name>
              </metadata>
              <rte>
                <name>Empty</name>
              </rte>
            </gpx>

            """)
    }

    @Test func kmlMatchesGolden() throws {
        try expectMatchesGolden(KMLDocument.route(name: SampleRoute.name, stops: SampleRoute.stops), named: "route.kml")
    }

    @Test func kmlParsesBackToTheRoute() throws {
        let kml = KMLDocument.route(name: SampleRoute.name, stops: SampleRoute.stops)
        let elements = try #require(ElementCollector.parse(kml))
        #expect(elements.first?.path == "kml")
        let names = elements.filter { $0.path == "kml/Document/Placemark/name" }.map(\.text)
        #expect(names == SampleRoute.stops.enumerated().map { "\($0.offset + 1). \($0.element.name)" } + [SampleRoute.name])
        let line = elements.first { $0.path == "kml/Document/Placemark/LineString/coordinates" }
        #expect(line?.text == "-9.1366,38.7107 -9.133476,38.713909 -9.142284,38.710652 -9.205833,38.693611 -9.1366,38.7107")
    }

    @Test func kmlWithOneStopHasNoLine() {
        let kml = KMLDocument.route(name: "One", stops: [Waypoint(name: "Only", latitude: 1, longitude: 2)])
        #expect(!kml.contains("LineString"))
        #expect(kml.contains("<Point><coordinates>2,1</coordinates></Point>"))
    }
}
