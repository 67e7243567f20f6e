/// A binary min-heap over node indices 0..<capacity with decrease-key, for
/// Prim on sparse graphs (the 1-tree bound's ascent, the α-nearness
/// forests); each node enters at most once per ``reset()``.
///
/// Its four arrays are allocated once and read through pointers: an ascent
/// calls ``update(_:key:parent:)`` once per edge and step, and as stored
/// Swift arrays every write checked the index and that the array was not
/// shared.
final class IndexedHeap {
    /// The number of nodes it can hold (node indices 0..<capacity).
    let capacity: Int
    /// The nodes in the heap, as a binary heap by key.
    private let heap: UnsafeMutablePointer<Int32>
    private var count = 0
    /// Where node v sits in `heap`: −1 not yet seen, −2 popped.
    private let slot: UnsafeMutablePointer<Int32>
    private let key: UnsafeMutablePointer<Double>
    private let parent: UnsafeMutablePointer<Int32>

    init(capacity: Int) {
        precondition(capacity >= 0 && capacity <= Int(Int32.max), "a heap holds 0…Int32.max nodes")
        self.capacity = capacity
        heap = .allocate(capacity: max(1, capacity))
        slot = .allocate(capacity: max(1, capacity))
        slot.initialize(repeating: -1, count: capacity)
        key = .allocate(capacity: max(1, capacity))
        key.initialize(repeating: 0, count: capacity)
        parent = .allocate(capacity: max(1, capacity))
        parent.initialize(repeating: -1, count: capacity)
    }

    deinit {
        heap.deallocate()
        slot.deallocate()
        key.deallocate()
        parent.deallocate()
    }

    /// Empties the heap and forgets every node. - Complexity: O(capacity).
    func reset() {
        count = 0
        slot.update(repeating: -1, count: capacity)
    }

    /// Whether node v has been popped since the last ``reset()``.
    @inline(__always) func isDone(_ v: Int) -> Bool { slot[v] == -2 }

    /// Lowers v's key to `key` (inserting v if new) when that is lower;
    /// nothing for a node already popped.
    /// - Complexity: O(log n).
    @inline(__always)
    func update(_ v: Int, key newKey: Double, parent p: Int) {
        precondition(v >= 0 && v < capacity, "node outside the heap")
        var i = Int(slot[v])
        if i == -2 { return }
        if i == -1 {
            i = count
            heap[i] = Int32(truncatingIfNeeded: v)
            count += 1
        } else if newKey >= key[v] {
            return
        }
        key[v] = newKey
        parent[v] = Int32(truncatingIfNeeded: p)
        siftUp(i)
    }

    /// Removes the node of smallest key: it, its key and its parent (−1
    /// for none). - Complexity: O(log n).
    func popMin() -> (Int, Double, Int)? {
        guard count > 0 else { return nil }
        let v = Int(heap[0])
        count -= 1
        if count > 0 {
            let last = heap[count]
            heap[0] = last
            slot[Int(last)] = 0
            siftDown(0)
        }
        slot[v] = -2
        return (v, key[v], Int(parent[v]))
    }

    private func siftUp(_ start: Int) {
        var i = start
        let v = heap[i]
        let k = key[Int(v)]
        while i > 0 {
            let p = (i &- 1) / 2
            let w = heap[p]
            if key[Int(w)] <= k { break }
            heap[i] = w
            slot[Int(w)] = Int32(truncatingIfNeeded: i)
            i = p
        }
        heap[i] = v
        slot[Int(v)] = Int32(truncatingIfNeeded: i)
    }

    private func siftDown(_ start: Int) {
        var i = start
        let v = heap[i]
        let k = key[Int(v)]
        while true {
            var c = 2 &* i &+ 1
            if c >= count { break }
            if c &+ 1 < count && key[Int(heap[c &+ 1])] < key[Int(heap[c])] { c &+= 1 }
            let w = heap[c]
            if key[Int(w)] >= k { break }
            heap[i] = w
            slot[Int(w)] = Int32(truncatingIfNeeded: i)
            i = c
        }
        heap[i] = v
        slot[Int(v)] = Int32(truncatingIfNeeded: i)
    }
}
