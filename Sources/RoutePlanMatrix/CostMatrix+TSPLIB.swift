import RoutePlanSolver
import RoutePlanTSPLIB

extension CostMatrix {
    /// The full distance matrix of a TSPLIB instance (the diagonal is ignored).
    ///
    /// A parsed instance always fits: its reader refuses any distance above
    /// `TSPLIBLimits.maximumDistance`, which equals ``CostMatrix/maximumCost``, naming the
    /// file and line (so the matrix-free solve of large instances sees the same limit).
    ///
    /// - Throws: ``MatrixError/matrixTooLarge(nodes:requiredBytes:availableBytes:)``
    ///   before allocating when 4·n² bytes would not fit in memory;
    ///   ``MatrixError/costTooLarge(from:to:value:maximum:)`` only if the two limits ever
    ///   drifted apart.
    /// - Parameter threads: how many threads may compute distances of a
    ///   coordinate instance (see ``CostMatrix/init(symmetricCount:threads:cost:)``).
    /// - Complexity: O(n²) time and memory (n(n − 1)/2 distances for
    ///   coordinate instances, whose distances are symmetric).
    public init(_ instance: TSPLIBInstance, threads: Int = 1) throws {
        try self.init(instance, threads: threads, stoppingWith: nil)
    }

    /// ``init(_:threads:)`` that gives up when `control` says stop
    /// (``SolveControl/checkpoint()`` once per row of coordinate distances,
    /// so within microseconds): for a matrix that only serves an optional
    /// step, such as a lower bound that follows the search within a short
    /// grace after the deadline.
    init(_ instance: TSPLIBInstance, threads: Int = 1, stoppingWith control: SolveControl?) throws {
        let n = instance.dimension
        let (bytes, overflow) = n.multipliedReportingOverflow(by: n * 4)
        if overflow {
            throw MatrixError.matrixTooLarge(nodes: n, requiredBytes: .max, availableBytes: SystemMemory.availableBytes() ?? 0)
        }
        if let available = SystemMemory.availableBytes(), bytes > available {
            throw MatrixError.matrixTooLarge(nodes: n, requiredBytes: bytes, availableBytes: available)
        }
        do {
            if instance.edgeWeightType == .explicit {
                try self.init(count: n) { i, j in instance.distance(i, j) }
            } else {
                // Coordinate distances are symmetric by their formula: half the
                // calls, each row's first at j = i + 1.
                if let control {
                    try self.init(symmetricCount: n, threads: threads) { i, j in
                        if j == i &+ 1 { try control.checkpoint() }
                        return instance.distance(i, j)
                    }
                } else {
                    try self.init(symmetricCount: n, threads: threads) { i, j in instance.distance(i, j) }
                }
            }
        } catch let SolverError.costTooLarge(from, to, value, maximum) {
            throw MatrixError.costTooLarge(from: from, to: to, value: value, maximum: maximum)
        }
    }
}
