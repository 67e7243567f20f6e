import Foundation
import Testing
import RoutePlanTSPLIB

/// Checks against the full TSPLIB collection in ../shared/tsplib (not committed as
/// fixtures); skipped when that folder is absent.
@Suite(.enabled(if: Fixtures.sharedExists, "needs ../shared/tsplib beside the repository"))
struct TSPLIBSharedCollectionTests {
    @Test func usa13509Parses() throws {
        let start = ContinuousClock.now
        let usa = try TSPLIBInstance(contentsOf: Fixtures.shared.appendingPathComponent("usa13509.tsp"))
        let elapsed = ContinuousClock.now - start
        print("usa13509.tsp parsed in \(elapsed)")
        #expect(usa.dimension == 13509)
        #expect(usa.edgeWeightType == .euc2D)
        #expect(usa.coordinates?.count == 13509)
        #expect(usa.coordinates?.last == TSPLIBInstance.Point(x: 490000.000, y: 1222636.111))
    }

    /// Every opt tour in the shared collection (33, including pla33810 with CEIL_2D, gr666 with
    /// GEO and pa561 with LOWER_DIAG_ROW) evaluates to its optimum.
    @Test func everySharedOptTourEvaluatesToOptimum() throws {
        let rows = OptimumRow.load(from: Fixtures.shared)
        let tours = Fixtures.files(in: Fixtures.shared, endingWith: ".opt.tour")
        #expect(tours.count == 33)
        for tourFile in tours {
            let name = String(tourFile.dropLast(".opt.tour".count))
            guard let row = rows.first(where: { $0.name == name }) else {
                Issue.record("no optima.tsv row for \(name)")
                continue
            }
            let instance = try TSPLIBInstance(contentsOf: Fixtures.shared.appendingPathComponent(row.fileName))
            let tour = try TSPLIBTour(contentsOf: Fixtures.shared.appendingPathComponent(tourFile))
            try tour.validate(against: instance)
            #expect(tour.length(in: instance) == row.optimum, "\(tourFile)")
        }
    }

    /// Every instance in the shared collection (pla85900 read from pla85900.tsp.gz) parses and
    /// matches its optima.tsv row.
    @Test func everySharedInstanceMatchesOptimaTable() throws {
        let rows = OptimumRow.load(from: Fixtures.shared)
        #expect(rows.count == 123)
        for row in rows {
            var url = Fixtures.shared.appendingPathComponent(row.fileName)
            if !FileManager.default.fileExists(atPath: url.path) {
                url = Fixtures.shared.appendingPathComponent(row.fileName + ".gz")
            }
            let instance = try TSPLIBInstance(contentsOf: url)
            #expect(instance.dimension == row.dimension, "\(row.name)")
            #expect(instance.kind.rawValue == row.type, "\(row.name)")
            #expect(instance.edgeWeightType.rawValue == row.edgeWeightType, "\(row.name)")
            let expectedFormat = row.edgeWeightFormat == "-" ? "FUNCTION" : row.edgeWeightFormat
            #expect(instance.edgeWeightFormat.rawValue == expectedFormat, "\(row.name)")
        }
    }
}
