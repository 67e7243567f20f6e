import RoutePlanExport
import RoutePlanMatrix
import RoutePlanSolver

/// The travel matrices of a plan or a schedule, with where they came from.
struct BuiltMatrices {
    var matrices: TravelMatrices
    /// The routing engine's answer completed with estimates, when there was one.
    var completed: CompletedTravelMatrices?
    /// One line on where the costs came from, for the answer's `costSource`.
    var costSource: String

    /// Builds the matrices between `places`: a routing engine's `observed`
    /// answer completed with estimates, or every pair estimated from
    /// coordinates for `mode`. Polls `control` while it works.
    ///
    /// - Throws: ``PlanningError/matrix(_:)``; the control's cancellation or deadline.
    /// - Complexity: O(n²) for *n* places.
    init(places: [Itinerary.Place], observed: ObservedMatrix?, origin: String?, mode: TravelMode,
         control: SolveControl) throws {
        let coordinates = places.map { Coordinate(latitude: $0.latitude, longitude: $0.longitude) }
        do {
            if let observed {
                let filled = try TravelMatrices.completing(observed, coordinates: coordinates, fallback: mode.timeModel,
                                                           checkpoint: control.checkpoint)
                completed = filled
                matrices = filled.matrices
                costSource = Planner.describe(observed, filled, origin: origin)
            } else {
                matrices = try TravelMatrices.estimate(from: coordinates, model: mode.timeModel,
                                                       checkpoint: control.checkpoint)
                completed = nil
                costSource = "great-circle distances; durations estimated for \(mode.rawValue)"
            }
        } catch let error as MatrixError {
            throw PlanningError.matrix(error)
        }
    }
}
