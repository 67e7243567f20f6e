/// Draws a route as a standalone SVG 1.1 picture: the route at a glance,
/// without a base map, for reports, pull requests and chat.
///
/// ```swift
/// let svg = SVGDocument.route(name: "Lisbon walk", stops: stops, closed: false)
/// try svg.write(to: URL(fileURLWithPath: "route.svg"), atomically: true, encoding: .utf8)
/// ```
///
/// ## What the picture shows
/// The canvas is ``canvasWidth`` (800) pixels wide. Below a title (the route
/// name, shortened to 60 characters; the full name is the document's
/// `<title>`) is a frame holding the route fitted with a uniform scale and a
/// margin, 240 to 720 pixels high depending on the route's shape. Below the
/// frame are a legend and a scale bar.
/// - The legs are one blue line, with an arrowhead on each leg long enough
///   to hold one, pointing in the direction of travel.
/// - Stops are circles numbered in visiting order (1-based, as the `order`
///   of ``GeoJSONDocument`` and ``CSVDocument``), with the stop's name as
///   tooltip. The start is green, the end red. In a round trip the start is
///   also the end: it is green with a red ring, the legend says so, and a
///   final stop that repeats the start is not drawn again.
/// - The scale bar has a round length (1, 2 or 5 × 10ⁿ m or km) measured at
///   the map's centre latitude; far from it, Mercator distances differ.
/// - With more than ``maxNumberedStops`` stops, stops are small unnumbered
///   dots and legs have no arrows, so the file stays small: about 27 bytes
///   per stop plus 3 KB. Up to the limit, about 400 bytes per stop.
///
/// ## Coordinates
/// ``route(name:stops:closed:)`` uses the Web Mercator projection, with
/// latitudes clamped to ±85.0511°, and shows at least 500 m across.
/// Longitudes are unwrapped (shifted by whole turns so consecutive stops
/// differ by at most 180°), so a route across the antimeridian is drawn the
/// short way round instead of across the whole world.
///
/// ## Output
/// Canvas numbers have one decimal and text is XML-escaped, so the text is
/// stable and safe whatever the names. Coordinates must be finite (the
/// program stops otherwise, as in the other exporters).
///
/// ``routes(name:sections:)`` draws several routes (the days of a trip) in
/// one picture, each in its own colour, with a legend naming them.
///
/// Complexity: O(n) time and output size for n stops.
public enum SVGDocument {
    /// The width of every picture, in pixels.
    public static let canvasWidth = 800

    /// Routes with more stops are drawn with unnumbered dots and without
    /// direction arrows.
    public static let maxNumberedStops = 250

    /// An SVG picture of a route on the Earth, ending with a line break.
    ///
    /// ```swift
    /// let svg = SVGDocument.route(name: "Day 1", stops: stops, closed: true)
    /// ```
    ///
    /// - Parameters:
    ///   - name: The title.
    ///   - stops: The stops in visiting order. A last stop with the same
    ///     coordinates as the first makes a round trip.
    ///   - closed: Whether the route returns to the first stop after the
    ///     last one: a closing leg is drawn (unless the last stop already
    ///     repeats the first) and the start is marked as the end too.
    public static func route(name: String, stops: [Waypoint], closed: Bool) -> String {
        for stop in stops {
            precondition(stop.latitude.isFinite && stop.longitude.isFinite,
                         "RoutePlanExport: coordinate must be finite, got \(stop.latitude), \(stop.longitude)")
        }
        let longitudes = Antimeridian.unwrapped(stops.map(\.longitude))
        let points = zip(stops, longitudes).map { stop, longitude in
            SVGRouteDrawing.Point(x: WebMercator.x(longitude: longitude), y: WebMercator.y(latitude: stop.latitude))
        }
        let repeatsStart = stops.count >= 2
            && stops[0].latitude == stops[stops.count - 1].latitude
            && stops[0].longitude == stops[stops.count - 1].longitude
        return drawing(name: name, points: points, closed: closed, repeatsStart: repeatsStart, units: .webMercator,
                       describe: { kind, visits in
                           "A \(kind ? "round trip" : "route") of \(count(visits, "stop")) in visiting order, drawn in Web Mercator."
                       },
                       summary: { count($0, "stop") },
                       tooltip: { "\($0 + 1). \(stops[$0].name)" })
    }

    /// An SVG picture of several routes on the Earth (the days of a trip)
    /// in one frame, ending with a line break.
    ///
    /// ```swift
    /// let svg = SVGDocument.routes(name: "Lisbon, 3 days", sections: days)
    /// ```
    ///
    /// The picture is laid out as ``route(name:stops:closed:)``'s, with one
    /// frame fitted to all sections, the same projection and scale bar, and
    /// longitudes unwrapped over all sections in turn (so days on both sides
    /// of the antimeridian stay side by side). Each section has its own
    /// colour from ``RoutePalette`` (cycling after seven):
    /// - its line, with arrowheads in the same colour outlined in white;
    /// - its stops between the first and the last, as circles filled with
    ///   the colour and numbered by their `order` within the section (the
    ///   first stop is 1, as in the other multi-route documents), with the
    ///   section's name and the stop's name as tooltip.
    ///
    /// The first and last stops of the sections (the lodging where days
    /// start and end) are drawn once per place (same coordinates), as
    /// unnumbered white circles with a dark ring, on top; the tooltip names
    /// the place and the days it starts or ends. The legend names every
    /// section next to its colour (names shortened to 40 characters), then
    /// these markers, the direction arrow and the number of days and stops,
    /// wrapping onto more rows when needed. Sections are not closed: a day
    /// that returns to its start lists the start again as its last stop.
    /// Above ``maxNumberedStops`` markers, stops are dots in their section's
    /// colour and there are no arrows.
    ///
    /// Complexity: O(n + s) time and output size for n stops over s
    /// sections (expected, for the set of places).
    ///
    /// - Parameters:
    ///   - name: The title.
    ///   - sections: The routes, in order; coordinates must be finite.
    public static func routes(name: String, sections: [RouteSection]) -> String {
        let stops = sections.flatMap(\.stops)
        for stop in stops {
            precondition(stop.latitude.isFinite && stop.longitude.isFinite,
                         "RoutePlanExport: coordinate must be finite, got \(stop.latitude), \(stop.longitude)")
        }
        let longitudes = Antimeridian.unwrapped(stops.map(\.longitude))

        /// A place where sections start or end, with what it is for which
        /// section.
        struct EndPlace {
            var position: SVGRouteDrawing.Point
            var name: String
            var roles: [(section: Int, start: Bool, end: Bool)]
        }
        struct Coordinates: Hashable {
            var latitude: Double
            var longitude: Double
        }
        var endPlaces: [EndPlace] = []
        var endPlaceIndex: [Coordinates: Int] = [:]

        var tracks: [SVGRouteDrawing.Track] = []
        var markers: [SVGRouteDrawing.Marker] = []
        var offset = 0
        for (sectionIndex, section) in sections.enumerated() {
            let colour = RoutePalette.colour(forSection: sectionIndex)
            let points = section.stops.indices.map { index in
                SVGRouteDrawing.Point(x: WebMercator.x(longitude: longitudes[offset + index]),
                                      y: WebMercator.y(latitude: section.stops[index].latitude))
            }
            offset += section.stops.count
            tracks.append(SVGRouteDrawing.Track(path: points, className: "route day-\(sectionIndex + 1)",
                                                lineColour: colour, arrowColour: colour, arrowOutline: "#ffffff"))
            for (index, stop) in section.stops.enumerated() {
                let isStart = index == 0, isEnd = index == section.stops.count - 1
                guard isStart || isEnd else {
                    markers.append(SVGRouteDrawing.Marker(
                        position: points[index], label: String(index + 1),
                        tooltip: "\(section.name): \(index + 1). \(stop.name)", role: .section(sectionIndex)))
                    continue
                }
                let key = Coordinates(latitude: stop.latitude, longitude: stop.longitude)
                let placeIndex = endPlaceIndex[key] ?? {
                    endPlaces.append(EndPlace(position: points[index], name: stop.name, roles: []))
                    endPlaceIndex[key] = endPlaces.count - 1
                    return endPlaces.count - 1
                }()
                if let last = endPlaces[placeIndex].roles.last, last.section == sectionIndex {
                    endPlaces[placeIndex].roles[endPlaces[placeIndex].roles.count - 1] =
                        (sectionIndex, last.start || isStart, last.end || isEnd)
                } else {
                    endPlaces[placeIndex].roles.append((sectionIndex, isStart, isEnd))
                }
            }
        }
        for place in endPlaces {
            let roles = place.roles.map { role in
                let what = role.start && role.end ? "start and end" : role.start ? "start" : "end"
                return "\(what) of \(sections[role.section].name)"
            }
            markers.append(SVGRouteDrawing.Marker(position: place.position, label: "",
                                                  tooltip: "\(place.name) (\(roles.joined(separator: "; ")))",
                                                  role: .sectionEnd))
        }

        let keys = sections.indices.map {
            SVGRouteDrawing.TrackKey(name: sections[$0].name, colour: RoutePalette.colour(forSection: $0))
        }
        let summary = "\(count(sections.count, "day")), \(count(markers.count, "stop"))"
        let description = "A trip of \(count(sections.count, "day")) with \(count(markers.count, "stop")), each day's route in its own colour with its stops numbered in visiting order, drawn in Web Mercator."
        return SVGRouteDrawing(title: name, description: description, summary: summary, tracks: tracks,
                               markers: markers, trackKeys: keys, units: .webMercator).render()
    }

    /// An SVG picture of a tour through planar points, such as a TSPLIB
    /// instance with `EUC_2D` coordinates, ending with a line break.
    ///
    /// ```swift
    /// let points = [(x: 0.0, y: 0.0), (x: 10.0, y: 0.0), (x: 10.0, y: 5.0)]
    /// let svg = SVGDocument.planarRoute(name: "tiny", points: points, order: [0, 2, 1], closed: true)
    /// ```
    ///
    /// The picture is laid out as ``route(name:stops:closed:)``'s, with y
    /// pointing up, the same scale on both axes, and a scale bar in
    /// coordinate units (`20 units`: 1, 2 or 5 × 10ⁿ, whatever the unit of
    /// the coordinates is). Circles carry the visit number;
    /// the tooltip gives the 0-based index into `points`. Points not in
    /// `order` are not drawn. Above ``maxNumberedStops`` visits, stops are
    /// unnumbered dots and there are no arrows (about 27 bytes per point:
    /// some 2.3 MB for 85,900 points).
    ///
    /// - Parameters:
    ///   - name: The title.
    ///   - points: The coordinates; must be finite.
    ///   - order: Indices into `points` in visiting order; each must be a
    ///     valid index (the program stops otherwise).
    ///   - closed: Whether the tour returns from the last point to the first
    ///     (a closing leg is drawn unless `order` already ends with its
    ///     first index).
    public static func planarRoute(
        name: String,
        points: [(x: Double, y: Double)],
        order: [Int],
        closed: Bool
    ) -> String {
        let path = order.map { index in
            precondition(points.indices.contains(index), "SVGDocument: order index \(index) is outside the points")
            let point = points[index]
            precondition(point.x.isFinite && point.y.isFinite, "SVGDocument: point \(index) is not finite")
            return SVGRouteDrawing.Point(x: point.x, y: point.y)
        }
        let repeatsStart = order.count >= 2 && order[0] == order[order.count - 1]
        return drawing(name: name, points: path, closed: closed, repeatsStart: repeatsStart, units: .planar,
                       describe: { kind, visits in
                           "A \(kind ? "closed tour" : "path") through \(count(visits, "point")) in visiting order, in planar coordinates with y up."
                       },
                       summary: { count($0, "point") },
                       tooltip: { "\($0 + 1). point \(order[$0]) (\(CoordinateText.decimal(path[$0].x)), \(CoordinateText.decimal(path[$0].y)))" })
    }

    /// The drawing both kinds of picture share: numbered markers for each
    /// visit (the repeated start of a round trip drawn once), and a closing
    /// leg when `closed` and the points do not already return to the start.
    private static func drawing(
        name: String, points: [SVGRouteDrawing.Point], closed: Bool, repeatsStart: Bool,
        units: SVGRouteDrawing.Units, describe: (_ roundTrip: Bool, _ visits: Int) -> String,
        summary: (Int) -> String, tooltip: (Int) -> String
    ) -> String {
        let visits = repeatsStart ? points.count - 1 : points.count
        let roundTrip = closed || repeatsStart
        let markers = (0..<visits).map { index in
            SVGRouteDrawing.Marker(position: points[index], label: String(index + 1), tooltip: tooltip(index),
                                   role: role(index: index, visits: visits, roundTrip: roundTrip))
        }
        let path = closed && !repeatsStart && points.count >= 2 ? points + [points[0]] : points
        return SVGRouteDrawing(title: name, description: describe(roundTrip, visits), summary: summary(visits),
                               path: path, markers: markers, units: units).render()
    }

    private static func role(index: Int, visits: Int, roundTrip: Bool) -> SVGRouteDrawing.Role {
        if index == 0 {
            return roundTrip ? .startAndEnd : .start
        }
        return index == visits - 1 && !roundTrip ? .end : .plain
    }

    private static func count(_ value: Int, _ noun: String) -> String {
        "\(value) \(noun)\(value == 1 ? "" : "s")"
    }
}
