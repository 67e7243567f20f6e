import FuzzSupport

// The entry points libFuzzer needs; the work is in the shared harness file
// beside this one (a symbolic link into the main package's tests).

@_cdecl("FuzzSolve_main")
public func fuzzMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    runFuzzer(argc, argv, LLVMFuzzerTestOneInput)
}

@_cdecl("LLVMFuzzerTestOneInput")
public func LLVMFuzzerTestOneInput(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
    SolveFuzzHarness.run(fuzzBytes(bytes, count))
    return 0
}
