import CLibFuzzer
import Foundation

/// The callback libFuzzer runs on each input: the input's bytes and their count;
/// it returns 0 (or -1 to keep an input out of the corpus).
public typealias FuzzCallback = @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32

/// Hands the process over to libFuzzer: parses its flags from `argc`/`argv`
/// and runs `callback` on every input until a finding or a time limit.
///
/// Call it from the target's `<Target>_main` (see the package manifest).
public func runFuzzer(
    _ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?, _ callback: FuzzCallback
) -> Int32 {
    var argc = argc
    var argv = argv
    return LLVMFuzzerRunDriver(&argc, &argv, callback)
}

/// The input libFuzzer gave as `Data` (a copy: libFuzzer reuses its buffer).
public func fuzzData(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> Data {
    guard let bytes, count > 0 else { return Data() }
    return Data(bytes: bytes, count: count)
}

/// The input libFuzzer gave as an array of bytes.
public func fuzzBytes(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> [UInt8] {
    guard let bytes, count > 0 else { return [] }
    return Array(UnsafeBufferPointer(start: bytes, count: count))
}

/// Reports a broken invariant as a finding: prints `message` and traps, which
/// libFuzzer records as a crash with the input that caused it.
public func fuzzCheck(_ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String,
                      file: StaticString = #file, line: UInt = #line) {
    if !condition() {
        FileHandle.standardError.write(Data("fuzz invariant failed: \(message())\n".utf8))
        fatalError("fuzz invariant failed", file: file, line: line)
    }
}

/// Reads typed values off the front of a fuzz input (a small take on
/// libFuzzer's FuzzedDataProvider), for targets that build values from bytes
/// rather than parse them. Reading past the end yields zeros and empty strings.
public struct FuzzReader {
    private let bytes: [UInt8]
    private var position = 0

    public init(_ bytes: [UInt8]) { self.bytes = bytes }

    /// Whether every byte has been read.
    public var isAtEnd: Bool { position >= bytes.count }

    public mutating func byte() -> UInt8 {
        guard position < bytes.count else { return 0 }
        defer { position += 1 }
        return bytes[position]
    }

    public mutating func bool() -> Bool { byte() & 1 == 1 }

    /// A value in `0..<bound` (`bound` ≤ 256).
    public mutating func int(below bound: Int) -> Int {
        precondition(bound > 0 && bound <= 256)
        return Int(byte()) % bound
    }

    public mutating func uint64() -> UInt64 {
        var value: UInt64 = 0
        for _ in 0..<8 { value = value << 8 | UInt64(byte()) }
        return value
    }

    /// Any `Double` bit pattern (NaN, infinities and subnormals included).
    public mutating func rawDouble() -> Double { Double(bitPattern: uint64()) }

    /// A string of up to `maxLength` bytes, decoded as UTF-8 (invalid bytes
    /// become U+FFFD); the length comes first.
    public mutating func string(maxLength: Int = 24) -> String {
        let length = min(Int(byte()) % (maxLength + 1), bytes.count - min(position, bytes.count))
        let slice = bytes[position..<(position + length)]
        position += length
        return String(decoding: slice, as: UTF8.self)
    }
}
