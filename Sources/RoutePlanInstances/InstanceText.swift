import Foundation

/// The limits the readers check before allocating anything large.
public enum InstanceLimits {
    /// The largest instance file read: 16 MiB (Solomon 100 files are about 10 KB).
    public static let maxFileBytes = 16 << 20
    /// The most customers (visits): the travel matrix is (n+1)² 32-bit costs,
    /// 100 MB at 5,000.
    public static let maxCustomers = 5_000
    /// The most routes (vehicles of a Solomon file, or `--tours`).
    public static let maxRoutes = 1_000
    /// The most customers × routes: every visit holds one window list per route.
    public static let maxCustomerRoutes = 2_000_000
    /// The largest coordinate magnitude: 10⁵, so that squared distances in
    /// fixed point (10⁻⁴) stay exact in 128-bit integers with room to spare.
    public static let maxCoordinate = 100_000
    /// The largest time value (window bound, service time) in the file's own units: 10⁷.
    public static let maxTime = 10_000_000
}

/// A file's lines, split into whitespace-separated tokens, with 1-based line numbers.
struct InstanceText {
    struct Line {
        let number: Int
        let tokens: [Substring]
        let text: Substring
    }

    let file: String
    /// The non-blank lines.
    let lines: [Line]

    /// Reads `path`, refusing files over ``InstanceLimits/maxFileBytes`` before reading them.
    static func read(_ path: String) throws(InstanceError) -> InstanceText {
        let attributes: [FileAttributeKey: Any]
        do {
            attributes = try FileManager.default.attributesOfItem(atPath: path)
        } catch {
            throw .unreadableFile(file: path, reason: "it does not exist or cannot be examined")
        }
        if let type = attributes[.type] as? FileAttributeType, type != .typeRegular {
            throw .unreadableFile(file: path, reason: "it is not a regular file")
        }
        if let size = (attributes[.size] as? NSNumber)?.intValue, size > InstanceLimits.maxFileBytes {
            throw .fileTooLarge(file: path, bytes: size, limit: InstanceLimits.maxFileBytes)
        }
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw .unreadableFile(file: path, reason: "\(error.localizedDescription)")
        }
        if data.count > InstanceLimits.maxFileBytes {
            throw .fileTooLarge(file: path, bytes: data.count, limit: InstanceLimits.maxFileBytes)
        }
        return try parse(data, file: path)
    }

    /// Splits `data` (UTF-8 text; CRLF or LF line ends) into lines of tokens.
    static func parse(_ data: Data, file: String) throws(InstanceError) -> InstanceText {
        if let nul = data.firstIndex(of: 0) {
            let line = data[data.startIndex..<nul].reduce(1) { $0 + ($1 == 0x0A ? 1 : 0) }
            throw .notText(file: file, line: line)
        }
        guard let text = String(data: data, encoding: .utf8) else {
            // Find the line of the first invalid byte sequence.
            var line = 1
            var start = data.startIndex
            for index in data.indices where data[index] == 0x0A {
                if String(data: data[start..<index], encoding: .utf8) == nil { break }
                line += 1
                start = index + 1
            }
            throw .notText(file: file, line: line)
        }
        var lines: [Line] = []
        var number = 0
        // "\r\n" is one Character in Swift: split on it as well as on "\n" (and a lone "\r").
        for raw in text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" || $0 == "\r" }) {
            number += 1
            let tokens = raw.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" })
            if tokens.isEmpty { continue }
            lines.append(Line(number: number, tokens: tokens, text: raw))
        }
        if lines.isEmpty { throw .emptyFile(file: file) }
        return InstanceText(file: file, lines: lines)
    }
}

/// A decimal number held exactly as an integer count of 10⁻⁴.
struct FixedPoint: Hashable, Comparable, Sendable {
    /// The value × 10⁴.
    let units: Int
    static let decimals = 4
    static let one = 10_000

    static func < (a: FixedPoint, b: FixedPoint) -> Bool { a.units < b.units }

    var double: Double { Double(units) / Double(Self.one) }
    var isWhole: Bool { units % Self.one == 0 }

    /// Parses `-12.345`, `40`, `40.00`, `+3.5`: at most 4 decimals (trailing
    /// zeros beyond them are allowed), magnitude below 10¹².
    static func parse(_ token: Substring) -> FixedPoint? {
        var chars = token.utf8[...]
        var negative = false
        if let first = chars.first, first == UInt8(ascii: "-") || first == UInt8(ascii: "+") {
            negative = first == UInt8(ascii: "-")
            chars = chars.dropFirst()
        }
        var whole = 0
        var fraction = 0
        var fractionDigits = 0
        var digits = 0
        var seenPoint = false
        for c in chars {
            if c == UInt8(ascii: ".") {
                if seenPoint { return nil }
                seenPoint = true
                continue
            }
            guard c >= UInt8(ascii: "0"), c <= UInt8(ascii: "9") else { return nil }
            let d = Int(c - UInt8(ascii: "0"))
            digits += 1
            if seenPoint {
                if fractionDigits < decimals {
                    fraction = fraction * 10 + d
                    fractionDigits += 1
                } else if d != 0 {
                    return nil  // more precision than 10⁻⁴
                }
            } else {
                whole = whole * 10 + d
                if whole >= 1_000_000_000_000 { return nil }
            }
        }
        guard digits > 0 else { return nil }
        while fractionDigits < decimals {
            fraction *= 10
            fractionDigits += 1
        }
        let units = whole * one + fraction
        return FixedPoint(units: negative ? -units : units)
    }

    /// The value × `scale` (a power of ten at least 10⁻⁴… i.e. `scale` ≥ 1), when exact.
    func scaled(by scale: Int) -> Int? {
        let product = units.multipliedReportingOverflow(by: scale)
        guard !product.overflow, product.partialValue % Self.one == 0 else { return nil }
        return product.partialValue / Self.one
    }

    var text: String {
        let sign = units < 0 ? "-" : ""
        let magnitude = abs(units)
        let whole = magnitude / Self.one
        var fraction = String(magnitude % Self.one)
        if magnitude % Self.one == 0 { return sign + String(whole) }
        while fraction.count < Self.decimals { fraction = "0" + fraction }
        while fraction.hasSuffix("0") { fraction.removeLast() }
        return sign + String(whole) + "." + fraction
    }
}

/// Integer square roots of 128-bit values.
enum IntegerRoot {
    /// ⌊√n⌋.
    static func floor(_ n: UInt128) -> UInt128 {
        var r = UInt128(Double(n).squareRoot())
        while r > 0 && r * r > n { r -= 1 }
        while (r + 1) * (r + 1) <= n { r += 1 }
        return r
    }

    /// ⌈√n⌉.
    static func ceil(_ n: UInt128) -> UInt128 {
        let r = floor(n)
        return r * r == n ? r : r + 1
    }
}

extension InstanceText.Line {
    /// Token `index` as a fixed-point number, or the error naming `field`.
    func number(_ index: Int, file: String, field: String) throws(InstanceError) -> FixedPoint {
        guard let value = FixedPoint.parse(tokens[index]) else {
            throw .invalidNumber(file: file, line: number, token: String(tokens[index]),
                                 expected: "a number with at most 4 decimals (\(field))")
        }
        return value
    }

    /// Token `index` as a whole number (written `12` or `12.00`) in `range`.
    func whole(_ index: Int, file: String, field: String, in range: ClosedRange<Int>) throws(InstanceError) -> Int {
        let value = try number(index, file: file, field: field)
        guard value.isWhole else {
            throw .invalidNumber(file: file, line: number, token: String(tokens[index]), expected: "a whole number (\(field))")
        }
        let whole = value.units / FixedPoint.one
        guard range.contains(whole) else {
            throw .valueOutOfRange(file: file, line: number, field: field, value: String(tokens[index]),
                                   allowed: "from \(range.lowerBound) to \(range.upperBound)")
        }
        return whole
    }

    /// Token `index` as a non-negative time of at most ``InstanceLimits/maxTime``.
    func time(_ index: Int, file: String, field: String) throws(InstanceError) -> FixedPoint {
        let value = try number(index, file: file, field: field)
        guard value.units >= 0, value.units <= InstanceLimits.maxTime * FixedPoint.one else {
            throw .valueOutOfRange(file: file, line: number, field: field, value: String(tokens[index]),
                                   allowed: "from 0 to \(InstanceLimits.maxTime)")
        }
        return value
    }

    /// Token `index` as a coordinate of magnitude at most ``InstanceLimits/maxCoordinate``.
    func coordinate(_ index: Int, file: String, field: String) throws(InstanceError) -> FixedPoint {
        let value = try number(index, file: file, field: field)
        guard abs(value.units) <= InstanceLimits.maxCoordinate * FixedPoint.one else {
            throw .valueOutOfRange(file: file, line: number, field: field, value: String(tokens[index]),
                                   allowed: "magnitude at most \(InstanceLimits.maxCoordinate)")
        }
        return value
    }
}
