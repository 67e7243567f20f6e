import FuzzSupport
@testable import RoutePlanTSPLIB
import RoutePlanMatrix
import RoutePlanSolver

// TSPLIB95 instance and tour text.
//
// Valid UTF-8 goes through the public `TSPLIBInstance.parse(_:fileName:)` and
// `TSPLIBTour.parse(_:fileName:)`; anything else through the same parsers on
// the raw bytes, as `init(contentsOf:)` hands them over (it checks only the
// first 4 KiB for being text). Then, for what parses:
//
// - an instance of dimension ≤ 200 must fit a `CostMatrix` (the parser
//   promises every distance is within the solver's limit), whose entries are
//   the instance's distances; planar neighbour lists are built too;
// - a tour must be a permutation of its nodes; with dimension ≤ 200 it is
//   validated against, and measured on, a generated EUC_2D instance.

@_cdecl("FuzzTSPLIB_main")
public func fuzzMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    runFuzzer(argc, argv, LLVMFuzzerTestOneInput)
}

@_cdecl("LLVMFuzzerTestOneInput")
public func LLVMFuzzerTestOneInput(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
    let input = fuzzBytes(bytes, count)
    let text = String(validating: input, as: UTF8.self)

    let instance: TSPLIBInstance?
    do {
        if let text {
            instance = try TSPLIBInstance.parse(text, fileName: "fuzz.tsp")
        } else {
            var parser = TSPLIBInstanceParser(bytes: input, fileName: "fuzz.tsp")
            instance = try parser.parse()
        }
    } catch {
        _ = error.description
        _ = error.line
        instance = nil
    }
    if let instance { exercise(instance) }

    do {
        let tour: TSPLIBTour
        if let text {
            tour = try TSPLIBTour.parse(text, fileName: "fuzz.tour")
        } else {
            var parser = TSPLIBTourParser(bytes: input, fileName: "fuzz.tour")
            tour = try parser.parse()
        }
        exercise(tour, instance: instance)
    } catch {
        _ = error.description
    }
    return 0
}

/// The largest dimension whose full matrix is built per input.
let maximumMatrixDimension = 200

func exercise(_ instance: TSPLIBInstance) {
    let n = instance.dimension
    fuzzCheck(n >= 1, "dimension \(n)")
    if let coordinates = instance.coordinates {
        fuzzCheck(coordinates.count == n, "\(coordinates.count) coordinates for dimension \(n)")
    }
    guard n <= maximumMatrixDimension else { return }
    let matrix: CostMatrix
    do {
        matrix = try CostMatrix(instance)
    } catch {
        fuzzCheck(false, "a parsed instance of dimension \(n) does not fit a cost matrix: \(error)")
        return
    }
    for i in 0..<n {
        for j in 0..<n where i != j {
            let d = instance.distance(i, j)
            fuzzCheck((0...TSPLIBLimits.maximumDistance).contains(d), "distance(\(i), \(j)) = \(d)")
            fuzzCheck(Int(matrix[i, j]) == d, "matrix[\(i), \(j)] = \(matrix[i, j]), distance \(d)")
        }
    }
    if n > 1, let neighbours = instance.planarNeighbours(k: min(5, n - 1)) {
        fuzzCheck(neighbours.allSatisfy { (0..<Int32(n)).contains($0) }, "a neighbour out of range")
    }
}

func exercise(_ tour: TSPLIBTour, instance: TSPLIBInstance?) {
    let n = tour.dimension
    fuzzCheck(tour.nodes.count == n && Set(tour.nodes) == Set(0..<n), "tour nodes are not a permutation of 0..<\(n)")
    if let instance, (try? tour.validate(against: instance)) != nil, n <= maximumMatrixDimension {
        _ = tour.length(in: instance)
    }
    guard n <= maximumMatrixDimension, let square = squareInstance(n) else { return }
    do {
        try tour.validate(against: square)
    } catch {
        fuzzCheck(false, "tour of dimension \(n) does not match an instance of dimension \(n): \(error)")
    }
    _ = tour.length(in: square)
}

/// EUC_2D instances of each dimension, made once.
nonisolated(unsafe) var squareInstances: [Int: TSPLIBInstance] = [:]

func squareInstance(_ n: Int) -> TSPLIBInstance? {
    if let cached = squareInstances[n] { return cached }
    var text = "NAME: square\(n)\nTYPE: TSP\nDIMENSION: \(n)\nEDGE_WEIGHT_TYPE: EUC_2D\nNODE_COORD_SECTION\n"
    for k in 1...max(n, 1) { text += "\(k) \(k * 7 % 101) \(k * 13 % 97)\n" }
    text += "EOF\n"
    let instance = try? TSPLIBInstance.parse(text, fileName: "square.tsp")
    squareInstances[n] = instance
    return instance
}
