#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where two searches on one problem, each on a thread of its own, meet
/// every ``epoch`` kicks to continue from one tour: both searches' changes
/// when they lie in different places (``TourMerge``), else the cheaper tour.
///
/// Two independent searches use the second core as a second opinion: each
/// makes half the kicks the pair could make on one tour, and the better
/// tour wins. Meeting often gives one trajectory the kicks of both, while
/// each side still draws its own kicks. Between meetings the two tours
/// start from the same base and change it locally, so their changes
/// usually merge (on pcb3038 at 1 s, 64 kicks between meetings: 111
/// meetings of 267 merged both sides' changes, 43 took the cheaper tour).
///
/// Which pays depends on the size. Independent searches hedge: from other
/// starts and seeds they often end in different basins, which decides
/// mid-sized instances within seconds (1 s, seeds 1–8: d2103 0.110 % apart
/// against 0.445 % paired, pcb1173 0.065 % against 0.042 %, mean over
/// eight instances of 1,173–2,392 nodes 0.196 % against 0.243 %). On
/// large instances far from converged the doubled kicks win: usa13509 at
/// 30 s, seeds 1–4, 0.21 % apart against 0.175 % paired; d15112 at 5 s
/// 0.258 against 0.219 % (seeds 1–2); pla85900 at 120 s 0.409 against
/// 0.391 % (seed 1); at 5,915–11,849 nodes within the noise. So searches
/// meet from ``SearchTuning/pairedSearchMinimum`` nodes on.
///
/// Meetings happen after the same kick counts on both sides, and what they
/// produce depends only on the two tours, so a pair bounded by kicks stays
/// deterministic for its seeds. A side that stops (deadline, cancellation,
/// or its kicks done) leaves; the other then goes on alone.
final class SearchPartner: @unchecked Sendable {
    /// Kicks each side makes between two meetings.
    let epoch: Int
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

    /// What a side continues from after a meeting.
    struct Meeting: Sendable {
        let order: [Int32]
        let cost: Int
        /// Whether the order is the one this side brought, per side: that
        /// side keeps its tour as it is.
        let unchanged: (Bool, Bool)
    }

    /// The partner for two searches on `nodes` nodes: one meeting every
    /// ``SearchTuning/meetingEpoch(nodes:)`` kicks from
    /// ``SearchTuning/pairedSearchMinimum`` nodes on, else `nil` (the two
    /// searches stay apart).
    static func forPair(nodes: Int) -> SearchPartner? {
        nodes >= SearchTuning.pairedSearchMinimum ? SearchPartner(epoch: SearchTuning.meetingEpoch(nodes: nodes)) : nil
    }

    init(epoch: Int) {
        precondition(epoch >= 1, "an epoch needs at least one kick")
        self.epoch = epoch
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
        deposited[side] = (order, cost)
        if let theirs = deposited[other] {
            let mine = (order: order, cost: cost)
            let (a, b) = side == 0 ? (mine, theirs) : (theirs, mine)
            let meeting = combine(a, b)
            result = meeting
            deposited = [nil, nil]
            round += 1
            pthread_cond_broadcast(&condition)
            return meeting
        }
        let waitingFor = round
        while round == waitingFor && !left[other] { pthread_cond_wait(&condition, &mutex) }
        if round == waitingFor {
            deposited[side] = nil
            return nil
        }
        return result
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
            switch TourMerge.merge(base: base.order, a.order, b.order) {
            case .neitherChanged:
                return Meeting(order: a.order, cost: a.cost, unchanged: (true, true))
            case .onlyFirstChanged:
                return Meeting(order: a.order, cost: a.cost, unchanged: (true, false))
            case .onlySecondChanged:
                return Meeting(order: b.order, cost: b.cost, unchanged: (false, true))
            case .merged(let order):
                merges += 1
                // The changes share no arc (TourMerge), so their gains add up.
                return Meeting(order: order, cost: a.cost + b.cost - base.cost, unchanged: (false, false))
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
