// What the matrix fuzz targets (`matrix-google`, `matrix-routes`,
// `matrix-osrm`, `matrix-google-tiles`, `matrix-auto`) do with one input, and
// the cost-matrix checks of the `tsplib` target. This file is compiled twice:
// here, where FuzzRegressionTests replays the committed crash inputs in
// Fixtures/fuzz-regressions/<target>/, and (through symbolic links) in the
// targets under Tests/Fuzz/Sources. `fuzzCheck` reports a broken invariant:
// a trap under the fuzzer, a test issue here.

import Foundation
import RoutePlanMatrix
import RoutePlanSolver
import RoutePlanTSPLIB
#if canImport(FuzzSupport)
import FuzzSupport
#else
import FuzzReplay
#endif

/// Matrix answers read by `MatrixSource.read(_:fileName:stops:format:preferTraffic:)`.
///
/// 1. Reads the input as a matrix answer for `n` stops, `n` = 1…30 from the
///    input's length, named "Stop 01"… (as in the Lyon tile-cache fixture;
///    every third stop also has a place ID "place-NN").
/// 2. When a whole-matrix format answers with a different square size (1…64),
///    reads again for that many stops; when a tile names a place that is not
///    a stop, reads again for 30 stops (the Lyon fixture's). So the readers'
///    deeper checks run on most inputs, not only on those of a lucky length.
/// 3. Completes a matrix that was read with great-circle estimates for
///    synthetic coordinates (calibration, LAPACK fits, cost checks).
///
/// Errors are expected; a crash, trap, hang or runaway allocation is a finding.
enum MatrixFuzzHarness {
    /// The largest number of stops tried (the reader's work is O(n²)).
    static let maximumStops = 64

    /// Reads `data` in `format`, or in the format recognised from it when `nil`.
    static func run(_ data: Data, format: MatrixSourceFormat?) {
        if format == nil { _ = MatrixSourceFormat.detect(in: data) }
        let preferTraffic = data.count & 1 == 1
        let n = 1 + data.count % 30
        do {
            try read(data, stops: n, format: format, preferTraffic: preferTraffic)
        } catch let MatrixError.responseSizeMismatch(_, origins, destinations, _)
            where origins == destinations && (1...maximumStops).contains(origins) && origins != n {
            try? read(data, stops: origins, format: format, preferTraffic: preferTraffic)
        } catch MatrixError.unknownPlace where n != 30 {
            try? read(data, stops: 30, format: format, preferTraffic: preferTraffic)
        } catch {
            _ = "\(error)"  // every error must describe itself without trapping
        }
    }

    /// Stop keys for `n` stops.
    static func stops(_ n: Int) -> [StopKey] {
        (0..<n).map { i in
            let number = i < 9 ? "0\(i + 1)" : "\(i + 1)"
            return StopKey(name: "Stop \(number)", placeID: i % 3 == 2 ? "place-\(number)" : nil)
        }
    }

    /// Coordinates for `n` stops spread over a few kilometres of Lyon.
    static func coordinates(_ n: Int) -> [Coordinate] {
        (0..<n).map { i -> Coordinate in
            let latitude: Double = 45.70 + Double(i % 7) * 0.011 + Double(i) * 0.0007
            let longitude: Double = 4.80 + Double((i * 5) % 11) * 0.009
            return Coordinate(latitude: latitude, longitude: longitude)
        }
    }

    private static func read(_ data: Data, stops n: Int, format: MatrixSourceFormat?, preferTraffic: Bool) throws {
        let observed = try MatrixSource.read(data, fileName: "fuzz.json", stops: stops(n), format: format,
                                             preferTraffic: preferTraffic)
        fuzzCheck(observed.count == n, "read \(observed.count) stops, asked for \(n)")
        fuzzCheck(observed.knownPairs + observed.unreachablePairs <= n * (n - 1),
                  "\(observed.knownPairs) known and \(observed.unreachablePairs) unreachable pairs of \(n) stops")
        let completed = try TravelMatrices.completing(observed, coordinates: coordinates(n),
                                                      fallback: preferTraffic ? .driving : .walking)
        fuzzCheck(completed.matrices.distances.count == n && completed.matrices.durations.count == n,
                  "completed matrices are not \(n) × \(n)")
    }

    /// A parsed TSPLIB instance of dimension ≤ 200 fits a `CostMatrix` (the
    /// parser promises every distance is within the solver's limit) whose
    /// entries are the instance's distances; coordinate instances get planar
    /// neighbour lists.
    static func checkTSPLIB(_ instance: TSPLIBInstance) {
        let n = instance.dimension
        guard n <= 200 else { return }
        let matrix: CostMatrix
        do {
            matrix = try CostMatrix(instance)
        } catch {
            fuzzCheck(false, "a parsed instance of dimension \(n) does not fit a cost matrix: \(error)")
            return
        }
        for i in 0..<n {
            for j in 0..<n where i != j {
                fuzzCheck(Int(matrix[i, j]) == instance.distance(i, j),
                          "matrix[\(i), \(j)] = \(matrix[i, j]), distance \(instance.distance(i, j))")
            }
        }
        if n > 1, let neighbours = instance.planarNeighbours(k: min(5, n - 1)) {
            fuzzCheck(neighbours.allSatisfy { (0..<Int32(n)).contains($0) }, "a neighbour out of range")
        }
    }
}
