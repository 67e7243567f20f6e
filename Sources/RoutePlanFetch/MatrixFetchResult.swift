import Foundation
import RoutePlanMatrix

/// What ``MatrixFetcher/fetch(_:)`` brings back: every tile's response and
/// the counts of requests, ready to be written as a tile cache that
/// ``MatrixSource/read(contentsOf:stops:format:preferTraffic:)`` reads.
public struct MatrixFetchResult: Sendable, Hashable {
    /// The cache's `provider`: ``MatrixSourceFormat/google`` or ``MatrixSourceFormat/osrm``.
    public var provider: MatrixSourceFormat
    /// The cache's `travelMode`: Google's mode, or the mode an OSRM profile
    /// name stands for (`nil` for profiles it does not know).
    public var travelMode: String?
    /// Every answered request, in plan order.
    public var tiles: [FetchedTile]
    /// HTTP requests sent, retries included.
    public var requests: Int
    /// Requests that were retries of an earlier failed one.
    public var retries: Int

    public init(provider: MatrixSourceFormat, travelMode: String?, tiles: [FetchedTile], requests: Int, retries: Int) {
        self.provider = provider
        self.travelMode = travelMode
        self.tiles = tiles
        self.requests = requests
        self.retries = retries
    }

    /// The tile cache file (see ``MatrixTileCache``): pretty-printed, keys
    /// sorted, each response embedded byte for byte as returned (see
    /// ``FetchedTile/response``).
    public var cacheData: Data {
        MatrixCacheFile.encode(provider: provider, travelMode: travelMode, tiles: tiles)
    }

    /// Writes ``cacheData`` to `url`, replacing the file atomically.
    ///
    /// - Throws: ``FetchError/cannotWriteCache(path:reason:)``.
    public func write(to url: URL) throws {
        do {
            try cacheData.write(to: url, options: .atomic)
        } catch {
            throw FetchError.cannotWriteCache(path: url.path, reason: error.localizedDescription)
        }
    }
}
