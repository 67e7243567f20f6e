// What the `tsplib` fuzz target does with one input. This file is compiled
// twice: here, where FuzzRegressionTests replays the committed crash inputs in
// Fixtures/fuzz-regressions/tsplib/, and (through a symbolic link) in
// Tests/Fuzz/Sources/FuzzTSPLIB. `fuzzCheck` reports a broken invariant: a
// trap under the fuzzer, a test issue here.

import Foundation
@testable import RoutePlanTSPLIB
#if canImport(FuzzSupport)
import FuzzSupport
#else
import FuzzReplay
#endif

/// TSPLIB95 instance and tour text.
///
/// Valid UTF-8 goes through the public `TSPLIBInstance.parse(_:fileName:)` and
/// `TSPLIBTour.parse(_:fileName:)`; anything else through the same parsers on
/// the raw bytes, as `init(contentsOf:)` hands them over (it checks only the
/// first 4 KiB for being text). Then, for what parses:
///
/// - an instance's coordinates match its dimension, and its distances stay
///   within `TSPLIBLimits.maximumDistance` (all pairs up to dimension 200, a
///   thousand sampled pairs above); `checkInstance` adds the checks that need
///   other modules (the fuzz target builds a `CostMatrix`, see
///   MatrixFuzzHarness);
/// - a tour is a permutation of its nodes; with dimension ≤ 200 it is
///   validated against, and measured on, a generated EUC_2D instance.
enum TSPLIBFuzzHarness {
    /// The largest dimension whose every pair is checked.
    static let maximumCheckedDimension = 200

    static func run(_ bytes: [UInt8], checkInstance: (TSPLIBInstance) -> Void = { _ in }) {
        let text = String(validating: bytes, as: UTF8.self)
        if let instance = parseInstance(bytes, text: text) {
            check(instance)
            checkInstance(instance)
            if let tour = parseTour(bytes, text: text) { check(tour, instance: instance) }
        } else if let tour = parseTour(bytes, text: text) {
            check(tour, instance: nil)
        }
    }

    /// The instance in `bytes`, or `nil` when they are not one.
    static func parseInstance(_ bytes: [UInt8], text: String?) -> TSPLIBInstance? {
        do {
            if let text { return try TSPLIBInstance.parse(text, fileName: "fuzz.tsp") }
            var parser = TSPLIBInstanceParser(bytes: bytes, fileName: "fuzz.tsp")
            return try parser.parse()
        } catch {
            _ = error.description  // every error must describe itself without trapping
            _ = error.line
            return nil
        }
    }

    static func parseTour(_ bytes: [UInt8], text: String?) -> TSPLIBTour? {
        do {
            if let text { return try TSPLIBTour.parse(text, fileName: "fuzz.tour") }
            var parser = TSPLIBTourParser(bytes: bytes, fileName: "fuzz.tour")
            return try parser.parse()
        } catch {
            _ = error.description
            return nil
        }
    }

    static func check(_ instance: TSPLIBInstance) {
        let n = instance.dimension
        fuzzCheck(n >= 1, "dimension \(n)")
        if let coordinates = instance.coordinates {
            fuzzCheck(coordinates.count == n, "\(coordinates.count) coordinates for dimension \(n)")
        }
        let pairs: [(Int, Int)]
        if n <= maximumCheckedDimension {
            pairs = (0..<n).flatMap { i in (0..<n).map { (i, $0) } }
        } else {
            // The extremes, then pairs spread over the whole instance.
            pairs = [(0, n - 1), (n - 1, 0)] + (0..<1000).map { ($0 * 7919 % n, $0 * 104_729 % n) }
        }
        for (i, j) in pairs where i != j {
            let d = instance.distance(i, j)
            fuzzCheck((0...TSPLIBLimits.maximumDistance).contains(d), "distance(\(i), \(j)) = \(d)")
        }
    }

    static func check(_ tour: TSPLIBTour, instance: TSPLIBInstance?) {
        let n = tour.dimension
        fuzzCheck(tour.nodes.count == n && Set(tour.nodes) == Set(0..<n), "tour nodes are not a permutation of 0..<\(n)")
        if let instance, (try? tour.validate(against: instance)) != nil {
            _ = tour.length(in: instance)
        }
        guard n <= maximumCheckedDimension, let square = squareInstance(n) else { return }
        do {
            try tour.validate(against: square)
        } catch {
            fuzzCheck(false, "a tour of dimension \(n) does not match an instance of dimension \(n): \(error)")
        }
        _ = tour.length(in: square)
    }

    /// An EUC_2D instance of dimension `n`.
    static func squareInstance(_ n: Int) -> TSPLIBInstance? {
        var text = "NAME: square\(n)\nTYPE: TSP\nDIMENSION: \(n)\nEDGE_WEIGHT_TYPE: EUC_2D\nNODE_COORD_SECTION\n"
        for k in 1...max(n, 1) { text += "\(k) \(k * 7 % 101) \(k * 13 % 97)\n" }
        text += "EOF\n"
        return try? TSPLIBInstance.parse(text, fileName: "square.tsp")
    }
}
