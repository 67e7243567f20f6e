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
/// libFuzzer records as a crash with the input that caused it. (The shared
/// harness files call it; in the main package's replay tests a function of the
/// same name records a test issue instead.)
public func fuzzCheck(_ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String,
                      file: StaticString = #file, line: UInt = #line) {
    if !condition() {
        FileHandle.standardError.write(Data("fuzz invariant failed: \(message())\n".utf8))
        fatalError("fuzz invariant failed", file: file, line: line)
    }
}
