// swift-tools-version: 6.1
import PackageDescription

// Module layout (each concern in its own module; arrows are dependencies):
//
//   routeplan (executable) ─▶ RoutePlanCLI ─▶ RoutePlan (planner facade)
//                                                ├─▶ RoutePlanMatrix ─▶ CLAPACK (system liblapack), RoutePlanTSPLIB
//                                                ├─▶ RoutePlanSolver (integer costs only) ─▶ CHeldKarp (C kernels), CClp (system COIN-OR CLP, the branch-and-cut LP engine)
//                                                └─▶ RoutePlanExport (waypoints, links, files)
//                              RoutePlanCLI ─▶ RoutePlanTSPLIB (TSPLIB95 reader, for `routeplan solve`) ─▶ CZlib (system zlib, for .gz files)
//                              RoutePlanCLI ─▶ RoutePlanFetch ─▶ RoutePlanMatrix (HTTP: Google / OSRM matrices → tile cache)
//                              RoutePlanCLI ─▶ RoutePlanInstances ─▶ RoutePlanSolver (Solomon VRPTW / TOPTW benchmark readers)
//                              RoutePlanCLI ─▶ RoutePlanServer ─▶ RoutePlan, Hummingbird (`routeplan serve`)
//
// RoutePlanMatrix turns coordinates and TSPLIB files into the integer cost
// matrices the solver reads, and calibrates travel-time models with LAPACK.
//
// RoutePlanSolver knows nothing about JSON or geography.
let package = Package(
    name: "RoutePlan",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "routeplan", targets: ["routeplan"]),
        .library(name: "RoutePlan", targets: ["RoutePlan"]),
        .library(name: "RoutePlanSolver", targets: ["RoutePlanSolver"]),
        .library(name: "RoutePlanMatrix", targets: ["RoutePlanMatrix"]),
        .library(name: "RoutePlanExport", targets: ["RoutePlanExport"]),
        .library(name: "RoutePlanTSPLIB", targets: ["RoutePlanTSPLIB"]),
        .library(name: "RoutePlanFetch", targets: ["RoutePlanFetch"]),
        .library(name: "RoutePlanInstances", targets: ["RoutePlanInstances"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        // The HTTP service (`routeplan serve`) only.
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.80.0"),
        .package(url: "https://github.com/apple/swift-nio-extras", from: "1.25.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.6.0"),
        .package(url: "https://github.com/apple/swift-metrics", from: "2.5.0"),
        .package(url: "https://github.com/swift-server/swift-prometheus", from: "2.1.0"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.6.0"),
    ],
    targets: [
        .systemLibrary(
            name: "CLAPACK",
            pkgConfig: "lapack",
            providers: [.apt(["liblapack-dev"])]
        ),
        .systemLibrary(
            name: "CClp",
            pkgConfig: "clp",
            providers: [.apt(["coinor-libclp-dev"])]
        ),
        .systemLibrary(
            name: "CZlib",
            pkgConfig: "zlib",
            providers: [.apt(["zlib1g-dev"])]
        ),
        // Held–Karp row kernels in C: AVX-512 / AVX2 chosen at run time by
        // CPU detection, a portable fallback elsewhere; no unsafe flags.
        .target(name: "CHeldKarp"),
        .target(name: "RoutePlanSolver", dependencies: ["CHeldKarp", "CClp"]),
        .target(name: "RoutePlanMatrix", dependencies: ["RoutePlanSolver", "RoutePlanTSPLIB", "CLAPACK"]),
        .target(name: "RoutePlanTSPLIB", dependencies: ["CZlib"]),
        .target(name: "RoutePlanExport"),
        .target(name: "RoutePlanInstances", dependencies: ["RoutePlanSolver"]),
        .target(name: "RoutePlanFetch", dependencies: ["RoutePlanMatrix"]),
        .target(name: "RoutePlan", dependencies: ["RoutePlanSolver", "RoutePlanMatrix", "RoutePlanExport"]),
        .target(
            name: "RoutePlanServer",
            dependencies: [
                "RoutePlan", "RoutePlanSolver", "RoutePlanMatrix", "RoutePlanExport", "RoutePlanTSPLIB",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTPTypes", package: "swift-nio-extras"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Metrics", package: "swift-metrics"),
                .product(name: "Prometheus", package: "swift-prometheus"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            resources: [.copy("openapi.json")]
        ),
        .target(
            name: "RoutePlanCLI",
            dependencies: [
                "RoutePlan", "RoutePlanSolver", "RoutePlanMatrix", "RoutePlanExport", "RoutePlanTSPLIB", "RoutePlanFetch",
                "RoutePlanServer", "RoutePlanInstances",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .executableTarget(name: "routeplan", dependencies: ["RoutePlanCLI"]),
        // The fuzz targets' committed inputs and invariant check, for the
        // replay suites of the test targets below.
        .target(name: "FuzzReplay", path: "Tests/FuzzReplay"),
        .testTarget(name: "RoutePlanSolverTests", dependencies: ["FuzzReplay", "RoutePlanSolver"]),
        .testTarget(name: "RoutePlanMatrixTests", dependencies: ["FuzzReplay", "RoutePlanMatrix", "RoutePlanSolver", "RoutePlanTSPLIB"]),
        .testTarget(name: "RoutePlanExportTests", dependencies: ["RoutePlanExport"]),
        .testTarget(name: "RoutePlanTSPLIBTests", dependencies: ["FuzzReplay", "RoutePlanTSPLIB"]),
        .testTarget(name: "RoutePlanFetchTests", dependencies: ["RoutePlanFetch", "RoutePlanMatrix"]),
        .testTarget(name: "RoutePlanTests", dependencies: ["FuzzReplay", "RoutePlan", "RoutePlanSolver"]),
        .testTarget(name: "RoutePlanInstancesTests", dependencies: ["FuzzReplay", "RoutePlanInstances", "RoutePlanSolver"]),
        .testTarget(name: "RoutePlanCLITests", dependencies: ["RoutePlanCLI", "RoutePlan"]),
        .testTarget(
            name: "RoutePlanServerTests",
            dependencies: ["RoutePlanServer", "RoutePlan", .product(name: "Logging", package: "swift-log")]
        ),
    ]
)
