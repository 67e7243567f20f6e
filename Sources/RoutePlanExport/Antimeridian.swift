/// Handling of lines that cross the antimeridian (longitude ±180°).
///
/// A leg whose longitudes differ by more than 180° is taken to go the short
/// way round, across the antimeridian: from 179.89 to -179.996 is a step of
/// 0.114° east, not 359.886° west.
enum Antimeridian {
    /// A `(longitude, latitude)` pair in degrees.
    typealias Position = (longitude: Double, latitude: Double)

    /// Whether the leg from `a` to `b` crosses the antimeridian: its
    /// longitudes differ by more than 180°.
    static func crosses(from a: Double, to b: Double) -> Bool {
        abs(b - a) > 180
    }

    /// The longitudes shifted by whole turns (multiples of 360°) so that
    /// consecutive values differ by at most 180°, starting from the first
    /// value unchanged. A line drawn through the results in a plane takes
    /// the short way round at every step.
    ///
    /// `[179.9, -179.9, -179.8]` → `[179.9, 180.1, 180.2]`. O(n).
    static func unwrapped(_ longitudes: [Double]) -> [Double] {
        var result: [Double] = []
        result.reserveCapacity(longitudes.count)
        for longitude in longitudes {
            guard let previous = result.last else {
                result.append(longitude)
                continue
            }
            let turns = ((previous - longitude) / 360).rounded()
            result.append(longitude + 360 * turns)
        }
        return result
    }

    /// The line through `positions` cut at the antimeridian into parts that
    /// each stay within -180...180, as RFC 7946 §3.1.9 asks for.
    ///
    /// At each crossing the latitude is interpolated linearly in unwrapped
    /// longitude; the part before ends at 180 (or -180) and the next part
    /// starts at the opposite sign with the same latitude. A crossing point
    /// equal to the stop next to it is not repeated, and parts left with
    /// fewer than two positions (a line that starts or ends exactly on the
    /// antimeridian) are dropped. A line that never crosses is returned as
    /// one part, unchanged; so is one whose every part would be dropped.
    ///
    /// Longitudes are expected in -180...180. O(n).
    static func split(_ positions: [Position]) -> [[Position]] {
        guard positions.count >= 2 else { return [positions] }
        var parts: [[Position]] = []
        var current: [Position] = [positions[0]]

        func appendIfNew(_ position: Position, to part: inout [Position]) {
            if let last = part.last, last.longitude == position.longitude, last.latitude == position.latitude {
                return
            }
            part.append(position)
        }

        for (a, b) in zip(positions, positions.dropFirst()) {
            guard crosses(from: a.longitude, to: b.longitude) else {
                current.append(b)
                continue
            }
            // Eastward when b lies west of a numerically (179.9 → -179.9).
            let eastward = b.longitude < a.longitude
            let edge: Double = eastward ? 180 : -180
            let unwrappedB = b.longitude + (eastward ? 360 : -360)
            let span = unwrappedB - a.longitude
            let t = span == 0 ? 0 : (edge - a.longitude) / span
            let latitude = a.latitude + t * (b.latitude - a.latitude)

            appendIfNew((edge, latitude), to: &current)
            if current.count >= 2 {
                parts.append(current)
            }
            current = [(-edge, latitude)]
            appendIfNew(b, to: &current)
        }
        if current.count >= 2 {
            parts.append(current)
        }
        return parts.isEmpty ? [positions] : parts
    }
}
