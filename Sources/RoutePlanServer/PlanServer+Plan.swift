import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import RoutePlan
import RoutePlanExport
import RoutePlanMatrix
import RoutePlanSolver

extension PlanServer {
    /// `POST /v1/plan`: the itinerary file's JSON, optionally with an
    /// `options` member (``RoutePlan/Planner/Options``' JSON) and a `matrix`
    /// member (a routing engine's answer in any format `--matrix` reads, for
    /// the itinerary's stops in order). Query parameters override
    /// `options`; `format` (or the `Accept` header) picks the answer's format.
    func plan(_ request: Request, _ context: PlanRequestContext) async throws -> (Response, LogDetails) {
        guard Self.mediaType(of: request) == "application/json" else {
            throw ServiceFailure.unsupportedMediaType(request.headers[.contentType], expected: ["application/json"])
        }
        let format = try Self.responseFormat(request)
        let data = try await solvableBody(of: request, arrival: context.arrival)
        let itinerary = try Itinerary(json: data)
        var details = LogDetails(stops: itinerary.stops.count)
        let members = try Self.members(of: data)
        var options = members.options ?? Planner.Options()
        try Self.applyQuery(request.uri.queryParameters, to: &options)
        options.solver.timeLimit = timeLimit(asked: options.solver.timeLimit, arrival: context.arrival)
        let progress = SolveProgress(started: context.arrival)
        options.solver.progress = progress
        details.progress = progress
        if let matrix = members.matrix {
            do {
                options.matrix = try MatrixSource.read(
                    matrix, fileName: "matrix", stops: itinerary.stops.map { StopKey(name: $0.name, placeID: $0.placeID) },
                    preferTraffic: (options.travelMode ?? itinerary.route.travelMode ?? .driving) == .driving)
                options.matrixOrigin = "the request's matrix member"
            } catch let error as MatrixError {
                throw PlanningError.matrix(error)
            }
        }
        let route = try await planner.plan(itinerary, options: options)
        details.solver = route.solver.rawValue
        let text = try route.document(format, name: route.name ?? "route", prettyPrinted: false)
        return (Response(status: .ok, headers: [.contentType: format.mediaType],
                         body: .init(byteBuffer: ByteBuffer(string: text))), details)
    }

    /// The members of a plan request besides the itinerary's own.
    struct Members: Decodable {
        var options: Planner.Options?
        var matrix: Data?

        private enum Keys: String, CodingKey { case options, matrix }

        init(from decoder: Decoder) throws {
            let c = try decoder.container(keyedBy: Keys.self)
            options = try c.decodeIfPresent(Planner.Options.self, forKey: .options)
        }
    }

    /// Decodes `options` and cuts out the `matrix` member's JSON text.
    static func members(of data: Data) throws -> Members {
        var members: Members
        do {
            members = try JSONDecoder().decode(Members.self, from: data)
        } catch let error as PlanningError {
            throw error
        } catch let error as DecodingError {
            throw PlanningError(error, file: nil)
        }
        // Only when there is one: re-serialising costs a second parse.
        if data.range(of: Data(#""matrix""#.utf8)) != nil,
           let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
           let matrix = object["matrix"], !(matrix is NSNull) {
            members.matrix = try JSONSerialization.data(withJSONObject: matrix, options: [.fragmentsAllowed])
        }
        return members
    }

    /// The query parameters a plan request may carry, over its `options`:
    /// `travelMode`, `optimizeFor`, `start`, `end`, `strategy`, `timeLimit`,
    /// `seed`, `maxWaypoints`, `navigate` (the names of the options' JSON).
    static func applyQuery(_ query: Parameters, to options: inout Planner.Options) throws {
        var object: [String: Any] = [:]
        for (key, value) in query where key != "format" {
            let name = String(key)
            let text = String(value)
            switch name {
            case "timeLimit":
                guard let number = Double(text) else {
                    throw PlanningError.wrongType(file: nil, field: "query.timeLimit", expected: "a number of seconds")
                }
                object[name] = number
            case "seed", "maxWaypoints":
                guard let number = Int(text) else {
                    throw PlanningError.wrongType(file: nil, field: "query.\(name)", expected: "a whole number")
                }
                object[name] = number
            case "navigate":
                guard let flag = Bool(text) else {
                    throw PlanningError.wrongType(file: nil, field: "query.navigate", expected: "true or false")
                }
                object[name] = flag
            case "travelMode", "optimizeFor", "start", "end", "strategy":
                object[name] = text
            default:
                throw PlanningError.unknownValue(file: nil, field: "query", value: name, allowed: [
                    "travelMode", "optimizeFor", "start", "end", "strategy", "timeLimit", "seed", "maxWaypoints",
                    "navigate", "format",
                ])
            }
        }
        guard !object.isEmpty else { return }
        // Decode the query as an options object named "query", so errors
        // name the parameter, then lay it over the body's options.
        let data = try JSONSerialization.data(withJSONObject: ["query": object])
        struct Wrapper: Decodable { var query: Planner.Options }
        let overlay: Planner.Options
        do {
            overlay = try JSONDecoder().decode(Wrapper.self, from: data).query
        } catch let error as DecodingError {
            throw PlanningError(error, file: nil)
        }
        if object["travelMode"] != nil { options.travelMode = overlay.travelMode }
        if object["optimizeFor"] != nil { options.optimizeFor = overlay.optimizeFor }
        if object["start"] != nil { options.start = overlay.start }
        if object["end"] != nil { options.end = overlay.end }
        if object["strategy"] != nil { options.solver.strategy = overlay.solver.strategy }
        if object["timeLimit"] != nil { options.solver.timeLimit = overlay.solver.timeLimit }
        if object["seed"] != nil { options.solver.seed = overlay.solver.seed }
        if object["maxWaypoints"] != nil || object["navigate"] != nil {
            var links = options.links
            if object["maxWaypoints"] != nil { links = overlay.links }
            links.navigate = object["navigate"] != nil ? overlay.links.navigate : options.links.navigate
            options.links = links
        }
    }

    /// The answer's format: `?format=` first, else the first `Accept` type
    /// RoutePlan writes, else JSON.
    static func responseFormat(_ request: Request) throws -> RouteDocumentFormat {
        if let asked = request.uri.queryParameters["format"] {
            guard let format = RouteDocumentFormat(rawValue: String(asked).lowercased()) else {
                throw PlanningError.unknownValue(file: nil, field: "query.format", value: String(asked),
                                                 allowed: RouteDocumentFormat.allCases.map(\.rawValue))
            }
            return format
        }
        for accepted in (request.headers[.accept] ?? "").split(separator: ",") {
            if let format = RouteDocumentFormat(mediaType: accepted) { return format }
        }
        return .json
    }
}
