import RoutePlanTSPLIB

extension TSPLIBInstance {
    /// Each node's `k` nearest other nodes by planar distance between the
    /// instance's coordinates (see ``PlanarNeighbours``), as the candidate
    /// lists of the heuristic solver; `nil` for instances given by an
    /// explicit matrix.
    ///
    /// For EUC_2D, CEIL_2D and ATT the order is that of the TSPLIB distance
    /// (up to rounding ties); for GEO it is the order in the latitude–longitude
    /// plane, a close stand-in for candidate lists.
    ///
    /// - Precondition: `k < dimension`.
    /// - Complexity: O(n·k) expected time, O(n·k) memory, with n the dimension.
    public func planarNeighbours(k: Int) -> [Int32]? {
        guard let coordinates, edgeWeightType != .explicit else { return nil }
        return PlanarNeighbours.nearest(x: coordinates.map(\.x), y: coordinates.map(\.y), k: k)
    }
}
