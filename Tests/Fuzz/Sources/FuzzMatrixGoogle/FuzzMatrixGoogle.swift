import FuzzSupport
import RoutePlanMatrix

// Matrix answers read by MatrixSource, format forced to `.google`; see MatrixFuzzing.

@_cdecl("FuzzMatrixGoogle_main")
public func fuzzMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    runFuzzer(argc, argv, LLVMFuzzerTestOneInput)
}

@_cdecl("LLVMFuzzerTestOneInput")
public func LLVMFuzzerTestOneInput(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
    MatrixFuzzing.run(fuzzData(bytes, count), format: .google)
    return 0
}
