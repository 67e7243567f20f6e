import Foundation

/// Great-circle distances on a spherical Earth.
public enum GreatCircle {
    /// The mean Earth radius R₁ = (2a + b)/3 of WGS 84, in meters (IUGG).
    public static let earthRadius = 6_371_008.8

    /// The haversine distance between two points, in meters.
    ///
    /// hav(θ) = hav(Δφ) + cos φ₁ cos φ₂ hav(Δλ), d = 2R·asin(√hav(θ)).
    /// The haversine form stays accurate for nearby points, needs no special
    /// case across the antimeridian (Δλ enters only through sin²) or at the
    /// poles, and clamping keeps antipodal points at πR instead of NaN.
    ///
    /// - Precondition: both coordinates are valid (see ``Coordinate/isValid``).
    @inlinable
    public static func distance(_ a: Coordinate, _ b: Coordinate) -> Double {
        let rad = Double.pi / 180
        let phi1 = a.latitude * rad, phi2 = b.latitude * rad
        let dPhi = phi2 - phi1
        let dLambda = (b.longitude - a.longitude) * rad
        let s1 = sin(dPhi / 2), s2 = sin(dLambda / 2)
        let h = s1 * s1 + cos(phi1) * cos(phi2) * s2 * s2
        return 2 * earthRadius * asin(min(1, h.squareRoot()))
    }

    /// The haversine distance rounded to whole meters.
    @inlinable
    public static func meters(_ a: Coordinate, _ b: Coordinate) -> Int {
        Int(distance(a, b).rounded())
    }
}
