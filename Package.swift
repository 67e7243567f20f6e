// swift-tools-version: 6.1
import PackageDescription

// Module layout (each concern in its own module; arrows are dependencies):
//
//   routeplan (executable) ─▶ RoutePlanCLI ─▶ RoutePlan (planner facade)
//                                                ├─▶ RoutePlanMatrix ─▶ CLAPACK (system liblapack), RoutePlanTSPLIB
//                                                ├─▶ RoutePlanSolver (integer costs only)
//                                                └─▶ RoutePlanExport (waypoints, links, files)
//                              RoutePlanCLI ─▶ RoutePlanTSPLIB (TSPLIB95 reader, for `routeplan solve`) ─▶ CZlib (system zlib, for .gz files)
//                              RoutePlanCLI ─▶ RoutePlanFetch ─▶ RoutePlanMatrix (HTTP: Google / OSRM matrices → tile cache)
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
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    ],
    targets: [
        .systemLibrary(
            name: "CLAPACK",
            pkgConfig: "lapack",
            providers: [.apt(["liblapack-dev"])]
        ),
        .systemLibrary(
            name: "CZlib",
            pkgConfig: "zlib",
            providers: [.apt(["zlib1g-dev"])]
        ),
        .target(name: "RoutePlanSolver"),
        .target(name: "RoutePlanMatrix", dependencies: ["RoutePlanSolver", "RoutePlanTSPLIB", "CLAPACK"]),
        .target(name: "RoutePlanTSPLIB", dependencies: ["CZlib"]),
        .target(name: "RoutePlanExport"),
        .target(name: "RoutePlanFetch", dependencies: ["RoutePlanMatrix"]),
        .target(name: "RoutePlan", dependencies: ["RoutePlanSolver", "RoutePlanMatrix", "RoutePlanExport"]),
        .target(
            name: "RoutePlanCLI",
            dependencies: [
                "RoutePlan", "RoutePlanSolver", "RoutePlanMatrix", "RoutePlanExport", "RoutePlanTSPLIB", "RoutePlanFetch",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .executableTarget(name: "routeplan", dependencies: ["RoutePlanCLI"]),
        .testTarget(name: "RoutePlanSolverTests", dependencies: ["RoutePlanSolver"]),
        .testTarget(name: "RoutePlanMatrixTests", dependencies: ["RoutePlanMatrix", "RoutePlanSolver", "RoutePlanTSPLIB"]),
        .testTarget(name: "RoutePlanExportTests", dependencies: ["RoutePlanExport"]),
        .testTarget(name: "RoutePlanTSPLIBTests", dependencies: ["RoutePlanTSPLIB"]),
        .testTarget(name: "RoutePlanFetchTests", dependencies: ["RoutePlanFetch", "RoutePlanMatrix"]),
        .testTarget(name: "RoutePlanTests", dependencies: ["RoutePlan", "RoutePlanSolver"]),
        .testTarget(name: "RoutePlanCLITests", dependencies: ["RoutePlanCLI", "RoutePlan"]),
    ]
)
