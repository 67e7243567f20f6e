// What the `solve` fuzz target does with one input. This file is compiled
// twice: here, where FuzzRegressionTests replays the committed inputs in
// Fixtures/fuzz-regressions/solve/, and (through a symbolic link) in
// Tests/Fuzz/Sources/FuzzSolve. `fuzzCheck` reports a broken invariant: a
// trap under the fuzzer, a test issue here.

@testable import RoutePlanSolver
#if canImport(FuzzSupport)
import FuzzSupport
#else
import FuzzReplay
#endif

/// The heuristic on whatever matrix the bytes spell, against Held–Karp.
///
/// The input is read as
///
///     byte 0      n = 2 + b % 47 nodes (2…48)
///     byte 1      bit 0 symmetric; bits 1–3 the endpoints (round trip from
///                 s, free path, from s, to t, s to t); bits 4–5 the cost
///                 scale (below 2⁸, 2²⁰, or up to CostMatrix.maximumCost)
///     bytes 2, 3  s and t (mod n; t ≠ s)
///     byte 4      kicks = b % 64
///     then        one little-endian UInt16 per arc (i < j only when
///                 symmetric): 0 forbids the arc, v > 0 costs v scaled;
///                 missing bytes read as 0, so short inputs are sparse
///
/// Up to 12 nodes, Held–Karp decides whether a route exists and what the
/// optimum is; beyond, the checks that need it are left out. The
/// heuristic (``LocalSearch/solve(_:endpoints:seed:kicks:control:routeArrayOnly:)``,
/// which goes through the symmetric forms from 8 nodes on) must answer a
/// valid route priced as the matrix prices it and no shorter than the
/// optimum, or say it found none; it must never answer a route where none
/// exists, nor claim none exists where one does. Dear costs and forbidden
/// arcs together are what overflowed `Int` before the forms priced
/// unusable edges per instance (it took 32 unusable edges in one sum, so
/// from 32 nodes on).
enum SolveFuzzHarness {
    static func run(_ input: [UInt8]) {
        var position = 0
        func byte() -> Int {
            defer { position += 1 }
            return position < input.count ? Int(input[position]) : 0
        }
        let n = 2 + byte() % 47
        let flags = byte()
        let symmetric = flags & 1 != 0
        let s = byte() % n
        let t = (s + 1 + byte() % (n - 1)) % n
        let kicks = byte() % 64
        let endpoints: RouteEndpoints = switch (flags >> 1) % 5 {
        case 0: .roundTrip(from: s)
        case 1: .path()
        case 2: .path(from: s)
        case 3: .path(to: t)
        default: .path(from: s, to: t)
        }
        let scale = (flags >> 4) & 3
        func scaled(_ v: Int) -> Int {
            switch scale {
            case 0: return v % 256
            case 1: return v * 16
            default: return v == 0xFFFF ? CostMatrix.maximumCost : v * 16_384
            }
        }
        var price = [Int?](repeating: nil, count: n * n)
        for i in 0..<n {
            for j in 0..<n where i != j && (!symmetric || i < j) {
                let v = byte() | byte() << 8
                guard v != 0 else { continue }
                price[i * n + j] = scaled(v)
                if symmetric { price[j * n + i] = scaled(v) }
            }
        }
        guard let matrix = try? CostMatrix(count: n, cost: { i, j in price[i * n + j] }) else {
            fuzzCheck(false, "the harness built an invalid matrix")
            return
        }
        let context = "n \(n), \(endpoints), scale \(scale), symmetric \(symmetric), kicks \(kicks)"

        let decided = n <= 12
        let optimum: Solution?
        do {
            optimum = decided ? try HeldKarp.solveBlocking(matrix, endpoints: endpoints, workers: 1) : nil
        } catch SolverError.noFeasibleRoute {
            optimum = nil
        } catch {
            fuzzCheck(false, "Held–Karp failed with \(error) (\(context))")
            return
        }
        do {
            let found = try LocalSearch.solve(matrix, endpoints: endpoints, seed: UInt64(input.count),
                                              kicks: kicks, control: .unlimited)
            fuzzCheck(!decided || optimum != nil, "a route where Held–Karp proves none (\(context))")
            fuzzCheck(Set(found.order).count == n && found.order.count == n, "not a permutation: \(found.order) (\(context))")
            fuzzCheck(endpoints.admits(found.order), "the route breaks its endpoints: \(found.order) (\(context))")
            let cost = matrix.cost(of: found.order, closed: endpoints.isRoundTrip)
            fuzzCheck(cost == found.cost, "reported \(found.cost), the matrix says \(cost as Any) (\(context))")
            if let best = optimum {
                fuzzCheck(found.cost >= best.cost, "\(found.cost) is below Held–Karp's optimum \(best.cost) (\(context))")
            }
        } catch SolverError.noFeasibleRoute {
            fuzzCheck(optimum == nil, "claimed no route exists; Held–Karp found \(optimum?.cost ?? 0) (\(context))")
            let (cannotReach, cannotLeave) = matrix.nodesNoRouteCanServe(endpoints: endpoints)
            fuzzCheck(!cannotReach.isEmpty || !cannotLeave.isEmpty, "claimed no route exists without a proof (\(context))")
        } catch SolverError.noRouteFound {
            return
        } catch {
            fuzzCheck(false, "the heuristic failed with \(error) (\(context))")
        }
    }
}
