// swift-tools-version: 6.1
import PackageDescription

// libFuzzer targets for RoutePlan's parsers (and the heuristic on any small matrix). A separate package that nothing
// depends on, so the unsafe flags below never reach the main package's users.
// Build and run it with ./run.sh (see README.md): the script adds
// `-Xswiftc -sanitize=fuzzer,address -Xswiftc -enable-testing` so that the main
// package's modules are instrumented too (and `@testable import` works for the
// internal gzip reader and the planner's endpoint resolution).
//
// Each target's harness (what it does with one input) is a file of the main
// package's tests, linked here with a symbolic link, so that the regression
// tests there replay committed crash inputs through exactly the same code.
//
// Each executable target defines `<Target>_main` (the symbol SwiftPM on Linux
// links as `main` with `--defsym main=<Target>_main`) and hands control to
// libFuzzer's `LLVMFuzzerRunDriver`. It links with lld: gold aborts with an
// internal error on libFuzzer's whole-archive runtime.

let fuzzerSwiftFlags: [SwiftSetting] = [.unsafeFlags(["-sanitize=fuzzer,address", "-parse-as-library"])]
let fuzzerLinkerFlags: [LinkerSetting] = [.unsafeFlags(["-sanitize=fuzzer,address", "-use-ld=lld"])]

func fuzzTarget(_ name: String, _ dependencies: [Target.Dependency]) -> Target {
    .executableTarget(
        name: name,
        dependencies: ["FuzzSupport"] + dependencies,
        swiftSettings: fuzzerSwiftFlags,
        linkerSettings: fuzzerLinkerFlags
    )
}

// The matrix harness (MatrixFuzzHarness.swift) also holds the TSPLIB cost-matrix checks.
let matrix: [Target.Dependency] = [
    .product(name: "RoutePlanMatrix", package: "RoutePlan"),
    .product(name: "RoutePlanSolver", package: "RoutePlan"),
    .product(name: "RoutePlanTSPLIB", package: "RoutePlan"),
]

// The itinerary and opening-hours harnesses share their files (the opening-hours
// harness builds and checks schedule problems for both; FuzzReader is in the
// itinerary harness), so both targets compile both.
let itinerary: [Target.Dependency] = [
    .product(name: "RoutePlan", package: "RoutePlan"),
    .product(name: "RoutePlanMatrix", package: "RoutePlan"),
    .product(name: "RoutePlanExport", package: "RoutePlan"),
    .product(name: "RoutePlanSolver", package: "RoutePlan"),
]

let package = Package(
    name: "RoutePlanFuzz",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(name: "RoutePlan", path: "../.."),
    ],
    targets: [
        // Declares LLVMFuzzerRunDriver; the symbol comes from libFuzzer's runtime.
        .systemLibrary(name: "CLibFuzzer"),
        .target(
            name: "FuzzSupport",
            dependencies: ["CLibFuzzer"],
            swiftSettings: [.unsafeFlags(["-sanitize=fuzzer,address"])]
        ),
        fuzzTarget("FuzzItinerary", itinerary),
        fuzzTarget("FuzzOpeningHours", itinerary),
        fuzzTarget("FuzzTSPLIB", [
            .product(name: "RoutePlanTSPLIB", package: "RoutePlan"),
            .product(name: "RoutePlanMatrix", package: "RoutePlan"),
            .product(name: "RoutePlanSolver", package: "RoutePlan"),
        ]),
        fuzzTarget("FuzzGzip", [
            .product(name: "RoutePlanTSPLIB", package: "RoutePlan"),
        ]),
        fuzzTarget("FuzzMatrixGoogle", matrix),
        fuzzTarget("FuzzMatrixRoutes", matrix),
        fuzzTarget("FuzzMatrixOSRM", matrix),
        fuzzTarget("FuzzMatrixGoogleTiles", matrix),
        fuzzTarget("FuzzMatrixAuto", matrix),
        fuzzTarget("FuzzSolve", [
            .product(name: "RoutePlanSolver", package: "RoutePlan"),
        ]),
        fuzzTarget("FuzzInstances", [
            .product(name: "RoutePlanInstances", package: "RoutePlan"),
            .product(name: "RoutePlanSolver", package: "RoutePlan"),
        ]),
    ]
)
