import RoutePlanSolver
import RoutePlanTSPLIB

extension TSPLIBInstance {
    /// The fewest nodes for which `routeplan solve` runs its heuristic on
    /// costs computed from the coordinates (see
    /// ``solveFromCoordinates(options:executor:)``); smaller instances get
    /// a cost matrix and α-nearness lists.
    ///
    /// Below it the α lists won (1 s, seeds 1–6: pr1002 0.063 against
    /// 0.119 %, u1060 0.072 against 0.128 %, att532 0 against 0.069 %;
    /// vm1084 went the other way, 0.089 against 0.046 %). From
    /// it on, over ten instances of 1,173–4,461 nodes (1 s, seeds 1–5, same
    /// run), the mean gap went from 0.519 to 0.237 % (fl1577 1.892 →
    /// 0.072 %, rl1889 0.985 → 0.265 %), though pcb1173 (0.105 → 0.144 %)
    /// and u1817 (0.412 → 0.563 %) lost.
    public static let coordinateSearchMinimum = 1_101

    /// Whether ``solveFromCoordinates(options:executor:)`` applies: at
    /// least ``coordinateSearchMinimum`` nodes, given by coordinates.
    public var searchesFromCoordinates: Bool {
        dimension >= Self.coordinateSearchMinimum && coordinates != nil && edgeWeightType != .explicit
    }

    /// The heuristic on a closed tour from node 0, with costs computed from
    /// the coordinates when needed (no n × n matrix), as `routeplan solve`
    /// runs it on instances where ``searchesFromCoordinates`` holds.
    ///
    /// - The searches' candidate lists are quadrant neighbours
    ///   (``PlanarNeighbours/quadrant(x:y:k:perQuadrant:pool:)``: 2 per
    ///   quadrant among the 24 nearest, 8 in all), joined up to
    ///   ``CoordinateSearch/alphaMaximum`` nodes by each node's 5
    ///   α-nearest among its 24 nearest (10 candidates in all; see
    ///   `alphaPool` of ``RouteSolver/solveRoundTrip(points:neighbours:alphaPool:startLists:options:control:executor:lowerBound:)``).
    /// - Up to ``LowerBound/oneTreeNodeLimit`` nodes, both searches start
    ///   from the greedy tour on the 10 nearest neighbours rather than on
    ///   their own lists (``CoordinateSearch/startNeighbours``; the first
    ///   from its own lists' with 3 ms a stop left, see
    ///   `SearchTuning.startsApart` in RoutePlanSolver), and the
    ///   1-tree bound is computed on the
    ///   bound's own thread: from the coordinates and the 24 nearest
    ///   (``LowerBound/oneTree(_:nearest:upperBound:control:)``), or, for
    ///   `GEO` weights, on a matrix built there.
    ///
    /// - Returns: `nil` when ``searchesFromCoordinates`` does not hold.
    public func solveFromCoordinates(options: RouteSolver.Options,
                                     executor: SolverExecutor = .dedicated) async throws -> RouteSolver.Outcome? {
        guard searchesFromCoordinates, let coordinates else { return nil }
        // The deadline runs from here, so that it counts the candidate lists
        // below: on usa13509 they took about 20 ms, by which every solve
        // ended past its time limit when the solver started the clock.
        let control = SolveControl(timeLimit: options.timeLimit, progress: options.progress)
        let x = coordinates.map(\.x), y = coordinates.map(\.y)
        let n = dimension
        // One copy of the points serves the searches and the bound.
        let points = planarRounding.map { PlanarCosts(x: x, y: y, rounding: $0) }
        // The 24 nearest serve both lists: the quadrants are filled from
        // them, and the start's 10 nearest are their first 10.
        let pool = PlanarNeighbours.nearest(x: x, y: y, k: CoordinateSearch.pool)
        let candidates = PlanarNeighbours.quadrant(x: x, y: y, k: CoordinateSearch.candidates,
                                                   perQuadrant: CoordinateSearch.perQuadrant, among: pool)
        let alphaPool = n <= CoordinateSearch.alphaMaximum ? pool : nil
        // Up to the bound's limit: a start for both searches, and the bound.
        let small = n <= LowerBound.oneTreeNodeLimit
        var startLists: [Int32]?
        var bound: (@Sendable (SolveControl) -> Int?)?
        if small {
            let width = CoordinateSearch.pool, kept = CoordinateSearch.startNeighbours
            var lists = [Int32]()
            lists.reserveCapacity(n * kept)
            for i in 0..<n { lists += pool[(i * width)..<(i * width + kept)] }
            startLists = lists
            let instance = self
            bound = { control in
                // Points in the plane: the bound from the coordinates and
                // the nearest lists, without a matrix.
                if let points {
                    return LowerBound.oneTree(points, nearest: pool, upperBound: nil, control: control)
                }
                // The matrix alone takes 50–110 ms on 3,038–4,461 nodes: given up
                // with the bound when the time runs out while it is built.
                let started = ContinuousClock.now
                guard let matrix = try? CostMatrix(instance, stoppingWith: control) else { return nil }
                // The bound then scans every pair again for its sparse graph,
                // which took 0.4–1.1 times as long as the matrix on fnl4461
                // (both beside the two searches; four runs at 0.3–1 s), and
                // only checks the deadline after that. With less time left
                // than the matrix took, it could end past the deadline, so it
                // is given up too: at 0.3 s fnl4461's matrix was done with
                // 25 ms to go, and the bound (the 1-tree at π = 0, 7.7 % below
                // the optimum) ran the solve to 0.36–0.38 s. Asking for 1.25
                // times the matrix's time dropped bounds at 0.4–0.5 s that
                // ended in time, and no run at 0.2–1 s ended late without it
                // (`Benchmarks/compare/deadline.py`).
                let built = ContinuousClock.now
                if let deadline = control.deadline, built.duration(to: deadline) < started.duration(to: built) { return nil }
                return LowerBound.compute(matrix, endpoints: .roundTrip(from: 0), upperBound: nil, control: control)
            }
        }
        if let points {
            return try await RouteSolver.solveRoundTrip(
                points: points, neighbours: candidates, alphaPool: alphaPool, startLists: startLists,
                options: options, control: control, executor: executor, lowerBound: bound)
        }
        return try await RouteSolver.solveRoundTrip(
            count: n, neighbours: candidates, alphaPool: alphaPool, startLists: startLists, options: options,
            control: control, executor: executor, lowerBound: bound) { [self] a, b in distance(a, b) }
    }
}

extension TSPLIBInstance {
    /// The instance's costs as points in the plane with their rounding,
    /// equal to ``distance(_:_:)`` for every pair; `nil` for `GEO` and
    /// `EXPLICIT` weights.
    public var planarCosts: PlanarCosts? {
        guard let coordinates, let rounding = planarRounding else { return nil }
        return PlanarCosts(x: coordinates.map(\.x), y: coordinates.map(\.y), rounding: rounding)
    }

    /// The rounding that makes the plane's distances this instance's
    /// ``distance(_:_:)``; `nil` for `GEO` and `EXPLICIT` weights.
    var planarRounding: PlanarCosts.Rounding? {
        switch edgeWeightType {
        case .euc2D: .nearest
        case .ceil2D: .up
        case .att: .pseudoEuclidean
        case .geo, .explicit: nil
        }
    }
}

/// The fixed parameters of ``TSPLIBInstance/solveFromCoordinates(options:executor:)``.
enum CoordinateSearch {
    /// Candidates per node. At 1 s on pcb3038 (seeds 1–5, same run): 8 with
    /// 2 per quadrant 0.180 %, 10 with 2 per quadrant 0.207 %, 10 nearest
    /// 0.350 %; at 30 s on usa13509 (seed 1) 0.133 %, 0.208 % and 0.218 %.
    static let candidates = 8
    static let perQuadrant = 2
    /// The nearest neighbours among which the quadrants are filled.
    static let pool = 24
    /// The nearest-neighbour lists on which the greedy tour that both
    /// searches start from is built (up to ``LowerBound/oneTreeNodeLimit``
    /// nodes).
    ///
    /// Not the searches' own lists: those join the quadrant neighbours with
    /// α-nearest candidates whose π comes from an ascent held to a share of
    /// the time, so every time limit builds another greedy tour on them, and
    /// within a second a search seldom leaves its start's basin. The first
    /// trial of one search on fnl4461 (2 n kicks, seeds 1–6, the ascent's
    /// steps fixed) ended 0.361 / 0.295 / 0.394 % above the optimum from the
    /// greedy tours of the lists after 0 / 20 / 80 steps, and 0.345 / 0.259
    /// / 0.280 % from the one on the 10 nearest.
    ///
    /// Until 29 Nov 2026 only the second search started here and the first
    /// from the greedy tour on its lists, as a hedge (on the search of the
    /// time, fl1577 ended 6.27 % above the optimum at 1 s from the quadrant
    /// lists' greedy tour, pcb3038 0.41 % against 0.21 % from this one).
    /// On today's search, both from this start against that pair, 1 s, one
    /// batch per row:
    ///
    /// | | the pair of starts | both from the 10 nearest |
    /// |---|---|---|
    /// | fnl4461, seeds 1–16 / 17–40 / 1–20 / 7–12 | 0.254 / 0.237 / 0.250 / 0.255 % | 0.230 / 0.220 / 0.245 / 0.222 % |
    /// | pcb3038, same seeds | 0.228 / 0.246 / 0.228 / 0.232 % | 0.218 / 0.236 / 0.223 / 0.240 % |
    /// | eight of 1,173–2,392 nodes, seeds 1–6 (mean) | 0.177 % | 0.145 % |
    /// | the same and pcb3038, fnl4461, seeds 7–12 | 0.162 % | 0.162 % |
    ///
    /// At 10 s: fnl4461 (seeds 1–4) 0.061 → 0.053 %, pcb3038 (seeds 1–10)
    /// 0.072 → 0.070 % that day; 66 runs side by side on 30 Nov put
    /// pcb3038 at 0.056 → 0.084 %, so with much time per stop the first
    /// search starts from its own lists again (`SearchTuning.startsApart`
    /// in RoutePlanSolver). Both searches from the greedy tour on their own
    /// lists instead lost (fnl4461 at 1 s, seeds 1–20: 0.281 %), so what
    /// pays within a second is this start, not the two searches' sharing one.
    static let startNeighbours = 10
    /// The most nodes for which the quadrant lists are joined by α-nearest
    /// candidates. Up to 4,461 nodes they won at 1 s and 10 s (see
    /// `SparseAlphaNearness.searchLists`); beyond, they did not pay for
    /// their ascent: usa13509 at 30 s 0.224 → 0.227 % (seeds 1–2),
    /// pla85900 at 120 s 0.363 → 0.409 % (seed 1).
    static let alphaMaximum = 5_000
}
