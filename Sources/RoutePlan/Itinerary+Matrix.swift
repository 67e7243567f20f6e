import Foundation
import RoutePlanExport
import RoutePlanMatrix

extension Itinerary {
    /// Reads a routing engine's cached travel matrix for this itinerary's
    /// stops (lodging first, then `placesToGo` in file order): a Google
    /// Distance Matrix response, a Routes API `computeRouteMatrix` array, an
    /// OSRM `/table` response, or a tile cache (file or folder) that names
    /// its places; see ``RoutePlanMatrix/MatrixSource``.
    ///
    /// ```swift
    /// let itinerary = try Itinerary(contentsOf: URL(fileURLWithPath: "lyon.json"))
    /// let matrix = try itinerary.readMatrix(contentsOf: URL(fileURLWithPath: "lyon-matrix.json"))
    /// let route = try await Planner().plan(itinerary, options: .init(matrix: matrix, matrixOrigin: "lyon-matrix.json"))
    /// ```
    ///
    /// - Parameters:
    ///   - format: the response format, or `nil` to recognise it from the content.
    ///   - travelMode: the mode planned for (default: the itinerary's, else
    ///     driving); driving prefers durations in traffic when the response has them.
    /// - Throws: ``PlanningError/matrix(_:)`` naming the file and what is wrong.
    public func readMatrix(contentsOf url: URL, format: MatrixSourceFormat? = nil,
                           travelMode: TravelMode? = nil) throws -> ObservedMatrix {
        try Self.readMatrix(contentsOf: url, places: stops, format: format, travelMode: travelMode ?? route.travelMode)
    }

    /// Reads a routing engine's cached travel matrix for this trip's
    /// ``scheduleStops`` (lodging, `placesToGo`, then the further places
    /// `days` names), as ``readMatrix(contentsOf:format:travelMode:)`` does
    /// for the stops of a single route.
    public func readScheduleMatrix(contentsOf url: URL, format: MatrixSourceFormat? = nil,
                                   travelMode: TravelMode? = nil) throws -> ObservedMatrix {
        try Self.readMatrix(contentsOf: url, places: scheduleStops, format: format, travelMode: travelMode ?? route.travelMode)
    }

    private static func readMatrix(contentsOf url: URL, places: [Place], format: MatrixSourceFormat?,
                                   travelMode: TravelMode?) throws -> ObservedMatrix {
        let mode = travelMode ?? .driving
        do {
            return try MatrixSource.read(contentsOf: url, stops: places.map { StopKey(name: $0.name, placeID: $0.placeID) },
                                         format: format, preferTraffic: mode == .driving)
        } catch let error as MatrixError {
            throw PlanningError.matrix(error)
        }
    }
}
