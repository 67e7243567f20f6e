import Foundation
import Testing
import RoutePlanTSPLIB

/// Distance functions on hand-made instances, and the file-format variations real files use.
@Suite struct TSPLIBParsingTests {
    private func instance(type: String, _ nodes: [(Double, Double)]) throws -> TSPLIBInstance {
        var text = "NAME: t\nTYPE: TSP\nDIMENSION: \(nodes.count)\nEDGE_WEIGHT_TYPE: \(type)\nNODE_COORD_SECTION\n"
        for (index, node) in nodes.enumerated() {
            text += "\(index + 1) \(node.0) \(node.1)\n"
        }
        return try TSPLIBInstance.parse(text + "EOF\n", fileName: "t.tsp")
    }

    @Test func euclideanRoundsToNearest() throws {
        let t = try instance(type: "EUC_2D", [(0, 0), (3, 4), (1, 1), (1.5, 0)])
        #expect(t.distance(0, 1) == 5)
        #expect(t.distance(0, 2) == 1)  // 1.414… → 1
        #expect(t.distance(0, 3) == 2)  // 1.5 → 2 (nint rounds halves up)
        #expect(t.distance(2, 2) == 0)
    }

    @Test func ceilingRoundsUp() throws {
        let t = try instance(type: "CEIL_2D", [(0, 0), (3, 4), (1, 1)])
        #expect(t.distance(0, 1) == 5)
        #expect(t.distance(0, 2) == 2)  // 1.414… → 2
    }

    @Test func attPseudoEuclidean() throws {
        let t = try instance(type: "ATT", [(0, 0), (10, 0), (30, 40)])
        #expect(t.distance(0, 1) == 4)  // r = sqrt(100/10) = 3.16…, nint 3 < r → 4
        #expect(t.distance(0, 2) == 16)  // r = sqrt(2500/10) = 15.81…, nint 16 ≥ r → 16
        #expect(t.distance(1, 2) == 15)  // r = sqrt(2000/10) = 14.14…, nint 14 < r → 15
    }

    /// `distance` computes ATT as ceil(r); check it against the literal TSPLIB95 rule on
    /// every pair of att48 (and att532 when the shared collection is present).
    @Test func attMatchesLiteralTSPLIBRuleOnAllPairs() throws {
        var files = [Fixtures.url("att48.tsp")]
        if Fixtures.sharedExists { files.append(Fixtures.shared.appendingPathComponent("att532.tsp")) }
        for url in files {
            let att = try TSPLIBInstance(contentsOf: url)
            let points = try #require(att.coordinates)
            for i in 0..<att.dimension {
                for j in 0..<att.dimension {
                    let dx = points[i].x - points[j].x, dy = points[i].y - points[j].y
                    let r = ((dx * dx + dy * dy) / 10.0).squareRoot()
                    let t = Int(r + 0.5)
                    let literal = Double(t) < r ? t + 1 : t
                    if att.distance(i, j) != literal {
                        Issue.record("\(url.lastPathComponent) (\(i), \(j)): \(att.distance(i, j)) ≠ \(literal)")
                        return
                    }
                }
            }
        }
    }

    @Test func geoUsesTruncatedDegreesAndTSPLIBConstants() throws {
        // ulysses16 nodes 1 and 2, (38.24 20.42) and (39.57 26.15): 509 km by the TSPLIB95 formula.
        let t = try instance(type: "GEO", [(38.24, 20.42), (39.57, 26.15), (-38.24, -20.42)])
        #expect(t.distance(0, 1) == 509)
        #expect(t.distance(1, 0) == 509)
        #expect(t.distance(0, 0) == 0)
        // Negative coordinates: degrees truncate toward zero (-38.24 is -38° 24').
        #expect(t.distance(0, 2) == 9542)
        #expect(t.coordinates?[2] == TSPLIBInstance.Point(x: -38.24, y: -20.42))
    }

    @Test func keywordSpacingCRLFAndNumberForms() throws {
        let text = [
            "NAME:spacing", "TYPE :TSP", "COMMENT : first", "COMMENT: second",
            "DIMENSION:   3  ", "EDGE_WEIGHT_TYPE\t:\tEUC_2D", "DISPLAY_DATA_TYPE: COORD_DISPLAY",
            "NODE_COORD_SECTION", "  1   1.2e+03   -5.0E-1", "2 1200 +2.5", "3\t.5e3\t0.00000e+00",
            "EOF", "", "",
        ].joined(separator: "\r\n")
        let t = try TSPLIBInstance.parse(text, fileName: "spacing.tsp")
        #expect(t.name == "spacing")
        #expect(t.comment == "first\nsecond")
        #expect(t.dimension == 3)
        #expect(t.edgeWeightType == .euc2D)
        #expect(t.edgeWeightFormat == .function)
        #expect(t.coordinates == [
            .init(x: 1200, y: -0.5), .init(x: 1200, y: 2.5), .init(x: 500, y: 0),
        ])
        #expect(t.distance(0, 1) == 3)
    }

    @Test func byteOrderMarkIsIgnored() throws {
        let t = try TSPLIBInstance.parse(
            "\u{FEFF}TYPE: TSP\nDIMENSION: 1\nEDGE_WEIGHT_TYPE: EUC_2D\nNODE_COORD_SECTION\n1 0 0\n", fileName: "bom.tsp"
        )
        #expect(t.kind == .symmetric)
    }

    @Test func missingEOFAndNoNameAreFine() throws {
        let t = try TSPLIBInstance.parse(
            "TYPE: TSP\nDIMENSION: 2\nEDGE_WEIGHT_TYPE: EUC_2D\nNODE_COORD_SECTION\n2 3 4\n1 0 0",
            fileName: "noname.tsp"
        )
        #expect(t.name == "noname")
        #expect(t.comment == nil)
        // Nodes are stored by id, not by line order.
        #expect(t.coordinates?[0] == TSPLIBInstance.Point(x: 0, y: 0))
        #expect(t.distance(0, 1) == 5)
    }

    @Test func crlfCopyOfRealFileGivesSameOptimum() throws {
        let text = try Fixtures.text(Fixtures.url("berlin52.tsp"))
        let crlf = text.replacingOccurrences(of: "\n", with: "\r\n")
        let instance = try TSPLIBInstance.parse(crlf, fileName: "berlin52.tsp")
        let tourText = try Fixtures.text(Fixtures.url("berlin52.opt.tour"))
        let tour = try TSPLIBTour.parse(tourText.replacingOccurrences(of: "\n", with: "\r\n"), fileName: "berlin52.opt.tour")
        #expect(tour.length(in: instance) == 7542)
    }

    @Test func displayDataSectionIsSkippedAndTypeNotesIgnored() throws {
        let bayg29 = try TSPLIBInstance(contentsOf: Fixtures.url("bayg29.tsp"))
        #expect(bayg29.coordinates == nil)
        // si175 says `TYPE: TSP (M.~Hofmeister)`.
        let si175 = try TSPLIBInstance(contentsOf: Fixtures.url("si175.tsp"))
        #expect(si175.kind == .symmetric)
        #expect(si175.name == "si175")
    }

    @Test func explicitInstanceKeepsNodeCoordinates() throws {
        let text = """
            NAME: withcoords
            TYPE: ATSP
            DIMENSION: 2
            EDGE_WEIGHT_TYPE: EXPLICIT
            EDGE_WEIGHT_FORMAT: FULL_MATRIX
            NODE_COORD_SECTION
            1 0 0
            2 1 1
            EDGE_WEIGHT_SECTION
            0 7
            9 0
            """
        let t = try TSPLIBInstance.parse(text, fileName: "withcoords.atsp")
        #expect(t.coordinates?.count == 2)
        #expect(t.distance(0, 1) == 7)
        #expect(t.distance(1, 0) == 9)
    }

    @Test func weightsWrittenAsWholeDecimalsAreAccepted() throws {
        let text = "TYPE: ATSP\nDIMENSION: 2\nEDGE_WEIGHT_TYPE: EXPLICIT\nEDGE_WEIGHT_FORMAT: FULL_MATRIX\nEDGE_WEIGHT_SECTION\n0 12.0\n1e3 0\n"
        let t = try TSPLIBInstance.parse(text, fileName: "decimals.atsp")
        #expect(t.distance(0, 1) == 12)
        #expect(t.distance(1, 0) == 1000)
    }

    @Test func tourWithoutDimensionAndSeveralNodesPerLine() throws {
        let tour = try TSPLIBTour.parse(
            "NAME : t.opt.tour\nTYPE : TOUR\nTOUR_SECTION\n 1 3\n 2\n4 -1\nEOF\n", fileName: "t.opt.tour"
        )
        #expect(tour.dimension == 4)
        #expect(tour.nodes == [0, 2, 1, 3])
        #expect(tour.name == "t.opt.tour")
    }

    @Test func tourLengthIsClosed() throws {
        let square = try instance(type: "EUC_2D", [(0, 0), (0, 10), (10, 10), (10, 0)])
        let tour = try TSPLIBTour.parse("TYPE: TOUR\nDIMENSION: 4\nTOUR_SECTION\n1 2 3 4\n-1\n", fileName: "sq.tour")
        #expect(tour.length(in: square) == 40)
        let crossing = try TSPLIBTour.parse("TOUR_SECTION\n1 3 2 4\n-1\n", fileName: "x.tour")
        #expect(crossing.length(in: square) == 14 + 10 + 14 + 10)
    }

    @Test func parsesFromURLAndStringAlike() throws {
        let url = Fixtures.url("att48.tsp")
        let fromURL = try TSPLIBInstance(contentsOf: url)
        let fromText = try TSPLIBInstance.parse(try Fixtures.text(url), fileName: "att48.tsp")
        #expect(fromURL.name == "att48")
        #expect(fromURL.coordinates == fromText.coordinates)
        #expect(fromURL.distance(3, 7) == fromText.distance(3, 7))
    }
}
