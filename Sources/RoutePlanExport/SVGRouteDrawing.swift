import Foundation

/// The picture behind ``SVGDocument``: fits one or more routes (tracks),
/// given in plane coordinates (x east, y north), onto a fixed-width canvas
/// and writes it as SVG 1.1 text.
///
/// Canvas, top to bottom: a title band, the map frame (the routes fitted
/// with a uniform scale, centred), and a band with the legend on the left
/// (wrapped onto more rows when it is too long for one) and the scale bar
/// on the right. Every number is written with one decimal.
struct SVGRouteDrawing {
    /// A point in plane units, y up.
    struct Point: Hashable {
        var x: Double
        var y: Double
    }

    /// How a stop marker is drawn.
    enum Role: Hashable {
        /// An intermediate stop: white with a blue ring.
        case plain
        /// The start of an open route: green.
        case start
        /// The end of an open route: red.
        case end
        /// The start of a round trip, which is also its end: green with a
        /// red ring.
        case startAndEnd
        /// A stop inside route `index` (0-based) of several: filled with
        /// the route's ``RoutePalette`` colour.
        case section(Int)
        /// A place where one or more of several routes start or end (such
        /// as the lodging of a trip), drawn once: white with a dark ring.
        case sectionEnd
    }

    /// A stop to mark on the map.
    struct Marker {
        var position: Point
        /// The text in the circle (the visit number).
        var label: String
        /// The tooltip (`<title>`) of the circle.
        var tooltip: String
        var role: Role
    }

    /// What one plane unit is.
    enum Units {
        /// Web Mercator metres: the scale bar shows ground metres at the
        /// centre latitude, and the map spans at least
        /// ``minimumGroundSpan`` metres.
        case webMercator
        /// Unit-less planar coordinates: the scale bar shows plain numbers.
        case planar
    }

    /// A line through a route's stops in travel order, with its colours.
    struct Track {
        var path: [Point]
        /// The `class` of the track's `<g>`.
        var className: String
        var lineColour: String
        var arrowColour: String
        /// An outline around the arrowheads (for arrows in the line's own
        /// colour), or `nil` for none.
        var arrowOutline: String?
    }

    /// A legend entry that names one of several routes by its line colour.
    struct TrackKey {
        var name: String
        var colour: String
    }

    /// The title; written in full to `<title>`, shortened on the canvas.
    var title: String
    /// The sentence for `<desc>` before the extent is appended.
    var description: String
    /// The text at the end of the legend, such as `4 stops`.
    var summary: String
    /// The lines, drawn in this order.
    var tracks: [Track]
    /// The stops to mark, in visiting order.
    var markers: [Marker]
    /// Legend entries for the tracks; empty for a single route.
    var trackKeys: [TrackKey]
    var units: Units

    /// A picture of several routes.
    init(title: String, description: String, summary: String, tracks: [Track], markers: [Marker],
         trackKeys: [TrackKey], units: Units) {
        self.title = title
        self.description = description
        self.summary = summary
        self.tracks = tracks
        self.markers = markers
        self.trackKeys = trackKeys
        self.units = units
    }

    /// A picture of one route: `path` in the blue route colour.
    init(title: String, description: String, summary: String, path: [Point], markers: [Marker], units: Units) {
        let track = Track(path: path, className: "route", lineColour: Self.routeColour, arrowColour: Self.arrowColour,
                          arrowOutline: nil)
        self.init(title: title, description: description, summary: summary, tracks: [track], markers: markers,
                  trackKeys: [], units: units)
    }

    // MARK: Layout

    static let width = 800.0
    static let margin = 16.0
    static let titleBand = 48.0
    /// Room between the frame's edge and the outermost stop centre, for
    /// circles and labels.
    static let padding = 40.0
    static let minFrameHeight = 240.0
    static let maxFrameHeight = 720.0
    static let legendBand = 64.0
    /// The distance between legend rows when the legend needs more than one.
    static let legendRowHeight = 20.0
    /// Legend entries wrap to a new row rather than pass this x, which keeps
    /// them clear of the scale bar.
    static let maxLegendRight = width - margin - maxScaleBarPixels - 16
    /// Characters of a route's name shown in the legend before `…`.
    static let maxLegendNameCharacters = 40
    /// The scale bar is the longest round length up to this many pixels.
    static let maxScaleBarPixels = 150.0
    /// The smallest span the geographic map shows, in ground metres, so a
    /// single stop or a tiny route is not blown up.
    static let minimumGroundSpan = 500.0
    /// Legs shorter than this many pixels get no direction arrow (it would
    /// hide under the stop circles).
    static let minimumArrowLegPixels = 36.0
    /// Title characters shown on the canvas before `…`.
    static let maxTitleCharacters = 60

    static let frameWidth = width - 2 * margin
    static let contentWidth = frameWidth - 2 * padding

    // Colours.
    static let routeColour = "#3a78c9"
    static let arrowColour = "#1d4f91"
    static let startColour = "#1a9641"
    static let endColour = "#d7191c"
    static let textColour = "#33414e"
    /// The ring of ``Role/sectionEnd`` markers.
    static let sectionEndColour = "#1b2631"

    /// How the route is fitted on the canvas.
    private struct Layout {
        var scale: Double           // pixels per plane unit
        var centre: Point           // plane point at the frame's centre
        var frameHeight: Double
        var groundPerUnit: Double   // ground units (metres or plain) per plane unit at the centre
        var legendHeight = SVGRouteDrawing.legendBand

        var frameTop: Double { SVGRouteDrawing.titleBand }
        var frameBottom: Double { frameTop + frameHeight }
        var canvasHeight: Double { frameBottom + legendHeight }
        var groundPerPixel: Double { groundPerUnit / scale }

        func pixel(_ point: Point) -> Point {
            Point(
                x: SVGRouteDrawing.width / 2 + (point.x - centre.x) * scale,
                y: frameTop + frameHeight / 2 - (point.y - centre.y) * scale
            )
        }
    }

    private func layout() -> Layout? {
        let all = tracks.flatMap(\.path) + markers.map(\.position)
        guard let first = all.first else { return nil }
        var minX = first.x, maxX = first.x, minY = first.y, maxY = first.y
        for point in all {
            minX = min(minX, point.x); maxX = max(maxX, point.x)
            minY = min(minY, point.y); maxY = max(maxY, point.y)
        }
        let centre = Point(x: (minX + maxX) / 2, y: (minY + maxY) / 2)
        let spanX = maxX - minX, spanY = maxY - minY

        let groundPerUnit: Double
        let minimumSpan: Double
        switch units {
        case .webMercator:
            groundPerUnit = WebMercator.groundScale(latitude: WebMercator.latitude(y: centre.y))
            minimumSpan = Self.minimumGroundSpan / groundPerUnit
        case .planar:
            groundPerUnit = 1
            minimumSpan = max(spanX, spanY) > 0 ? 0 : 1
        }

        let fittedSpanX = max(spanX, minimumSpan)
        let wantedHeight = Self.contentWidth * spanY / fittedSpanX + 2 * Self.padding
        let frameHeight = min(max(wantedHeight, Self.minFrameHeight), Self.maxFrameHeight)
        var scale = Self.contentWidth / fittedSpanX
        if spanY > 0 {
            scale = min(scale, (frameHeight - 2 * Self.padding) / spanY)
        }
        return Layout(scale: scale, centre: centre, frameHeight: frameHeight, groundPerUnit: groundPerUnit)
    }

    // MARK: Writing

    /// The SVG text, ending with a line break.
    func render() -> String {
        guard var layout = layout() else {
            let frameHeight = Self.minFrameHeight
            var lines = header(height: Self.titleBand + frameHeight + Self.legendBand, frameHeight: frameHeight, layout: nil)
            let middle = Self.titleBand + frameHeight / 2
            lines.append(#"  <text class="empty" x="\#(Self.number(Self.width / 2))" y="\#(Self.number(middle))" text-anchor="middle" font-size="16" fill="\#(Self.textColour)">No stops</text>"#)
            lines.append("</svg>")
            return lines.joined(separator: "\n") + "\n"
        }

        let numbered = markers.count <= SVGDocument.maxNumberedStops
        var body: [String] = []
        var arrowCount = 0
        for track in tracks {
            let pixels = track.path.map(layout.pixel)
            body.append("  <g class=\"\(XMLText.escape(track.className))\">")
            if pixels.count >= 2 {
                let points = pixels.map { Self.number($0.x) + "," + Self.number($0.y) }.joined(separator: " ")
                let strokeWidth = numbered ? "3" : "1"
                body.append(#"    <polyline class="route-line" points="\#(points)" fill="none" stroke="\#(track.lineColour)" stroke-width="\#(strokeWidth)" stroke-linejoin="round" stroke-linecap="round"/>"#)
            }
            if numbered {
                let outline = track.arrowOutline.map { #" stroke="\#($0)" stroke-width="1""# } ?? ""
                for (a, b) in zip(pixels, pixels.dropFirst()) {
                    guard let arrow = Self.arrow(from: a, to: b) else { continue }
                    body.append(#"    <polygon class="arrow" points="\#(arrow)" fill="\#(track.arrowColour)"\#(outline)/>"#)
                    arrowCount += 1
                }
            }
            body.append("  </g>")
        }

        body.append("  <g class=\"stops\">")
        if numbered {
            body += numberedMarkers(layout)
        } else {
            body += dottedMarkers(layout)
        }
        body.append("  </g>")

        let legend = legend(layout, showsArrow: arrowCount > 0)
        body += legend.lines
        layout.legendHeight = Self.legendBand + Double(legend.rows - 1) * Self.legendRowHeight
        body += scaleBar(layout)
        body.append("</svg>")
        let lines = header(height: layout.canvasHeight, frameHeight: layout.frameHeight, layout: layout) + body
        return lines.joined(separator: "\n") + "\n"
    }

    /// The declaration, the `<svg>` element's start, title, description,
    /// background, canvas title and frame.
    private func header(height: Double, frameHeight: Double, layout: Layout?) -> [String] {
        let w = Self.number(Self.width), h = Self.number(height)
        return [
            #"<?xml version="1.0" encoding="UTF-8"?>"#,
            #"<svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="\#(w)" height="\#(h)" viewBox="0 0 \#(w) \#(h)" font-family="DejaVu Sans, Helvetica, Arial, sans-serif">"#,
            "  <title>\(XMLText.escape(title))</title>",
            "  <desc>\(XMLText.escape(fullDescription(layout)))</desc>",
            ##"  <rect width="\##(w)" height="\##(h)" fill="#ffffff"/>"##,
            ##"  <text class="title" x="\##(Self.number(Self.margin))" y="32.0" font-size="20" font-weight="bold" fill="#1b2631">\##(XMLText.escape(Self.shortened(title)))</text>"##,
            ##"  <rect class="frame" x="\##(Self.number(Self.margin))" y="\##(Self.number(Self.titleBand))" width="\##(Self.number(Self.frameWidth))" height="\##(Self.number(frameHeight))" fill="#f3f6f9" stroke="#c9d3dd"/>"##,
        ]
    }

    /// Markers drawn start last, so it stays on top where stops overlap
    /// (and the places where several routes start or end stay on top of
    /// those routes' stops).
    private var markersInDrawingOrder: [Marker] {
        (0...2).flatMap { rank in markers.filter { Self.drawingRank($0.role) == rank } }
    }

    private static func drawingRank(_ role: Role) -> Int {
        switch role {
        case .plain, .section: 0
        case .end: 1
        case .start, .startAndEnd, .sectionEnd: 2
        }
    }

    private func numberedMarkers(_ layout: Layout) -> [String] {
        var lines: [String] = []
        for marker in markersInDrawingOrder {
            let centre = layout.pixel(marker.position)
            let cx = Self.number(centre.x), cy = Self.number(centre.y)
            let radius = marker.label.count <= 2 ? 11.0 : 5 + 3.5 * Double(marker.label.count)
            let style = Self.markerStyle(marker.role)
            lines.append(#"    <circle class="\#(style.className)" cx="\#(cx)" cy="\#(cy)" r="\#(Self.number(radius))" fill="\#(style.fill)" stroke="\#(style.stroke)" stroke-width="\#(style.strokeWidth)"><title>\#(XMLText.escape(marker.tooltip))</title></circle>"#)
            guard !marker.label.isEmpty else { continue }
            lines.append(#"    <text class="stop-label" x="\#(cx)" y="\#(Self.number(centre.y + 4.3))" text-anchor="middle" font-size="12" font-weight="bold" fill="\#(style.text)">\#(XMLText.escape(marker.label))</text>"#)
        }
        return lines
    }

    /// Many stops: one path of round dots (zero-length segments with round
    /// caps) per dot colour, plus unnumbered circles for the starts and ends.
    private func dottedMarkers(_ layout: Layout) -> [String] {
        var colours: [String] = []
        var dots: [String: String] = [:]
        for marker in markers {
            let colour = Self.dotColour(marker.role)
            if dots[colour] == nil {
                colours.append(colour)
                dots[colour] = ""
            }
            let centre = layout.pixel(marker.position)
            dots[colour]! += "M" + Self.number(centre.x) + " " + Self.number(centre.y) + "h0"
        }
        var lines = colours.map { colour in
            #"    <path class="stop-dots" d="\#(dots[colour]!)" fill="none" stroke="\#(colour)" stroke-width="3" stroke-linecap="round"/>"#
        }
        for marker in markersInDrawingOrder where !Self.isDotOnly(marker.role) {
            let centre = layout.pixel(marker.position)
            let style = Self.markerStyle(marker.role)
            lines.append(#"    <circle class="\#(style.className)" cx="\#(Self.number(centre.x))" cy="\#(Self.number(centre.y))" r="6.0" fill="\#(style.fill)" stroke="\#(style.stroke)" stroke-width="\#(style.strokeWidth)"><title>\#(XMLText.escape(marker.tooltip))</title></circle>"#)
        }
        return lines
    }

    private enum LegendSymbol {
        case marker(Role)
        case line(colour: String)
        case arrow

        /// The room the symbol takes before its text, in pixels.
        var width: Double {
            switch self {
            case .marker: 20
            case .line: 22
            case .arrow: 32
            }
        }
    }

    /// The legend's lines and its number of rows. Entries run left to
    /// right and wrap before passing ``maxLegendRight``.
    private func legend(_ layout: Layout, showsArrow: Bool) -> (lines: [String], rows: Int) {
        var entries: [(symbol: LegendSymbol?, text: String)] = trackKeys.map {
            (.line(colour: $0.colour), Self.shortened($0.name, to: Self.maxLegendNameCharacters))
        }
        let roles = Set(markers.map(\.role))
        if roles.contains(.startAndEnd) {
            entries.append((.marker(.startAndEnd), "Start and end (round trip)"))
        } else if roles.contains(.start) {
            entries.append((.marker(.start), "Start"))
        }
        if roles.contains(.end) {
            entries.append((.marker(.end), "End"))
        }
        if roles.contains(.sectionEnd) {
            entries.append((.marker(.sectionEnd), "Start or end of a day"))
        }
        if showsArrow {
            entries.append((.arrow, "Direction of travel"))
        }
        entries.append((nil, summary))

        // One route: a blue line with a dark blue arrow; several: grey.
        let arrowLine = trackKeys.isEmpty ? Self.routeColour : Self.textColour
        let arrowFill = trackKeys.isEmpty ? Self.arrowColour : Self.textColour
        var baseline = layout.frameBottom + 36
        var x = Self.margin
        var rows = 1
        var lines = [#"  <g class="legend" font-size="12" fill="\#(Self.textColour)">"#]
        for (symbol, text) in entries {
            let textWidth = Double(text.count) * 6.8
            if x > Self.margin && x + (symbol?.width ?? 0) + textWidth > Self.maxLegendRight {
                rows += 1
                baseline += Self.legendRowHeight
                x = Self.margin
            }
            let y = baseline - 4
            switch symbol {
            case .marker(let role):
                let style = Self.markerStyle(role)
                lines.append(#"    <circle class="legend-symbol" cx="\#(Self.number(x + 7))" cy="\#(Self.number(y))" r="7.0" fill="\#(style.fill)" stroke="\#(style.stroke)" stroke-width="\#(style.strokeWidth)"/>"#)
            case .line(let colour):
                lines.append(#"    <path class="legend-line" d="M\#(Self.number(x)) \#(Self.number(y))H\#(Self.number(x + 16))" stroke="\#(colour)" stroke-width="4"/>"#)
            case .arrow:
                lines.append(#"    <path d="M\#(Self.number(x)) \#(Self.number(y))H\#(Self.number(x + 16))" stroke="\#(arrowLine)" stroke-width="3"/>"#)
                if let arrow = Self.arrow(from: Point(x: x, y: y), to: Point(x: x + 28, y: y), at: 0.6, minimumLength: 0) {
                    lines.append(#"    <polygon points="\#(arrow)" fill="\#(arrowFill)"/>"#)
                }
            case nil:
                break
            }
            x += symbol?.width ?? 0
            lines.append(#"    <text x="\#(Self.number(x))" y="\#(Self.number(baseline))">\#(XMLText.escape(text))</text>"#)
            x += textWidth + 18
        }
        lines.append("  </g>")
        return (lines, rows)
    }

    private func scaleBar(_ layout: Layout) -> [String] {
        let bar = ScaleBar(atMost: Self.maxScaleBarPixels * layout.groundPerPixel)
        let barPixels = bar.length / layout.groundPerPixel
        let right = Self.width - Self.margin
        let left = right - barPixels
        let y = layout.frameBottom + 40
        let label = units == .webMercator ? bar.metresText : bar.plainText + " units"
        let l = Self.number(left), r = Self.number(right)
        return [
            #"  <g class="scale-bar">"#,
            #"    <path d="M\#(l) \#(Self.number(y - 6))V\#(Self.number(y))H\#(r)V\#(Self.number(y - 6))" fill="none" stroke="\#(Self.textColour)" stroke-width="2"/>"#,
            #"    <text class="scale-label" x="\#(Self.number((left + right) / 2))" y="\#(Self.number(y - 10))" text-anchor="middle" font-size="12" fill="\#(Self.textColour)">\#(XMLText.escape(label))</text>"#,
            "  </g>",
        ]
    }

    private func fullDescription(_ layout: Layout?) -> String {
        guard let layout else { return description }
        let across = Self.frameWidth * layout.groundPerPixel
        switch units {
        case .webMercator:
            let extent = across >= 1_000
                ? String(format: "%.1f km", across / 1_000)
                : String(format: "%.0f m", across)
            let latitude = String(format: "%.2f", WebMercator.latitude(y: layout.centre.y))
            return description + " The map is about \(extent) across at latitude \(latitude)."
        case .planar:
            return description + " The plot is about \(Self.compact(across)) units across."
        }
    }

    // MARK: Pieces

    private struct MarkerStyle {
        var className: String
        var fill: String
        var stroke: String
        var strokeWidth: String
        var text: String
    }

    private static func markerStyle(_ role: Role) -> MarkerStyle {
        switch role {
        case .plain:
            MarkerStyle(className: "stop", fill: "#ffffff", stroke: arrowColour, strokeWidth: "2", text: arrowColour)
        case .start:
            MarkerStyle(className: "stop start", fill: startColour, stroke: "#0b5d26", strokeWidth: "2", text: "#ffffff")
        case .end:
            MarkerStyle(className: "stop end", fill: endColour, stroke: "#8c0f11", strokeWidth: "2", text: "#ffffff")
        case .startAndEnd:
            MarkerStyle(className: "stop start end", fill: startColour, stroke: endColour, strokeWidth: "3", text: "#ffffff")
        case .section(let index):
            MarkerStyle(className: "stop day-\(index + 1)", fill: RoutePalette.colour(forSection: index), stroke: "#ffffff",
                        strokeWidth: "2", text: RoutePalette.textColour(on: RoutePalette.colour(forSection: index)))
        case .sectionEnd:
            MarkerStyle(className: "stop section-end", fill: "#ffffff", stroke: sectionEndColour, strokeWidth: "3",
                        text: sectionEndColour)
        }
    }

    /// The colour of a marker's dot when stops are drawn as dots.
    private static func dotColour(_ role: Role) -> String {
        switch role {
        case .section(let index): RoutePalette.colour(forSection: index)
        case .sectionEnd: sectionEndColour
        case .plain, .start, .end, .startAndEnd: arrowColour
        }
    }

    /// Whether a marker is only a dot (no circle) when stops are drawn as
    /// dots.
    private static func isDotOnly(_ role: Role) -> Bool {
        switch role {
        case .plain, .section: true
        case .start, .end, .startAndEnd, .sectionEnd: false
        }
    }

    /// A small arrowhead on the leg from `a` to `b` (pixels), centred at
    /// `fraction` of the way; `nil` when the leg is shorter than
    /// `minimumLength` pixels (or has no length). Off-centre by default so
    /// the two arrows of an out-and-back leg do not sit on each other.
    private static func arrow(
        from a: Point, to b: Point, at fraction: Double = 0.55, minimumLength: Double = minimumArrowLegPixels
    ) -> String? {
        let dx = b.x - a.x, dy = b.y - a.y
        let length = (dx * dx + dy * dy).squareRoot()
        guard length > 0, length >= minimumLength else { return nil }
        let ux = dx / length, uy = dy / length
        let cx = a.x + dx * fraction, cy = a.y + dy * fraction
        let tip = Point(x: cx + 7 * ux, y: cy + 7 * uy)
        let left = Point(x: cx - 7 * ux - 6 * uy, y: cy - 7 * uy + 6 * ux)
        let right = Point(x: cx - 7 * ux + 6 * uy, y: cy - 7 * uy - 6 * ux)
        return [tip, left, right].map { number($0.x) + "," + number($0.y) }.joined(separator: " ")
    }

    /// `text`, cut to `limit` characters (by default
    /// ``maxTitleCharacters``) with `…`.
    private static func shortened(_ text: String, to limit: Int = maxTitleCharacters) -> String {
        text.count <= limit ? text : String(text.prefix(limit - 1)) + "…"
    }

    /// A canvas number with exactly one decimal, locale-independent;
    /// `-0.0` is written as `0.0`.
    static func number(_ value: Double) -> String {
        let text = String(format: "%.1f", value)
        return text == "-0.0" ? "0.0" : text
    }

    /// A plane length for the description: whole units from 100 up,
    /// three decimals below; never in exponent notation.
    private static func compact(_ value: Double) -> String {
        String(format: value >= 100 ? "%.0f" : "%.3f", value)
    }
}
