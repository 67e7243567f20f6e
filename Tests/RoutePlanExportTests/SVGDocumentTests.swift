import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import RoutePlanExport
import Testing

/// The elements of an SVG document in document order (name, attributes,
/// text content), or `nil` when `XMLParser` finds it malformed.
final class SVGElements: NSObject, XMLParserDelegate {
    struct Element {
        var name: String
        var attributes: [String: String]
        var text = ""
        /// The names of the enclosing elements, outermost first.
        var ancestors: [String]
        /// The index of the enclosing element in the element list.
        var parent: Int?
        /// This element's index in the element list.
        var index: Int

        var classes: [String] { (attributes["class"] ?? "").split(separator: " ").map(String.init) }
    }

    private(set) var elements: [Element] = []
    private var open: [Int] = []

    func parser(_ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
                qualifiedName: String?, attributes: [String: String] = [:]) {
        elements.append(Element(name: elementName, attributes: attributes,
                                ancestors: open.map { elements[$0].name }, parent: open.last, index: elements.count))
        open.append(elements.count - 1)
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        if let index = open.last { elements[index].text += string }
    }

    func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?) {
        open.removeLast()
    }

    static func parse(_ text: String) -> [Element]? {
        let parser = XMLParser(data: Data(text.utf8))
        let collector = SVGElements()
        parser.delegate = collector
        return parser.parse() ? collector.elements : nil
    }
}

/// What the tests look at in a picture.
struct Picture {
    let elements: [SVGElements.Element]

    init(_ svg: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        elements = try #require(SVGElements.parse(svg), "not well-formed XML", sourceLocation: sourceLocation)
    }

    func withClass(_ name: String) -> [SVGElements.Element] {
        elements.filter { $0.classes.contains(name) }
    }

    var root: SVGElements.Element { elements[0] }

    /// The tooltip (`<title>` child) of `element`.
    func tooltip(_ element: SVGElements.Element) -> String? {
        elements.first { $0.parent == element.index && $0.name == "title" }?.text
    }
    var stopCircles: [SVGElements.Element] { withClass("stop").filter { $0.name == "circle" } }
    var labels: [String] { withClass("stop-label").map(\.text) }
    var documentTitle: String? { elements.first { $0.name == "title" && $0.ancestors == ["svg"] }?.text }
    var description: String { elements.first { $0.name == "desc" }?.text ?? "" }
    var scaleLabel: String? { withClass("scale-label").first?.text }
    var legendTexts: [String] { elements.filter { $0.name == "text" && $0.ancestors.last == "g" && $0.attributes["class"] == nil }.map(\.text) }

    /// The polyline's points in pixels.
    var routePoints: [(x: Double, y: Double)] {
        guard let line = withClass("route-line").first, let points = line.attributes["points"] else { return [] }
        return points.split(separator: " ").map { pair in
            let numbers = pair.split(separator: ",").map { Double($0)! }
            return (numbers[0], numbers[1])
        }
    }

    /// Every number in the document's attributes has exactly one decimal.
    var numbersHaveOneDecimal: Bool {
        let number = /-?\d+(\.\d+)?/
        for element in elements {
            for (key, value) in element.attributes where ["x", "y", "cx", "cy", "r", "width", "height", "points", "d"].contains(key) {
                for match in value.matches(of: number) where !(match.output.1.map { $0.count == 2 } ?? false) {
                    return false
                }
            }
        }
        return true
    }
}

/// The length a scale-bar label stands for, in its units (metres for
/// `m`/`km` labels, coordinate units for `units`), if the label is a round
/// number: 1, 2 or 5 × 10ⁿ.
func roundScaleValue(_ label: String) -> Double? {
    guard let match = label.wholeMatch(of: /(?<digits>\d+(\.\d+)?)(?<unit> m| km| units)/) else { return nil }
    let significant = match.digits.filter { $0 != "." && $0 != "0" }
    guard ["1", "2", "5"].contains(significant), let value = Double(match.digits) else { return nil }
    return match.unit == " km" ? value * 1_000 : value
}

@Suite("SVG pictures")
struct SVGDocumentTests {
    @Test func sampleRouteMatchesGolden() throws {
        try expectMatchesGolden(SVGDocument.route(name: SampleRoute.name, stops: SampleRoute.stops, closed: false),
                                named: "route.svg")
    }

    @Test func fijiMatchesGolden() throws {
        try expectMatchesGolden(SVGDocument.route(name: FijiRoute.name, stops: FijiRoute.stops, closed: false),
                                named: "route-antimeridian.svg")
    }

    /// Eight points on a 100 × 60 field, visited in a closed tour.
    private let planarPoints: [(x: Double, y: Double)] = [
        (0, 0), (40, 10), (100, 0), (90, 35), (100, 60), (50, 50), (0, 60), (15, 30),
    ]
    private let planarOrder = [0, 1, 2, 3, 4, 5, 6, 7]

    @Test func planarMatchesGolden() throws {
        try expectMatchesGolden(
            SVGDocument.planarRoute(name: "eight points <EUC_2D>", points: planarPoints, order: planarOrder, closed: true),
            named: "route-planar.svg"
        )
    }

    @Test func sampleRoundTripIsDrawnOnceWithNumbersAndLegend() throws {
        let svg = SVGDocument.route(name: SampleRoute.name, stops: SampleRoute.stops, closed: false)
        let picture = try Picture(svg)
        #expect(picture.root.name == "svg")
        #expect(picture.root.attributes["version"] == "1.1")
        #expect(picture.root.attributes["width"] == "800.0")
        // Four distinct stops: the return to the start is not drawn again.
        #expect(picture.stopCircles.count == 4)
        #expect(picture.labels.sorted() == ["1", "2", "3", "4"])
        let start = try #require(picture.withClass("start").first)
        #expect(start.classes.contains("end"))
        #expect(picture.tooltip(start) == "1. " + SampleRoute.start.name)
        #expect(picture.legendTexts.contains("Start and end (round trip)"))
        #expect(picture.legendTexts.contains("4 stops"))
        // Five legs' worth of points: four stops and the return.
        #expect(picture.routePoints.count == 5)
        #expect(picture.routePoints.first! == picture.routePoints.last!)
        #expect(picture.withClass("arrow").count == 4)
        #expect(picture.numbersHaveOneDecimal)
        #expect(svg.hasSuffix("</svg>\n"))
    }

    @Test func textIsEscaped() throws {
        let svg = SVGDocument.route(name: SampleRoute.name, stops: SampleRoute.stops, closed: false)
        #expect(svg.contains("<title>Lisbon &amp; &quot;friends&quot; &lt;day 1&gt;</title>"))
        #expect(svg.contains(#">Lisbon &amp; &quot;friends&quot; &lt;day 1&gt;</text>"#))
        #expect(!svg.contains("<day 1>"))
        let picture = try Picture(svg)
        #expect(picture.documentTitle == SampleRoute.name)
        #expect(picture.withClass("title").first?.text == SampleRoute.name)
        let tooltips = picture.stopCircles.compactMap { picture.tooltip($0) }
        #expect(Set(tooltips) == Set(SampleRoute.stops.prefix(4).enumerated().map { "\($0.offset + 1). \($0.element.name)" }))
    }

    @Test func longTitlesAreShortenedOnTheCanvasOnly() throws {
        let name = String(repeating: "Rua & Travessa ", count: 8)
        let picture = try Picture(SVGDocument.route(name: name, stops: SampleRoute.stops, closed: false))
        #expect(picture.documentTitle == name)
        let shown = try #require(picture.withClass("title").first?.text)
        #expect(shown.count == 60)
        #expect(shown.hasSuffix("…"))
    }

    @Test func scaleBarShowsARoundLength() throws {
        let picture = try Picture(SVGDocument.route(name: "r", stops: SampleRoute.stops, closed: false))
        let label = try #require(picture.scaleLabel)
        let metres = try #require(roundScaleValue(label), "not a round length: \(label)")
        // The sample spans about 6 km across 688 px: the bar is 0.5 to 2 km.
        #expect((500.0...2_000).contains(metres))
        #expect(label.hasSuffix(" m") || label.hasSuffix(" km"))
        #expect(!label.hasSuffix("000 m"))
    }

    @Test func antimeridianRouteIsDrawnTheShortWay() throws {
        let svg = SVGDocument.route(name: FijiRoute.name, stops: FijiRoute.stops, closed: true)
        let picture = try Picture(svg)
        #expect(picture.stopCircles.count == 3)
        // The three stops lie within 25 km: a bar of a few km, not thousands.
        let label = try #require(picture.scaleLabel)
        let metres = try #require(roundScaleValue(label))
        #expect(metres <= 10_000)
        #expect(picture.description.contains("latitude -16.7"))
        let across = try #require(picture.description.firstMatch(of: /about (\d+\.\d) km across/)?.1)
        #expect(try #require(Double(across)) < 100)
        // In the picture Viani Bay (179.89°) is west of Waiyevo (-179.996°).
        let points = picture.routePoints
        #expect(points.count == 4)
        #expect(points[0].x < points[1].x && points[1].x < points[2].x)
    }

    @Test func degenerateRoutesStayValid() throws {
        let here = Waypoint(name: "Here", latitude: 38.7, longitude: -9.1)
        let cases: [(stops: [Waypoint], closed: Bool, circles: Int)] = [
            ([], false, 0),
            ([], true, 0),
            ([here], false, 1),
            ([here], true, 1),
            ([here, here], false, 1),
            ([here, here, here], true, 2),
            ([Waypoint(name: "N", latitude: 90, longitude: 0), Waypoint(name: "S", latitude: -90, longitude: 0)], false, 2),
            ([Waypoint(name: "a", latitude: 89.99, longitude: 10), Waypoint(name: "b", latitude: 89.99, longitude: 10.001)], false, 2),
            ([Waypoint(name: "a", latitude: 0, longitude: 180), Waypoint(name: "b", latitude: 0, longitude: -180)], false, 2),
        ]
        for (stops, closed, circles) in cases {
            let svg = SVGDocument.route(name: "<degenerate>", stops: stops, closed: closed)
            let picture = try Picture(svg)
            #expect(picture.stopCircles.count == circles, "\(stops.map(\.name)) closed: \(closed)")
            #expect(picture.numbersHaveOneDecimal)
            #expect(!svg.contains("nan") && !svg.contains("inf"))
            if stops.isEmpty {
                #expect(picture.withClass("empty").first?.text == "No stops")
                #expect(picture.scaleLabel == nil)
            } else {
                let label = try #require(picture.scaleLabel)
                #expect(roundScaleValue(label) != nil, "\(label)")
            }
        }
    }

    @Test func singleStopShowsHalfAKilometre() throws {
        let picture = try Picture(SVGDocument.route(name: "one", stops: [SampleRoute.start], closed: false))
        #expect(picture.scaleLabel == "100 m")
        #expect(picture.labels == ["1"])
        #expect(picture.withClass("start").count == 1)
        #expect(picture.withClass("end").isEmpty)
        #expect(picture.routePoints.isEmpty)
    }

    @Test func openRouteMarksStartAndEnd() throws {
        let stops = Array(SampleRoute.stops.prefix(4))
        let picture = try Picture(SVGDocument.route(name: "open", stops: stops, closed: false))
        #expect(picture.withClass("start").map { picture.tooltip($0) } == ["1. " + stops[0].name])
        #expect(picture.withClass("end").map { picture.tooltip($0) } == ["4. " + stops[3].name])
        #expect(picture.legendTexts.contains("Start"))
        #expect(picture.legendTexts.contains("End"))
        #expect(picture.routePoints.count == 4)

        // Closing it draws the leg back and marks the start as the end.
        let closed = try Picture(SVGDocument.route(name: "closed", stops: stops, closed: true))
        #expect(closed.routePoints.count == 5)
        #expect(closed.withClass("end").count == 1)
        #expect(closed.withClass("end").first?.classes.contains("start") == true)
    }

    @Test func planarTourIsUprightAndClosed() throws {
        let svg = SVGDocument.planarRoute(name: "eight points <EUC_2D>", points: planarPoints, order: planarOrder, closed: true)
        let picture = try Picture(svg)
        #expect(picture.documentTitle == "eight points <EUC_2D>")
        #expect(picture.labels.sorted() == ["1", "2", "3", "4", "5", "6", "7", "8"])
        let points = picture.routePoints
        #expect(points.count == 9)
        #expect(points.first! == points.last!)
        // y up: point 6 (0, 60) is above point 0 (0, 0); same x.
        #expect(points[6].y < points[0].y)
        #expect(points[6].x == points[0].x)
        // Uniform scale: 100 units across, 60 up.
        let width = points[2].x - points[0].x, height = points[0].y - points[6].y
        #expect(abs(width / height - 100.0 / 60.0) < 0.01)
        let label = try #require(picture.scaleLabel)
        #expect(label == "20 units")
        #expect(picture.legendTexts.contains("8 points"))
    }

    @Test func planarEdgeCases() throws {
        let empty = try Picture(SVGDocument.planarRoute(name: "none", points: [], order: [], closed: true))
        #expect(empty.stopCircles.isEmpty)
        let same = try Picture(SVGDocument.planarRoute(name: "same", points: [(5, 5), (5, 5)], order: [0, 1], closed: true))
        #expect(same.stopCircles.count == 2)
        #expect(same.scaleLabel.flatMap(roundScaleValue) != nil)
        let repeated = try Picture(SVGDocument.planarRoute(name: "rep", points: [(0, 0), (1, 1)], order: [0, 1, 0], closed: true))
        #expect(repeated.stopCircles.count == 2)
        #expect(repeated.routePoints.count == 3)
        let tiny = try Picture(SVGDocument.planarRoute(name: "tiny", points: [(0, 0), (0.001, 0.0004)], order: [1, 0], closed: false))
        #expect(tiny.scaleLabel == "0.0002 units")
    }

    @Test func manyPointsAreDotsWithoutLabels() throws {
        let count = 3_000
        let points = (0..<count).map { index -> (x: Double, y: Double) in
            let angle = Double(index) * 2.399963   // golden angle: a sunflower
            let radius = Double(index).squareRoot() * 10
            return (radius * cos(angle), radius * sin(angle))
        }
        let svg = SVGDocument.planarRoute(name: "sunflower", points: points, order: Array(0..<count), closed: true)
        let picture = try Picture(svg)
        #expect(picture.labels.isEmpty)
        #expect(picture.withClass("arrow").isEmpty)
        #expect(picture.withClass("stop-dots").count == 1)
        #expect(picture.stopCircles.count == 1) // the start, which is also the end
        #expect(picture.routePoints.count == count + 1)
        #expect(svg.utf8.count < 30 * count + 3_000)

        // Up to the limit every stop is numbered.
        let limit = SVGDocument.maxNumberedStops
        let numbered = try Picture(SVGDocument.planarRoute(name: "n", points: points, order: Array(0..<limit), closed: false))
        #expect(numbered.labels.count == limit)
    }
}

