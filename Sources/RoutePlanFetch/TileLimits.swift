/// How large one matrix request may be.
public struct TileLimits: Sendable, Hashable {
    /// The most origins (sources) in one request.
    public var maxOrigins: Int
    /// The most destinations in one request.
    public var maxDestinations: Int
    /// The most origins × destinations in one request.
    public var maxElements: Int

    public init(maxOrigins: Int, maxDestinations: Int, maxElements: Int) {
        self.maxOrigins = maxOrigins
        self.maxDestinations = maxDestinations
        self.maxElements = maxElements
    }

    /// The Google Distance Matrix API's limits: 25 origins, 25 destinations
    /// and 100 elements per server-side request.
    public static let google = TileLimits(maxOrigins: 25, maxDestinations: 25, maxElements: 100)

    /// An OSRM server started with `--max-table-size maxTableSize` (100 by
    /// default). OSRM itself only refuses sources × destinations above
    /// `maxTableSize²`; RoutePlan also keeps each side within `maxTableSize`,
    /// so that no request sends more than `2 × maxTableSize` coordinates.
    public static func osrm(maxTableSize: Int) -> TileLimits {
        let (square, overflow) = maxTableSize.multipliedReportingOverflow(by: maxTableSize)
        return TileLimits(maxOrigins: maxTableSize, maxDestinations: maxTableSize, maxElements: overflow ? .max : square)
    }

    /// Whether the limits allow at least a 1 × 1 request.
    var isUsable: Bool { maxOrigins >= 1 && maxDestinations >= 1 && maxElements >= 1 }
}
