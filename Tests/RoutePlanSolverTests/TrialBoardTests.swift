import Testing
@testable import RoutePlanSolver

/// Searches made of trials merged into one best tour (``TrialBoard``).
@Suite("Trials on one board")
struct TrialBoardTests {
    @Test("the best changes only from the version it was read at, and only to a shorter tour")
    func replaceByVersion() throws {
        let board = TrialBoard()
        #expect(board.best == nil)
        #expect(!board.replace(ifStill: 0, with: [0, 1, 2], cost: 10), "no best yet: only a first tour")
        #expect(board.replace(ifStill: nil, with: [0, 1, 2], cost: 10))
        let first = try #require(board.best)
        #expect(first.cost == 10)
        #expect(!board.replace(ifStill: nil, with: [0, 2, 1], cost: 5), "a best exists: merge with it first")
        #expect(board.replace(ifStill: first.version, with: [0, 2, 1], cost: 12), "read at the current version")
        #expect(board.best?.cost == 10 && board.best?.version == first.version, "a longer tour changes nothing")
        #expect(board.replace(ifStill: first.version, with: [0, 2, 1], cost: 8))
        #expect(board.best?.cost == 8 && board.best?.order == [0, 2, 1])
        #expect(!board.replace(ifStill: first.version, with: [1, 0, 2], cost: 7), "read before the last change")
        #expect(board.best?.cost == 8)
    }

    @Test("boards only for time-limited searches on symmetric costs: below the paired sizes always, on them with 1.8 ms a stop left, beyond them never",
          arguments: [(1_000, 1, true, true), (1_000, nil, true, false), (1_000, 1, false, false),
                      (9_999, 1, true, true), (10_000, 1, true, false), (10_000, 17, true, false),
                      (10_000, 19, true, true), (20_000, 37, true, true), (20_001, 1_000, true, false)])
    func boardsWhere(nodes: Int, seconds: Int?, symmetric: Bool, expected: Bool) {
        let control = seconds.map { SolveControl(timeLimit: .seconds($0)) } ?? .unlimited
        #expect((TrialBoard.forSearches(nodes: nodes, under: control, symmetric: symmetric) != nil) == expected)
        #expect(SearchTuning.pairedSearchNodes.upperBound == SearchTuning.walkKickNodeLimit)
    }

    @Test("trial kicks and shakes grow with the size without a jump; shakes grow with stagnant trials up to four times")
    func trialShape() {
        #expect(SearchTuning.trialKicks(nodes: 10) == 100)
        #expect(SearchTuning.trialKicks(nodes: 3_000) == 6_000)
        #expect(SearchTuning.trialKicks(nodes: 5_000) == 10_000)
        #expect(SearchTuning.trialKicks(nodes: 7_500) == 10_000)
        #expect(SearchTuning.trialKicks(nodes: 13_509) == 13_509)
        #expect(SearchTuning.trialShake(nodes: 1_002) == 30)
        #expect(SearchTuning.trialShake(nodes: 4_461) == 44)
        #expect(SearchTuning.trialShake(nodes: 15_112) == 50)
        // Harder after 3 and 6 trials that left the best unchanged, no harder beyond.
        #expect((0...9).map { SearchTuning.trialShake(nodes: 4_461, stagnantTrials: $0) }
                == [44, 44, 44, 88, 88, 88, 176, 176, 176, 176])
        #expect(SearchTuning.trialShake(nodes: 1_002, stagnantTrials: 1_000) == 120)
        var previous = (0, 0)
        for n in stride(from: 4, through: 30_000, by: 7) {
            let kicks = SearchTuning.trialKicks(nodes: n), shake = SearchTuning.trialShake(nodes: n)
            #expect(kicks >= previous.0 && shake >= previous.1, "n = \(n)")
            #expect(kicks <= previous.0 + 14 || previous.0 == 0, "a jump at n = \(n)")
            previous = (kicks, shake)
        }
    }

    @Test("the final stretch starts once less than half the last trial's time is left for kicks, after a pass and the merge reserve")
    func finalStretch() {
        func final(_ left: Int, _ previous: Int, _ pass: Int, _ reserve: Int) -> Bool {
            LocalSearch.isFinalStretch(timeLeft: .milliseconds(left), previousTrial: .milliseconds(previous),
                                       pass: .milliseconds(pass), mergeReserve: .milliseconds(reserve))
        }
        #expect(!final(500, 300, 20, 0))
        #expect(!final(170, 300, 20, 0), "exactly half a trial left for kicks")
        #expect(final(169, 300, 20, 0))
        // pcb3038 at 1 s: after a 140 ms merge, 300 ms left no longer hold
        // half of a 520 ms trial; without the reserve they would.
        #expect(!final(300, 520, 20, 0))
        #expect(final(300, 520, 20, 140))
        #expect(!final(0, 0, 0, 0) && final(0, 2, 0, 0))
    }

    @Test("two searches of trials end on one settled tour of the cost they report, no longer than either's first trial")
    func twoSearchesOfTrials() throws {
        var gen = InstanceGenerator(seed: 41)
        let n = 400
        let matrix = try gen.euclidean(n)
        let costs = MatrixCosts(matrix: matrix)
        let lists = costs.alphaNearest(SearchTuning.candidateCount(for: costs))
        let control = SolveControl(timeLimit: .milliseconds(600))
        let board = try #require(TrialBoard.forSearches(nodes: n, under: control, symmetric: true))
        let second = OwnThread {
            try LocalSearch.solveRoundTrip(costs, neighbours: lists, start: nil, seed: 2, kicks: nil,
                                           control: control, board: board)
        }
        let first = try LocalSearch.solveRoundTrip(costs, neighbours: lists, start: nil, seed: 1, kicks: nil,
                                                   control: control, board: board)
        let other = try second.result().get()
        for solution in [first, other] {
            #expect(isValid(solution, matrix, .roundTrip()))
            #expect(matrix.cost(of: solution.order, closed: true) == solution.cost)
        }
        // Each returns the board's best as it read it when its last trial
        // ended; the other may still merge a shorter tour after that, so the
        // caller keeps the better of the two (`bestOfTwo`), and that one is
        // the board's final best, which is what a search alone would have
        // settled: no 2-opt or Or-opt move on the lists improves it.
        let best = try #require(board.best)
        let kept = first.cost <= other.cost ? first : other
        #expect(kept.cost == best.cost, "kept \(kept.cost), the board holds \(best.cost)")
        #expect(first.cost >= best.cost && other.cost >= best.cost)
        var check = SymmetricSearch(costs: costs, neighbours: lists, k: lists.count / n, start: kept.order)
        let before = check.cost
        check.settle(control: .unlimited)
        #expect(check.cost == before, "settling the result again gained \(before - check.cost)")
        let statistics = board.statistics
        #expect(statistics.trials >= 4, "\(statistics.trials) trials in 0.6 s on \(n) cities")
        // The first trial of each search is a search as before; the best
        // can only be as short or shorter.
        let alone = try LocalSearch.solveRoundTrip(costs, neighbours: lists, start: nil, seed: 1,
                                                   kicks: SearchTuning.trialKicks(nodes: n), control: .unlimited)
        #expect(best.cost <= alone.cost, "\(best.cost) after trials, \(alone.cost) after the first trial's kicks")
    }
}
