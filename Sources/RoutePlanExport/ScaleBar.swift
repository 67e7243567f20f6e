import Foundation

/// A round length for a map's scale bar: 1, 2 or 5 times a power of ten.
struct ScaleBar: Hashable {
    /// 1, 2 or 5.
    let mantissa: Int
    /// The power of ten.
    let exponent: Int

    /// The longest round length that is at most `limit` (> 0, finite).
    ///
    /// `ScaleBar(atMost: 730)` → 500; `ScaleBar(atMost: 0.3)` → 0.2;
    /// `ScaleBar(atMost: 1000)` → 1000.
    init(atMost limit: Double) {
        precondition(limit > 0 && limit.isFinite, "ScaleBar: limit must be positive and finite, got \(limit)")
        var exponent = Int(log10(limit).rounded(.down))
        // log10 may be off by an ulp next to powers of ten.
        while Self.power(exponent) > limit { exponent -= 1 }
        while Self.power(exponent + 1) <= limit { exponent += 1 }
        self.exponent = exponent
        let unit = Self.power(exponent)
        mantissa = [5, 2, 1].first { Double($0) * unit <= limit } ?? 1
    }

    /// The length, in the map's units.
    var length: Double { Double(mantissa) * Self.power(exponent) }

    /// The length as plain decimal text, built from digits (no rounding):
    /// 5×10² → `500`, 2×10⁻² → `0.02`.
    var plainText: String { Self.digits(mantissa, exponent) }

    /// The length read as metres: `500 m`, `2 km`, `10000 km`, `0.5 m`.
    var metresText: String {
        exponent >= 3 ? Self.digits(mantissa, exponent - 3) + " km" : Self.digits(mantissa, exponent) + " m"
    }

    private static func power(_ exponent: Int) -> Double {
        pow(10, Double(exponent))
    }

    private static func digits(_ mantissa: Int, _ exponent: Int) -> String {
        if exponent >= 0 {
            return String(mantissa) + String(repeating: "0", count: exponent)
        }
        return "0." + String(repeating: "0", count: -exponent - 1) + String(mantissa)
    }
}
