import Foundation

/// The picture behind ``SVGDocument``: fits a route, given in plane
/// coordinates (x east, y north), onto a fixed-width canvas and writes it
/// as SVG 1.1 text.
///
/// Canvas, top to bottom: a title band, the map frame (the route fitted
/// with a uniform scale, centred), and a band with the legend on the left
/// and the scale bar on the right. Every number is written with one decimal.
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

    /// The title; written in full to `<title>`, shortened on the canvas.
    var title: String
    /// The sentence for `<desc>` before the extent is appended.
    var description: String
    /// The text at the end of the legend, such as `4 stops`.
    var summary: String
    /// The line through the route, in travel order.
    var path: [Point]
    /// The stops to mark, in visiting order.
    var markers: [Marker]
    var units: Units

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

    /// How the route is fitted on the canvas.
    private struct Layout {
        var scale: Double           // pixels per plane unit
        var centre: Point           // plane point at the frame's centre
        var frameHeight: Double
        var groundPerUnit: Double   // ground units (metres or plain) per plane unit at the centre

        var frameTop: Double { SVGRouteDrawing.titleBand }
        var frameBottom: Double { frameTop + frameHeight }
        var canvasHeight: Double { frameBottom + SVGRouteDrawing.legendBand }
        var groundPerPixel: Double { groundPerUnit / scale }

        func pixel(_ point: Point) -> Point {
            Point(
                x: SVGRouteDrawing.width / 2 + (point.x - centre.x) * scale,
                y: frameTop + frameHeight / 2 - (point.y - centre.y) * scale
            )
        }
    }

    private func layout() -> Layout? {
        let all = path + markers.map(\.position)
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
        let layout = layout()
        let height = layout?.canvasHeight ?? (Self.titleBand + Self.minFrameHeight + Self.legendBand)
        let frameHeight = layout?.frameHeight ?? Self.minFrameHeight
        let w = Self.number(Self.width), h = Self.number(height)

        var lines: [String] = [
            #"<?xml version="1.0" encoding="UTF-8"?>"#,
            #"<svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="\#(w)" height="\#(h)" viewBox="0 0 \#(w) \#(h)" font-family="DejaVu Sans, Helvetica, Arial, sans-serif">"#,
            "  <title>\(XMLText.escape(title))</title>",
            "  <desc>\(XMLText.escape(fullDescription(layout)))</desc>",
            ##"  <rect width="\##(w)" height="\##(h)" fill="#ffffff"/>"##,
            ##"  <text class="title" x="\##(Self.number(Self.margin))" y="32.0" font-size="20" font-weight="bold" fill="#1b2631">\##(XMLText.escape(Self.shortened(title)))</text>"##,
            ##"  <rect class="frame" x="\##(Self.number(Self.margin))" y="\##(Self.number(Self.titleBand))" width="\##(Self.number(Self.frameWidth))" height="\##(Self.number(frameHeight))" fill="#f3f6f9" stroke="#c9d3dd"/>"##,
        ]

        guard let layout else {
            let middle = Self.titleBand + frameHeight / 2
            lines.append(#"  <text class="empty" x="\#(Self.number(Self.width / 2))" y="\#(Self.number(middle))" text-anchor="middle" font-size="16" fill="\#(Self.textColour)">No stops</text>"#)
            lines.append("</svg>")
            return lines.joined(separator: "\n") + "\n"
        }

        let numbered = markers.count <= SVGDocument.maxNumberedStops
        let pixels = path.map(layout.pixel)
        var arrowCount = 0
        lines.append("  <g class=\"route\">")
        if pixels.count >= 2 {
            let points = pixels.map { Self.number($0.x) + "," + Self.number($0.y) }.joined(separator: " ")
            let strokeWidth = numbered ? "3" : "1"
            lines.append(#"    <polyline class="route-line" points="\#(points)" fill="none" stroke="\#(Self.routeColour)" stroke-width="\#(strokeWidth)" stroke-linejoin="round" stroke-linecap="round"/>"#)
        }
        if numbered {
            for (a, b) in zip(pixels, pixels.dropFirst()) {
                guard let arrow = Self.arrow(from: a, to: b) else { continue }
                lines.append(#"    <polygon class="arrow" points="\#(arrow)" fill="\#(Self.arrowColour)"/>"#)
                arrowCount += 1
            }
        }
        lines.append("  </g>")

        lines.append("  <g class=\"stops\">")
        if numbered {
            lines += numberedMarkers(layout)
        } else {
            lines += dottedMarkers(layout)
        }
        lines.append("  </g>")

        lines += legend(layout, showsArrow: arrowCount > 0)
        lines += scaleBar(layout)
        lines.append("</svg>")
        return lines.joined(separator: "\n") + "\n"
    }

    /// Markers drawn start last, so it stays on top where stops overlap.
    private var markersInDrawingOrder: [Marker] {
        markers.filter { $0.role == .plain } + markers.filter { $0.role == .end }
            + markers.filter { $0.role == .start || $0.role == .startAndEnd }
    }

    private func numberedMarkers(_ layout: Layout) -> [String] {
        var lines: [String] = []
        for marker in markersInDrawingOrder {
            let centre = layout.pixel(marker.position)
            let cx = Self.number(centre.x), cy = Self.number(centre.y)
            let radius = marker.label.count <= 2 ? 11.0 : 5 + 3.5 * Double(marker.label.count)
            let style = Self.markerStyle(marker.role)
            lines.append(#"    <circle class="\#(style.className)" cx="\#(cx)" cy="\#(cy)" r="\#(Self.number(radius))" fill="\#(style.fill)" stroke="\#(style.stroke)" stroke-width="\#(style.strokeWidth)"><title>\#(XMLText.escape(marker.tooltip))</title></circle>"#)
            lines.append(#"    <text class="stop-label" x="\#(cx)" y="\#(Self.number(centre.y + 4.3))" text-anchor="middle" font-size="12" font-weight="bold" fill="\#(style.text)">\#(XMLText.escape(marker.label))</text>"#)
        }
        return lines
    }

    /// Many stops: one path of round dots (zero-length segments with round
    /// caps), plus unnumbered start and end circles.
    private func dottedMarkers(_ layout: Layout) -> [String] {
        let dots = markers.map { marker -> String in
            let centre = layout.pixel(marker.position)
            return "M" + Self.number(centre.x) + " " + Self.number(centre.y) + "h0"
        }.joined()
        var lines = [#"    <path class="stop-dots" d="\#(dots)" fill="none" stroke="\#(Self.arrowColour)" stroke-width="3" stroke-linecap="round"/>"#]
        for marker in markersInDrawingOrder where marker.role != .plain {
            let centre = layout.pixel(marker.position)
            let style = Self.markerStyle(marker.role)
            lines.append(#"    <circle class="\#(style.className)" cx="\#(Self.number(centre.x))" cy="\#(Self.number(centre.y))" r="6.0" fill="\#(style.fill)" stroke="\#(style.stroke)" stroke-width="\#(style.strokeWidth)"><title>\#(XMLText.escape(marker.tooltip))</title></circle>"#)
        }
        return lines
    }

    private func legend(_ layout: Layout, showsArrow: Bool) -> [String] {
        let baseline = layout.frameBottom + 36
        let symbolY = Self.number(baseline - 4)
        var x = Self.margin
        var lines = [#"  <g class="legend" font-size="12" fill="\#(Self.textColour)">"#]

        func addText(_ text: String) {
            lines.append(#"    <text x="\#(Self.number(x))" y="\#(Self.number(baseline))">\#(XMLText.escape(text))</text>"#)
            x += Double(text.count) * 6.8 + 18
        }
        func addCircle(_ role: Role) {
            let style = Self.markerStyle(role)
            lines.append(#"    <circle class="legend-symbol" cx="\#(Self.number(x + 7))" cy="\#(symbolY)" r="7.0" fill="\#(style.fill)" stroke="\#(style.stroke)" stroke-width="\#(style.strokeWidth)"/>"#)
            x += 20
        }

        let roles = Set(markers.map(\.role))
        if roles.contains(.startAndEnd) {
            addCircle(.startAndEnd)
            addText("Start and end (round trip)")
        } else if roles.contains(.start) {
            addCircle(.start)
            addText("Start")
        }
        if roles.contains(.end) {
            addCircle(.end)
            addText("End")
        }
        if showsArrow {
            let y = baseline - 4
            lines.append(#"    <path d="M\#(Self.number(x)) \#(Self.number(y))H\#(Self.number(x + 16))" stroke="\#(Self.routeColour)" stroke-width="3"/>"#)
            if let arrow = Self.arrow(from: Point(x: x, y: y), to: Point(x: x + 28, y: y), at: 0.6, minimumLength: 0) {
                lines.append(#"    <polygon points="\#(arrow)" fill="\#(Self.arrowColour)"/>"#)
            }
            x += 32
            addText("Direction of travel")
        }
        addText(summary)
        lines.append("  </g>")
        return lines
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

    /// `title`, cut to ``maxTitleCharacters`` characters with `…`.
    private static func shortened(_ title: String) -> String {
        title.count <= maxTitleCharacters ? title : String(title.prefix(maxTitleCharacters - 1)) + "…"
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
