import RoutePlanMatrix

/// One place whose travel times and distances to the other places are to be
/// fetched.
///
/// A routing engine is asked about the place by its Google place ID when it
/// has one (Google only), otherwise by its coordinate. In the cache written by
/// ``MatrixFetcher`` the place is named by ``cacheKey``: the place ID when
/// known, else the name, which is how ``MatrixTileCache`` matches tile
/// entries to the itinerary's stops.
public struct FetchPlace: Sendable, Hashable {
    /// The stop's name, exactly as in the itinerary.
    public var name: String
    /// The Google place ID, if known. An empty string counts as none.
    public var placeID: String?
    /// Where the place is; used whenever no place ID is sent.
    public var coordinate: Coordinate

    public init(name: String, placeID: String? = nil, coordinate: Coordinate) {
        self.name = name
        self.placeID = placeID
        self.coordinate = coordinate
    }

    /// The place ID, unless it is absent or empty.
    var knownPlaceID: String? {
        guard let placeID, !placeID.isEmpty else { return nil }
        return placeID
    }

    /// How the tile cache names the place: its place ID when known, else its name.
    public var cacheKey: String { knownPlaceID ?? name }

    /// The key ``MatrixSource`` reads the cache with for this place.
    public var stopKey: StopKey { StopKey(name: name, placeID: knownPlaceID) }
}
