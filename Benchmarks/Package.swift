// swift-tools-version: 6.1
import PackageDescription

// The benchmark suite lives in its own package so that package-benchmark and
// its dependencies stay out of the everyday build and test of RoutePlan.
//
//     cd Benchmarks && swift package --allow-writing-to-package-directory benchmark
//
let package = Package(
    name: "RoutePlanBenchmarks",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(path: ".."),
        .package(url: "https://github.com/ordo-one/package-benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
    ],
    targets: [
        .executableTarget(
            name: "SolverBenchmarks",
            dependencies: [
                .product(name: "Benchmark", package: "package-benchmark"),
                .product(name: "RoutePlanSolver", package: "main"),
                .product(name: "RoutePlanMatrix", package: "main"),
                .product(name: "RoutePlanTSPLIB", package: "main"),
            ],
            path: "Benchmarks/SolverBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "package-benchmark")]
        ),
    ]
)
