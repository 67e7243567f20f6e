import RoutePlanSolver

extension Planner {
    /// Caps a planner applies before it allocates anything for a request.
    ///
    /// A request past a cap gets ``PlanningError/tooManyStops(stops:limit:)``
    /// or ``PlanningError/planTooLarge(stops:requiredBytes:limitBytes:)``,
    /// both in the ``ErrorCategory/tooLarge`` category, before any *n*×*n*
    /// structure exists; never a trap.
    public struct Limits: Sendable, Hashable, Codable {
        /// The most stops (lodging and places) one plan may have.
        public var maxStops: Int
        /// The most bytes one plan may use: the travel matrices, the solver's
        /// working copies and candidate lists, and the Held–Karp table when
        /// the plan is solved exactly (see ``estimatedBytes(stops:engineMatrix:exactFreeNodes:)``).
        public var maxBytes: Int

        /// The default stop cap: 10,000 stops, about 1.6 GB of matrices and
        /// solver state with estimated costs.
        public static let defaultMaxStops = 10_000

        /// Limits of `maxStops` stops and `maxBytes` bytes per plan (default:
        /// the whole of ``MemoryBudget/shared``).
        public init(maxStops: Int = defaultMaxStops, maxBytes: Int? = nil) {
            self.maxStops = max(1, maxStops)
            self.maxBytes = max(1, maxBytes ?? MemoryBudget.shared.capacityBytes)
        }

        /// The bytes a plan of `stops` stops uses at its peak, an upper
        /// estimate made before anything is allocated.
        ///
        /// Per ordered pair of stops (*n*² of them): 16 bytes to estimate both
        /// matrices from coordinates (a temporary table of meters and two
        /// 4-byte cost matrices), or 64 bytes to complete a routing engine's
        /// answer (its parsed cells, the estimates and the completed
        /// matrices); 16 bytes for the solver's doubled graph of asymmetric
        /// costs and its candidate search; plus 512 bytes per stop for
        /// candidate lists and tours; plus the Held–Karp table of
        /// *m*·2ᵐ 4-byte entries for *m* = `exactFreeNodes` when solving exactly.
        /// The figures were measured as peak resident memory with
        /// `/usr/bin/time` (see Benchmarks/README.md).
        ///
        /// - Returns: the estimate, or `Int.max` when it does not fit in an `Int`.
        public static func estimatedBytes(stops n: Int, engineMatrix: Bool, exactFreeNodes: Int?) -> Int {
            let pairs = n.multipliedReportingOverflow(by: n)
            guard !pairs.overflow else { return .max }
            let perPair = (engineMatrix ? 64 : 16) + 16
            let (matrices, o1) = pairs.partialValue.multipliedReportingOverflow(by: perPair)
            let (perStop, o2) = n.multipliedReportingOverflow(by: 512)
            var total = matrices.addingReportingOverflow(perStop)
            guard !o1, !o2, !total.overflow else { return .max }
            if let m = exactFreeNodes, m > 1 {
                guard m <= HeldKarp.maximumFreeNodes else { return .max }
                let table = (m * (1 << m)).multipliedReportingOverflow(by: 4)
                guard !table.overflow else { return .max }
                total = total.partialValue.addingReportingOverflow(table.partialValue)
                guard !total.overflow else { return .max }
            }
            return total.partialValue
        }
    }

    /// How a problem of `n` stops will be solved, decided before anything
    /// is allocated: the free node count Held–Karp would fill a table for,
    /// or `nil` for the heuristic (for ``Limits/estimatedBytes(stops:engineMatrix:exactFreeNodes:)``).
    public static func exactFreeNodes(stops n: Int, endpoints: RouteEndpoints, options: RouteSolver.Options) -> Int? {
        // Branch and cut fills no table; only Held–Karp's counts here.
        RouteSolver.heldKarpFreeNodes(nodes: n, endpoints: endpoints, options: options)
    }
}
