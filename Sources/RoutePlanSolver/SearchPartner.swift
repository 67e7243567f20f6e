#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where two searches on one problem, each on a thread of its own, meet
/// every ``epoch`` kicks to continue from one tour: both searches' changes,
/// component by component where they can be combined (``TourMerge``), else
/// the cheaper tour.
///
/// Two independent searches use the second core as a second opinion: each
/// makes half the kicks the pair could make on one tour, and the better
/// tour wins. Meeting often gives one trajectory the kicks of both, while
/// each side still draws its own kicks. Between meetings the two tours
/// start from the same base and change it locally, so their changes
/// usually merge (usa13509 at 10 s, 211 kicks between meetings: 78
/// meetings merged both sides' changes and 9 took the cheaper tour, where
/// merging only changes that touch no common city merged 51 and adopted 31).
///
/// Which pays depends on the size. Independent searches hedge: from other
/// starts and seeds they often end in different basins, which decides
/// mid-sized instances within seconds (1 s, seeds 1–8: d2103 0.110 % apart
/// against 0.445 % paired, pcb1173 0.065 % against 0.042 %, mean over
/// eight instances of 1,173–2,392 nodes 0.196 % against 0.243 %). From
/// 10,000 nodes, far from converged, the doubled kicks win: at 10 s, seeds
/// 1–4, d15112 0.204 % apart against 0.160 % paired (better for every
/// seed), brd14051 0.203 % against 0.185 % (every seed); usa13509 at 30 s
/// 0.214 % against 0.211 %. Beyond ``SearchTuning/walkKickNodeLimit``,
/// where kicks cut within a window, each side makes thousands of changes
/// of equal cost all along the tour between meetings; the components
/// holding changes of both (74 of 855 at one meeting) split every mix
/// into several cycles, no meeting merged, and each adoption threw away
/// half the work: pla85900 at 120 s went from 0.363 % to 0.607 % (seed 1).
/// So searches meet for node counts in ``SearchTuning/pairedSearchNodes``,
/// unless they are made of trials: under a time limit that leaves at
/// least ``SearchTuning/trialTimePerStop`` per stop, trials merged into one
/// best tour beat the pair there (see
/// ``SearchTuning/searchesAreTrials(nodes:timeLeft:)``).
///
/// A pair bounded by kicks meets after the same kick counts on both sides
/// (``meet(side:order:cost:)``), and what a meeting produces depends only on
/// the two tours, so the pair stays deterministic for its seeds. A pair
/// bounded by time does not wait for the slower side: the side that reaches
/// a meeting first says so (``arrive(side:order:cost:)``) and keeps kicking,
/// asking after every kick (``poll(side:order:cost:)``) whether the other
/// has brought its tour; the other waits at most one of its partner's
/// kicks. Kicks vary in cost, so over an epoch of 211 kicks the faster side
/// used to wait for the slower about a tenth of the time (usa13509 at 10 s:
/// the two search threads ran 88 % and 92 % of the wall time).
///
/// A side that stops (deadline, cancellation, or its kicks done) leaves;
/// the other then goes on alone.
final class SearchPartner: @unchecked Sendable {
    /// Kicks each side makes between two meetings.
    let epoch: Int
    private let cost: @Sendable (Int, Int) -> Int
    /// How many meetings took place, how many of them merged both sides'
    /// changes, and how many took the cheaper tour (read them once both
    /// sides have left).
    private(set) var meetings = 0, merges = 0, adoptions = 0
    private var mutex = pthread_mutex_t()
    private var condition = pthread_cond_t()
    private var deposited: [(order: [Int32], cost: Int)?] = [nil, nil]
    /// The last meeting's tour, which both sides continued from.
    private var result: Meeting?
    /// Incremented by every meeting; a side waits until it changes.
    private var round = 0
    private var left = [false, false]
    /// Per side: it reached a meeting and kicks on until the other brings
    /// its tour (pairs bounded by time).
    private var early = [false, false]

    /// What ``arrive(side:order:cost:)`` and ``poll(side:order:cost:)`` tell
    /// a side.
    enum Arrival: Sendable {
        /// Both tours met: go on from this one.
        case met(Meeting)
        /// The other side has not come yet: kick on, and poll after each kick.
        case early
        /// The other side has left: go on alone.
        case alone
    }

    /// What a side continues from after a meeting.
    struct Meeting: Sendable {
        let order: [Int32]
        let cost: Int
        /// Whether the order is the one this side brought, per side: that
        /// side keeps its tour as it is.
        let unchanged: (Bool, Bool)
    }

    /// The partner for two searches on `costs`: one meeting every
    /// ``SearchTuning/meetingEpoch(nodes:)`` kicks when the node count is in
    /// ``SearchTuning/pairedSearchNodes``, else `nil` (the two searches stay
    /// apart).
    static func forPair(_ costs: some SymmetricCosts) -> SearchPartner? {
        let n = costs.count
        guard SearchTuning.pairedSearchNodes.contains(n) else { return nil }
        return SearchPartner(epoch: SearchTuning.meetingEpoch(nodes: n)) { costs.cost($0, $1) }
    }

    /// - Parameter cost: the symmetric costs both sides search on.
    init(epoch: Int, cost: @escaping @Sendable (Int, Int) -> Int) {
        precondition(epoch >= 1, "an epoch needs at least one kick")
        self.epoch = epoch
        self.cost = cost
        pthread_mutex_init(&mutex, nil)
        pthread_cond_init(&condition, nil)
    }

    deinit {
        pthread_cond_destroy(&condition)
        pthread_mutex_destroy(&mutex)
    }

    /// Brings side `side`'s tour (`order`, costing `cost`) to the meeting
    /// and waits for the other side's.
    ///
    /// - Returns: the tour both sides continue from, or `nil` when the
    ///   other side has left (go on alone).
    func meet(side: Int, order: [Int32], cost: Int) -> Meeting? {
        pthread_mutex_lock(&mutex)
        defer { pthread_mutex_unlock(&mutex) }
        let other = 1 - side
        if left[other] { return nil }
        if let theirs = deposited[other] { return publish(side: side, (order, cost), theirs) }
        return depositAndWait(side: side, (order, cost))
    }

    /// Brings side `side`'s tour to a meeting without waiting for the other
    /// side: when the other is already there (kicking on, see ``Arrival/early``),
    /// this side leaves its tour and waits for the other's next poll, at
    /// most one of the other's kicks; otherwise it is the early one.
    func arrive(side: Int, order: [Int32], cost: Int) -> Arrival {
        pthread_mutex_lock(&mutex)
        defer { pthread_mutex_unlock(&mutex) }
        let other = 1 - side
        if left[other] { return .alone }
        guard early[other] else {
            early[side] = true
            return .early
        }
        return depositAndWait(side: side, (order, cost)).map { .met($0) } ?? .alone
    }

    /// For the early side of a meeting (see ``arrive(side:order:cost:)``),
    /// after each kick: whether the other side has brought its tour, which
    /// then meets this side's tour as it is now.
    func poll(side: Int, order: [Int32], cost: Int) -> Arrival {
        pthread_mutex_lock(&mutex)
        defer { pthread_mutex_unlock(&mutex) }
        let other = 1 - side
        if left[other] {
            early[side] = false
            return .alone
        }
        guard let theirs = deposited[other] else { return .early }
        early[side] = false
        return .met(publish(side: side, (order, cost), theirs))
    }

    /// With the lock held: leaves side `side`'s tour and waits until the
    /// other side has met it (its meeting) or has left (`nil`).
    private func depositAndWait(side: Int, _ mine: (order: [Int32], cost: Int)) -> Meeting? {
        let other = 1 - side
        deposited[side] = mine
        let waitingFor = round
        while round == waitingFor && !left[other] { pthread_cond_wait(&condition, &mutex) }
        if round == waitingFor {
            deposited[side] = nil
            return nil
        }
        return result
    }

    /// With the lock held: meets side `side`'s tour with the other's,
    /// which waits in ``depositAndWait(side:_:)``, and releases it.
    private func publish(side: Int, _ mine: (order: [Int32], cost: Int),
                         _ theirs: (order: [Int32], cost: Int)) -> Meeting {
        let meeting = side == 0 ? combine(mine, theirs) : combine(theirs, mine)
        result = meeting
        deposited = [nil, nil]
        round += 1
        pthread_cond_broadcast(&condition)
        return meeting
    }

    /// Side `side` stops meeting; the other side is released if it waits.
    func leave(side: Int) {
        pthread_mutex_lock(&mutex)
        left[side] = true
        pthread_cond_broadcast(&condition)
        pthread_mutex_unlock(&mutex)
    }

    /// The tour after a meeting of side 0's tour `a` and side 1's `b`.
    private func combine(_ a: (order: [Int32], cost: Int), _ b: (order: [Int32], cost: Int)) -> Meeting {
        meetings += 1
        if let base = result {
            switch TourMerge.merge(base: base.order, a.order, b.order, cost: cost) {
            case .neitherChanged:
                return Meeting(order: a.order, cost: a.cost, unchanged: (true, true))
            case .onlyFirstChanged:
                return Meeting(order: a.order, cost: a.cost, unchanged: (true, false))
            case .onlySecondChanged:
                return Meeting(order: b.order, cost: b.cost, unchanged: (false, true))
            case .merged(let order, let gain):
                merges += 1
                return Meeting(order: order, cost: base.cost - gain, unchanged: (false, false))
            case .conflict:
                break
            }
        }
        adoptions += 1
        return b.cost < a.cost
            ? Meeting(order: b.order, cost: b.cost, unchanged: (false, true))
            : Meeting(order: a.order, cost: a.cost, unchanged: (true, false))
    }
}
