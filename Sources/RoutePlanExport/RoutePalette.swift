import Foundation

/// The colours that tell the routes of a multi-route document apart: the
/// SVG picture, the GeoJSON `stroke` and `marker-color` properties and the
/// KML styles all take section `i` (0-based) in
/// ``colour(forSection:)``.
///
/// The colours are the Okabe–Ito palette (Okabe & Ito 2008; Wong,
/// *Nature Methods* 8, 441, 2011), designed to stay distinct for the common
/// kinds of colour blindness, without its yellow, which is too faint on a
/// white or pale map. After seven sections the colours repeat.
///
/// ```swift
/// RoutePalette.colour(forSection: 0)   // "#0072b2"
/// RoutePalette.colour(forSection: 7)   // "#0072b2" again
/// ```
public enum RoutePalette {
    /// The colours as `#rrggbb` (lowercase), in the order sections use them:
    /// blue, vermilion, bluish green, reddish purple, orange, sky blue,
    /// black.
    public static let colours = ["#0072b2", "#d55e00", "#009e73", "#cc79a7", "#e69f00", "#56b4e9", "#000000"]

    /// The colour of section `index` (0-based; negative counts as 0),
    /// cycling through ``colours``.
    public static func colour(forSection index: Int) -> String {
        colours[max(index, 0) % colours.count]
    }

    /// A `#rrggbb` colour as KML writes it: `aabbggrr`, opaque.
    ///
    /// `"#0072b2"` → `"ffb27200"`.
    static func kmlColour(_ hex: String) -> String {
        let digits = Array(hex.dropFirst())
        precondition(digits.count == 6, "RoutePalette: expected #rrggbb, got \(hex)")
        return "ff" + String(digits[4...5]) + String(digits[2...3]) + String(digits[0...1])
    }

    /// White or near-black, whichever contrasts more with `hex` (WCAG 2
    /// contrast ratio), for text drawn on that colour.
    static func textColour(on hex: String) -> String {
        let dark = "#1b2631"
        let background = luminance(hex)
        let onWhite = 1.05 / (background + 0.05)
        let onDark = (background + 0.05) / (luminance(dark) + 0.05)
        return onWhite >= onDark ? "#ffffff" : dark
    }

    /// WCAG 2 relative luminance of a `#rrggbb` colour, 0 (black) to 1.
    private static func luminance(_ hex: String) -> Double {
        let value = Int(hex.dropFirst(), radix: 16) ?? 0
        func channel(_ shift: Int) -> Double {
            let c = Double((value >> shift) & 0xff) / 255
            return c <= 0.039_28 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
        }
        return 0.2126 * channel(16) + 0.7152 * channel(8) + 0.0722 * channel(0)
    }
}
