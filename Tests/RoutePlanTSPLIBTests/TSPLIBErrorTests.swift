import Foundation
import Testing
import RoutePlanTSPLIB

/// Every malformed input gives the right ``TSPLIBError`` and a description naming file and line.
@Suite struct TSPLIBErrorTests {
    /// Checks the error, and that its description names the file and (when it has one) the line.
    private func check(
        _ error: TSPLIBError?, is expected: TSPLIBError, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(error == expected, sourceLocation: sourceLocation)
        guard let error else { return }
        let text = error.description
        #expect(text.hasPrefix(expected.file), "\(text)", sourceLocation: sourceLocation)
        if let line = expected.line {
            #expect(text.contains("\(expected.file), line \(line): "), "\(text)", sourceLocation: sourceLocation)
        }
        #expect(text.contains("; "), "no advice in: \(text)", sourceLocation: sourceLocation)
        #expect(!text.contains("\n"), "not one sentence: \(text)", sourceLocation: sourceLocation)
    }

    private let header = "NAME: t\nTYPE: TSP\nDIMENSION: 3\nEDGE_WEIGHT_TYPE: EUC_2D\nNODE_COORD_SECTION\n"

    // MARK: Fixture files in Fixtures/tsplib/bad

    @Test func fewerCoordinateLinesThanDimension() {
        check(
            instanceError(at: Fixtures.bad.appendingPathComponent("dimension-mismatch.tsp")),
            is: .tooFewNodes(file: "dimension-mismatch.tsp", line: 6, dimension: 5, found: 4)
        )
    }

    @Test func moreCoordinateLinesThanDimension() {
        check(
            instanceError(at: Fixtures.bad.appendingPathComponent("too-many-nodes.tsp")),
            is: .tooManyNodes(file: "too-many-nodes.tsp", line: 10, dimension: 3)
        )
    }

    @Test func repeatedNodeId() {
        check(
            instanceError(at: Fixtures.bad.appendingPathComponent("duplicate-node.tsp")),
            is: .duplicateNode(file: "duplicate-node.tsp", line: 9, node: 2, firstLine: 8)
        )
    }

    @Test func matrixWithTooFewNumbers() {
        check(
            instanceError(at: Fixtures.bad.appendingPathComponent("short-matrix.atsp")),
            is: .tooFewWeights(
                file: "short-matrix.atsp", line: 7, format: .fullMatrix, dimension: 3, expected: 9, found: 8
            )
        )
    }

    @Test func matrixWithTooManyNumbers() {
        check(
            instanceError(at: Fixtures.bad.appendingPathComponent("long-matrix.tsp")),
            is: .tooManyWeights(file: "long-matrix.tsp", line: 11, format: .upperRow, dimension: 4, expected: 6)
        )
    }

    @Test func negativeExplicitWeight() {
        check(
            instanceError(at: Fixtures.bad.appendingPathComponent("negative-weight.atsp")),
            is: .negativeWeight(file: "negative-weight.atsp", line: 9, token: "-3")
        )
    }

    @Test func nonNumericCoordinateIsQuoted() {
        let error = instanceError(at: Fixtures.bad.appendingPathComponent("bad-number.tsp"))
        check(error, is: .invalidNumber(file: "bad-number.tsp", line: 9, token: "6,5"))
        #expect(error?.description.contains("'6,5'") == true)
    }

    @Test func nanCoordinate() {
        check(
            instanceError(at: Fixtures.bad.appendingPathComponent("nan-coordinate.tsp")),
            is: .nonFiniteCoordinate(file: "nan-coordinate.tsp", line: 8, token: "nan")
        )
    }

    @Test func vehicleRoutingTypeIsUnsupported() {
        check(
            instanceError(at: Fixtures.bad.appendingPathComponent("cvrp.vrp")),
            is: .unsupportedProblemType(file: "cvrp.vrp", line: 3, value: "CVRP")
        )
    }

    @Test func emptyFile() {
        let error = instanceError(at: Fixtures.bad.appendingPathComponent("empty.tsp"))
        #expect(error == .emptyFile(file: "empty.tsp"))
        #expect(error?.description.hasPrefix("empty.tsp: ") == true)
        #expect(instanceError("\n  \r\n\n", fileName: "blank.tsp") == .emptyFile(file: "blank.tsp"))
        #expect(tourError("", fileName: "blank.tour") == .emptyFile(file: "blank.tour"))
    }

    @Test func tourThatRepeatsANode() throws {
        let url = Fixtures.bad.appendingPathComponent("repeated-node.tour")
        var caught: TSPLIBError?
        do { _ = try TSPLIBTour(contentsOf: url) } catch { caught = error }
        check(caught, is: .duplicateTourNode(file: "repeated-node.tour", line: 9, node: 3, firstLine: 7))
    }

    @Test func unreadableFile() {
        let error = instanceError(at: Fixtures.bad.appendingPathComponent("does-not-exist.tsp"))
        guard case let .unreadableFile(file, _)? = error else {
            Issue.record("expected unreadableFile, got \(String(describing: error))")
            return
        }
        #expect(file == "does-not-exist.tsp")
        #expect(error?.description.hasPrefix("does-not-exist.tsp: ") == true)
    }

    // MARK: Specification part

    @Test func missingDimension() {
        check(
            instanceError("NAME: t\nTYPE: TSP\nEDGE_WEIGHT_TYPE: EUC_2D\nNODE_COORD_SECTION\n1 0 0\n"),
            is: .missingDimension(file: "test.tsp", line: 4)
        )
        check(
            instanceError("NAME: t\nTYPE: TSP\nEDGE_WEIGHT_TYPE: EUC_2D\n"),
            is: .missingDimension(file: "test.tsp", line: 3)
        )
    }

    @Test(arguments: ["abc", "-3", "0", "", "12.5", "99999999999999999999"])
    func invalidDimension(value: String) {
        check(
            instanceError("NAME: t\nTYPE: TSP\nDIMENSION: \(value)\nEDGE_WEIGHT_TYPE: EUC_2D\n"),
            is: .invalidDimension(file: "test.tsp", line: 3, value: value)
        )
    }

    @Test(arguments: ["HCP", "SOP", "CVRP", "TOUR", "XYZ"])
    func unsupportedProblemType(value: String) {
        check(
            instanceError("NAME: t\nTYPE: \(value)\nDIMENSION: 3\n"),
            is: .unsupportedProblemType(file: "test.tsp", line: 2, value: value)
        )
    }

    @Test(arguments: ["EUC_3D", "MAN_2D", "MAX_2D", "GEOM", "XRAY1", "SPECIAL", "EUCLID"])
    func unsupportedEdgeWeightType(value: String) {
        check(
            instanceError("NAME: t\nTYPE: TSP\nDIMENSION: 3\nEDGE_WEIGHT_TYPE: \(value)\n"),
            is: .unsupportedEdgeWeightType(file: "test.tsp", line: 4, value: value)
        )
    }

    @Test func unsupportedEdgeWeightFormat() {
        check(
            instanceError("TYPE: TSP\nDIMENSION: 3\nEDGE_WEIGHT_TYPE: EXPLICIT\nEDGE_WEIGHT_FORMAT: UPPER_TRIANGLE\n"),
            is: .unsupportedEdgeWeightFormat(file: "test.tsp", line: 4, value: "UPPER_TRIANGLE")
        )
        // FUNCTION cannot describe an explicit matrix.
        check(
            instanceError("TYPE: TSP\nDIMENSION: 2\nEDGE_WEIGHT_TYPE: EXPLICIT\nEDGE_WEIGHT_FORMAT: FUNCTION\nEDGE_WEIGHT_SECTION\n0 1 1 0\n"),
            is: .unsupportedEdgeWeightFormat(file: "test.tsp", line: 4, value: "FUNCTION")
        )
    }

    @Test func missingKeywords() {
        check(
            instanceError("NAME: t\nDIMENSION: 1\nEDGE_WEIGHT_TYPE: EUC_2D\nNODE_COORD_SECTION\n1 0 0\nEOF\n"),
            is: .missingKeyword(file: "test.tsp", line: 6, keyword: "TYPE")
        )
        check(
            instanceError("TYPE: TSP\nDIMENSION: 1\nNODE_COORD_SECTION\n1 0 0\n"),
            is: .missingKeyword(file: "test.tsp", line: 4, keyword: "EDGE_WEIGHT_TYPE")
        )
        check(
            instanceError("TYPE: ATSP\nDIMENSION: 2\nEDGE_WEIGHT_TYPE: EXPLICIT\nEDGE_WEIGHT_SECTION\n0 1 1 0\n"),
            is: .missingKeyword(file: "test.tsp", line: 4, keyword: "EDGE_WEIGHT_FORMAT")
        )
    }

    @Test func missingDataSections() {
        check(
            instanceError("TYPE: TSP\nDIMENSION: 2\nEDGE_WEIGHT_TYPE: GEO\nEOF\n"),
            is: .missingSection(file: "test.tsp", line: 4, section: "NODE_COORD_SECTION")
        )
        check(
            instanceError("TYPE: ATSP\nDIMENSION: 2\nEDGE_WEIGHT_TYPE: EXPLICIT\nEDGE_WEIGHT_FORMAT: FULL_MATRIX\n"),
            is: .missingSection(file: "test.tsp", line: 4, section: "EDGE_WEIGHT_SECTION")
        )
    }

    @Test func unsupportedSections() {
        check(
            instanceError(header + "1 0 0\n2 0 1\n3 1 1\nFIXED_EDGES_SECTION\n1 2\n-1\n"),
            is: .unsupportedSection(file: "test.tsp", line: 9, section: "FIXED_EDGES_SECTION")
        )
        check(
            instanceError("TYPE: TSP\nDIMENSION: 2\nEDGE_WEIGHT_TYPE: EUC_2D\nEDGE_WEIGHT_FORMAT: FULL_MATRIX\nEDGE_WEIGHT_SECTION\n0 1 1 0\n"),
            is: .unsupportedSection(file: "test.tsp", line: 5, section: "EDGE_WEIGHT_SECTION")
        )
    }

    @Test func duplicateKeywordAndStrayLine() {
        check(
            instanceError("TYPE: TSP\nDIMENSION: 3\nDIMENSION: 4\n"),
            is: .duplicateKeyword(file: "test.tsp", line: 3, keyword: "DIMENSION", firstLine: 2)
        )
        check(
            instanceError("TYPE: TSP\nthis is not a keyword line\n"),
            is: .unexpectedLine(file: "test.tsp", line: 2, text: "this is not a keyword line")
        )
    }

    // MARK: NODE_COORD_SECTION

    @Test func nodeIdOutOfRange() {
        check(
            instanceError(header + "1 0 0\n4 0 1\n3 1 1\n"),
            is: .nodeOutOfRange(file: "test.tsp", line: 7, node: 4, dimension: 3)
        )
        check(
            instanceError(header + "0 0 0\n"),
            is: .nodeOutOfRange(file: "test.tsp", line: 6, node: 0, dimension: 3)
        )
    }

    @Test func malformedNodeLines() {
        check(
            instanceError(header + "1 0 0\n2 5\n"),
            is: .malformedNodeLine(file: "test.tsp", line: 7, text: "2 5")
        )
        check(
            instanceError(header + "1 0 0 0\n"),
            is: .malformedNodeLine(file: "test.tsp", line: 6, text: "1 0 0 0")
        )
        check(
            instanceError(header + "1.5 0 0\n"),
            is: .invalidNumber(file: "test.tsp", line: 6, token: "1.5")
        )
        check(
            instanceError(header + "1 0 0\nx 1 2\n"),
            is: .invalidNumber(file: "test.tsp", line: 7, token: "x")
        )
    }

    @Test(arguments: ["inf", "-infinity", "1e999", "NaN"])
    func nonFiniteCoordinates(token: String) {
        check(
            instanceError(header + "1 0 0\n2 5 \(token)\n"),
            is: .nonFiniteCoordinate(file: "test.tsp", line: 7, token: token)
        )
    }

    @Test func hugeCoordinate() {
        check(
            instanceError(header + "1 2e15 0\n"),
            is: .coordinateTooLarge(file: "test.tsp", line: 6, token: "2e15")
        )
    }

    // MARK: EDGE_WEIGHT_SECTION

    @Test func badWeights() {
        let matrix = "TYPE: ATSP\nDIMENSION: 2\nEDGE_WEIGHT_TYPE: EXPLICIT\nEDGE_WEIGHT_FORMAT: FULL_MATRIX\nEDGE_WEIGHT_SECTION\n"
        check(
            instanceError(matrix + "0 1\n1 zero\n"),
            is: .invalidNumber(file: "test.tsp", line: 7, token: "zero")
        )
        check(
            instanceError(matrix + "0 1.5\n1 0\n"),
            is: .weightOutOfRange(file: "test.tsp", line: 6, token: "1.5", maximum: TSPLIBLimits.maximumDistance)
        )
        check(
            instanceError(matrix + "0 3000000000\n1 0\n"),
            is: .weightOutOfRange(file: "test.tsp", line: 6, token: "3000000000", maximum: TSPLIBLimits.maximumDistance)
        )
        check(
            instanceError(matrix + "0 1\n-1e2 0\n"),
            is: .negativeWeight(file: "test.tsp", line: 7, token: "-1e2")
        )
    }

    @Test func enormousDimensionDoesNotAllocate() {
        // n² overflows Int: reported as too few numbers rather than attempting the allocation.
        check(
            instanceError("TYPE: ATSP\nDIMENSION: 9223372036854775807\nEDGE_WEIGHT_TYPE: EXPLICIT\nEDGE_WEIGHT_FORMAT: FULL_MATRIX\nEDGE_WEIGHT_SECTION\n0 1\n"),
            is: .tooFewWeights(
                file: "test.tsp", line: 5, format: .fullMatrix, dimension: Int.max, expected: nil, found: 2
            )
        )
        check(
            instanceError("TYPE: TSP\nDIMENSION: 9223372036854775807\nEDGE_WEIGHT_TYPE: EUC_2D\nNODE_COORD_SECTION\n9223372036854775807 0 0\n"),
            is: .tooFewNodes(file: "test.tsp", line: 4, dimension: Int.max, found: 1)
        )
        check(
            tourError("TYPE: TOUR\nDIMENSION: 1000000000000\nTOUR_SECTION\n1 2\n-1\n"),
            is: .incompleteTour(file: "test.tour", line: 3, dimension: 1_000_000_000_000, found: 2)
        )
    }

    // MARK: Tours

    @Test func toursThatAreNotPermutations() {
        check(
            tourError("TYPE: TOUR\nDIMENSION: 3\nTOUR_SECTION\n1\n2\n4\n-1\n"),
            is: .tourNodeOutOfRange(file: "test.tour", line: 6, node: 4, dimension: 3)
        )
        check(
            tourError("TYPE: TOUR\nDIMENSION: 3\nTOUR_SECTION\n1 0 2\n-1\n"),
            is: .tourNodeOutOfRange(file: "test.tour", line: 4, node: 0, dimension: 3)
        )
        check(
            tourError("TYPE: TOUR\nDIMENSION: 4\nTOUR_SECTION\n1 2 3\n-1\n"),
            is: .incompleteTour(file: "test.tour", line: 3, dimension: 4, found: 3)
        )
        check(
            tourError("TYPE: TOUR\nDIMENSION: 3\nTOUR_SECTION\n-1\n"),
            is: .emptyTour(file: "test.tour", line: 3)
        )
        check(
            tourError("TYPE: TOUR\nDIMENSION: 3\nTOUR_SECTION\n1 two 3\n-1\n"),
            is: .invalidNumber(file: "test.tour", line: 4, token: "two")
        )
        check(
            tourError("NAME: t\nTYPE: TSP\n"),
            is: .unsupportedProblemType(file: "test.tour", line: 2, value: "TSP")
        )
        check(
            tourError("NAME: t\nTYPE: TOUR\nDIMENSION: 3\n"),
            is: .missingSection(file: "test.tour", line: 3, section: "TOUR_SECTION")
        )
    }

    @Test func tourForAnotherInstance() throws {
        let instance = try TSPLIBInstance(contentsOf: Fixtures.url("ulysses22.tsp"))
        let tour = try TSPLIBTour(contentsOf: Fixtures.url("ulysses16.opt.tour"))
        var caught: TSPLIBError?
        do { try tour.validate(against: instance) } catch { caught = error }
        check(
            caught,
            is: .tourDoesNotMatchInstance(
                file: "ulysses16.opt.tour", line: 4, tourDimension: 16, instance: "ulysses22.tsp", instanceDimension: 22
            )
        )
    }

    @Test func longTokensAreShortenedInMessages() {
        let garbage = String(repeating: "z", count: 500)
        guard case let .invalidNumber(_, _, token)? = instanceError(header + "1 \(garbage) 0\n") else {
            Issue.record("expected invalidNumber")
            return
        }
        #expect(token.count < 70)
    }
}
