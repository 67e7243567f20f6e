import Foundation
import RoutePlanMatrix
import Testing

/// SplitMix64 (Steele, Lea and Flood 2014), for reproducible mutations.
private struct SplitMix64: RandomNumberGenerator {
    var state: UInt64

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// Any JSON value, decoded with `JSONDecoder` (as the itinerary is).
private enum AnyJSON: Decodable {
    case null, bool(Bool), number(Double), string(String), array([AnyJSON]), object([String: AnyJSON])

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([AnyJSON].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: AnyJSON].self))
        }
    }
}

/// Mutates the matrix fixtures at random and checks that nothing crashes and
/// that the strict check, the matrix reader and Foundation agree.
///
/// Each case is a pure function of the fixture and a case seed, both printed
/// with any failure; `ROUTEPLAN_FUZZ_SEED` (hexadecimal) and
/// `ROUTEPLAN_FUZZ_ROUNDS` change the run, for longer fuzzing by hand:
///
///     ROUTEPLAN_FUZZ_SEED=1234abcd ROUTEPLAN_FUZZ_ROUNDS=5000 swift test --filter StrictJSONFuzzTests
@Suite("Strict JSON: fuzzing the matrix fixtures")
struct StrictJSONFuzzTests {
    static let seed: UInt64 = ProcessInfo.processInfo.environment["ROUTEPLAN_FUZZ_SEED"].flatMap { UInt64($0, radix: 16) }
        ?? 0x00C0_FFEE_5EED_0015
    static let rounds = ProcessInfo.processInfo.environment["ROUTEPLAN_FUZZ_ROUNDS"].flatMap { Int($0) } ?? 120

    /// Text that tends to find edge cases.
    static let tokens: [[UInt8]] = [
        "1e400", "-1e400", "1e-400", "5e-324", "NaN", "-Infinity", "01", "1.", "-", "\"\\ud800\"", "\"\\udc00\"",
        "\"\\u00e9\"", "[[[[[[[[", "]]]]", "{\"a\":1,\"a\":2}", ",", ",]", ",}", "\"", "\\", "\u{FEFF}", "\u{2028}",
        "tru", "null", "'x'", "//", "\r", "\n", "\t", " ",
    ].map { Array($0.utf8) } + [[0x00], [0x1B], [0xFF], [0xC3], [0xED, 0xA0, 0x80], [0xEF, 0xBB, 0xBF], [0xFF, 0xFE]]

    /// One to four random edits of `original`.
    fileprivate static func mutate(_ original: [UInt8], _ random: inout SplitMix64) -> [UInt8] {
        var bytes = original
        for _ in 0..<Int.random(in: 1...4, using: &random) {
            let at = bytes.isEmpty ? 0 : Int.random(in: 0..<bytes.count, using: &random)
            switch Int.random(in: 0..<7, using: &random) {
            case 0 where !bytes.isEmpty:  // flip bits
                bytes[at] ^= UInt8.random(in: 1...255, using: &random)
            case 1 where !bytes.isEmpty:  // a structural byte
                bytes[at] = Array("{}[],:\"\\0-+.eE19tfn \n".utf8).randomElement(using: &random)!
            case 2:  // truncate
                bytes.removeSubrange(at...)
            case 3 where !bytes.isEmpty:  // delete a few bytes
                bytes.removeSubrange(at..<min(bytes.count, at + Int.random(in: 1...16, using: &random)))
            case 4:  // insert a token
                bytes.insert(contentsOf: tokens.randomElement(using: &random)!, at: at)
            case 5 where !bytes.isEmpty:  // copy a slice elsewhere
                let start = Int.random(in: 0..<bytes.count, using: &random)
                let slice = Array(bytes[start..<min(bytes.count, start + Int.random(in: 1...64, using: &random))])
                bytes.insert(contentsOf: slice, at: Int.random(in: 0...bytes.count, using: &random))
            default:  // repeat the first member of an object: a duplicate key
                guard let brace = bytes[at...].firstIndex(of: UInt8(ascii: "{")),
                      let comma = bytes[brace...].firstIndex(of: UInt8(ascii: ",")) else { continue }
                bytes.insert(contentsOf: bytes[(brace + 1)...comma], at: brace + 1)
            }
        }
        return bytes
    }

    static var fixtures: [(name: String, bytes: [UInt8])] {
        get throws {
            try FileManager.default.contentsOfDirectory(atPath: MatrixFixtures.directory.path)
                .filter { $0.hasSuffix(".json") }
                .sorted()
                .map { ($0, [UInt8](try MatrixFixtures.data($0))) }
        }
    }

    @Test("mutated fixtures never crash the readers, and StrictJSON accepts nothing Foundation refuses")
    func fuzz() throws {
        let fixtures = try Self.fixtures
        #expect(fixtures.count >= 9)
        var accepted = 0, refused = 0
        for (f, fixture) in fixtures.enumerated() {
            // Fewer rounds for the large tile cache (136 kB).
            let rounds = fixture.bytes.count > 20_000 ? max(1, Self.rounds / 8) : Self.rounds
            for round in 0..<rounds {
                var seeds = SplitMix64(state: Self.seed ^ UInt64(f) << 40 ^ UInt64(round))
                let caseSeed = seeds.next()
                var random = SplitMix64(state: caseSeed)
                let data = Data(Self.mutate(fixture.bytes, &random))
                let label = "fixture \(fixture.name), case seed 0x\(String(caseSeed, radix: 16)) (ROUTEPLAN_FUZZ_SEED=\(String(Self.seed, radix: 16)), round \(round))"
                if Self.check(data, label: label) { accepted += 1 } else { refused += 1 }
            }
        }
        // Both outcomes must be exercised for the comparison to mean anything.
        #expect(accepted > 0 && refused > accepted)
    }

    /// Checks one input; returns whether StrictJSON accepted it.
    static func check(_ data: Data, label: String) -> Bool {
        var problem: StrictJSON.Problem?
        do { try StrictJSON.check(data) } catch { problem = error }

        // Whatever StrictJSON accepts, Foundation accepts.
        let serialized = (try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])) != nil
        let decoded = (try? JSONDecoder().decode(AnyJSON.self, from: data)) != nil
        if problem == nil {
            #expect(serialized, "JSONSerialization refused what StrictJSON accepted: \(label)")
            #expect(decoded, "JSONDecoder refused what StrictJSON accepted: \(label)")
        }

        // The matrix reader is exactly as strict: it fails at the same place,
        // except that it may read newline-delimited values.
        do {
            _ = try MatrixSource.read(data, fileName: "fuzz.json", stops: MatrixFixtures.stops(3), preferTraffic: true)
            if let problem {
                #expect(problem.reason.hasPrefix("unexpected text after the end"), "the reader accepted \(problem): \(label)")
            }
        } catch let MatrixError.invalidJSON(_, line, column, reason) {
            if let problem {
                if !problem.reason.hasPrefix("unexpected text after the end") {
                    #expect(line == problem.line && column == problem.column && reason == problem.reasonWithPath,
                            "reader: line \(line), column \(column): \(reason); StrictJSON: \(problem): \(label)")
                }
            } else {
                Issue.record("the reader refused what StrictJSON accepted (\(reason)): \(label)")
            }
        } catch {
            #expect(problem == nil || problem!.reason.hasPrefix("unexpected text after the end"),
                    "the reader got past \(String(describing: problem)) to \(error): \(label)")
        }
        _ = MatrixSourceFormat.detect(in: data)
        _ = try? MatrixTileCache(data, fileName: "fuzz.json", preferTraffic: false)
        return problem == nil
    }

    @Test("the documented differences: Foundation accepts these, StrictJSON refuses them")
    func differencesFromFoundation() throws {
        let laxer: [Data] = [
            Data(#"{"a": 1, "a": 2}"#.utf8),
            Data("[1,]".utf8),
            Data(#"{"a": 1,}"#.utf8),
            Data("[1e-400]".utf8),
            #"{"a": 1}"#.data(using: .utf16LittleEndian)!,
            #"{"a": 1}"#.data(using: .utf32BigEndian)!,
        ]
        for data in laxer {
            #expect(throws: StrictJSON.Problem.self) { try StrictJSON.check(data) }
            #expect((try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])) != nil)
        }
    }
}

private extension StrictJSON.Problem {
    /// As `MatrixError.invalidJSON` words it.
    var reasonWithPath: String { path.isEmpty ? reason : "\(reason) at \(path)" }
}
