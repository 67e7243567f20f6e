import Testing
@testable import RoutePlanSolver

/// Each kernel path forced, against the Swift kernel (the reference the C
/// kernels must reproduce entry for entry) and against brute force.
@Suite("Held–Karp kernel paths")
struct HeldKarpKernelTests {
    /// The paths this machine can run; the Swift one always.
    static let paths = HeldKarp.KernelPath.allCases.filter(\.isAvailable)

    @Test("the detected best path is available, and the portable one always is")
    func detection() {
        #expect(HeldKarp.KernelPath.best.isAvailable)
        #expect(HeldKarp.KernelPath.portable.isAvailable)
        #expect(HeldKarp.KernelPath.swift.isAvailable)
        print("Held–Karp kernel paths here: \(Self.paths), best \(HeldKarp.KernelPath.best)")
    }

    /// The subsets a table test fills: all of them up to m = 12, else the
    /// first 2¹² and the first 2¹² with the top bit (their subsets are all
    /// among them), which covers both halves of the paired layout.
    func ranges(m: Int) -> [Range<Int>] {
        if m <= 12 { return [0..<(1 << m)] }
        let half = 1 << (m - 1)
        return [0..<4096, half..<(half + 4096)]
    }

    /// Fills the subsets of `ranges(m:)` on `path`, each range cut at
    /// `splits` (as the blocks of a parallel fill are), and returns E(S, j)
    /// for every filled S and every j ∉ S.
    func table(_ path: HeldKarp.KernelPath, m: Int, seed: UInt64, forbidden: Double,
               splits: [Int] = []) throws -> [Int32] {
        var gen = InstanceGenerator(seed: seed)
        let inf = Int32.max / 4
        var costs = [Int32](repeating: inf, count: m * m)
        var first = [Int32](repeating: 0, count: m)
        for k in 0..<m {
            first[k] = Int32(gen.int(0...10_000))
            for j in 0..<m where j != k {
                costs[k * m + j] = Double(gen.int(0...999)) < forbidden * 1000 ? inf : Int32(gen.int(0...10_000))
            }
        }
        let table = try HeldKarp.Table<Int32>(count: m * HeldKarp.Fill<Int32>.storedRows(m: m))
        defer { table.deallocate() }
        let fill = HeldKarp.Fill(table: table, m: m, inf: inf, path: path, control: .unlimited,
                                 cost: { costs[$0 * m + $1] }, first: { first[$0] })
        defer { fill.deallocate() }
        var entries: [Int32] = []
        for range in ranges(m: m) {
            var bounds = [range.lowerBound] + splits.map { range.lowerBound + $0 }.filter { range.contains($0) }
                + [range.upperBound]
            bounds.sort()
            for (lo, hi) in zip(bounds, bounds.dropFirst()) { fill.rows(lo, hi) }
            for s in range {
                for j in 0..<m where s & (1 << j) == 0 { entries.append(fill.entry(s, j)) }
            }
        }
        return entries
    }

    @Test("every path fills the same table as the Swift kernel, m = 1…26 (first subsets of each half when large)",
          arguments: 1...26)
    func sameTable(m: Int) throws {
        for seed: UInt64 in 1...2 {
            let fullSeed = seed &* 7_777 &+ UInt64(m)
            let forbidden = seed == 2 ? 0.2 : 0
            let rows = min(1 << m, 4096)
            let splits = [1, rows / 3, rows / 2 + 1, rows - 1]
            let reference = try table(.swift, m: m, seed: fullSeed, forbidden: forbidden)
            for path in Self.paths where path != .swift {
                let filled = try table(path, m: m, seed: fullSeed, forbidden: forbidden, splits: splits)
                let firstDifference = zip(reference, filled).enumerated().first { $0.element.0 != $0.element.1 }?.offset
                #expect(filled.count == reference.count && firstDifference == nil,
                        "\(path) differs from Swift at entry \(firstDifference ?? -1), m \(m), seed \(fullSeed)")
            }
        }
    }

    @Test("every path solves to the brute-force optimum, n = 1…9, every endpoint rule", arguments: 1...9)
    func bruteForce(n: Int) async throws {
        for seed: UInt64 in 1...4 {
            let fullSeed = seed &* 31_337 &+ UInt64(n)
            var gen = InstanceGenerator(seed: fullSeed)
            let matrix = try gen.asymmetric(n, forbidden: seed == 4 ? 0.3 : 0)
            for endpoints in gen.endpointVariants(n) {
                let expected = bruteForceOptimum(matrix, endpoints)
                for path in Self.paths {
                    for workers in [1, 2] {
                        let solution = try? HeldKarp.solveBlocking(
                            matrix, endpoints: endpoints, memoryLimit: nil, control: .unlimited,
                            workers: workers, path: path, prefault: true)
                        #expect(solution?.cost == expected,
                                "\(path), \(workers) workers, seed \(fullSeed), n \(n), \(endpoints)")
                        if let solution {
                            #expect(isValid(solution, matrix, endpoints), "\(path), seed \(fullSeed), n \(n), \(endpoints)")
                        }
                    }
                }
            }
        }
    }

    @Test("every path and worker count agree with the Swift kernel, n = 10…19", arguments: [10, 14, 17, 18, 19])
    func agreeLarger(n: Int) async throws {
        for seed: UInt64 in 1...2 {
            let fullSeed = seed &* 4_099 &+ UInt64(n)
            var gen = InstanceGenerator(seed: fullSeed)
            let matrix = try gen.asymmetric(n, costs: 1...10_000, forbidden: seed == 2 ? 0.15 : 0)
            for endpoints in gen.endpointVariants(n) {
                let reference = try? HeldKarp.solveBlocking(
                    matrix, endpoints: endpoints, memoryLimit: nil, control: .unlimited,
                    workers: 1, path: .swift, prefault: false)
                for path in Self.paths {
                    for workers in [1, 2, 3] {
                        let solution = try? HeldKarp.solveBlocking(
                            matrix, endpoints: endpoints, memoryLimit: nil, control: .unlimited,
                            workers: workers, path: path, prefault: workers > 1)
                        #expect(solution?.cost == reference?.cost,
                                "\(path), \(workers) workers, seed \(fullSeed), n \(n), \(endpoints)")
                        if let solution {
                            #expect(isValid(solution, matrix, endpoints), "\(path), seed \(fullSeed), n \(n), \(endpoints)")
                        }
                    }
                }
            }
        }
    }

    @Test("costs at the edge of the 32-bit table stay exact on every path")
    func edgeOfNarrowTable() throws {
        // The largest costs that keep the 32-bit table: (n + 1) · c just
        // below Int32.max / 4. One more and the 64-bit table takes over.
        let n = 9
        let largest = (Int(Int32.max / 4) - 1) / (n + 1)
        for seed: UInt64 in 1...3 {
            let fullSeed = seed &* 101
            var gen = InstanceGenerator(seed: fullSeed)
            let matrix = try gen.asymmetric(n, costs: (largest - 1000)...largest, forbidden: seed == 3 ? 0.2 : 0)
            #expect(!HeldKarp.usesWideSums(matrix))
            let wide = try CostMatrix(count: n) { i, j in
                i == j ? 0 : (matrix.allows(i, j) ? Int(matrix[i, j]) + (j == 0 && i == 1 ? 1000 : 0) : nil)
            }
            #expect(HeldKarp.usesWideSums(wide))
            for endpoints in gen.endpointVariants(n) {
                let expected = bruteForceOptimum(matrix, endpoints)
                for path in Self.paths {
                    let solution = try? HeldKarp.solveBlocking(
                        matrix, endpoints: endpoints, memoryLimit: nil, control: .unlimited,
                        workers: 2, path: path, prefault: false)
                    #expect(solution?.cost == expected, "\(path), seed \(fullSeed), \(endpoints)")
                }
            }
        }
    }
}
