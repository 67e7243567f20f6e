/// Pseudo-costs for ``DirectedBranchAndCutSearch``'s branching: for each
/// branching object (an arc, or the star of a node into a twin class), the
/// average rise of the LP objective per unit of change of its value X,
/// towards 1 ("up") and towards 0 ("down").
///
/// Observations come from strong-branching trials and from the first LP
/// solve of every child (its objective against its parent's). An object is
/// reliable once it has ``reliability`` observations each way; only then is
/// its strong-branching trial skipped and its gain estimated as
/// X's distance to the bound times the average (reliability branching).
/// The estimates only choose the branch, never prune, so they need not be
/// safe. Deterministic: everything is read from LP values and counts.
struct BranchingPseudoCosts {
    /// The observations each way before an object's estimate replaces its trial.
    static let reliability = 1

    private var sums: [Int: (up: Double, upCount: Int, down: Double, downCount: Int)] = [:]
    /// Sums over every object, for objects never observed.
    private var totalUp = 0.0, totalUpCount = 0, totalDown = 0.0, totalDownCount = 0

    /// Whether `key` has been observed ``reliability`` times each way.
    /// - Complexity: O(1).
    func isReliable(_ key: Int) -> Bool {
        guard let s = sums[key] else { return false }
        return min(s.upCount, s.downCount) >= Self.reliability
    }

    /// Records the objective rise `gain` of moving `key`'s value `value`
    /// up to 1 (`up`) or down to 0. Infinite or negative gains (an
    /// infeasible child, numerical noise) are not recorded.
    /// - Complexity: O(1).
    mutating func record(_ key: Int, up: Bool, value: Double, gain: Double) {
        let distance = up ? 1 - value : value
        guard gain.isFinite, distance > 1e-6 else { return }
        let unit = max(0, gain) / distance
        var s = sums[key] ?? (0, 0, 0, 0)
        if up {
            s.up += unit; s.upCount += 1; totalUp += unit; totalUpCount += 1
        } else {
            s.down += unit; s.downCount += 1; totalDown += unit; totalDownCount += 1
        }
        sums[key] = s
    }

    /// The estimated rises (up, down) of branching on `key` at `value`:
    /// its own averages, or the averages over all objects where it has none.
    /// - Complexity: O(1).
    func estimate(_ key: Int, value: Double) -> (up: Double, down: Double) {
        let s = sums[key] ?? (0, 0, 0, 0)
        let up = s.upCount > 0 ? s.up / Double(s.upCount)
            : totalUpCount > 0 ? totalUp / Double(totalUpCount) : 1
        let down = s.downCount > 0 ? s.down / Double(s.downCount)
            : totalDownCount > 0 ? totalDown / Double(totalDownCount) : 1
        return (up * (1 - value), down * value)
    }
}

/// A branching decision waiting for its child's LP: which object, which
/// way, from which parent objective and value (for ``BranchingPseudoCosts``).
struct PendingBranchObservation {
    var key: Int
    var up: Bool
    var value: Double
    var parentObjective: Double
}
