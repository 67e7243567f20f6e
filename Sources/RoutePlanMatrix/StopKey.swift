/// How a matrix answer names a stop of the itinerary: its Google place ID
/// when it has one, and its name.
///
/// Tile caches (see ``MatrixTileCache``) list their origins and destinations
/// by these keys; whole-matrix responses use the stops' order instead.
public struct StopKey: Sendable, Hashable {
    /// The Google place ID, if known.
    public var placeID: String?
    /// The stop's name, exactly as in the itinerary.
    public var name: String

    public init(name: String, placeID: String? = nil) {
        self.name = name
        self.placeID = placeID
    }
}
