/// One request of a tiled matrix fetch: a block of consecutive origins
/// against a block of consecutive destinations.
///
/// Indices are 0-based positions in the list of places given to
/// ``MatrixFetcher/fetch(_:)``; messages count from 1.
public struct MatrixTile: Sendable, Hashable, CustomStringConvertible {
    /// The tile's position in the plan, from 0.
    public var index: Int
    /// How many tiles the plan has.
    public var count: Int
    /// The places asked as origins (rows).
    public var origins: Range<Int>
    /// The places asked as destinations (columns).
    public var destinations: Range<Int>

    public init(index: Int, count: Int, origins: Range<Int>, destinations: Range<Int>) {
        self.index = index
        self.count = count
        self.origins = origins
        self.destinations = destinations
    }

    /// `origins.count × destinations.count`, the elements the request asks for.
    public var elements: Int { origins.count * destinations.count }

    /// For example `request 3 of 9 (origins 21–30 × destinations 1–10)`.
    public var description: String {
        func places(_ range: Range<Int>) -> String {
            range.count == 1 ? "\(range.lowerBound + 1)" : "\(range.lowerBound + 1)–\(range.upperBound)"
        }
        return "request \(index + 1) of \(count) (origins \(places(origins)) × destinations \(places(destinations)))"
    }
}
