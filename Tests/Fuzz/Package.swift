// swift-tools-version: 6.1
import PackageDescription

// libFuzzer targets for RoutePlan's parsers. A separate package that nothing
// depends on, so the unsafe flags below never reach the main package's users.
// Build and run it with ./run.sh (see README.md): the script adds
// `-Xswiftc -sanitize=fuzzer,address -Xswiftc -enable-testing` so that the main
// package's modules are instrumented too (and `@testable import` works for the
// internal gzip reader and the planner's endpoint resolution).
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
            dependencies: [
                "CLibFuzzer",
                .product(name: "RoutePlanMatrix", package: "RoutePlan"),
            ],
            swiftSettings: [.unsafeFlags(["-sanitize=fuzzer,address"])]
        ),
        fuzzTarget("FuzzItinerary", [
            .product(name: "RoutePlan", package: "RoutePlan"),
            .product(name: "RoutePlanMatrix", package: "RoutePlan"),
            .product(name: "RoutePlanExport", package: "RoutePlan"),
            .product(name: "RoutePlanSolver", package: "RoutePlan"),
        ]),
        fuzzTarget("FuzzTSPLIB", [
            .product(name: "RoutePlanTSPLIB", package: "RoutePlan"),
            .product(name: "RoutePlanMatrix", package: "RoutePlan"),
            .product(name: "RoutePlanSolver", package: "RoutePlan"),
        ]),
        fuzzTarget("FuzzGzip", [
            .product(name: "RoutePlanTSPLIB", package: "RoutePlan"),
        ]),
        fuzzTarget("FuzzMatrixGoogle", [.product(name: "RoutePlanMatrix", package: "RoutePlan")]),
        fuzzTarget("FuzzMatrixRoutes", [.product(name: "RoutePlanMatrix", package: "RoutePlan")]),
        fuzzTarget("FuzzMatrixOSRM", [.product(name: "RoutePlanMatrix", package: "RoutePlan")]),
        fuzzTarget("FuzzMatrixGoogleTiles", [.product(name: "RoutePlanMatrix", package: "RoutePlan")]),
        fuzzTarget("FuzzMatrixAuto", [.product(name: "RoutePlanMatrix", package: "RoutePlan")]),
    ]
)
