extension SymmetricSearch {
    // A kick's search restricted to chains that start at the kick's changes.
    //
    // A kick from a searched-out tour T (nothing queued: no Lin–Kernighan
    // chain from any city improved T) changes three of its arcs and queues
    // their six ends. Each of those cities then has one new arc and one
    // of T's:
    //
    //     T:        a → b   ⋯   c → c′   ⋯   e → f
    //     kicked:   a → c′ … e → b … c → f        new arcs {a,c′}, {e,b}, {c,f}
    //
    // Restricted, a chain from such a city starts by removing its new arc
    // only; its later steps may remove any arc, T's included. This is the
    // rule of LKH's RESTRICTED_SEARCH parameter (on by default there: the
    // first arc a move breaks must not belong to the best tour), with T as
    // the best tour, since a kick that makes the tour longer is undone. It
    // halves the first steps a kick's repair tries; what it gives up is a
    // chain that starts on an old arc and only pays through a new one.

    /// Makes ``kickStart`` describe the tour as it is: kept when its hash is
    /// the tour's (nothing but kept kicks changed the tour since), else
    /// rebuilt.
    /// - Complexity: O(1), or O(n) when rebuilt (after a shake, a merge, a
    ///   restart or a tour adopted from a partner: once per trial or
    ///   meeting, not per kick).
    mutating func refreshKickStart() {
        guard kickStart.count != 2 * n || kickStartHash != tour.arcHash else { return }
        kickStart = TourMerge.neighbours(of: tour.order)
        kickStartHash = tour.arcHash
    }

    /// Brings ``kickStart`` up to the tour a kept restricted kick left:
    /// only the cities it queued (``kickChanged``) can have new neighbours.
    /// - Complexity: O(c), c the cities the kick queued.
    mutating func recordKickKept() {
        for city in kickChanged {
            let c = Int(city)
            kickStart[2 * c] = Int32(tour.previous(c))
            kickStart[2 * c + 1] = Int32(tour.next(c))
        }
        kickStartHash = tour.arcHash
    }

    /// Whether {a, b} is an arc of the tour the running kick started from.
    @inline(__always)
    func isKickStartArc(_ a: Int, _ b: Int) -> Bool {
        let b32 = Int32(truncatingIfNeeded: b)
        return kickStart[2 &* a] == b32 || kickStart[2 &* a &+ 1] == b32
    }

    /// Whether ``kickStart``, when its hash says it describes the tour,
    /// holds exactly the tour's neighbours (for tests: a city a kept kick
    /// changed without queueing it would break this).
    /// - Complexity: O(n).
    var kickStartIsConsistent: Bool {
        guard !kickStart.isEmpty, kickStartHash == tour.arcHash else { return true }
        let neighbours = TourMerge.neighbours(of: tour.order)
        return (0..<n).allSatisfy { TourMerge.sameNeighbours(kickStart, neighbours, at: $0) }
    }

    /// Whether any restricted kick has run (``kickStart`` is kept).
    var hasKickStart: Bool { !kickStart.isEmpty }
}
