/// A named point on a route, as handed to the exporters.
///
/// A waypoint is one stop of an ordered route: a display name, an optional
/// Google place ID and WGS 84 coordinates in decimal degrees.
///
/// ```swift
/// let eiffel = Waypoint(
///     name: "Eiffel Tower",
///     placeID: "ChIJLU7jZClu5kcR4PcOOO6p3I0",
///     latitude: 48.858370,
///     longitude: 2.294481
/// )
/// ```
///
/// ## Coordinates
/// The exporters write coordinates with at most six decimals (about 0.1 m).
/// They must be finite: the exporters stop the program (`precondition`)
/// on NaN or infinity. Decoding from JSON also rejects latitudes outside
/// -90...90 and longitudes outside -180...180; the memberwise initializer
/// does not check ranges.
///
/// ## JSON shape
/// `Codable` uses this shape (`placeID` is left out when it is `nil`):
///
/// ```json
/// {"name": "Eiffel Tower", "placeID": "ChIJLU7jZClu5kcR4PcOOO6p3I0",
///  "location": {"lat": 48.85837, "lng": 2.294481}}
/// ```
public struct Waypoint: Sendable, Hashable, Codable {
    /// The name shown to people (a place name or address).
    ///
    /// In Google Maps links the name is used only together with a place ID
    /// (see ``GoogleMapsDirections``). Without one, coordinates are sent.
    public var name: String

    /// The Google place ID that identifies the place, if known.
    ///
    /// An empty string, or one that contains `|` (which no real place ID
    /// does, and which would break pipe-separated lists), is treated as
    /// unknown by the exporters.
    public var placeID: String?

    /// Latitude in decimal degrees, -90...90 (positive north).
    public var latitude: Double

    /// Longitude in decimal degrees, -180...180 (positive east).
    public var longitude: Double

    /// Creates a waypoint.
    ///
    /// ```swift
    /// let castle = Waypoint(name: "Castelo de São Jorge", latitude: 38.7139, longitude: -9.1335)
    /// ```
    public init(name: String, placeID: String? = nil, latitude: Double, longitude: Double) {
        self.name = name
        self.placeID = placeID
        self.latitude = latitude
        self.longitude = longitude
    }

    /// The place ID if the exporters may use it: present, non-empty and
    /// without `|`.
    var usablePlaceID: String? {
        guard let placeID, !placeID.isEmpty, !placeID.contains("|") else { return nil }
        return placeID
    }

    private enum CodingKeys: String, CodingKey {
        case name
        case placeID
        case location
    }

    private enum LocationKeys: String, CodingKey {
        case lat
        case lng
    }

    /// Decodes `{"name":…, "placeID":…, "location":{"lat":…, "lng":…}}`.
    ///
    /// Throws `DecodingError.dataCorrupted` when the latitude is outside
    /// -90...90 or the longitude is outside -180...180.
    ///
    /// ```swift
    /// let json = Data(#"{"name":"Café","location":{"lat":38.7,"lng":-9.1}}"#.utf8)
    /// let stop = try JSONDecoder().decode(Waypoint.self, from: json)
    /// ```
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        name = try container.decode(String.self, forKey: .name)
        placeID = try container.decodeIfPresent(String.self, forKey: .placeID)
        let location = try container.nestedContainer(keyedBy: LocationKeys.self, forKey: .location)
        latitude = try location.decode(Double.self, forKey: .lat)
        longitude = try location.decode(Double.self, forKey: .lng)
        guard (-90.0...90.0).contains(latitude) else {
            throw DecodingError.dataCorruptedError(
                forKey: .lat, in: location,
                debugDescription: "Latitude \(latitude) is outside -90...90."
            )
        }
        guard (-180.0...180.0).contains(longitude) else {
            throw DecodingError.dataCorruptedError(
                forKey: .lng, in: location,
                debugDescription: "Longitude \(longitude) is outside -180...180."
            )
        }
    }

    /// Encodes `{"name":…, "placeID":…, "location":{"lat":…, "lng":…}}`,
    /// leaving out `placeID` when it is `nil`.
    ///
    /// Key order in the output is up to the encoder; use
    /// `JSONEncoder.OutputFormatting.sortedKeys` for stable text.
    ///
    /// ```swift
    /// let encoder = JSONEncoder()
    /// encoder.outputFormatting = [.sortedKeys]
    /// let data = try encoder.encode(stop)
    /// ```
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .name)
        try container.encodeIfPresent(placeID, forKey: .placeID)
        var location = container.nestedContainer(keyedBy: LocationKeys.self, forKey: .location)
        try location.encode(latitude, forKey: .lat)
        try location.encode(longitude, forKey: .lng)
    }
}
