/// Nearest-neighbour construction: from the start, always travel to the
/// cheapest unvisited node.
///
/// With a free start every node is tried as the first one when that is
/// affordable (up to ``exhaustiveStartLimit`` free nodes) and the cheapest
/// resulting route is kept.
///
/// - Complexity: O(m²) for a fixed start, O(m³) when every start is tried,
///   with *m* the number of free nodes.
enum NearestNeighbor {
    static let exhaustiveStartLimit = 150

    /// A route in which the free nodes follow the nearest-neighbour order.
    static func build(_ matrix: CostMatrix, endpoints: RouteEndpoints) -> WorkingRoute {
        let layout = HeldKarp.Layout(nodes: matrix.count, endpoints: endpoints)
        let free = layout.free
        let template = WorkingRoute(free: free, endpoints: endpoints, matrix: matrix)
        guard free.count > 1 else { return template }

        let firsts: [Int?]
        if layout.head != nil {
            firsts = [nil]
        } else if free.count <= exhaustiveStartLimit {
            firsts = free.indices.map { $0 }
        } else {
            firsts = [0]
        }
        var best = template
        var bestCost = Int.max
        for first in firsts {
            var route = template
            route.nodes.replaceSubrange(route.movable, with: greedyOrder(free, from: layout.head, first: first, route))
            let cost = route.totalCost
            if cost < bestCost {
                bestCost = cost
                best = route
            }
        }
        return best
    }

    private static func greedyOrder(_ free: [Int], from head: Int?, first: Int?, _ route: WorkingRoute) -> [Int] {
        var remaining = free
        var order: [Int] = []
        order.reserveCapacity(free.count)
        var current: Int
        if let first {
            current = remaining.remove(at: first)
            order.append(current)
        } else {
            current = head ?? remaining.removeFirst()
            if head == nil { order.append(current) }
        }
        while !remaining.isEmpty {
            var bestIndex = 0
            var bestCost = Int.max
            for (index, candidate) in remaining.enumerated() {
                let c = route.cost(current, candidate)
                if c < bestCost {
                    bestCost = c
                    bestIndex = index
                }
            }
            current = remaining.swapRemove(at: bestIndex)
            order.append(current)
        }
        return order
    }
}

extension Array {
    /// Removes and returns the element at `index` in O(1) by moving the last element into its place.
    mutating func swapRemove(at index: Int) -> Element {
        swapAt(index, count - 1)
        return removeLast()
    }
}
