import Foundation
import RoutePlanExport
import Testing

@Suite("Multi-route SVG pictures")
struct MultiRouteSVGTests {
    private var tripSVG: String { SVGDocument.routes(name: FijiTrip.name, sections: FijiTrip.sections) }

    @Test func matchesGolden() throws {
        try expectMatchesGolden(tripSVG, named: "routes.svg")
    }

    @Test func eachDayHasItsColourAndNumbers() throws {
        let picture = try Picture(tripSVG)
        #expect(picture.numbersHaveOneDecimal)
        let lines = picture.withClass("route-line")
        #expect(lines.map { $0.attributes["stroke"] } == (0..<3).map { RoutePalette.colour(forSection: $0) })
        #expect(Set(lines.compactMap { $0.attributes["stroke"] }).count == 3)
        #expect(lines.map { $0.attributes["points"]?.split(separator: " ").count } == [4, 5, 2])

        // Stops between a day's first and last, numbered by their order in the day.
        for day in 1...3 {
            let section = FijiTrip.sections[day - 1]
            let circles = picture.withClass("day-\(day)").filter { $0.name == "circle" }
            let inner = section.stops.dropFirst().dropLast()
            #expect(circles.count == inner.count)
            #expect(circles.allSatisfy { $0.attributes["fill"] == RoutePalette.colour(forSection: day - 1) })
            #expect(Set(circles.compactMap { picture.tooltip($0) })
                == Set(inner.indices.map { "\(section.name): \($0 + 1). \(section.stops[$0].name)" }))
        }
        #expect(picture.labels.sorted() == ["2", "2", "3", "3", "4"])
        // Arrows in the day's colour.
        let arrowFills = Set(picture.withClass("arrow").compactMap { $0.attributes["fill"] })
        #expect(arrowFills == Set((0..<3).map { RoutePalette.colour(forSection: $0) }))
    }

    @Test func theLodgingIsDrawnOnce() throws {
        let picture = try Picture(tripSVG)
        let ends = picture.withClass("section-end").filter { $0.classes.contains("stop") }
        // The lodging (start and end of days 1 and 2, start of day 3) and the airstrip (end of day 3).
        #expect(ends.count == 2)
        let tooltips = ends.compactMap { picture.tooltip($0) }
        let lodging = try #require(tooltips.first { $0.hasPrefix(FijiTrip.lodging.name) })
        #expect(lodging.contains("start and end of Day 1 · Mon 21 Sep 2026"))
        #expect(lodging.contains("start and end of Day 2 · Tue 22 Sep 2026"))
        #expect(lodging.contains("start of Day 3"))
        #expect(tooltips.contains { $0.hasPrefix("Matei Airport (end of Day 3") })
        #expect(picture.stopCircles.count == 7)
    }

    @Test func legendNamesEveryDayAndFitsTheCanvas() throws {
        let picture = try Picture(tripSVG)
        let texts = picture.legendTexts
        #expect(texts.contains(FijiTrip.sections[0].name))
        #expect(texts.contains(FijiTrip.sections[1].name))
        // Day 3's name is longer than 40 characters.
        #expect(texts.contains(String(FijiTrip.sections[2].name.prefix(39)) + "…"))
        #expect(texts.contains("Start or end of a day"))
        #expect(texts.contains("3 days, 7 stops"))
        let swatches = picture.withClass("legend-line").compactMap { $0.attributes["stroke"] }
        #expect(swatches == (0..<3).map { RoutePalette.colour(forSection: $0) })
        try expectLegendInsideCanvas(picture)
    }

    @Test func textIsEscaped() throws {
        let svg = tripSVG
        #expect(!svg.contains("<fly out>") && !svg.contains("<3 days>") && !svg.contains("<Taveuni>"))
        let picture = try Picture(svg)
        #expect(picture.documentTitle == FijiTrip.name)
    }

    @Test func daysAcrossTheAntimeridianStayTogether() throws {
        let picture = try Picture(tripSVG)
        let across = try #require(picture.description.firstMatch(of: /about (\d+\.\d) km across/)?.1)
        #expect(try #require(Double(across)) < 100)
        #expect(picture.description.contains("latitude -16.7"))
        // Viani Bay (179.89°) is drawn west of the lodging (-179.9935°).
        let points = try #require(picture.withClass("route-line").first?.attributes["points"])
        let xs = points.split(separator: " ").map { Double($0.split(separator: ",")[0])! }
        #expect(xs[1] < xs[0])
        let label = try #require(picture.scaleLabel)
        #expect(roundScaleValue(label) != nil)
    }

    @Test func coloursCycleAndTheLegendWraps() throws {
        let sections = (0..<9).map { day in
            RouteSection(name: "Day \(day + 1) · a rather long name for the legend", stops: [
                Waypoint(name: "Home", latitude: 38.7, longitude: -9.1),
                Waypoint(name: "Stop \(day + 1)", latitude: 38.7 + 0.01 * cos(Double(day)), longitude: -9.1 + 0.01 * sin(Double(day))),
                Waypoint(name: "Home", latitude: 38.7, longitude: -9.1),
            ])
        }
        let picture = try Picture(SVGDocument.routes(name: "Nine days", sections: sections))
        let strokes = picture.withClass("route-line").compactMap { $0.attributes["stroke"] }
        #expect(strokes.count == 9)
        #expect(strokes[7] == strokes[0] && strokes[8] == strokes[1])
        #expect(Set(strokes.prefix(7)).count == 7)
        #expect(picture.withClass("section-end").filter { $0.name == "circle" && $0.classes.contains("stop") }.count == 1)
        #expect(picture.legendTexts.filter { $0.hasPrefix("Day ") }.count == 9)
        try expectLegendInsideCanvas(picture)
    }

    @Test func manyStopsAreDotsInTheirDaysColours() throws {
        let sections = (0..<2).map { day in
            RouteSection(name: "Day \(day + 1)", stops: (0..<152).map { index in
                Waypoint(name: "S\(index)", latitude: 10 + Double(day) * 0.1, longitude: 20 + Double(index) * 0.001)
            })
        }
        let svg = SVGDocument.routes(name: "Busy", sections: sections)
        let picture = try Picture(svg)
        #expect(picture.labels.isEmpty)
        #expect(picture.withClass("arrow").isEmpty)
        let dots = picture.withClass("stop-dots").compactMap { $0.attributes["stroke"] }
        #expect(dots.count == 3)   // two days and the starts and ends
        #expect(dots.prefix(2) == [RoutePalette.colour(forSection: 0), RoutePalette.colour(forSection: 1)])
        #expect(picture.stopCircles.count == 4)
    }

    @Test func emptyAndOneStopSectionsDoNotCrash() throws {
        let here = Waypoint(name: "Here & now", latitude: 38.7, longitude: -9.1)
        let there = Waypoint(name: "There", latitude: 38.71, longitude: -9.11)
        let cases: [(sections: [RouteSection], circles: Int)] = [
            ([], 0),
            ([RouteSection(name: "empty", stops: [])], 0),
            ([RouteSection(name: "one", stops: [here])], 1),
            ([RouteSection(name: "a", stops: [here]), RouteSection(name: "b", stops: [here])], 1),
            ([RouteSection(name: "empty", stops: []), RouteSection(name: "two", stops: [here, there])], 2),
            ([RouteSection(name: "same", stops: [here, here])], 1),
        ]
        for (sections, circles) in cases {
            let svg = SVGDocument.routes(name: "<edge>", sections: sections)
            let picture = try Picture(svg)
            #expect(picture.stopCircles.count == circles, "\(sections.map(\.name))")
            #expect(picture.numbersHaveOneDecimal)
            #expect(!svg.contains("nan") && !svg.contains("inf"))
            if circles == 0 {
                #expect(picture.withClass("empty").first?.text == "No stops")
            } else {
                #expect(picture.scaleLabel.flatMap(roundScaleValue) != nil)
                try expectLegendInsideCanvas(picture)
            }
        }
    }

    /// Every legend element lies inside the canvas and left of the scale bar.
    private func expectLegendInsideCanvas(_ picture: Picture, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let height = try #require(picture.root.attributes["height"].flatMap(Double.init))
        let frame = try #require(picture.withClass("frame").first)
        let frameBottom = try #require(Double(frame.attributes["y"]!)) + Double(frame.attributes["height"]!)!
        let texts = picture.elements.filter { $0.name == "text" && $0.ancestors.last == "g" && $0.attributes["class"] == nil }
        for text in texts {
            let y = try #require(text.attributes["y"].flatMap(Double.init))
            #expect(y > frameBottom && y < height - 8, "legend text \(text.text) at y \(y) of \(height)", sourceLocation: sourceLocation)
            let x = try #require(text.attributes["x"].flatMap(Double.init))
            #expect(x + Double(text.text.count) * 6.8 <= 800 - 16 - 150, "legend text \(text.text) too far right",
                    sourceLocation: sourceLocation)
        }
    }
}
