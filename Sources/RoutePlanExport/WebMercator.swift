import Foundation

/// The Web Mercator projection (EPSG:3857) on a sphere, in metres, as web
/// maps use it.
enum WebMercator {
    /// The sphere's radius: the WGS 84 semi-major axis, in metres.
    static let earthRadius = 6_378_137.0

    /// The latitude where the projected map becomes square, in degrees;
    /// latitudes beyond ±this are clamped to it (the poles themselves lie
    /// at infinity).
    static let maxLatitude = 85.051_128_78

    /// Easting in metres: `longitude` in degrees (not wrapped, so unwrapped
    /// longitudes beyond ±180 stay continuous).
    static func x(longitude: Double) -> Double {
        earthRadius * longitude * .pi / 180
    }

    /// Northing in metres for `latitude` in degrees, clamped to
    /// ±``maxLatitude``.
    static func y(latitude: Double) -> Double {
        let clamped = min(max(latitude, -maxLatitude), maxLatitude)
        return earthRadius * log(tan(.pi / 4 + clamped * .pi / 360))
    }

    /// The latitude in degrees at northing `y` metres (the inverse of
    /// ``y(latitude:)``).
    static func latitude(y: Double) -> Double {
        atan(sinh(y / earthRadius)) * 180 / .pi
    }

    /// Ground metres per projected metre at `latitude` degrees: the
    /// projection stretches lengths by 1 / cos(latitude).
    static func groundScale(latitude: Double) -> Double {
        cos(latitude * .pi / 180)
    }
}
