extension CostMatrix {
    /// The nodes that no route under `endpoints` can serve: those with no
    /// allowed arc in that the route needs (every node but a path's start),
    /// and those with no allowed arc out (every node but a path's end).
    /// A path with a free start excuses one node without an arc in (it may
    /// start there), and a free end one without an arc out.
    ///
    /// Either list non-empty proves that no route exists; both empty proves
    /// nothing (whether a route exists is the Hamiltonian cycle problem).
    ///
    /// - Complexity: O(n²) time with n the node count (O(1) without
    ///   forbidden arcs), O(n) memory.
    public func nodesNoRouteCanServe(endpoints: RouteEndpoints) -> (cannotReach: [Int], cannotLeave: [Int]) {
        let n = count
        guard n > 1, hasForbiddenArcs else { return ([], []) }
        var noWayIn: [Int] = [], noWayOut: [Int] = []
        for i in 0..<n {
            if !(0..<n).contains(where: { $0 != i && allows($0, i) }) { noWayIn.append(i) }
            if !(0..<n).contains(where: { $0 != i && allows(i, $0) }) { noWayOut.append(i) }
        }
        func excused(_ list: [Int], fixed: Int?, free: Bool) -> [Int] {
            if endpoints.isRoundTrip { return list }
            if let fixed { return list.filter { $0 != fixed } }
            return free && list.count <= 1 ? [] : list
        }
        return (excused(noWayIn, fixed: endpoints.start, free: endpoints.start == nil),
                excused(noWayOut, fixed: endpoints.end, free: endpoints.end == nil))
    }
}
