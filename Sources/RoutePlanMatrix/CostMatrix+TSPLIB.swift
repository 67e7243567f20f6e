import RoutePlanSolver
import RoutePlanTSPLIB

extension CostMatrix {
    /// The full distance matrix of a TSPLIB instance (the diagonal is ignored).
    ///
    /// - Throws: ``MatrixError/matrixTooLarge(nodes:requiredBytes:availableBytes:)``
    ///   before allocating when 4·n² bytes would not fit in memory, or
    ///   ``MatrixError/costTooLarge(from:to:value:maximum:)``.
    /// - Complexity: O(n²) time and memory.
    public init(_ instance: TSPLIBInstance) throws {
        let n = instance.dimension
        let (bytes, overflow) = n.multipliedReportingOverflow(by: n * 4)
        if overflow {
            throw MatrixError.matrixTooLarge(nodes: n, requiredBytes: .max, availableBytes: SystemMemory.availableBytes() ?? 0)
        }
        if let available = SystemMemory.availableBytes(), bytes > available {
            throw MatrixError.matrixTooLarge(nodes: n, requiredBytes: bytes, availableBytes: available)
        }
        do {
            try self.init(count: n) { i, j in instance.distance(i, j) }
        } catch let SolverError.costTooLarge(from, to, value, maximum) {
            throw MatrixError.costTooLarge(from: from, to: to, value: value, maximum: maximum)
        }
    }
}
