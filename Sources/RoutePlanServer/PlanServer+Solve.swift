import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import RoutePlan
import RoutePlanMatrix
import RoutePlanSolver
import RoutePlanTSPLIB

extension PlanServer {
    /// `POST /v1/solve`: a cost matrix or a TSPLIB instance → tour, length,
    /// lower bound and gap.
    ///
    /// - `application/json`: `{"costs": [[0, 5, 9], [4, 0, 3], [8, 2, 0]],
    ///   "start": 0, "end": null, "options": {…}}` — whole non-negative
    ///   costs, `null` for an arc that cannot be travelled; `start` and `end`
    ///   node indices (default: a round trip from node 0; `"end": null` with
    ///   a `start` is a path ending anywhere). The tour lists node indices from 0.
    /// - `text/plain`: a TSPLIB95 instance; a closed tour from node 1, listed
    ///   as TSPLIB's node numbers from 1.
    ///
    /// Query parameters `strategy`, `timeLimit` and `seed` override `options`.
    func solve(_ request: Request, _ context: PlanRequestContext) async throws -> (Response, LogDetails) {
        let media = Self.mediaType(of: request)
        guard media == "application/json" || media == "text/plain" else {
            throw ServiceFailure.unsupportedMediaType(request.headers[.contentType],
                                                      expected: ["application/json", "text/plain (TSPLIB)"])
        }
        let data = try await solvableBody(of: request, arrival: context.arrival)
        let problem = media == "text/plain" ? try Self.tsplibProblem(data) : try Self.jsonProblem(data)
        let n = problem.nodes
        guard n <= planner.limits.maxStops else {
            throw PlanningError.tooManyStops(stops: n, limit: planner.limits.maxStops)
        }
        var options = problem.options
        try Self.applyQuery(request.uri.queryParameters, to: &options)
        options.solver.timeLimit = timeLimit(asked: options.solver.timeLimit, arrival: context.arrival)
        options.solver.progress = nil
        let exactFree = Planner.exactFreeNodes(stops: n, endpoints: problem.endpoints, options: options.solver)
        let bytes = Planner.Limits.estimatedBytes(stops: n, engineMatrix: false, exactFreeNodes: exactFree)
        guard bytes <= planner.limits.maxBytes else {
            throw PlanningError.planTooLarge(stops: n, requiredBytes: bytes, limitBytes: planner.limits.maxBytes)
        }
        let reservation = try budget.reserve(bytes)
        defer { reservation.release() }
        let matrix = try problem.matrix()
        let started = ContinuousClock.now
        let outcome = try await RouteSolver.solve(matrix, endpoints: problem.endpoints, options: options.solver,
                                                  executor: executor)
        let solution = outcome.solution
        struct Answer: Encodable {
            var tour: [Int]
            var length: Int
            var roundTrip: Bool
            var provenOptimal: Bool
            var lowerBound: Int?
            var gapPercent: Double?
            var method: Solution.Method
            var seconds: Double
        }
        let answer = Answer(
            tour: solution.order.map { $0 + problem.firstNodeNumber }, length: solution.cost,
            roundTrip: solution.isRoundTrip, provenOptimal: solution.provenOptimal,
            lowerBound: outcome.lowerBound, gapPercent: outcome.gapPercent.map { ($0 * 1000).rounded() / 1000 },
            method: solution.method, seconds: Self.seconds(ContinuousClock.now - started))
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let body = try encoder.encode(answer)
        return (Response(status: .ok, headers: [.contentType: "application/json"],
                         body: .init(byteBuffer: ByteBuffer(bytes: body))),
                LogDetails(stops: n, solver: solution.method.rawValue))
    }

    /// A problem to solve, its matrix built only after the limits are checked.
    struct SolveProblem {
        var nodes: Int
        var endpoints: RouteEndpoints
        var options: Planner.Options
        var firstNodeNumber: Int
        var matrix: () throws -> CostMatrix
    }

    static func tsplibProblem(_ data: Data) throws -> SolveProblem {
        guard let text = String(data: data, encoding: .utf8) else {
            throw ServiceFailure.badRequest("the TSPLIB text is not UTF-8; send it as UTF-8 text")
        }
        let instance = try TSPLIBInstance.parse(text, fileName: "request body")
        return SolveProblem(nodes: instance.dimension, endpoints: .roundTrip(from: 0), options: .init(),
                            firstNodeNumber: 1, matrix: { try CostMatrix(instance) })
    }

    static func jsonProblem(_ data: Data) throws -> SolveProblem {
        struct Body: Decodable {
            var costs: [[Int?]]
            var start: Int?
            var end: Int?
            var endGiven: Bool
            var options: Planner.Options?
            private enum Keys: String, CodingKey { case costs, start, end, options }
            init(from decoder: Decoder) throws {
                let c = try decoder.container(keyedBy: Keys.self)
                costs = try c.decode([[Int?]].self, forKey: .costs)
                start = try c.decodeIfPresent(Int.self, forKey: .start)
                endGiven = c.contains(.end)
                end = try c.decodeIfPresent(Int.self, forKey: .end)
                options = try c.decodeIfPresent(Planner.Options.self, forKey: .options)
            }
        }
        let body: Body
        do {
            body = try JSONDecoder().decode(Body.self, from: data)
        } catch let error as PlanningError {
            throw error
        } catch let error as DecodingError {
            throw PlanningError(error, file: nil)
        }
        let n = body.costs.count
        guard n > 0 else { throw ServiceFailure.badRequest("costs is empty; give an n × n matrix", field: "costs") }
        if let row = body.costs.firstIndex(where: { $0.count != n }) {
            throw ServiceFailure.badRequest("costs[\(row)] has \(body.costs[row].count) entries but the matrix has \(n) rows; make it square",
                                            field: "costs[\(row)]")
        }
        for (name, node) in [("start", body.start), ("end", body.end)] {
            if let node, !(0..<n).contains(node) {
                throw ServiceFailure.badRequest("\(name) is \(node); nodes are numbered 0 to \(n - 1)", field: name)
            }
        }
        let start = body.start ?? 0
        let endpoints: RouteEndpoints
        if !body.endGiven || body.end == start {
            endpoints = .roundTrip(from: start)
        } else {
            endpoints = .path(from: start, to: body.end)
        }
        let costs = body.costs
        return SolveProblem(nodes: n, endpoints: endpoints, options: body.options ?? .init(), firstNodeNumber: 0) {
            try CostMatrix(count: n) { i, j in costs[i][j] }
        }
    }
}
