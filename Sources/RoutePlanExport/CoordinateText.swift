import Foundation

/// Writes coordinates as short, plain decimal text shared by every exporter.
enum CoordinateText {
    /// A coordinate with at most six decimals, trailing zeros (and a bare
    /// decimal point) removed, never in exponent notation, and negative
    /// zero written as `0`.
    ///
    /// `38.71450000` → `38.7145`, `-9.0` → `-9`, `1.23456789` → `1.234568`,
    /// `-0.0000001` → `0`.
    static func decimal(_ value: Double) -> String {
        precondition(value.isFinite, "RoutePlanExport: coordinate must be finite, got \(value)")
        // %f never uses exponent notation and rounds the exact binary value
        // correctly; it ignores the user's locale (always a "." separator).
        var text = String(format: "%.6f", value)
        while text.hasSuffix("0") {
            text.removeLast()
        }
        if text.hasSuffix(".") {
            text.removeLast()
        }
        if text == "-0" {
            text = "0"
        }
        return text
    }

    /// `latitude,longitude`, the form Google Maps URLs expect.
    static func latLng(_ point: Waypoint) -> String {
        decimal(point.latitude) + "," + decimal(point.longitude)
    }
}
