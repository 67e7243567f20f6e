import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import RoutePlan
import RoutePlanExport
import RoutePlanMatrix
import RoutePlanSolver

extension PlanServer {
    /// `POST /v1/schedule`: a multi-day itinerary (the file's JSON, with
    /// `startDate`, `endDate`, `days`, hours and visits), optionally with a
    /// `matrix` member holding a routing engine's answer for
    /// ``RoutePlan/Itinerary/scheduleStops`` in any format `--matrix` reads.
    /// Query parameters: `travelMode`, `timeLimit` (seconds, within the
    /// server's longest), `seed`, `maxWaypoints`, `navigate`, `format` (or
    /// the `Accept` header). The answer is the JSON of `routeplan schedule
    /// --format json`, or CSV/GPX/GeoJSON/KML/SVG with one route per day.
    func schedule(_ request: Request, _ context: PlanRequestContext) async throws -> (Response, LogDetails) {
        guard Self.mediaType(of: request) == "application/json" else {
            throw ServiceFailure.unsupportedMediaType(request.headers[.contentType], expected: ["application/json"])
        }
        let format = try Self.responseFormat(request)
        let data = try await solvableBody(of: request, arrival: context.arrival)
        let itinerary = try Itinerary(json: data)
        var details = LogDetails(stops: itinerary.scheduleStops.count)
        var options = try Self.scheduleOptions(request.uri.queryParameters)
        options.timeLimit = timeLimit(asked: options.timeLimit, arrival: context.arrival)
        let progress = SolveProgress(started: context.arrival)
        options.progress = progress
        details.progress = progress
        if let matrix = try Self.members(of: data).matrix {
            do {
                options.matrix = try MatrixSource.read(
                    matrix, fileName: "matrix",
                    stops: itinerary.scheduleStops.map { StopKey(name: $0.name, placeID: $0.placeID) },
                    preferTraffic: (options.travelMode ?? itinerary.route.travelMode ?? .driving) == .driving)
                options.matrixOrigin = "the request's matrix member"
            } catch let error as MatrixError {
                throw PlanningError.matrix(error)
            }
        }
        let trip = try await scheduler.schedule(itinerary, options: options)
        details.solver = "schedule"
        let text = try trip.document(format, name: trip.name ?? "trip", prettyPrinted: false)
        return (Response(status: .ok, headers: [.contentType: format.mediaType],
                         body: .init(byteBuffer: ByteBuffer(string: text))), details)
    }

    /// The query parameters a schedule request may carry.
    static func scheduleOptions(_ query: Parameters) throws -> Scheduler.Options {
        var options = Scheduler.Options()
        for (key, value) in query where key != "format" {
            let text = String(value)
            switch String(key) {
            case "travelMode":
                guard let mode = TravelMode(rawValue: text) else {
                    throw PlanningError.unknownValue(file: nil, field: "query.travelMode", value: text,
                                                     allowed: TravelMode.allCases.map(\.rawValue))
                }
                options.travelMode = mode
            case "timeLimit":
                guard let seconds = Double(text), seconds >= 0.001, seconds <= 604_800 else {
                    throw PlanningError.outOfRange(file: nil, field: "query.timeLimit", value: text,
                                                   allowed: "a number of seconds from 0.001 to 604800")
                }
                options.timeLimit = .milliseconds(Int64((seconds * 1_000).rounded()))
            case "seed":
                guard let seed = UInt64(text) else {
                    throw PlanningError.wrongType(file: nil, field: "query.seed", expected: "a whole number from 0 to 2^64 − 1")
                }
                options.seed = seed
            case "maxWaypoints":
                guard let count = Int(text), let links = try? GoogleMapsDirections(maxWaypointsPerLink: count) else {
                    throw PlanningError.outOfRange(file: nil, field: "query.maxWaypoints", value: text, allowed: "1 to 9")
                }
                let navigate = options.links.navigate
                options.links = links
                options.links.navigate = navigate
            case "navigate":
                guard let flag = Bool(text) else {
                    throw PlanningError.wrongType(file: nil, field: "query.navigate", expected: "true or false")
                }
                options.links.navigate = flag
            default:
                throw PlanningError.unknownValue(file: nil, field: "query", value: String(key), allowed: [
                    "travelMode", "timeLimit", "seed", "maxWaypoints", "navigate", "format",
                ])
            }
        }
        return options
    }
}
