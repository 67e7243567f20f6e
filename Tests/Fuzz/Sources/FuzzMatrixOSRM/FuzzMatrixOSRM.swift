import FuzzSupport
import RoutePlanMatrix

// Matrix answers read by MatrixSource, format forced to `.osrm`; see MatrixFuzzing.

@_cdecl("FuzzMatrixOSRM_main")
public func fuzzMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    runFuzzer(argc, argv, LLVMFuzzerTestOneInput)
}

@_cdecl("LLVMFuzzerTestOneInput")
public func LLVMFuzzerTestOneInput(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
    MatrixFuzzing.run(fuzzData(bytes, count), format: .osrm)
    return 0
}
