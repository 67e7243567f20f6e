import Foundation
import Testing
import RoutePlanTSPLIB

/// Explicit matrices: entries read from the files by hand, symmetry, asymmetry.
@Suite struct TSPLIBExplicitMatrixTests {
    private func load(_ name: String) throws -> TSPLIBInstance {
        try TSPLIBInstance(contentsOf: Fixtures.url(name))
    }

    @Test func br17FullMatrixEntries() throws {
        let br17 = try load("br17.atsp")
        #expect(br17.kind == .asymmetric)
        #expect(br17.edgeWeightFormat == .fullMatrix)
        // Row 1: 9999 3 5 48 48 8 ... (first row wraps onto a second line after 16 numbers).
        #expect(br17.distance(0, 0) == 9999)  // the file's diagonal, kept as written
        #expect(br17.distance(0, 1) == 3)
        #expect(br17.distance(0, 3) == 48)
        #expect(br17.distance(0, 16) == 5)
        #expect(br17.distance(1, 0) == 3)
        #expect(br17.distance(16, 2) == 26)
    }

    @Test func br17IsAsymmetricWhereTheFileIs() throws {
        let br17 = try load("br17.atsp")
        // Row 3 lists 72 72 48 48 24 to nodes 4..8; rows 4..8 list 74 74 50 50 26 back to node 3.
        #expect(br17.distance(2, 3) == 72)
        #expect(br17.distance(3, 2) == 74)
        #expect(br17.distance(2, 5) == 48)
        #expect(br17.distance(5, 2) == 50)
        #expect(br17.distance(2, 7) == 24)
        #expect(br17.distance(7, 2) == 26)
        var asymmetricPairs = 0
        for i in 0..<br17.dimension {
            for j in (i + 1)..<br17.dimension where br17.distance(i, j) != br17.distance(j, i) {
                asymmetricPairs += 1
            }
        }
        #expect(asymmetricPairs == 18)  // unordered pairs {i, j} with d(i, j) ≠ d(j, i)
    }

    @Test func ftv33AndP43Entries() throws {
        let ftv33 = try load("ftv33.atsp")
        #expect(ftv33.dimension == 34)
        #expect(ftv33.distance(0, 0) == 100_000_000)
        #expect(ftv33.distance(0, 1) == 26)
        #expect(ftv33.distance(1, 0) == 66)
        #expect(ftv33.distance(1, 1) == 100_000_000)
        let p43 = try load("p43.atsp")
        #expect(p43.distance(0, 0) == 0)
        #expect(p43.distance(0, 4) == 10)
        #expect(p43.distance(0, 5) == 60)
        #expect(p43.distance(1, 0) == 36)
    }

    @Test func gr17LowerDiagRowEntries() throws {
        // 0 | 633 0 | 257 390 0 | 91 661 228 0 | 412 227 ...
        let gr17 = try load("gr17.tsp")
        #expect(gr17.distance(1, 0) == 633)
        #expect(gr17.distance(0, 1) == 633)
        #expect(gr17.distance(2, 0) == 257)
        #expect(gr17.distance(2, 1) == 390)
        #expect(gr17.distance(3, 1) == 661)
        #expect(gr17.distance(1, 3) == 661)
        #expect(gr17.distance(4, 0) == 412)
        #expect(gr17.distance(4, 1) == 227)
    }

    @Test func fri26LowerDiagRowOneNumberPerLine() throws {
        // 0 | 83 0 | 93 40 0 | ...
        let fri26 = try load("fri26.tsp")
        #expect(fri26.distance(1, 0) == 83)
        #expect(fri26.distance(2, 0) == 93)
        #expect(fri26.distance(2, 1) == 40)
        #expect(fri26.distance(1, 2) == 40)
    }

    @Test func bayg29UpperRowEntries() throws {
        // Row 1 lists nodes 2..29: 97 205 139 ...; row 2 starts 129 103 71.
        let bayg29 = try load("bayg29.tsp")
        #expect(bayg29.distance(0, 1) == 97)
        #expect(bayg29.distance(0, 2) == 205)
        #expect(bayg29.distance(2, 0) == 205)
        #expect(bayg29.distance(1, 2) == 129)
        #expect(bayg29.distance(1, 3) == 103)
        #expect(bayg29.distance(3, 1) == 103)
        #expect(bayg29.distance(5, 5) == 0)  // no diagonal in UPPER_ROW
    }

    @Test func bays29FullMatrixEntries() throws {
        let bays29 = try load("bays29.tsp")
        #expect(bays29.distance(0, 1) == 107)
        #expect(bays29.distance(0, 2) == 241)
        #expect(bays29.distance(1, 2) == 148)
        #expect(bays29.distance(3, 2) == 374)
    }

    @Test func si175UpperDiagRowEntries() throws {
        // Row 1 has 175 numbers (0 113 189 ...), row 2 starts with its diagonal: 0 177 291.
        let si175 = try load("si175.tsp")
        #expect(si175.distance(0, 0) == 0)
        #expect(si175.distance(0, 1) == 113)
        #expect(si175.distance(0, 2) == 189)
        #expect(si175.distance(2, 0) == 189)
        #expect(si175.distance(1, 2) == 177)
        #expect(si175.distance(3, 1) == 291)
    }

    @Test(arguments: ["gr17.tsp", "fri26.tsp", "bayg29.tsp", "bays29.tsp", "si175.tsp"])
    func symmetricExplicitMatricesAreSymmetric(file: String) throws {
        let instance = try load(file)
        #expect(instance.kind == .symmetric)
        var mismatches = 0
        for i in 0..<instance.dimension {
            for j in 0..<instance.dimension where instance.distance(i, j) != instance.distance(j, i) {
                mismatches += 1
            }
        }
        #expect(mismatches == 0)
    }

    /// Every triangular layout of the same 4×4 symmetric matrix gives the same distances.
    @Test(arguments: [
        ("FULL_MATRIX", "0 1 2 3  1 0 4 5  2 4 0 6  3 5 6 0"),
        ("UPPER_ROW", "1 2 3  4 5  6"),
        ("LOWER_ROW", "1  2 4  3 5 6"),
        ("UPPER_DIAG_ROW", "0 1 2 3  0 4 5  0 6  0"),
        ("LOWER_DIAG_ROW", "0  1 0  2 4 0  3 5 6 0"),
        ("UPPER_COL", "1  2 4  3 5 6"),
        ("LOWER_COL", "1 2 3  4 5  6"),
        ("UPPER_DIAG_COL", "0  1 0  2 4 0  3 5 6 0"),
        ("LOWER_DIAG_COL", "0 1 2 3  0 4 5  0 6  0"),
    ])
    func everyMatrixLayout(format: String, numbers: String) throws {
        let text = """
            NAME: layout
            TYPE: TSP
            DIMENSION: 4
            EDGE_WEIGHT_TYPE: EXPLICIT
            EDGE_WEIGHT_FORMAT: \(format)
            EDGE_WEIGHT_SECTION
            \(numbers)
            EOF
            """
        let instance = try TSPLIBInstance.parse(text, fileName: "layout.tsp")
        #expect(instance.edgeWeightFormat.rawValue == format)
        let expected = [[0, 1, 2, 3], [1, 0, 4, 5], [2, 4, 0, 6], [3, 5, 6, 0]]
        for i in 0..<4 {
            for j in 0..<4 {
                #expect(instance.distance(i, j) == expected[i][j], "\(format) (\(i), \(j))")
            }
        }
    }
}
