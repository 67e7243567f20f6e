// swift-tools-version: 6.1
import PackageDescription

// The benchmark suite lives in its own package so that package-benchmark and
// its dependencies stay out of the everyday build and test of RoutePlan.
//
//     cd Benchmarks && swift package --allow-writing-to-package-directory benchmark
//

/// The identity SwiftPM gives the main package. A path dependency is known by
/// the last component of its folder, lowercased, so writing `"main"` would
/// only work in a checkout folder named `main`; the name is taken from the
/// folder this manifest's parent actually has instead.
let mainPackage = Context.packageDirectory
    .split(whereSeparator: { $0 == "/" || $0 == "\\" })
    .dropLast().last.map { $0.lowercased() } ?? "main"

let package = Package(
    name: "RoutePlanBenchmarks",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(path: ".."),
        .package(url: "https://github.com/ordo-one/package-benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
    ],
    targets: [
        .executableTarget(
            name: "SolverBenchmarks",
            dependencies: [
                .product(name: "Benchmark", package: "package-benchmark"),
                .product(name: "RoutePlan", package: mainPackage),
                .product(name: "RoutePlanSolver", package: mainPackage),
                .product(name: "RoutePlanMatrix", package: mainPackage),
                .product(name: "RoutePlanTSPLIB", package: mainPackage),
            ],
            path: "Benchmarks/SolverBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "package-benchmark")]
        ),
    ]
)
