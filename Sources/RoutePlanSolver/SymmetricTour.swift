/// A closed tour on symmetric costs, kept as an array with each city's
/// position, that reverses whichever side of a stretch is shorter and
/// journals its reversals so a rejected kick can be undone exactly.
///
/// Used by ``SymmetricSearch``: with symmetric costs a stretch costs the
/// same in both directions, so reversing the complement of a stretch instead
/// of the stretch itself gives the same cycle, and each reversal costs at
/// most n/2 swaps.
///
/// The tour also keeps a hash of its set of arcs (``arcHash``), updated in
/// O(1) per reversal, so that a search can tell in O(1) whether a sequence
/// of moves has led back to a tour it had before.
struct SymmetricTour {
    private(set) var order: [Int32]
    private(set) var position: [Int32]
    let count: Int
    /// A hash of the tour's arcs as a set, the same for every tour with the
    /// same arcs whichever city it starts from and whichever way it is
    /// read: Σ key(a) · key(b) over the arcs {a, b} (wrapping arithmetic),
    /// with a fixed pseudo-random key per city (``arcKeys``). Two tours
    /// with different arcs get the same hash only by a 64-bit coincidence.
    ///
    /// A reversal of the stretch x … y between p and q replaces {p, x} and
    /// {y, q} by {p, y} and {x, q}, which changes the sum by
    /// (key(p) − key(q)) · (key(y) − key(x)): one multiplication.
    private(set) var arcHash: UInt64 = 0
    /// Each city's key for ``arcHash``: odd values drawn from a fixed seed,
    /// so the same tour gets the same hash in every run.
    private let arcKeys: [UInt64]
    /// Reversals applied since the last ``commit()``, as (first position, length).
    private var journal: [(Int, Int)] = []
    private var journaling = false

    init(_ cities: [Int]) {
        count = cities.count
        order = cities.map(Int32.init)
        position = [Int32](repeating: 0, count: cities.count)
        for (p, c) in cities.enumerated() { position[c] = Int32(p) }
        var generator = SplitMix64(seed: 0x7A3C_91E5_0D4B_26F1)
        arcKeys = (0..<cities.count).map { _ in generator.next() | 1 }
        arcHash = hashOfArcs()
    }

    /// ``arcHash`` computed from scratch. - Complexity: O(n).
    func hashOfArcs() -> UInt64 {
        var hash: UInt64 = 0
        for p in 0..<count {
            let a = Int(order[p]), b = Int(order[p + 1 == count ? 0 : p + 1])
            hash &+= arcKeys[a] &* arcKeys[b]
        }
        return hash
    }

    /// Makes the tour `order` (each city once, the same cities), outside
    /// a trial: the journal is not kept.
    /// - Complexity: O(n).
    mutating func replace(with order: [Int32]) {
        precondition(order.count == count && !journaling, "a tour of the same cities, outside a trial")
        self.order = order
        for (p, c) in order.enumerated() { position[Int(c)] = Int32(p) }
        arcHash = hashOfArcs()
    }

    @inline(__always) func next(_ city: Int) -> Int {
        let p = Int(position[city]) + 1
        return Int(order[p == count ? 0 : p])
    }

    @inline(__always) func previous(_ city: Int) -> Int {
        let p = Int(position[city])
        return Int(order[p == 0 ? count - 1 : p - 1])
    }

    /// The city after `city` when the tour is read along its arrays
    /// (`along`) or against them.
    @inline(__always) func after(_ city: Int, along: Bool) -> Int { along ? next(city) : previous(city) }

    /// How many steps from the city at position `origin` to `city`, reading
    /// along the arrays or against them.
    @inline(__always) func offset(of city: Int, from origin: Int, along: Bool) -> Int {
        var p = along ? Int(position[city]) &- origin : origin &- Int(position[city])
        if p < 0 { p &+= count }
        return p
    }

    /// Replaces the arcs {a, b} and {c, d} by {a, c} and {b, d}, where the
    /// tour reads a → b … c → d in one of its two directions (a 2-opt move).
    /// Whether the array runs that way or the other, the resulting cycle is
    /// the same.
    mutating func exchange(_ a: Int, _ b: Int, _ c: Int, _ d: Int) {
        if next(a) == b {
            reversePath(from: b, to: c)   // a → b … c → d  ⇒  a → c … b → d
        } else {
            reversePath(from: c, to: b)   // d → c … b → a  ⇒  d → b … c → a
        }
    }

    /// How many entries ``exchange(_:_:_:_:)`` would reverse for these cities.
    func exchangeLength(_ a: Int, _ b: Int, _ c: Int, _ d: Int) -> Int {
        let (from, to) = next(a) == b ? (b, c) : (c, b)
        var length = Int(position[to]) - Int(position[from])
        if length < 0 { length += count }
        length += 1
        return min(length, count - length)
    }

    /// Reverses the path from city `from` forward to city `to` (both
    /// included), or equivalently its complement, whichever is shorter.
    mutating func reversePath(from: Int, to: Int) {
        let i = Int(position[from]), j = Int(position[to])
        var length = j - i
        if length < 0 { length += count }
        length += 1
        if length * 2 > count {
            // Reverse the complement: from next(to) to previous(from).
            let start = j + 1 == count ? 0 : j + 1
            reverse(start: start, length: count - length)
        } else {
            reverse(start: i, length: length)
        }
    }

    /// Reverses `length` positions starting at `start`, wrapping around,
    /// as a journaled reversal (for ``PendingFlips/apply(to:)``).
    mutating func reverseRange(start: Int, length: Int) { reverse(start: start, length: length) }

    /// Reverses `length` positions starting at `start`, wrapping around.
    private mutating func reverse(start: Int, length: Int) {
        guard length > 1 else { return }
        if journaling { journal.append((start, length)) }
        var a = start
        var b = start + length - 1
        if b >= count { b -= count }
        // Reversing n − 1 or n entries leaves the cycle's arcs as they were.
        if length < count - 1 {
            let p = Int(order[a == 0 ? count - 1 : a - 1]), x = Int(order[a])
            let y = Int(order[b]), q = Int(order[b + 1 == count ? 0 : b + 1])
            arcHash &+= (arcKeys[p] &- arcKeys[q]) &* (arcKeys[y] &- arcKeys[x])
        }
        order.withUnsafeMutableBufferPointer { order in
            position.withUnsafeMutableBufferPointer { position in
                for _ in 0..<(length / 2) {
                    let ca = order[a], cb = order[b]
                    order[a] = cb
                    order[b] = ca
                    position[Int(cb)] = Int32(a)
                    position[Int(ca)] = Int32(b)
                    a += 1
                    if a == count { a = 0 }
                    b -= 1
                    if b < 0 { b = count - 1 }
                }
            }
        }
    }

    /// A point in the journal to return to with ``undo(to:)``; see ``mark()``.
    struct Mark {
        fileprivate let entries: Int
        fileprivate let startedJournal: Bool
    }

    /// Marks the current tour so that ``undo(to:)`` can return to it, inside
    /// or outside a trial (``beginTrial()``); end the mark with ``undo(to:)``
    /// or ``keep(_:)``.
    mutating func mark() -> Mark {
        if journaling { return Mark(entries: journal.count, startedJournal: false) }
        journal.removeAll(keepingCapacity: true)
        journaling = true
        return Mark(entries: 0, startedJournal: true)
    }

    /// Undoes every reversal made since `mark`, newest first.
    mutating func undo(to mark: Mark) {
        journaling = false
        while journal.count > mark.entries {
            let (start, length) = journal.removeLast()
            reverse(start: start, length: length)
        }
        journaling = !mark.startedJournal
    }

    /// Keeps the reversals made since `mark` (still undoable by an enclosing trial).
    mutating func keep(_ mark: Mark) {
        if mark.startedJournal {
            journaling = false
            journal.removeAll(keepingCapacity: true)
        }
    }

    /// Starts recording reversals so that ``rollback()`` can undo them.
    mutating func beginTrial() {
        journal.removeAll(keepingCapacity: true)
        journaling = true
    }

    /// Keeps the changes since ``beginTrial()``.
    mutating func commit() {
        journaling = false
        journal.removeAll(keepingCapacity: true)
    }

    /// Undoes every reversal since ``beginTrial()``, newest first.
    mutating func rollback() {
        journaling = false
        for (start, length) in journal.reversed() { reverse(start: start, length: length) }
        journal.removeAll(keepingCapacity: true)
    }

    /// The cities in tour order, starting from `city`.
    func cities(startingAt city: Int) -> [Int] {
        let p = Int(position[city])
        return (0..<count).map { Int(order[(p + $0) % count]) }
    }
}
