import RoutePlanSolver

/// The distance and duration matrices between a list of places.
public struct TravelMatrices: Sendable, Hashable {
    /// Meters between every ordered pair of places.
    public let distances: CostMatrix
    /// Seconds between every ordered pair of places.
    public let durations: CostMatrix

    public init(distances: CostMatrix, durations: CostMatrix) {
        self.distances = distances
        self.durations = durations
    }

    /// Estimates both matrices from coordinates: haversine meters (see
    /// ``GreatCircle``) and durations from `model`.
    ///
    /// - Throws: ``MatrixError/invalidCoordinate(index:latitude:longitude:)``
    ///   naming the first bad place.
    /// - Parameter checkpoint: called once per row, so that a caller can stop
    ///   the work (deadline, cancellation) by throwing from it.
    /// - Complexity: O(n²) time and memory for *n* places.
    public static func estimate(from coordinates: [Coordinate], model: TravelTimeModel,
                                checkpoint: () throws -> Void = {}) throws -> TravelMatrices {
        if let bad = coordinates.firstIndex(where: { !$0.isValid }) {
            throw MatrixError.invalidCoordinate(index: bad, latitude: coordinates[bad].latitude,
                                                longitude: coordinates[bad].longitude)
        }
        let n = coordinates.count
        var meters = [Int](repeating: 0, count: n * n)
        for i in 0..<n {
            try checkpoint()
            for j in (i + 1)..<max(i + 1, n) {
                let d = GreatCircle.meters(coordinates[i], coordinates[j])
                meters[i * n + j] = d
                meters[j * n + i] = d
            }
        }
        // A great circle is at most πR ≈ 20,015 km, far below the maximum cost,
        // and no preset is slow enough to overflow it either.
        try checkpoint()
        let distances = try checked { try CostMatrix(count: n) { i, j in meters[i * n + j] } }
        try checkpoint()
        let durations = try checked { try CostMatrix(count: n) { i, j in model.seconds(forMeters: meters[i * n + j]) } }
        return TravelMatrices(distances: distances, durations: durations)
    }

    private static func checked(_ build: () throws -> CostMatrix) throws -> CostMatrix {
        do {
            return try build()
        } catch let SolverError.costTooLarge(from, to, value, maximum) {
            throw MatrixError.costTooLarge(from: from, to: to, value: value, maximum: maximum)
        }
    }
}
