/// How the route is travelled, spelled as the Google Maps URLs
/// `travelmode` parameter spells it.
///
/// ```swift
/// let mode = TravelMode(rawValue: "walking")   // .walking
/// print(TravelMode.transit.rawValue)           // "transit"
/// ```
///
/// Google does not support intermediate waypoints for ``transit``, so
/// ``GoogleMapsDirections`` writes one link per leg in that mode.
public enum TravelMode: String, Sendable, Codable, CaseIterable {
    /// By car.
    case driving
    /// On foot; Google prefers pedestrian paths and sidewalks.
    case walking
    /// By bicycle; Google prefers bike paths.
    case bicycling
    /// By public transport. Links carry no waypoints in this mode.
    case transit
}
