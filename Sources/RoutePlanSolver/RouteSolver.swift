/// Chooses between the exact and the heuristic solver and runs it.
///
/// ```swift
/// let matrix = try CostMatrix(rows: [[0, 5, 9], [4, 0, 3], [8, 2, 0]])
/// let outcome = try await RouteSolver.solve(matrix, endpoints: .roundTrip(from: 0))
/// outcome.solution.order          // [0, 1, 2]
/// outcome.solution.provenOptimal  // true
/// ```
public enum RouteSolver {
    /// Which solver to run.
    public enum Strategy: String, Sendable, Hashable, CaseIterable {
        /// Held–Karp when it finishes quickly (see ``Options/exactNodeLimit``),
        /// branch and cut up to ``Options/branchAndCutNodeLimit`` nodes within
        /// ``Options/proofTimeLimit``, heuristic otherwise.
        case automatic
        /// Always exact: Held–Karp on small problems, branch and cut beyond
        /// (see ``RouteSolver/exactEngine(nodes:endpoints:options:)``).
        case exact
        /// Always local search.
        case heuristic
    }

    /// How to solve.
    public struct Options: Sendable, Hashable {
        public var strategy: Strategy
        /// The wall-clock budget; `nil` for none. An exact solve that runs out of
        /// time returns the heuristic route, marked not proven optimal.
        public var timeLimit: Duration?
        /// The most memory the exact solver's table may take, in bytes; `nil`
        /// means whatever the system reports as available.
        public var maxMemoryBytes: Int?
        /// The largest number of free nodes `automatic` solves by Held–Karp.
        public var exactNodeLimit: Int
        /// The largest number of nodes `automatic` tries to prove optimal by
        /// branch and cut (0: never); larger problems go to the heuristic.
        public var branchAndCutNodeLimit: Int
        /// How long `automatic` lets branch and cut try to prove a route
        /// optimal (within ``timeLimit``) before it settles for the best
        /// route and bound found; `nil` for no limit of its own.
        public var proofTimeLimit: Duration?
        /// With ``Strategy/exact``, the exact solver to use rather than the
        /// one ``RouteSolver/exactEngine(nodes:endpoints:options:)`` picks by
        /// size (for measuring one against the other); `nil` to let it pick.
        /// Held–Karp still refuses a table that does not fit.
        public var exactEngine: ExactEngine?
        /// Which LP branch and cut solves asymmetric costs, open paths and
        /// fixed ends on (``BranchAndCut/Formulation``); `.automatic` by
        /// default, which picks the arc formulation for asymmetric costs.
        public var branchAndCutFormulation: BranchAndCut.Formulation = .automatic
        /// Seeds the heuristic's random kicks.
        public var seed: UInt64
        /// Whether to compute a lower bound for a heuristic route (see ``LowerBound``).
        public var computeLowerBound: Bool
        /// Whether a heuristic solve runs a second, different search on
        /// another core and keeps the better route.
        public var parallelSearch: Bool
        /// Receives the phase, the best route so far and the lower bound
        /// while the solve runs (for progress displays); `nil` for none.
        public var progress: SolveProgress?
        /// The most threads one solve may use, its caller's included: 3 lets
        /// the second search and the lower bound run beside the search (see
        /// ``RouteSolver/solveBlocking(_:endpoints:options:control:)``). A
        /// ``SolverExecutor`` grants at most what it has free.
        public var maxThreads: Int

        /// The default automatic cutoff in free nodes: 22, a 23-stop round
        /// trip. Measured in `Benchmarks/` on the 2-core reference machine
        /// (closed tours, asymmetric random costs, median): 20 stops 32 ms /
        /// 66 MB peak, 22 stops 148 ms / 203 MB, 23 stops 318 ms / 395 MB,
        /// 24 stops 0.67 s / 0.8 GB, 25 stops 1.7 s / 1.6 GB. Each further stop
        /// doubles the memory and more than doubles the time, so 23 stops is
        /// the largest size that stays a fraction of a second; `--exact` goes
        /// further.
        public static let defaultExactNodeLimit = 22
        /// The default ``branchAndCutNodeLimit``: 300 nodes (d198 proves in
        /// under a second; 300-node LPs stay a few megabytes).
        public static let defaultBranchAndCutNodeLimit = 300
        /// The default ``proofTimeLimit``: 3 s. Branch and cut proves most
        /// itineraries of up to 60 stops in well under a second (median 0.45 s
        /// at 60 on the loaded 2-core machine) and d198 in 0.54 s; one it has
        /// not proven by then is usually far from it, and the heuristic,
        /// which follows, would otherwise wait. Within a time limit it also
        /// gets at most half of the time left.
        public static let defaultProofTimeLimit: Duration = .seconds(3)

        public init(strategy: Strategy = .automatic, timeLimit: Duration? = nil, maxMemoryBytes: Int? = nil,
                    exactNodeLimit: Int = defaultExactNodeLimit, seed: UInt64 = 1, computeLowerBound: Bool = true,
                    parallelSearch: Bool = true, progress: SolveProgress? = nil, maxThreads: Int = 3,
                    branchAndCutNodeLimit: Int = defaultBranchAndCutNodeLimit,
                    proofTimeLimit: Duration? = defaultProofTimeLimit, exactEngine: ExactEngine? = nil) {
            self.exactEngine = exactEngine
            self.branchAndCutNodeLimit = branchAndCutNodeLimit
            self.proofTimeLimit = proofTimeLimit
            self.maxThreads = max(1, maxThreads)
            self.parallelSearch = parallelSearch
            self.progress = progress
            self.strategy = strategy
            self.timeLimit = timeLimit
            self.maxMemoryBytes = maxMemoryBytes
            self.exactNodeLimit = exactNodeLimit
            self.seed = seed
            self.computeLowerBound = computeLowerBound
        }
    }

    /// The outcome of ``solve(_:endpoints:options:)``.
    public struct Outcome: Sendable, Hashable {
        /// The route found.
        public let solution: Solution
        /// Whether the exact solver was started but stopped by the time limit,
        /// so `solution` is the heuristic route.
        public let exactStoppedByTimeLimit: Bool
        /// A proven lower bound on the cost of any route (the cost itself when
        /// proven optimal); `nil` when none was computed.
        public let lowerBound: Int?
        /// What branch and cut did (search nodes, root bound), when it ran.
        public let branchAndCut: BranchAndCut.Statistics?

        /// An outcome for a route found outside ``RouteSolver/solve(_:endpoints:options:)``.
        public init(solution: Solution, exactStoppedByTimeLimit: Bool = false, lowerBound: Int?,
                    branchAndCut: BranchAndCut.Statistics? = nil) {
            self.solution = solution
            self.exactStoppedByTimeLimit = exactStoppedByTimeLimit
            self.branchAndCut = branchAndCut
            self.lowerBound = solution.provenOptimal ? solution.cost : lowerBound.map { min($0, solution.cost) }
        }

        /// How far above the lower bound the route's cost is, in percent
        /// (0 when proven optimal): the optimum is at most this far below.
        public var gapPercent: Double? {
            guard let lowerBound else { return nil }
            if solution.cost == lowerBound { return 0 }
            guard lowerBound > 0 else { return nil }
            return Double(solution.cost - lowerBound) / Double(lowerBound) * 100
        }

        /// How far below the route's cost the root LP bound of branch and
        /// cut was, in percent of the cost; `nil` when it did not run.
        public var rootGapPercent: Double? {
            guard let root = branchAndCut?.rootBound, solution.cost > 0 else { return nil }
            return Double(solution.cost - min(root, solution.cost)) / Double(solution.cost) * 100
        }
    }

    /// Which exact solver a solve runs.
    public enum ExactEngine: Sendable, Hashable {
        /// Held–Karp dynamic programming (memory 2ⁿ·n).
        case heldKarp
        /// Branch and cut on the subtour LP (``BranchAndCut``); asymmetric
        /// costs on arc variables unless ``Options/branchAndCutFormulation``
        /// says otherwise.
        case branchAndCut
    }

    /// Branch and cut takes over from Held–Karp at this many free nodes,
    /// about where it becomes faster: on asymmetric random costs (2-core
    /// machine, median) Held–Karp takes 5 ms at 16 free nodes, 32 ms at 20
    /// and 150 ms at 22; branch and cut, its heuristic start included,
    /// 13–25 ms at 18–25 stops (measured with the machine shared, so an
    /// upper estimate).
    public static let branchAndCutFreeNodes = 16

    /// The exact solver `options` choose for `nodes` nodes, decided before
    /// anything is allocated; `nil` when the solve is heuristic.
    ///
    /// `.exact` runs Held–Karp below ``branchAndCutFreeNodes`` free nodes
    /// when its table fits, else branch and cut up to
    /// ``BranchAndCut/maximumNodes`` (beyond, Held–Karp, which then refuses
    /// for memory). `.automatic` runs Held–Karp up to
    /// ``Options/exactNodeLimit`` free nodes under the same rule, then branch
    /// and cut up to ``Options/branchAndCutNodeLimit`` nodes.
    public static func exactEngine(nodes n: Int, endpoints: RouteEndpoints, options: Options) -> ExactEngine? {
        let free = HeldKarp.freeNodeCount(nodes: n, endpoints: endpoints)
        let bytes = HeldKarp.tableBytes(freeNodes: free, elementSize: 8)
        let heldKarpFits = free <= HeldKarp.maximumFreeNodes
            && bytes.map { $0 <= (options.maxMemoryBytes ?? SystemMemory.availableBytes() ?? .max) } ?? false
        let branchAndCutFits = n >= BranchAndCut.minimumNodes && n <= BranchAndCut.maximumNodes
        let heldKarpFirst = free < branchAndCutFreeNodes || !branchAndCutFits
        switch options.strategy {
        case .heuristic:
            return free <= 1 ? .heldKarp : nil
        case .exact:
            if let chosen = options.exactEngine {
                return chosen == .branchAndCut && branchAndCutFits ? .branchAndCut : .heldKarp
            }
            return heldKarpFirst && (heldKarpFits || !branchAndCutFits) ? .heldKarp : .branchAndCut
        case .automatic:
            if free <= options.exactNodeLimit && heldKarpFits && heldKarpFirst { return .heldKarp }
            if branchAndCutFits && n <= options.branchAndCutNodeLimit { return .branchAndCut }
            return free <= options.exactNodeLimit && heldKarpFits ? .heldKarp : nil
        }
    }

    /// The free nodes of the Held–Karp table a solve fills, or `nil` when it
    /// fills none (branch and cut, heuristic): for memory estimates.
    public static func heldKarpFreeNodes(nodes n: Int, endpoints: RouteEndpoints, options: Options) -> Int? {
        exactEngine(nodes: n, endpoints: endpoints, options: options) == .heldKarp
            ? HeldKarp.freeNodeCount(nodes: n, endpoints: endpoints) : nil
    }

    /// Solves `matrix` under `endpoints`, on a thread of `executor`.
    ///
    /// Every limit is checked before work starts: an exact solve that would
    /// not fit in memory throws at once. The caller's task is suspended, not
    /// blocked, while the solve runs; cancelling it stops either solver
    /// within milliseconds.
    ///
    /// - Parameters:
    ///   - control: the deadline and cancellation to obey; by default a
    ///     deadline ``Options/timeLimit`` from now.
    ///   - executor: where the solve runs (see ``SolverExecutor``); it asks
    ///     for ``Options/maxThreads`` threads. By default
    ///     ``SolverExecutor/dedicated``: at once, on threads of its own.
    public static func solve(_ matrix: CostMatrix, endpoints: RouteEndpoints,
                             options: Options = Options(), control: SolveControl? = nil,
                             executor: SolverExecutor = .dedicated) async throws -> Outcome {
        let control = control ?? SolveControl(timeLimit: options.timeLimit, progress: options.progress)
        // The heuristic runs to the deadline; so may an automatic branch and cut (the search follows an unproven one).
        let engine = exactEngine(nodes: matrix.count, endpoints: endpoints, options: options)
        let toDeadline = engine == nil || (engine == .branchAndCut && options.strategy == .automatic)
        return try await executor.run(threads: options.maxThreads, control: control, runsToDeadline: toDeadline) { granted in
            var options = options
            options.maxThreads = granted
            return try solveBlocking(matrix, endpoints: endpoints, options: options, control: control)
        }
    }

    /// Solves `matrix` under `endpoints` on the calling thread, using at most
    /// ``Options/maxThreads`` threads in all (the caller's included), and
    /// stopping when `control` says so.
    ///
    /// For hosts that run solves on threads of their own; anything else
    /// should call ``solve(_:endpoints:options:control:executor:)``.
    /// With three threads or more the second search and the lower bound run
    /// beside the search; with two, the second search does and the bound
    /// follows the search; with one, both follow it (the bound then gets a
    /// short grace period once the deadline has passed).
    public static func solveBlocking(_ matrix: CostMatrix, endpoints: RouteEndpoints,
                                     options: Options, control: SolveControl) throws -> Outcome {
        try endpoints.validate(nodeCount: matrix.count)
        if control.isCancelled { throw SolverError.cancelled }
        let free = HeldKarp.freeNodeCount(nodes: matrix.count, endpoints: endpoints)
        var engine = exactEngine(nodes: matrix.count, endpoints: endpoints, options: options)
        switch options.strategy {
        case .exact:
            if engine == .heldKarp {
                try HeldKarp.checkMemory(matrix, endpoints: endpoints, memoryLimit: options.maxMemoryBytes)
            }
        case .heuristic:
            break
        case .automatic:
            // Held–Karp when small enough and the table fits; otherwise
            // branch and cut or the heuristic rather than an error, since the
            // caller did not insist.
            if engine == .heldKarp,
               (try? HeldKarp.checkMemory(matrix, endpoints: endpoints, memoryLimit: options.maxMemoryBytes)) == nil {
                let fits = matrix.count >= BranchAndCut.minimumNodes && matrix.count <= options.branchAndCutNodeLimit
                engine = fits ? .branchAndCut : nil
            }
        }
        if engine == .branchAndCut {
            guard options.strategy == .automatic else {
                return try solveByBranchAndCut(matrix, endpoints: endpoints, options: options, control: control,
                                               freeNodes: free, budget: nil)
            }
            return try proveOrSearch(matrix, endpoints: endpoints, options: options, control: control, freeNodes: free)
        }
        guard engine == .heldKarp else {
            return try solveHeuristically(matrix, endpoints: endpoints, options: options, control: control,
                                          freeNodes: free)
        }
        return try solveByHeldKarp(matrix, endpoints: endpoints, options: options, control: control, freeNodes: free)
    }

    /// The automatic strategy beyond Held–Karp: branch and cut gets at most
    /// half of the time left (and at most ``Options/proofTimeLimit``); when it
    /// does not prove its route optimal, the heuristic search gets the rest, as
    /// it would have without branch and cut, and the shorter route is
    /// answered with the better of the two lower bounds. So a proof is never
    /// bought with a worse route than the search alone would give in half the
    /// time.
    private static func proveOrSearch(_ matrix: CostMatrix, endpoints: RouteEndpoints, options: Options,
                                      control: SolveControl, freeNodes free: Int) throws -> Outcome {
        var budget = options.proofTimeLimit
        if let left = control.timeLeft {
            let half = left / 2
            budget = min(budget ?? half, half)
        }
        var proof: Outcome?
        do {
            proof = try solveByBranchAndCut(matrix, endpoints: endpoints, options: options, control: control,
                                            freeNodes: free, budget: budget)
        } catch SolverError.timeLimitReached {
            // No route within its budget (forbidden arcs): the search may still find one.
            if control.shouldStop { throw SolverError.timeLimitReached(seconds: control.limitSeconds) }
        }
        if let proof, proof.solution.provenOptimal || control.shouldStop { return proof }
        let searched = try solveHeuristically(matrix, endpoints: endpoints, options: options, control: control,
                                              freeNodes: free)
        guard let proof else { return searched }
        let bounds = [proof.lowerBound, searched.lowerBound].compactMap { $0 }
        let route = searched.solution.cost < proof.solution.cost ? searched.solution : proof.solution
        return Outcome(solution: route, exactStoppedByTimeLimit: true, lowerBound: bounds.max(),
                       branchAndCut: proof.branchAndCut)
    }

    /// The heuristic search (see ``solveBlocking(_:endpoints:options:control:)``), with its lower bound.
    private static func solveHeuristically(_ matrix: CostMatrix, endpoints: RouteEndpoints, options: Options,
                                           control: SolveControl, freeNodes free: Int) throws -> Outcome {
        let threads = max(1, options.maxThreads)
        options.progress?.enter(.localSearch)
        var bound: (@Sendable (SolveControl, Int?) -> Int?)?
        if options.computeLowerBound && free > 1 {
            bound = { @Sendable control, upperBound in
                LowerBound.compute(matrix, endpoints: endpoints, upperBound: upperBound, control: control)
            }
        }
        return try withLowerBound(bound, threads: threads, control: control, progress: options.progress) {
            // A second search on another core: the route-array search on
            // asymmetric costs (it finds different routes from the doubled
            // graph's), another seed on symmetric ones. Each is bounded by
            // kicks or the deadline, so the pair stays deterministic.
            let asymmetric = !matrix.isSymmetric
            let seed = options.seed
            let twoSearches = options.parallelSearch && threads >= 2 && free >= LocalSearch.symmetricFormMinimum
            // A symmetric round trip's two searches take their candidate
            // lists from one computation on both threads (see
            // `MatrixCosts.alphaNearestInParallel`): the first keeps each
            // city's 8 α-nearest, the second its 10, so that a trap of one
            // set of lists does not hold both (`SearchTuning.secondSearchNeighbours`).
            var lists: [[Int32]]?
            let costs = MatrixCosts(matrix: matrix)
            if twoSearches && !asymmetric && endpoints.isRoundTrip && costs.sumsFitInInt {
                lists = costs.alphaNearestInParallel(
                    lengths: [SearchTuning.candidateCount(for: costs), SearchTuning.secondSearchCandidateCount(for: costs)])
            }
            let firstLists = lists?[0], secondLists = lists?[1]
            // Under a time limit, the searches on symmetric costs are made
            // of trials merged into one best tour (see `TrialBoard`); two
            // searches through the symmetric form on many nodes otherwise
            // meet to go on from one tour (see `SearchPartner`).
            let board = TrialBoard.forSearches(nodes: matrix.count, under: control, symmetric: !asymmetric)
            let partner: SearchPartner? = !twoSearches || asymmetric || board != nil ? nil
                : endpoints.isRoundTrip ? SearchPartner.forPair(costs)
                : SearchPartner.forPair(PathCosts(matrix: matrix, endpoints: endpoints))
            var second: (@Sendable () throws -> Solution)?
            if twoSearches {
                second = {
                    try LocalSearch.solve(matrix, endpoints: endpoints, seed: secondSeed(seed), kicks: nil,
                                          control: control, routeArrayOnly: asymmetric, candidates: secondLists,
                                          partner: partner.map { ($0, side: 1) }, board: board)
                }
            }
            return try bestOfTwo(second: second) {
                try LocalSearch.solve(matrix, endpoints: endpoints, seed: seed, kicks: nil, control: control,
                                      routeArrayOnly: false, candidates: firstLists,
                                      partner: partner.map { ($0, side: 0) }, board: board)
            }
        }
    }

    /// Runs `search` with a lower bound from `compute`: beside it on a
    /// thread of its own when `threads` allows a third (the bound needs no
    /// route; a task would wait for a free thread of the cooperative pool,
    /// which a busy caller holds), else after it, within what is left of the
    /// deadline or a short grace after it. `compute` gets the route's cost as
    /// an upper bound when it follows the search, `nil` beside it; `nil`
    /// computes no bound.
    private static func withLowerBound(_ compute: (@Sendable (SolveControl, Int?) -> Int?)?, threads: Int,
                                       control: SolveControl, progress: SolveProgress?,
                                       search: () throws -> Solution) throws -> Outcome {
        let beside = compute.flatMap { compute in
            threads >= 3
                ? OwnThread<Int?> {
                    let bound = compute(control, nil)
                    if let bound { progress?.offer(lowerBound: bound) }
                    return bound
                }
                : nil
        }
        let solution: Solution
        do {
            solution = try search()
        } catch {
            _ = beside?.result()  // stops at once: cancelled, or past the deadline
            throw error
        }
        var proven = beside.flatMap { try? $0.result().get() }
        if let compute, beside == nil, !solution.provenOptimal, !control.isCancelled {
            let after = control.isPastDeadline ? control.grace(.milliseconds(100)) : control
            proven = compute(after, solution.cost)
            if let proven { progress?.offer(lowerBound: proven) }
        }
        return Outcome(solution: solution, lowerBound: solution.provenOptimal ? solution.cost : proven)
    }

    /// Held–Karp (see ``solveBlocking(_:endpoints:options:control:)``): at
    /// once for small tables, else after a quick heuristic route to answer
    /// should the deadline pass.
    private static func solveByHeldKarp(_ matrix: CostMatrix, endpoints: RouteEndpoints, options: Options,
                                        control: SolveControl, freeNodes free: Int) throws -> Outcome {
        let threads = max(1, options.maxThreads)
        let workers = min(threads, HeldKarp.processorCount)
        // Small tables fill in a few milliseconds: solve them at once, and
        // only should the deadline pass anyway, fall back to a quick route.
        // (The kicks of a fallback found first would cost more than the
        // exact solve: 2,000 kicks take some 25 ms at 10 stops.)
        if free < HeldKarp.parallelThreshold, control.deadline != nil {
            options.progress?.enter(.exact)
            do {
                let solution = try HeldKarp.solveBlocking(matrix, endpoints: endpoints,
                                                          memoryLimit: options.maxMemoryBytes, control: control, workers: 1)
                options.progress?.offer(optimal: solution.cost)
                return Outcome(solution: solution, lowerBound: solution.cost)
            } catch SolverError.timeLimitReached {
                let fallback = try LocalSearch.solve(matrix, endpoints: endpoints, seed: options.seed, kicks: 0,
                                                     control: control.withoutDeadline())
                return Outcome(solution: fallback, exactStoppedByTimeLimit: true,
                               lowerBound: bound(for: fallback, matrix, endpoints, options, control.grace(.milliseconds(20))))
            }
        }
        guard control.deadline != nil else {
            options.progress?.enter(.exact)
            let solution = try HeldKarp.solveBlocking(matrix, endpoints: endpoints, memoryLimit: options.maxMemoryBytes,
                                                      control: control, workers: workersFor(free, workers))
            options.progress?.offer(optimal: solution.cost)
            return Outcome(solution: solution, lowerBound: solution.cost)
        }
        // With a deadline, find a good route first (milliseconds at these
        // sizes) so that running out of time still leaves an answer.
        options.progress?.enter(.localSearch)
        // (None on sparse allowed arcs is no proof: Held–Karp decides.)
        let fallback: Solution?
        do {
            fallback = try LocalSearch.solve(matrix, endpoints: endpoints, seed: options.seed,
                                             kicks: LocalSearch.defaultKicks(freeNodes: free),
                                             control: control.withoutDeadline())
        } catch SolverError.noRouteFound {
            fallback = nil
        }
        options.progress?.enter(.exact)
        do {
            let solution = try HeldKarp.solveBlocking(matrix, endpoints: endpoints, memoryLimit: options.maxMemoryBytes,
                                                      control: control, workers: workersFor(free, workers))
            options.progress?.offer(optimal: solution.cost)
            return Outcome(solution: solution, lowerBound: solution.cost)
        } catch SolverError.timeLimitReached {
            guard let fallback else { throw SolverError.noRouteFound(nodes: matrix.count) }
            // The deadline has passed; the bound gets a short grace period.
            return Outcome(solution: fallback, exactStoppedByTimeLimit: true,
                           lowerBound: bound(for: fallback, matrix, endpoints, options, control.grace(.milliseconds(100))))
        }
    }

    /// The heuristic's route first (its bounded default kicks, milliseconds
    /// at these sizes), then branch and cut from it within `control` and
    /// `budget`. Unproven, it answers the best route found and the best
    /// bound proven (the 1-tree or assignment bound if the root LP was not
    /// reached).
    private static func solveByBranchAndCut(_ matrix: CostMatrix, endpoints: RouteEndpoints, options: Options,
                                            control: SolveControl, freeNodes free: Int,
                                            budget: Duration?) throws -> Outcome {
        options.progress?.enter(.localSearch)
        var heuristic: Solution?
        do {
            heuristic = try LocalSearch.solve(matrix, endpoints: endpoints, seed: options.seed,
                                              kicks: branchAndCutKicks(freeNodes: free),
                                              control: control.withoutDeadline())
        } catch {
            // No route avoiding the forbidden arcs found: branch and cut may
            // still find one, or prove there is none.
            if control.isCancelled { throw SolverError.cancelled }
        }
        if let heuristic { options.progress?.offer(cost: heuristic.cost) }
        options.progress?.enter(.exact)
        let result = try BranchAndCut.solve(matrix, endpoints: endpoints, incumbent: heuristic, control: control,
                                            proofBudget: budget, formulation: options.branchAndCutFormulation)
        guard let solution = result.solution else {
            throw SolverError.timeLimitReached(seconds: control.limitSeconds)
        }
        if solution.provenOptimal {
            options.progress?.offer(optimal: solution.cost)
            return Outcome(solution: solution, lowerBound: solution.cost, branchAndCut: result.statistics)
        }
        var lowerBound = result.lowerBound
        if lowerBound == nil {
            lowerBound = bound(for: solution, matrix, endpoints, options, control.grace(.milliseconds(100)))
        }
        if let lowerBound { options.progress?.offer(lowerBound: lowerBound) }
        return Outcome(solution: solution, exactStoppedByTimeLimit: true, lowerBound: lowerBound,
                       branchAndCut: result.statistics)
    }

    /// The heuristic's kicks before branch and cut: a few per node. The
    /// search improves on the route itself, so the heuristic need only be
    /// good, not best (its default 2,000 kicks would take longer than the
    /// proof at 20–60 nodes).
    static func branchAndCutKicks(freeNodes m: Int) -> Int {
        min(LocalSearch.defaultKicks(freeNodes: m), max(20, 2 * m))
    }

    /// Held–Karp's worker count: all granted threads from its parallel threshold on.
    private static func workersFor(_ free: Int, _ granted: Int) -> Int {
        free >= HeldKarp.parallelThreshold ? granted : 1
    }

    /// Solves a closed tour from node 0 on costs computed by `cost` when
    /// needed, without a matrix: for instances where n² costs would not fit
    /// in memory (85,900 nodes would need 29 GB), or would cost more to
    /// build and to read than to compute. Heuristic only.
    ///
    /// Two searches run as in ``solve(_:endpoints:options:control:executor:)``
    /// (with two threads or more), the second from its own seed.
    ///
    /// - Parameters:
    ///   - neighbours: each node's candidate neighbours, cheapest first, as a
    ///     flat array of `count · k` entries (for example from a spatial
    ///     index); `nil` computes them from `cost` in O(count²).
    ///   - alphaPool: each node's nearest nodes, nearest first, as a flat
    ///     array of `count · w` entries. With `neighbours`, the searches
    ///     then work on `neighbours` joined by each node's 5 α-nearest in
    ///     its pool, under node weights from a subgradient ascent on the
    ///     sparse graph of both (min(10, w) per node in all; the ascent
    ///     takes at most 6 % of the time left, or 100 steps without a time
    ///     limit). α-nearness ranks an edge by how much it would cost a
    ///     minimum spanning tree to contain it, which singles out a tour's
    ///     edges better than distance does.
    ///   - startLists: other candidate lists (flat, `count · k′` entries,
    ///     cheapest first) on which the greedy tour both searches start
    ///     from is built (the second only, with much time per stop:
    ///     ``searchStarts(_:startLists:twoSearches:timeLeft:)``); they
    ///     still search on `neighbours`. `nil`: each search starts from
    ///     the greedy tour on its own lists. Within seconds a search seldom
    ///     leaves the basin of its start, so the start tour matters more
    ///     than the seed (see `CoordinateSearch.startNeighbours` in
    ///     RoutePlanMatrix).
    ///   - options: the time limit, seed, ``Options/parallelSearch`` and
    ///     ``Options/computeLowerBound`` apply.
    ///   - lowerBound: computes a lower bound on every tour's cost, stopping
    ///     when the control it is given says so; `nil` (or `nil` returned)
    ///     for none. With three threads or more it runs beside the searches,
    ///     else after them, within the deadline or a short grace past it.
    /// - Throws: ``SolverError/cancelled``.
    public static func solveRoundTrip(
        count: Int, neighbours: [Int32]?, alphaPool: [Int32]? = nil, startLists: [Int32]? = nil,
        options: Options = Options(), control: SolveControl? = nil, executor: SolverExecutor = .dedicated,
        lowerBound: (@Sendable (SolveControl) -> Int?)? = nil, cost: @escaping @Sendable (Int, Int) -> Int
    ) async throws -> Outcome {
        guard count > 0 else { throw SolverError.emptyProblem }
        return try await roundTrip(FunctionCosts(count: count, function: cost), neighbours: neighbours,
                                   alphaPool: alphaPool, startLists: startLists, options: options, control: control,
                                   executor: executor, lowerBound: lowerBound)
    }

    /// ``solveRoundTrip(count:neighbours:alphaPool:startLists:options:control:executor:lowerBound:cost:)``
    /// on costs between points in the plane, which the searches read
    /// inline instead of through a closure (see ``PlanarCosts``).
    public static func solveRoundTrip(
        points: PlanarCosts, neighbours: [Int32]?, alphaPool: [Int32]? = nil, startLists: [Int32]? = nil,
        options: Options = Options(), control: SolveControl? = nil, executor: SolverExecutor = .dedicated,
        lowerBound: (@Sendable (SolveControl) -> Int?)? = nil
    ) async throws -> Outcome {
        guard points.count > 0 else { throw SolverError.emptyProblem }
        return try await roundTrip(points, neighbours: neighbours, alphaPool: alphaPool, startLists: startLists,
                                   options: options, control: control, executor: executor, lowerBound: lowerBound)
    }

    private static func roundTrip<Costs: SymmetricCosts>(
        _ costs: Costs, neighbours: [Int32]?, alphaPool: [Int32]?, startLists: [Int32]?, options: Options,
        control: SolveControl?, executor: SolverExecutor, lowerBound: (@Sendable (SolveControl) -> Int?)?
    ) async throws -> Outcome {
        let control = control ?? SolveControl(timeLimit: options.timeLimit, progress: options.progress)
        return try await executor.run(threads: options.maxThreads, control: control) { granted in
            var options = options
            options.maxThreads = granted
            return try roundTripBlocking(costs, neighbours: neighbours, alphaPool: alphaPool, startLists: startLists,
                                         options: options, control: control, lowerBound: lowerBound)
        }
    }

    /// ``solveRoundTrip(count:neighbours:alphaPool:startLists:options:control:executor:lowerBound:cost:)``
    /// on the calling thread.
    public static func solveRoundTripBlocking(
        count: Int, neighbours: [Int32]?, alphaPool: [Int32]? = nil, startLists: [Int32]? = nil, options: Options,
        control: SolveControl?, lowerBound: (@Sendable (SolveControl) -> Int?)? = nil,
        cost: @escaping @Sendable (Int, Int) -> Int
    ) throws -> Outcome {
        try roundTripBlocking(FunctionCosts(count: count, function: cost), neighbours: neighbours,
                              alphaPool: alphaPool, startLists: startLists, options: options, control: control,
                              lowerBound: lowerBound)
    }

    private static func roundTripBlocking<Costs: SymmetricCosts>(
        _ costs: Costs, neighbours givenLists: [Int32]?, alphaPool: [Int32]?, startLists: [Int32]?,
        options: Options, control: SolveControl?, lowerBound: (@Sendable (SolveControl) -> Int?)?
    ) throws -> Outcome {
        let count = costs.count
        guard count > 0 else { throw SolverError.emptyProblem }
        precondition(startLists.map { !$0.isEmpty && $0.count % count == 0 } ?? true,
                     "start lists must hold count · k′ entries")
        let control = control ?? SolveControl(timeLimit: options.timeLimit, progress: options.progress)
        // The given lists joined by α-nearest candidates when a pool is given.
        let neighbours = givenLists.map { base in
            guard let pool = alphaPool, count > 3 else { return base }
            return SparseAlphaNearness.searchLists(costs, base: base, pool: pool, control: control)
        }
        options.progress?.enter(.localSearch)
        let threads = max(1, options.maxThreads)
        var bound: (@Sendable (SolveControl, Int?) -> Int?)?
        if options.computeLowerBound && count > 3, let lowerBound {
            bound = { @Sendable control, _ in lowerBound(control) }
        }
        return try withLowerBound(bound, threads: threads, control: control, progress: options.progress) {
            let seed = options.seed
            var second: (@Sendable () throws -> Solution)?
            let twoSearches = options.parallelSearch && threads >= 2 && count > 3
            // Trials merged into one best tour, or searches that meet (as above).
            let board = TrialBoard.forSearches(nodes: count, under: control, symmetric: true)
            let partner = twoSearches && board == nil ? SearchPartner.forPair(costs) : nil
            let (firstStart, start) = searchStarts(costs, startLists: startLists, twoSearches: twoSearches,
                                                   timeLeft: control.timeLeft)
            if twoSearches {
                second = {
                    try LocalSearch.solveRoundTrip(costs, neighbours: neighbours, start: start,
                                                   seed: secondSeed(seed), kicks: nil, control: control,
                                                   partner: partner.map { ($0, side: 1) }, board: board)
                }
            }
            return try bestOfTwo(second: second) {
                try LocalSearch.solveRoundTrip(costs, neighbours: neighbours, start: firstStart, seed: seed, kicks: nil,
                                               control: control, partner: partner.map { ($0, side: 0) },
                                               board: board)
            }
        }
    }

    /// The tours the two searches of a round trip start from (`nil`: the
    /// greedy tour on the search's own lists): the greedy tour on
    /// `startLists` for both, but for the first search's own when two
    /// searches run with `timeLeft` enough for
    /// ``SearchTuning/startsApart(nodes:timeLeft:)``.
    /// - Complexity: that of ``GreedyEdge/tour(_:neighbours:k:)`` on the
    ///   start lists, when given.
    static func searchStarts<Costs: SymmetricCosts>(
        _ costs: Costs, startLists: [Int32]?, twoSearches: Bool, timeLeft: Duration?
    ) -> (first: [Int]?, second: [Int]?) {
        let count = costs.count
        let start = startLists.map { GreedyEdge.tour(costs, neighbours: $0, k: $0.count / count) }
        let apart = twoSearches && SearchTuning.startsApart(nodes: count, timeLeft: timeLeft)
        return (apart ? nil : start, start)
    }

    /// The second search's seed: the first value drawn by a generator
    /// seeded with a fixed change of the first seed.
    ///
    /// Not the seed plus a constant: ``SplitMix64`` adds the golden-ratio
    /// constant to its state on every draw, so the seed plus that constant
    /// (which this used to be) drew the first search's numbers one draw
    /// later. Both searches start from the same tour and each kick draws
    /// about the same count of numbers, so they tried the same cuts, one
    /// draw out of step; now the two sequences are unrelated.
    static func secondSeed(_ seed: UInt64) -> UInt64 {
        var generator = SplitMix64(seed: seed ^ 0x5851_F42D_4C95_7F2D)
        return generator.next()
    }

    /// Runs `first` here and `second`, if any, on a thread of its own at the
    /// same time, and returns the cheaper route (the first on ties). Errors of
    /// `first` are rethrown; a failed `second` is ignored.
    private static func bestOfTwo(second: (@Sendable () throws -> Solution)?,
                                  _ first: () throws -> Solution) throws -> Solution {
        let other = second.map { OwnThread($0) }
        let a = Result { try first() }
        let b = other?.result()
        let solution = try a.get()
        if let b = try? b?.get(), b.cost < solution.cost { return b }
        return solution
    }

    private static func bound(for solution: Solution, _ matrix: CostMatrix, _ endpoints: RouteEndpoints,
                              _ options: Options, _ control: SolveControl) -> Int? {
        if solution.provenOptimal { return solution.cost }
        guard options.computeLowerBound else { return nil }
        return LowerBound.compute(matrix, endpoints: endpoints, upperBound: solution.cost, control: control)
    }
}

/// Work started on an operating-system thread of its own (not Swift's
/// cooperative pool); ``result()`` waits for it.
final class OwnThread<Value: Sendable>: @unchecked Sendable {
    private var value: Result<Value, any Error>?
    private var thread: HeldKarp.WorkerThread?

    init(_ body: @escaping @Sendable () throws -> Value) {
        thread = HeldKarp.WorkerThread { [self] in
            // Written once before the thread ends; read only after join().
            self.value = Result { try body() }
        }
    }

    /// Waits for the thread and returns what it computed.
    func result() -> Result<Value, any Error> {
        thread?.join()
        thread = nil
        return value ?? .failure(SolverError.cancelled)
    }
}
