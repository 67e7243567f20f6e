import Foundation
import Testing
import RoutePlanTSPLIB

/// The fixture instances against the published optima in `Fixtures/tsplib/optima.tsv`.
@Suite struct TSPLIBOptimaTests {
    static let rows = OptimumRow.load(from: Fixtures.tsplib)
    static let tourFiles = Fixtures.files(in: Fixtures.tsplib, endingWith: ".opt.tour")

    @Test func optimaTableCoversEveryFixture() {
        let instanceFiles = Fixtures.files(in: Fixtures.tsplib, endingWith: ".tsp")
            + Fixtures.files(in: Fixtures.tsplib, endingWith: ".atsp")
        #expect(Self.rows.count == 13)
        #expect(Set(Self.rows.map(\.fileName)) == Set(instanceFiles))
        #expect(Self.tourFiles.count == 7)
        let withTours = Set(Self.rows.filter(\.hasOptTour).map { $0.name + ".opt.tour" })
        #expect(withTours == Set(Self.tourFiles))
    }

    @Test(arguments: tourFiles)
    func optimalTourEvaluatesToOptimum(tourFile: String) throws {
        let name = String(tourFile.dropLast(".opt.tour".count))
        let row = try #require(Self.rows.first { $0.name == name }, "no optima.tsv row for \(name)")
        let instance = try TSPLIBInstance(contentsOf: Fixtures.url(row.fileName))
        let tour = try TSPLIBTour(contentsOf: Fixtures.url(tourFile))
        try tour.validate(against: instance)
        #expect(tour.dimension == row.dimension)
        #expect(tour.nodes.count == row.dimension)
        #expect(Set(tour.nodes) == Set(0..<row.dimension))
        #expect(tour.length(in: instance) == row.optimum, "\(tourFile) on \(row.fileName)")
    }

    @Test(arguments: rows)
    func headerMatchesOptimaTable(row: OptimumRow) throws {
        let instance = try TSPLIBInstance(contentsOf: Fixtures.url(row.fileName))
        #expect(instance.dimension == row.dimension)
        #expect(instance.kind.rawValue == row.type)
        #expect(instance.kind == (row.type == "ATSP" ? .asymmetric : .symmetric))
        #expect(instance.edgeWeightType.rawValue == row.edgeWeightType)
        // `-` means the file has no EDGE_WEIGHT_FORMAT; coordinate types then report FUNCTION.
        let expectedFormat = row.edgeWeightFormat == "-" ? "FUNCTION" : row.edgeWeightFormat
        #expect(instance.edgeWeightFormat.rawValue == expectedFormat)
        if instance.edgeWeightType == .explicit {
            #expect(instance.coordinates == nil)
        } else {
            #expect(instance.coordinates?.count == row.dimension)
        }
    }

    /// burma14 (GEO, no opt tour), gr17 (LOWER_DIAG_ROW) and br17 (ATSP) are small enough to
    /// solve exactly, which checks their distances independently of any tour file.
    @Test(arguments: ["burma14", "gr17", "br17"])
    func smallInstanceSolvesToOptimum(name: String) throws {
        let row = try #require(Self.rows.first { $0.name == name })
        let instance = try TSPLIBInstance(contentsOf: Fixtures.url(row.fileName))
        #expect(heldKarpOptimum(instance) == row.optimum)
    }
}
