import CClp

/// The linear program of ``BranchAndCut``, held by COIN-OR CLP's simplex
/// engine: one column per edge variable, one row per degree equation
/// (`x(δ(v)) = 2`; for ``DirectedBranchAndCut`` one column per arc and
/// `x(δ⁺(v)) = 1`, `x(δ⁻(v)) = 1`) and per cut (`a·x ≥ rhs`).
///
/// Rows and columns are only appended (and cut rows deleted); CLP keeps its
/// basis across changes, so each re-solve after a cut, a new column or a
/// bound change is a warm-started dual simplex of a few pivots.
///
/// Not thread-safe: one instance belongs to one solve on one thread.
final class BranchAndCutLP {
    /// How a solve ended.
    enum Status: Equatable {
        /// Optimal within CLP's tolerances: primal values and duals are usable.
        case optimal
        /// CLP found the program infeasible (to be certified before use).
        case infeasible
        /// Anything else (iteration limit, numerical trouble): nothing is usable.
        case failed
    }

    private let model: UnsafeMutableRawPointer

    /// The number of degree rows, fixed at creation.
    let degreeRows: Int

    /// A program with `degreeRows` equations `· = degree` and no columns
    /// (2 for the symmetric graph; 1 for the arc formulation's out- and
    /// in-degree rows).
    init(degreeRows: Int, degree: Double = 2) {
        model = Clp_newModel()!
        self.degreeRows = degreeRows
        Clp_setLogLevel(model, 0)
        // No scaling: the rows are ±1/±2 sums and every re-solve would
        // otherwise rescale (measured: ~30 % less CPU on pr76 and d198).
        Clp_scaling(model, 0)
        let start: [CoinBigIndex] = [0]
        let lower = [Double](repeating: degree, count: degreeRows)
        start.withUnsafeBufferPointer { s in
            lower.withUnsafeBufferPointer { l in
                Clp_loadProblem(model, 0, Int32(degreeRows), s.baseAddress, nil, nil, nil, nil, nil,
                                l.baseAddress, l.baseAddress)
            }
        }
    }

    deinit { Clp_deleteModel(model) }

    var rowCount: Int { Int(Clp_numberRows(model)) }
    var columnCount: Int { Int(Clp_numberColumns(model)) }

    /// Appends columns: `entries[k]` lists (row, coefficient) pairs of column k.
    func addColumns(costs: [Double], lower: [Double], upper: [Double], entries: [[(row: Int32, value: Double)]]) {
        guard !costs.isEmpty else { return }
        var starts: [CoinBigIndex] = [0]
        var rows: [Int32] = []
        var values: [Double] = []
        for column in entries {
            for (row, value) in column {
                rows.append(row)
                values.append(value)
            }
            starts.append(CoinBigIndex(rows.count))
        }
        Clp_addColumns(model, Int32(costs.count), lower, upper, costs, starts, rows, values)
    }

    /// Appends rows `lower ≤ a·x` (no upper bound); `entries[k]` lists
    /// (column, coefficient) pairs of row k.
    func addRows(lower: [Double], entries: [[(column: Int32, value: Double)]]) {
        guard !lower.isEmpty else { return }
        var starts: [CoinBigIndex] = [0]
        var columns: [Int32] = []
        var values: [Double] = []
        for row in entries {
            for (column, value) in row {
                columns.append(column)
                values.append(value)
            }
            starts.append(CoinBigIndex(columns.count))
        }
        let upper = [Double](repeating: Double.greatestFiniteMagnitude, count: lower.count)
        Clp_addRows(model, Int32(lower.count), lower, upper, starts, columns, values)
    }

    /// Deletes the rows at `indices` (cut rows only); later rows move up.
    func deleteRows(_ indices: [Int32]) {
        guard !indices.isEmpty else { return }
        Clp_deleteRows(model, Int32(indices.count), indices)
    }

    /// Replaces every column's bounds.
    func setBounds(lower: [Double], upper: [Double]) {
        Clp_chgColumnLower(model, lower)
        Clp_chgColumnUpper(model, upper)
    }

    /// Re-optimises by the dual simplex (primal simplex if that stalls).
    func solve() -> Status {
        _ = Clp_dual(model, 0)
        var status = Clp_status(model)
        if status != 0 && status != 1 {
            _ = Clp_primal(model, 0)
            status = Clp_status(model)
        }
        switch status {
        case 0: return .optimal
        case 1: return .infeasible
        default: return .failed
        }
    }

    /// The simplex basis (one status byte per column, then per row), to
    /// return to after trial solves.
    func saveBasis() -> [UInt8] {
        let count = columnCount + rowCount
        guard let p = Clp_statusArray(model) else { return [] }
        return Array(UnsafeBufferPointer(start: p, count: count))
    }

    /// Restores a basis from ``saveBasis()`` (same rows and columns).
    func restoreBasis(_ basis: [UInt8]) {
        guard basis.count == columnCount + rowCount else { return }
        Clp_copyinStatus(model, basis)
    }

    /// A trial solve of at most `iterations` dual simplex pivots: the dual
    /// objective reached (a floating-point estimate of the child's bound, for
    /// choosing a branch only), +∞ when infeasible, `nil` on failure.
    func trialObjective(iterations: Int) -> Double? {
        Clp_setMaximumIterations(model, Int32(iterations))
        defer { Clp_setMaximumIterations(model, Int32.max) }
        _ = Clp_dual(model, 0)
        switch Clp_status(model) {
        case 0, 3: return Clp_objectiveValue(model)
        case 1: return .infinity
        default: return nil
        }
    }

    /// The primal values of the columns after an optimal solve.
    var primal: [Double] {
        let n = columnCount
        guard n > 0, let p = Clp_getColSolution(model) else { return [] }
        return Array(UnsafeBufferPointer(start: p, count: n))
    }

    /// The row duals after an optimal solve (reduced cost = c − Aᵀy).
    var duals: [Double] {
        let m = rowCount
        guard let p = Clp_getRowPrice(model) else { return [Double](repeating: 0, count: m) }
        return Array(UnsafeBufferPointer(start: p, count: m))
    }

    /// The row activities a·x after an optimal solve.
    var rowActivity: [Double] {
        let m = rowCount
        guard let p = Clp_getRowActivity(model) else { return [Double](repeating: 0, count: m) }
        return Array(UnsafeBufferPointer(start: p, count: m))
    }

    /// The LP objective after an optimal solve (floating point: not a bound).
    var objective: Double { Clp_objectiveValue(model) }

    /// Duals that may prove the program infeasible, from its phase-1 LP:
    /// with every cost 0 and an artificial column of cost 1 per row (two,
    /// ±1, on the equations), the optimal duals y satisfy
    /// y·b − max over the bounds of yᵀA·x = the least total violation, so
    /// a positive value (checked exactly by ``BranchAndCutBound``) is a
    /// Farkas certificate. The artificial columns are removed and the
    /// costs restored afterwards. `nil` when CLP fails.
    func phaseOneDuals(costs: [Double]) -> [Double]? {
        let rows = rowCount
        let first = columnCount
        var entries: [[(row: Int32, value: Double)]] = []
        for r in 0..<rows {
            entries.append([(Int32(r), 1)])
            if r < degreeRows { entries.append([(Int32(r), -1)]) }
        }
        let count = entries.count
        Clp_chgObjCoefficients(model, [Double](repeating: 0, count: first))
        addColumns(costs: [Double](repeating: 1, count: count), lower: [Double](repeating: 0, count: count),
                   upper: [Double](repeating: Double.greatestFiniteMagnitude, count: count), entries: entries)
        defer {
            Clp_deleteColumns(model, Int32(count), (0..<count).map { Int32(first + $0) })
            Clp_chgObjCoefficients(model, costs)
        }
        _ = Clp_primal(model, 0)
        guard Clp_status(model) == 0, Clp_objectiveValue(model) > 1e-7 else { return nil }
        return duals
    }

    /// CLP's Farkas ray after an infeasible solve, one entry per row; `nil`
    /// when CLP has none.
    func infeasibilityRay() -> [Double]? {
        guard let ray = Clp_infeasibilityRay(model) else { return nil }
        defer { Clp_freeRay(model, ray) }
        return Array(UnsafeBufferPointer(start: ray, count: rowCount))
    }
}
