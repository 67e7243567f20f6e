/// Fast number parsing straight from the file's bytes (no `Scanner`, no per-token `String`
/// on the common path).
extension TSPLIBScanner {
    /// An optionally signed decimal integer such as `42`, `-1` or `+7`; `nil` if the token is
    /// anything else or does not fit an `Int`.
    func integer(_ token: Range<Int>) -> Int? {
        var index = token.lowerBound
        guard index < token.upperBound else { return nil }
        var negative = false
        if bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") {
            negative = bytes[index] == UInt8(ascii: "-")
            index += 1
        }
        guard index < token.upperBound else { return nil }
        var value = 0
        while index < token.upperBound {
            let digit = Int(bytes[index]) &- 0x30
            guard digit >= 0, digit <= 9 else { return nil }
            let (shifted, overflow1) = value.multipliedReportingOverflow(by: 10)
            let (sum, overflow2) = negative
                ? shifted.subtractingReportingOverflow(digit)
                : shifted.addingReportingOverflow(digit)
            guard !overflow1, !overflow2 else { return nil }
            value = sum
            index += 1
        }
        return value
    }

    /// A decimal floating-point number such as `16.47`, `-3`, `.5` or `1.2e+03`, correctly
    /// rounded like `strtod`; `nil` if the token is not a number. `inf`, `nan` and exponents
    /// that overflow give non-finite values (the caller rejects them with a clear error).
    func double(_ token: Range<Int>) -> Double? {
        if let value = fastDouble(token) { return value }
        // Rare forms (long mantissas, large exponents, inf, nan): let the standard library
        // do the correctly rounded conversion.
        return Double(string(token))
    }

    /// Exact conversion when the decimal mantissa fits in 2⁵³ and the decimal exponent is
    /// within ±22: both operands are then exact doubles and one IEEE multiply or divide
    /// rounds correctly. Returns `nil` (meaning "use the slow path") otherwise.
    private func fastDouble(_ token: Range<Int>) -> Double? {
        var index = token.lowerBound
        let end = token.upperBound
        guard index < end else { return nil }
        var negative = false
        if bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") {
            negative = bytes[index] == UInt8(ascii: "-")
            index += 1
        }
        var mantissa: UInt64 = 0
        var digits = 0
        var significantDigits = 0
        var exponent = 0
        while index < end, let digit = digitValue(bytes[index]) {
            if mantissa != 0 || digit != 0 { significantDigits += 1 }
            if significantDigits > 19 { return nil }
            mantissa = mantissa &* 10 &+ UInt64(digit)
            digits += 1
            index += 1
        }
        if index < end, bytes[index] == UInt8(ascii: ".") {
            index += 1
            while index < end, let digit = digitValue(bytes[index]) {
                if mantissa != 0 || digit != 0 { significantDigits += 1 }
                if significantDigits > 19 { return nil }
                mantissa = mantissa &* 10 &+ UInt64(digit)
                exponent -= 1
                digits += 1
                index += 1
            }
        }
        guard digits > 0 else { return nil }
        if index < end, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            var exponentNegative = false
            if index < end, bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") {
                exponentNegative = bytes[index] == UInt8(ascii: "-")
                index += 1
            }
            var written = 0
            var exponentDigits = 0
            while index < end, let digit = digitValue(bytes[index]) {
                exponentDigits += 1
                if exponentDigits > 6 { return nil }
                written = written * 10 + digit
                index += 1
            }
            guard exponentDigits > 0 else { return nil }
            exponent += exponentNegative ? -written : written
        }
        guard index == end, mantissa <= (1 << 53), exponent >= -22, exponent <= 22 else { return nil }
        var value = Double(mantissa)
        if exponent > 0 {
            value *= Self.powersOfTen[exponent]
        } else if exponent < 0 {
            value /= Self.powersOfTen[-exponent]
        }
        return negative ? -value : value
    }

    private func digitValue(_ byte: UInt8) -> Int? {
        let digit = Int(byte) &- 0x30
        return digit >= 0 && digit <= 9 ? digit : nil
    }

    /// 10⁰ … 10²², all exactly representable as `Double`.
    private static let powersOfTen: [Double] = [
        1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
        1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
    ]
}
