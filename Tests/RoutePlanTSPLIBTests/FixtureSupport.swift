import Foundation
import RoutePlanTSPLIB

/// Where the TSPLIB fixtures live, found relative to this test file (with symbolic links
/// resolved, so that a package linking to these tests finds the same folders).
enum Fixtures {
    static let root = URL(fileURLWithPath: #filePath)
        .resolvingSymlinksInPath()
        .deletingLastPathComponent()
        .deletingLastPathComponent()
        .deletingLastPathComponent()
        .appendingPathComponent("Fixtures")

    static let tsplib = root.appendingPathComponent("tsplib")
    static let bad = tsplib.appendingPathComponent("bad")

    /// The shared, larger TSPLIB collection in `shared/` beside the repository
    /// (as on the developers' machines and in CI); tests using it are skipped
    /// when it is absent.
    static let shared = root.deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("shared/tsplib")
    static var sharedExists: Bool {
        FileManager.default.fileExists(atPath: shared.appendingPathComponent("optima.tsv").path)
    }

    static func url(_ name: String) -> URL { tsplib.appendingPathComponent(name) }

    static func text(_ url: URL) throws -> String {
        String(decoding: try Data(contentsOf: url), as: UTF8.self)
    }

    /// File names in `folder` ending with `suffix`, sorted.
    static func files(in folder: URL, endingWith suffix: String) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasSuffix(suffix) }.sorted()
    }
}

/// One row of `optima.tsv`:
/// `name type dimension edge_weight_type opt edge_weight_format opt_tour set`.
struct OptimumRow: Sendable, CustomStringConvertible {
    let name: String
    let type: String
    let dimension: Int
    let edgeWeightType: String
    let optimum: Int
    /// `-` when the file has no `EDGE_WEIGHT_FORMAT` keyword.
    let edgeWeightFormat: String
    let hasOptTour: Bool

    /// The instance's file name (`.tsp` or `.atsp`).
    var fileName: String { name + (type == "ATSP" ? ".atsp" : ".tsp") }
    var description: String { name }

    /// Reads `optima.tsv` from `folder`; rows that do not parse are dropped (and make the
    /// table-driven tests fail through the row count checks).
    static func load(from folder: URL) -> [OptimumRow] {
        guard let text = try? Fixtures.text(folder.appendingPathComponent("optima.tsv")) else { return [] }
        return text.split(whereSeparator: \.isNewline).dropFirst().compactMap { line in
            let columns = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard columns.count >= 7, let dimension = Int(columns[2]), let optimum = Int(columns[4]) else {
                return nil
            }
            return OptimumRow(
                name: columns[0], type: columns[1], dimension: dimension, edgeWeightType: columns[3],
                optimum: optimum, edgeWeightFormat: columns[5], hasOptTour: columns[6] == "yes"
            )
        }
    }
}

/// SplitMix64 (Steele, Lea, Flood 2014): a tiny seedable generator for reproducible fuzzing.
struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// The exact optimum of a small instance by Held–Karp dynamic programming over subsets
/// (directed, so it is exact for ATSP too). Only for n ≤ 18 or so.
func heldKarpOptimum(_ instance: TSPLIBInstance) -> Int {
    let n = instance.dimension
    guard n > 1 else { return 0 }
    let m = n - 1  // node 0 is the fixed start; bit j stands for node j + 1
    var cost = [Int](repeating: 0, count: n * n)
    for i in 0..<n { for j in 0..<n { cost[i * n + j] = instance.distance(i, j) } }
    let unreachable = Int.max / 4
    let subsets = 1 << m
    var best = [Int](repeating: unreachable, count: subsets * m)
    for j in 0..<m { best[(1 << j) * m + j] = cost[j + 1] }
    for mask in 1..<subsets {
        for j in 0..<m where mask & (1 << j) != 0 {
            let current = best[mask * m + j]
            if current >= unreachable { continue }
            for k in 0..<m where mask & (1 << k) == 0 {
                let next = mask | (1 << k)
                let candidate = current + cost[(j + 1) * n + k + 1]
                if candidate < best[next * m + k] { best[next * m + k] = candidate }
            }
        }
    }
    var optimum = unreachable
    for j in 0..<m {
        optimum = min(optimum, best[(subsets - 1) * m + j] + cost[(j + 1) * n])
    }
    return optimum
}

/// The error thrown when parsing `text` as an instance, or `nil` if it parses.
func instanceError(_ text: String, fileName: String = "test.tsp") -> TSPLIBError? {
    do {
        _ = try TSPLIBInstance.parse(text, fileName: fileName)
        return nil
    } catch {
        return error
    }
}

/// The error thrown when parsing `text` as a tour, or `nil` if it parses.
func tourError(_ text: String, fileName: String = "test.tour") -> TSPLIBError? {
    do {
        _ = try TSPLIBTour.parse(text, fileName: fileName)
        return nil
    } catch {
        return error
    }
}

/// The error thrown when reading the instance file `url`, or `nil` if it reads.
func instanceError(at url: URL) -> TSPLIBError? {
    do {
        _ = try TSPLIBInstance(contentsOf: url)
        return nil
    } catch {
        return error
    }
}
