import Foundation
import Testing
@testable import RoutePlanTSPLIB

/// Defects 3–6 of the hostile-input issue: distances beyond the solver's limit, asymmetric
/// matrices labelled symmetric, control characters in messages, and the shape of every message.
@Suite struct HostileContentTests {
    static let limit = TSPLIBLimits.maximumDistance

    private func coordinateInstance(_ type: String, _ points: [(Double, Double)]) -> String {
        "NAME: c\nTYPE: TSP\nDIMENSION: \(points.count)\nEDGE_WEIGHT_TYPE: \(type)\nNODE_COORD_SECTION\n"
            + points.enumerated().map { "\($0.offset + 1) \($0.element.0) \($0.element.1)\n" }.joined() + "EOF\n"
    }

    // MARK: Explicit weights

    @Test func explicitWeightsStopAtTheSolversLimit() throws {
        let matrix = "TYPE: ATSP\nDIMENSION: 2\nEDGE_WEIGHT_TYPE: EXPLICIT\nEDGE_WEIGHT_FORMAT: FULL_MATRIX\nEDGE_WEIGHT_SECTION\n"
        let instance = try TSPLIBInstance.parse(matrix + "0 \(Self.limit)\n1 0\n", fileName: "edge.atsp")
        #expect(instance.distance(0, 1) == Self.limit)
        let error = instanceError(matrix + "0 1\n\(Self.limit + 1) 0\n", fileName: "over.atsp")
        #expect(error == .weightOutOfRange(file: "over.atsp", line: 7, token: "1073741824", maximum: Self.limit))
        #expect(error?.description.contains("over.atsp, line 7: edge weight '1073741824'") == true, "\(String(describing: error))")
        #expect(error?.description.contains("1073741823") == true)
        #expect(error?.description.contains("place") == false)
        expectOneLineMessage(error)
        // Written as a decimal, too.
        #expect(instanceError(matrix + "0 1.1e9\n1 0\n", fileName: "over.atsp")
            == .weightOutOfRange(file: "over.atsp", line: 6, token: "1.1e9", maximum: Self.limit))
    }

    @Test func diagonalMayHoldLargeInfinityMarkers() throws {
        let matrix = "TYPE: ATSP\nDIMENSION: 2\nEDGE_WEIGHT_TYPE: EXPLICIT\nEDGE_WEIGHT_FORMAT: FULL_MATRIX\nEDGE_WEIGHT_SECTION\n"
        let instance = try TSPLIBInstance.parse(matrix + "2147483647 5\n7 2147483647\n", fileName: "inf.atsp")
        #expect(instance.distance(0, 1) == 5 && instance.distance(1, 0) == 7)
        #expect(instanceError(matrix + "2147483648 5\n7 0\n", fileName: "inf.atsp")
            == .weightOutOfRange(file: "inf.atsp", line: 6, token: "2147483648", maximum: Int(Int32.max)))
    }

    /// The (row, column) pairs each layout lists, in order, straight from the TSPLIB95 definitions.
    private static func entries(_ format: TSPLIBInstance.EdgeWeightFormat, _ n: Int) -> [(Int, Int)] {
        var result: [(Int, Int)] = []
        switch format {
        case .function: break
        case .fullMatrix: for i in 0..<n { for j in 0..<n { result.append((i, j)) } }
        case .upperRow: for i in 0..<n { for j in 0..<n where j > i { result.append((i, j)) } }
        case .lowerRow: for i in 0..<n { for j in 0..<n where j < i { result.append((i, j)) } }
        case .upperDiagRow: for i in 0..<n { for j in 0..<n where j >= i { result.append((i, j)) } }
        case .lowerDiagRow: for i in 0..<n { for j in 0..<n where j <= i { result.append((i, j)) } }
        case .upperCol: for j in 0..<n { for i in 0..<n where i < j { result.append((i, j)) } }
        case .lowerCol: for j in 0..<n { for i in 0..<n where i > j { result.append((i, j)) } }
        case .upperDiagCol: for j in 0..<n { for i in 0..<n where i <= j { result.append((i, j)) } }
        case .lowerDiagCol: for j in 0..<n { for i in 0..<n where i >= j { result.append((i, j)) } }
        }
        return result
    }

    /// In every layout, a value above the limit is refused exactly off the diagonal.
    @Test(arguments: TSPLIBInstance.EdgeWeightFormat.allCases.filter { $0 != .function })
    func limitAppliesOffTheDiagonalInEveryLayout(format: TSPLIBInstance.EdgeWeightFormat) {
        let n = 4
        let entries = Self.entries(format, n)
        for (k, (i, j)) in entries.enumerated() {
            let numbers = entries.indices.map { $0 == k ? "2000000000" : "1" }
            let text = "TYPE: \(format == .fullMatrix ? "ATSP" : "TSP")\nDIMENSION: \(n)\nEDGE_WEIGHT_TYPE: EXPLICIT\n"
                + "EDGE_WEIGHT_FORMAT: \(format.rawValue)\nEDGE_WEIGHT_SECTION\n" + numbers.joined(separator: "\n") + "\nEOF\n"
            let error = instanceError(text)
            if i == j {
                #expect(error == nil, "\(format.rawValue) entry \(k) (\(i), \(j))")
            } else {
                #expect(error == .weightOutOfRange(file: "test.tsp", line: 6 + k, token: "2000000000", maximum: Self.limit),
                        "\(format.rawValue) entry \(k) (\(i), \(j))")
            }
        }
    }

    // MARK: Coordinates

    @Test(arguments: [("EUC_2D", 1.0), ("CEIL_2D", 1.0), ("ATT", 10.0.squareRoot())])
    func coordinateDistancesStopAtTheSolversLimit(type: String, scale: Double) throws {
        // The largest distance that fits, then one more (ATT divides by √10).
        let fits = (Double(Self.limit) - 0.5) * scale
        let instance = try TSPLIBInstance.parse(coordinateInstance(type, [(0, 0), (5, 5), (fits.rounded(.down), 0)]), fileName: "ok.tsp")
        #expect(instance.distance(0, 2) <= Self.limit)
        let far = (Double(Self.limit) + 2) * scale
        let error = instanceError(coordinateInstance(type, [(0, 0), (5, 5), (far, 0)]), fileName: "far.tsp")
        guard case let .distanceTooLarge(file, line, node, otherNode, otherLine, weightType, distance)? = error else {
            Issue.record("\(type): expected distanceTooLarge, got \(String(describing: error))")
            return
        }
        #expect(file == "far.tsp" && line == 8 && node == 3 && otherNode == 1 && otherLine == 6, "\(error!)")
        #expect(weightType.rawValue == type)
        #expect(distance > Self.limit)
        #expect(error!.description.hasPrefix("far.tsp, line 8: the \(type) distance from node 3 to node 1 (line 6) is \(distance), above the largest supported distance 1073741823"), "\(error!)")
        expectOneLineMessage(error)
    }

    @Test func geoDistancesAlwaysFit() throws {
        let instance = try TSPLIBInstance.parse(coordinateInstance("GEO", [(90, 180), (-90, -180), (0, 0)]), fileName: "geo.tsp")
        #expect(instance.distance(0, 1) < 20_100)
    }

    /// A bounding box wider than the limit does not condemn coordinates whose actual
    /// distances all fit (points on a circle of diameter just under the limit).
    @Test func boundingBoxAloneDoesNotReject() throws {
        let radius = Double(Self.limit - 10) / 2
        let points = (0..<360).map { k -> (Double, Double) in
            let angle = Double(k) * .pi / 180
            return ((radius * cos(angle)).rounded(), (radius * sin(angle)).rounded())
        }
        let instance = try TSPLIBInstance.parse(coordinateInstance("EUC_2D", points), fileName: "circle.tsp")
        #expect(instance.distance(0, 180) <= Self.limit)
    }

    /// The calipers' farthest pair equals a brute-force search on random point sets whose
    /// bounding box exceeds the limit.
    @Test func farthestPairMatchesBruteForce() {
        let seed: UInt64 = 0xFA57_0001
        print("farthestPairMatchesBruteForce: SplitMix64 seed \(seed)")
        var random = SplitMix64(seed: seed)
        for round in 0..<60 {
            let n = 2 + Int(random.next() % 120)
            let spread = Double(Self.limit) * (0.6 + Double(random.next() % 1000) / 1000)
            let points = (0..<n).map { _ -> (Double, Double) in
                // Some rounds on a coarse grid, for duplicates and collinear hull points.
                let x = Double(random.next() % 1_000_001) / 1_000_000 * spread
                let y = Double(random.next() % 1_000_001) / 1_000_000 * spread
                return round % 3 == 0 ? ((x / 1e8).rounded() * 1e8, (y / 1e8).rounded() * 1e8) : (x, y)
            }
            let text = coordinateInstance("EUC_2D", points)
            var largest = 0
            let error = instanceError(text, fileName: "random.tsp")
            // Brute force over the distances the instance would have.
            let unchecked = TSPLIBInstance(
                name: "r", comment: nil, kind: .symmetric, dimension: n, edgeWeightType: .euc2D,
                edgeWeightFormat: .function, coordinates: points.map { TSPLIBInstance.Point(x: $0.0, y: $0.1) }, weights: []
            )
            for i in 0..<n { for j in 0..<n { largest = max(largest, unchecked.distance(i, j)) } }
            let pair = unchecked.farthestPair(beyond: Self.limit)
            if largest > Self.limit {
                #expect(pair?.distance == largest, "seed \(seed), round \(round): \(String(describing: pair)) vs \(largest)")
                guard case let .distanceTooLarge(_, _, _, _, _, _, distance)? = error else {
                    Issue.record("seed \(seed), round \(round): expected distanceTooLarge, got \(String(describing: error))")
                    continue
                }
                #expect(distance == largest, "seed \(seed), round \(round)")
            } else {
                #expect(pair == nil && error == nil, "seed \(seed), round \(round): largest \(largest)")
            }
        }
    }

    /// The same far-apart coordinates are refused whether `routeplan solve` would search the
    /// instance on a cost matrix (1,000 nodes) or on its coordinates (6,000 nodes, from
    /// `TSPLIBInstance.coordinateSearchMinimum` on): the check is in the parser.
    @Test(arguments: [1_000, 6_000])
    func farCoordinatesAreRefusedAtEverySize(nodes: Int) {
        var points = (0..<nodes).map { k in (Double(k % 100), Double(k / 100)) }
        points[nodes - 1] = (2e9, 0)
        let error = instanceError(coordinateInstance("EUC_2D", points), fileName: "far\(nodes).tsp")
        guard case let .distanceTooLarge(file, line, node, _, _, _, distance)? = error else {
            Issue.record("\(nodes) nodes: expected distanceTooLarge, got \(String(describing: error))")
            return
        }
        #expect(file == "far\(nodes).tsp" && node == nodes && line == 5 + nodes && distance > Self.limit)
    }

    // MARK: Asymmetric FULL_MATRIX under TYPE: TSP

    private let fullMatrix = "DIMENSION: 3\nEDGE_WEIGHT_TYPE: EXPLICIT\nEDGE_WEIGHT_FORMAT: FULL_MATRIX\nEDGE_WEIGHT_SECTION\n"

    @Test func asymmetricFullMatrixNeedsTypeATSP() throws {
        let rows = "0 10 20\n10 0 30\n21 30 0\n"
        let error = instanceError("NAME: a\nTYPE: TSP\n" + fullMatrix + rows, fileName: "a.tsp")
        #expect(error == .asymmetricMatrix(file: "a.tsp", line: 9, row: 3, column: 1, value: 21, mirrorValue: 20))
        #expect(error?.description.contains("TYPE: ATSP") == true)
        #expect(error?.description.contains("from node 3 to node 1 is 21 while from node 1 to node 3 it is 20") == true, "\(String(describing: error))")
        expectOneLineMessage(error)
        // Declared ATSP, the same matrix is fine and asymmetric.
        let atsp = try TSPLIBInstance.parse("NAME: a\nTYPE: ATSP\n" + fullMatrix + rows, fileName: "a.atsp")
        #expect(atsp.kind == .asymmetric && atsp.distance(2, 0) == 21 && atsp.distance(0, 2) == 20)
        // TYPE after the section (out of the usual order) is still caught.
        #expect(instanceError("NAME: a\n" + fullMatrix + rows + "TYPE: TSP\n", fileName: "a.tsp")
            == .asymmetricMatrix(file: "a.tsp", line: 8, row: 3, column: 1, value: 21, mirrorValue: 20))
        // A differing diagonal does not count.
        let symmetric = try TSPLIBInstance.parse("TYPE: TSP\n" + fullMatrix + "9 10 20\n10 0 30\n20 30 7\n", fileName: "s.tsp")
        #expect(symmetric.kind == .symmetric)
    }

    @Test func symmetricFullMatrixFixtureStillReads() throws {
        let instance = try TSPLIBInstance(contentsOf: Fixtures.url("bays29.tsp"))
        #expect(instance.edgeWeightFormat == .fullMatrix && instance.kind == .symmetric)
    }

    // MARK: Control characters in messages

    @Test func controlCharactersAreEscapedInMessages() {
        let escape = "\u{1B}[2J\u{1B}[31m"
        let cases: [TSPLIBError?] = [
            instanceError("TYPE: X\(escape)CVRP\n"),
            instanceError("NAME: x\n\(escape)junk line\n"),
            instanceError("NAME: x\nEDGE_WEIGHT_TYPE: EUC\u{7F}3D\n"),
            instanceError("NAME: x\nDIMENSION: 3\u{85}\n"),
            instanceError("NAME: x\nTYPE: TSP\n", fileName: "evil\n\u{1B}[31m.tsp"),
            instanceError("NAME: x\nFIXED\u{9B}_SECTION\n"),
            instanceError("TYPE: TSP\nEDGE_WEIGHT_TYPE: EUC_2D\nDIMENSION: 2\nNODE_COORD_SECTION\n1 0\u{7F} 0\n2 1 1\n"),
            tourError("TYPE: TOUR\nDIMENSION: 2\nTOUR_SECTION\n1 \u{202E}2\n-1\n"),
        ]
        for error in cases {
            expectOneLineMessage(error)
            let text = error?.description ?? ""
            #expect(!text.unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\u{7F}" || $0 == "\u{85}" || $0 == "\u{9B}" || $0 == "\u{202E}" },
                    "\(text.debugDescription)")
        }
        #expect(cases[0]?.description.contains("TYPE 'X\\u{1B}[2J\\u{1B}[31mCVRP'") == true, "\(String(describing: cases[0]))")
        #expect(cases[4]?.description.hasPrefix("evil\\n\\u{1B}[31m.tsp, line 2: ") == true, "\(String(describing: cases[4]))")
        #expect(MessageText.escaped("tab\there\r\n") == "tab\\there\\r\\n")
        #expect(MessageText.escaped("plain 東京 é") == "plain 東京 é")
    }

    // MARK: Every message

    /// One of every case, with hostile strings: each description is one line naming the file
    /// (and line), what is wrong and what to do.
    @Test func everyMessageIsOneLineWithFileLineAndAdvice() {
        let f = "f\u{1B}.tsp", t = "t\u{0}\u{7}ok"
        let all: [TSPLIBError] = [
            .unreadableFile(file: f, reason: "No such file or directory"),
            .notRegularFile(file: f, kind: "a directory"),
            .fileTooLarge(file: f, bytes: 600 << 20, limit: 512 << 20),
            .corruptCompressedFile(file: f, reason: GzipError.invalidData(offset: 0, detail: "x\ny").description),
            .inflatedTooLarge(file: f, limit: 256 << 20),
            .notText(file: f, line: 3, offset: 7, problem: .invalidUTF8, decompressed: true),
            .emptyFile(file: f),
            .unexpectedLine(file: f, line: 1, text: t),
            .duplicateKeyword(file: f, line: 2, keyword: t, firstLine: 1),
            .missingKeyword(file: f, line: 2, keyword: t),
            .missingDimension(file: f, line: 2),
            .invalidDimension(file: f, line: 2, value: t),
            .unsupportedProblemType(file: f, line: 2, value: t),
            .unsupportedEdgeWeightType(file: f, line: 2, value: t),
            .unsupportedEdgeWeightFormat(file: f, line: 2, value: t),
            .unsupportedSection(file: f, line: 2, section: t),
            .missingSection(file: f, line: 2, section: t),
            .invalidNumber(file: f, line: 2, token: t),
            .nonFiniteCoordinate(file: f, line: 2, token: t),
            .coordinateTooLarge(file: f, line: 2, token: t),
            .distanceTooLarge(file: f, line: 9, node: 4, otherNode: 1, otherLine: 6, edgeWeightType: .att, distance: 1 << 31),
            .malformedNodeLine(file: f, line: 2, text: t),
            .nodeOutOfRange(file: f, line: 2, node: 9, dimension: 3),
            .duplicateNode(file: f, line: 3, node: 1, firstLine: 2),
            .tooFewNodes(file: f, line: 2, dimension: 3, found: 1),
            .tooManyNodes(file: f, line: 2, dimension: 3),
            .negativeWeight(file: f, line: 2, token: t),
            .weightOutOfRange(file: f, line: 2, token: t, maximum: TSPLIBLimits.maximumDistance),
            .asymmetricMatrix(file: f, line: 8, row: 3, column: 1, value: 2, mirrorValue: 1),
            .tooFewWeights(file: f, line: 2, format: .upperRow, dimension: 3, expected: 3, found: 1),
            .tooManyWeights(file: f, line: 2, format: .upperRow, dimension: 3, expected: 3),
            .emptyTour(file: f, line: 2),
            .tourNodeOutOfRange(file: f, line: 2, node: 9, dimension: 3),
            .duplicateTourNode(file: f, line: 3, node: 1, firstLine: 2),
            .incompleteTour(file: f, line: 2, dimension: 3, found: 2),
            .tourDoesNotMatchInstance(file: f, line: 2, tourDimension: 3, instance: t, instanceDimension: 4),
        ]
        for error in all {
            expectOneLineMessage(error)
            #expect(error.description.hasPrefix("f\\u{1B}.tsp"), "\(error.description)")
        }
    }
}
