import Foundation
import Testing
import RoutePlanTSPLIB

/// Damaged copies of the real fixture files must either parse into a consistent value or
/// throw a ``TSPLIBError`` naming the file; never crash.
@Suite struct TSPLIBRobustnessTests {
    static let seed: UInt64 = 0x5EED_75B1_1B95

    static let instanceFiles = Fixtures.files(in: Fixtures.tsplib, endingWith: ".tsp")
        + Fixtures.files(in: Fixtures.tsplib, endingWith: ".atsp")
    static let tourFiles = Fixtures.files(in: Fixtures.tsplib, endingWith: ".tour")

    /// Whatever parsed must be usable: every distance can be evaluated without trapping.
    private func exercise(_ instance: TSPLIBInstance, seed: UInt64, file: String) {
        #expect(instance.dimension >= 1, "seed \(seed), \(file)")
        if let coordinates = instance.coordinates {
            #expect(coordinates.count == instance.dimension, "seed \(seed), \(file)")
        }
        let n = instance.dimension
        var checksum = 0
        for i in 0..<min(n, 40) { for j in 0..<min(n, 40) { checksum &+= instance.distance(i, j) } }
        _ = checksum
    }

    private func expectNamesFile(_ error: TSPLIBError, _ file: String, seed: UInt64, cut: Int) {
        #expect(error.file == file, "seed \(seed), \(file) cut at \(cut): \(error)")
        #expect(error.description.hasPrefix(file), "seed \(seed), \(file) cut at \(cut): \(error)")
    }

    @Test(arguments: instanceFiles)
    func truncatedInstancesNeverCrash(file: String) throws {
        let seed = Self.seed ^ UInt64(truncatingIfNeeded: file.utf8.reduce(0) { $0 &* 31 &+ Int($1) })
        print("truncatedInstancesNeverCrash \(file): SplitMix64 seed \(seed)")
        var random = SplitMix64(seed: seed)
        let bytes = [UInt8](try Data(contentsOf: Fixtures.url(file)))
        for round in 0..<40 {
            // Cut at a random byte; every fourth round also damage one byte before the cut.
            let cut = Int(random.next() % UInt64(bytes.count + 1))
            var damaged = Array(bytes[0..<cut])
            if round % 4 == 3, !damaged.isEmpty {
                let junk: [UInt8] = Array("-.eE+:x\n\r 09A_".utf8)
                damaged[Int(random.next() % UInt64(damaged.count))] = junk[Int(random.next() % UInt64(junk.count))]
            }
            let text = String(decoding: damaged, as: UTF8.self)
            do {
                let instance = try TSPLIBInstance.parse(text, fileName: file)
                exercise(instance, seed: seed, file: file)
            } catch {
                expectNamesFile(error, file, seed: seed, cut: cut)
            }
        }
    }

    @Test(arguments: tourFiles)
    func truncatedToursNeverCrash(file: String) throws {
        let seed = Self.seed ^ UInt64(truncatingIfNeeded: file.utf8.reduce(0) { $0 &* 31 &+ Int($1) })
        print("truncatedToursNeverCrash \(file): SplitMix64 seed \(seed)")
        var random = SplitMix64(seed: seed)
        let bytes = [UInt8](try Data(contentsOf: Fixtures.url(file)))
        for _ in 0..<40 {
            let cut = Int(random.next() % UInt64(bytes.count + 1))
            let text = String(decoding: bytes[0..<cut], as: UTF8.self)
            do {
                let tour = try TSPLIBTour.parse(text, fileName: file)
                #expect(Set(tour.nodes) == Set(0..<tour.dimension), "seed \(seed), \(file) cut at \(cut)")
            } catch {
                expectNamesFile(error, file, seed: seed, cut: cut)
            }
        }
    }

    @Test func arbitraryBytesNeverCrash() {
        let seed = Self.seed
        print("arbitraryBytesNeverCrash: SplitMix64 seed \(seed)")
        var random = SplitMix64(seed: seed)
        let alphabet: [UInt8] = Array("0123456789 -.eE+:\n\r\tNODE_COORD_SECTIONEDGE_WEIGHTDIMENSIONTYPE:TSPEXPLICITEOF-1".utf8)
            + [0x00, 0xFF, 0xC3]
        for _ in 0..<300 {
            let count = Int(random.next() % 200)
            var bytes: [UInt8] = []
            for _ in 0..<count { bytes.append(alphabet[Int(random.next() % UInt64(alphabet.count))]) }
            let text = String(decoding: bytes, as: UTF8.self)
            do {
                let instance = try TSPLIBInstance.parse(text, fileName: "random.tsp")
                exercise(instance, seed: seed, file: "random.tsp")
            } catch {
                #expect(error.file == "random.tsp", "seed \(seed)")
            }
            do {
                let tour = try TSPLIBTour.parse(text, fileName: "random.tour")
                #expect(Set(tour.nodes) == Set(0..<tour.dimension), "seed \(seed)")
            } catch {
                #expect(error.file == "random.tour", "seed \(seed)")
            }
        }
    }

    /// Damaging the header of a valid file in plausible ways gives the matching error.
    @Test func truncatedKeywordsAndSections() {
        let base = "NAME: t\nTYPE: TSP\nDIMENSION: 2\nEDGE_WEIGHT_TYPE: EUC_2D\nNODE_COORD_SECTION\n1 0 0\n2 3 4\nEOF\n"
        #expect(instanceError(base) == nil)
        #expect(instanceError(base.replacingOccurrences(of: "EUC_2D", with: "EUC_")) ==
            .unsupportedEdgeWeightType(file: "test.tsp", line: 4, value: "EUC_"))
        #expect(instanceError(base.replacingOccurrences(of: "NODE_COORD_SECTION", with: "NODE_CO")) ==
            .unexpectedLine(file: "test.tsp", line: 5, text: "NODE_CO"))
        #expect(instanceError(String(base.prefix(81))) ==
            .tooFewNodes(file: "test.tsp", line: 5, dimension: 2, found: 1))
    }
}
