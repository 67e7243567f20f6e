import Foundation

/// Builds Google Maps directions links (Maps URLs, `api=1`) for an ordered
/// route.
///
/// ```swift
/// let stops = [
///     Waypoint(name: "Start", latitude: 38.7145, longitude: -9.1413),
///     Waypoint(name: "Middle", latitude: 38.7139, longitude: -9.1335),
///     Waypoint(name: "End", latitude: 38.6916, longitude: -9.2160),
/// ]
/// let links = GoogleMapsDirections().links(for: stops, travelMode: .walking)
/// // ["https://www.google.com/maps/dir/?api=1&origin=38.7145%2C-9.1413
/// //   &destination=38.6916%2C-9.216&travelmode=walking&waypoints=38.7139%2C-9.1335"]
/// ```
///
/// ## Points and their values
/// `stops` is the ordered list of points travelled through: origin first,
/// destination last (a round trip repeats the start as the last element).
/// Each link is `https://www.google.com/maps/dir/?api=1` followed by
/// `origin`, `origin_place_id`, `destination`, `destination_place_id`,
/// `travelmode`, `dir_action`, `waypoints`, `waypoint_place_ids`, in that
/// order, each only when it applies.
///
/// - A point with a place ID (see ``Waypoint/placeID``) is written as its
///   name, with the place ID in the matching `*_place_id` parameter (Google
///   requires the plain parameter next to the place-ID one; the place ID
///   picks the place). A point without one, or with an empty name, is
///   written as `lat,lng` with at most six decimals.
/// - `waypoint_place_ids` must line up with `waypoints`, so it is sent only
///   when every waypoint of the link has a place ID. Otherwise all waypoints
///   of that link are written as coordinates. A waypoint whose name contains
///   `|` (the list separator) is written as coordinates, but its place ID is
///   still sent. Origin and destination are decided on their own.
/// - Values are percent-encoded byte by byte: only `A`–`Z a`–`z 0`–`9 - . _ ~`
///   stay literal (`,` → `%2C`, `|` → `%7C`, space → `%20`).
///
/// ## Several links
/// A link holds at most ``maxWaypointsPerLink`` + 2 points. Longer routes
/// become consecutive links that overlap by one stop, split as ``chunking``
/// says (``LinkChunking/balanced`` by default). With ``TravelMode/transit``,
/// which Google does not support waypoints for, there is one link per leg.
///
/// ## Navigation
/// With ``navigate`` set, every link also carries `dir_action=navigate`:
/// Google Maps then starts turn-by-turn navigation when the link's origin is
/// the device's current location or close to it, and shows a route preview
/// otherwise (or where navigation is not available).
///
/// ```swift
/// var maps = GoogleMapsDirections.standard
/// maps.navigate = true
/// let links = maps.links(for: stops, travelMode: .driving)
/// // "…&travelmode=driving&dir_action=navigate&waypoints=…"
/// ```
///
/// ## Special cases
/// - No stops: no links.
/// - A round trip (the last stop repeats the first) gives links whose first
///   origin and last destination are the same place; Maps URLs allow that.
/// - One stop: one link with only `destination` (plus
///   `destination_place_id` and `travelmode`); Google Maps then starts from
///   the device location.
/// - Two identical consecutive stops are written as they are.
///
/// ## Length
/// Google limits a Maps URL to ``urlCharacterLimit`` (2,048) characters. A
/// link over the limit is rebuilt with coordinates instead of names, keeping
/// the place-ID parameters if that fits, and dropping them otherwise. Eleven
/// coordinate points always fit.
public struct GoogleMapsDirections: Sendable, Hashable {
    /// Google's documented maximum length of a Maps URL, in characters.
    public static let urlCharacterLimit = 2_048

    /// The allowed values of ``maxWaypointsPerLink``: Google supports up to
    /// nine waypoints (three in mobile browsers).
    public static let supportedWaypointsPerLink: ClosedRange<Int> = 1...9

    /// Up to nine waypoints per link: desktop browsers and the Google Maps
    /// apps.
    ///
    /// ```swift
    /// let links = GoogleMapsDirections.standard.links(for: stops, travelMode: .driving)
    /// ```
    public static let standard = GoogleMapsDirections(unchecked: 9, chunking: .balanced)

    /// Up to three waypoints per link, the limit Google documents for
    /// mobile browsers.
    ///
    /// ```swift
    /// let links = GoogleMapsDirections.mobileBrowser.links(for: stops, travelMode: .walking)
    /// ```
    public static let mobileBrowser = GoogleMapsDirections(unchecked: 3, chunking: .balanced)

    /// The most intermediate waypoints in one link, in
    /// ``supportedWaypointsPerLink``.
    public let maxWaypointsPerLink: Int

    /// How a long route is split into links.
    public let chunking: LinkChunking

    /// Whether every link asks Google Maps to start navigation
    /// (`dir_action=navigate`). `false` by default, for all configurations.
    ///
    /// ```swift
    /// var maps = try GoogleMapsDirections(maxWaypointsPerLink: 3)
    /// maps.navigate = true
    /// ```
    public var navigate = false

    /// The most points (origin, waypoints and destination) in one link.
    public var maxPointsPerLink: Int { maxWaypointsPerLink + 2 }

    /// Why a configuration was refused.
    public enum ConfigurationError: Error, Sendable, Hashable {
        /// The waypoint limit was outside
        /// ``GoogleMapsDirections/supportedWaypointsPerLink``.
        case waypointsPerLinkOutOfRange(Int)
    }

    /// The ``standard`` configuration: nine waypoints per link, balanced.
    ///
    /// ```swift
    /// let maps = GoogleMapsDirections()
    /// ```
    public init() {
        self.init(unchecked: 9, chunking: .balanced)
    }

    /// A configuration with a custom waypoint limit.
    ///
    /// ```swift
    /// let maps = try GoogleMapsDirections(maxWaypointsPerLink: 5, chunking: .greedy)
    /// ```
    ///
    /// - Throws: ``ConfigurationError/waypointsPerLinkOutOfRange(_:)`` unless
    ///   `maxWaypointsPerLink` is in 1...9.
    public init(maxWaypointsPerLink: Int, chunking: LinkChunking = .balanced) throws(ConfigurationError) {
        guard Self.supportedWaypointsPerLink.contains(maxWaypointsPerLink) else {
            throw .waypointsPerLinkOutOfRange(maxWaypointsPerLink)
        }
        self.init(unchecked: maxWaypointsPerLink, chunking: chunking)
    }

    private init(unchecked maxWaypointsPerLink: Int, chunking: LinkChunking) {
        self.maxWaypointsPerLink = maxWaypointsPerLink
        self.chunking = chunking
    }

    /// The points behind each link that ``links(for:travelMode:)`` returns,
    /// in the same order.
    ///
    /// Consecutive segments share one stop. Useful to show which stops a
    /// link covers.
    ///
    /// ```swift
    /// for (segment, link) in zip(maps.segments(for: stops, travelMode: .driving),
    ///                             maps.links(for: stops, travelMode: .driving)) {
    ///     print("\(segment.first!.name) → \(segment.last!.name): \(link)")
    /// }
    /// ```
    public func segments(for stops: [Waypoint], travelMode: TravelMode) -> [[Waypoint]] {
        let pointsPerLink = travelMode == .transit ? 2 : maxPointsPerLink
        return chunking
            .pointRanges(count: stops.count, maxPointsPerLink: pointsPerLink)
            .map { Array(stops[$0]) }
    }

    /// The directions links for an ordered route, as strings.
    ///
    /// ```swift
    /// let links = GoogleMapsDirections.mobileBrowser.links(for: stops, travelMode: .bicycling)
    /// ```
    public func links(for stops: [Waypoint], travelMode: TravelMode) -> [String] {
        segments(for: stops, travelMode: travelMode).map { link(through: $0, travelMode: travelMode) }
    }

    /// The directions links for an ordered route, as `URL`s.
    ///
    /// ```swift
    /// let urls = GoogleMapsDirections().urls(for: stops, travelMode: .driving)
    /// ```
    public func urls(for stops: [Waypoint], travelMode: TravelMode) -> [URL] {
        links(for: stops, travelMode: travelMode).map { link in
            // Every character is unreserved, `%`, or part of the fixed
            // prefix and parameter names, so parsing cannot fail.
            guard let url = URL(string: link) else {
                preconditionFailure("RoutePlanExport built an unparsable URL: \(link)")
            }
            return url
        }
    }

    /// One link through `points` (1 ... ``maxPointsPerLink`` of them),
    /// shortened as described under "Length" if needed.
    func link(through points: [Waypoint], travelMode: TravelMode) -> String {
        precondition(!points.isEmpty, "A link needs at least one point.")
        for style in [PointStyle.namesWithPlaceIDs, .coordinatesWithPlaceIDs] {
            let candidate = Self.buildLink(points, travelMode: travelMode, style: style, navigate: navigate)
            if candidate.utf8.count <= Self.urlCharacterLimit {
                return candidate
            }
        }
        let fallback = Self.buildLink(points, travelMode: travelMode, style: .coordinatesOnly, navigate: navigate)
        assert(fallback.utf8.count <= Self.urlCharacterLimit, "A coordinate-only link cannot exceed the URL limit.")
        return fallback
    }

    /// How much a link says about each point, from most to least.
    enum PointStyle {
        /// Names (where a place ID is known) plus place IDs.
        case namesWithPlaceIDs
        /// Coordinates plus place IDs.
        case coordinatesWithPlaceIDs
        /// Coordinates only.
        case coordinatesOnly
    }

    static func buildLink(_ points: [Waypoint], travelMode: TravelMode, style: PointStyle, navigate: Bool = false) -> String {
        var query: [(name: String, value: String)] = [("api", "1")]

        func addEndpoint(_ parameter: String, _ point: Waypoint) {
            let placeID = style == .coordinatesOnly ? nil : point.usablePlaceID
            let useName = style == .namesWithPlaceIDs && placeID != nil && !point.name.isEmpty
            query.append((parameter, useName ? point.name : CoordinateText.latLng(point)))
            if let placeID {
                query.append((parameter + "_place_id", placeID))
            }
        }

        if points.count > 1, let origin = points.first {
            addEndpoint("origin", origin)
        }
        if let destination = points.last {
            addEndpoint("destination", destination)
        }
        query.append(("travelmode", travelMode.rawValue))
        if navigate {
            query.append(("dir_action", "navigate"))
        }

        let waypoints = points.count > 2 ? points[1..<(points.count - 1)] : []
        if !waypoints.isEmpty {
            let placeIDs = waypoints.compactMap(\.usablePlaceID)
            let sendPlaceIDs = style != .coordinatesOnly && placeIDs.count == waypoints.count
            let values = waypoints.map { point in
                let useName = sendPlaceIDs && style == .namesWithPlaceIDs
                    && !point.name.isEmpty && !point.name.contains("|")
                return useName ? point.name : CoordinateText.latLng(point)
            }
            query.append(("waypoints", values.joined(separator: "|")))
            if sendPlaceIDs {
                query.append(("waypoint_place_ids", placeIDs.joined(separator: "|")))
            }
        }

        let encodedQuery = query
            .map { $0.name + "=" + PercentEncoding.encode($0.value) }
            .joined(separator: "&")
        return "https://www.google.com/maps/dir/?" + encodedQuery
    }
}
