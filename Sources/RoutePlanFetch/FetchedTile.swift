import Foundation

/// One answered request: the places it asked about, as the cache names
/// them, and the response body exactly as the service returned it.
public struct FetchedTile: Sendable, Hashable {
    /// The request.
    public var tile: MatrixTile
    /// ``FetchPlace/cacheKey`` of each origin, in request order.
    public var origins: [String]
    /// ``FetchPlace/cacheKey`` of each destination, in request order.
    public var destinations: [String]
    /// The response body, unchanged.
    public var response: Data
    /// How many attempts the request took (1 without retries).
    public var attempts: Int

    public init(tile: MatrixTile, origins: [String], destinations: [String], response: Data, attempts: Int) {
        self.tile = tile
        self.origins = origins
        self.destinations = destinations
        self.response = response
        self.attempts = attempts
    }
}
