// What the `gzip` fuzz target does with one input. This file is compiled
// twice: here, where FuzzRegressionTests replays the committed crash inputs in
// Fixtures/fuzz-regressions/gzip/, and (through a symbolic link) in
// Tests/Fuzz/Sources/FuzzGzip. `fuzzCheck` reports a broken invariant: a trap
// under the fuzzer, a test issue here.

@testable import RoutePlanTSPLIB
#if canImport(FuzzSupport)
import FuzzSupport
#else
import FuzzReplay
#endif

/// The gzip reader behind `.tsp.gz` files.
///
/// zlib itself is the system library and not instrumented; what is fuzzed is
/// the project's code around it: member handling, chunked reads, error
/// mapping, the output limit, and the text checks on inflated data.
///
/// - `Gzip.decompress(_:limit:)` with a 4 MiB limit (so bombs stop early);
/// - the streaming `GzipDecoder` fed in small pieces (1…13 bytes per read),
///   which must give the same bytes, or the same error, as the whole input;
/// - `tsplibText(from:fileName:limits:)`, the path files take, whose text is
///   then parsed as a TSPLIB instance.
enum GzipFuzzHarness {
    /// The most bytes an input may inflate to.
    static let inflateLimit = 4 << 20

    static func run(_ input: [UInt8]) {
        _ = Gzip.isCompressed(input)

        let whole = Result { () throws(GzipError) in try Gzip.decompress(input, limit: inflateLimit) }
        let pieces = streamed(input, piece: 1 + input.count % 13)
        switch (whole, pieces) {
        case let (.success(a), .success(b)):
            fuzzCheck(a == b, "whole and streamed outputs differ (\(a.count) and \(b.count) bytes)")
        case let (.failure(a), .failure(b)):
            if case .outputLimitExceeded = a, case .outputLimitExceeded = b { break }
            fuzzCheck(a == b, "the whole input failed with \(a), the streamed input with \(b)")
        default:
            fuzzCheck(false, "whole input: \(whole), streamed input: \(pieces)")
        }

        let limits = TSPLIBLimits(maxFileBytes: inflateLimit, maxInflatedBytes: inflateLimit)
        do {
            let text = try tsplibText(from: input, fileName: "fuzz.tsp.gz", limits: limits)
            var parser = TSPLIBInstanceParser(bytes: text, fileName: "fuzz.tsp.gz", decompressed: Gzip.isCompressed(input))
            _ = try? parser.parse()
        } catch {
            _ = error.description
        }
    }

    /// Decompresses `input` through `GzipDecoder`, handing it at most `piece` bytes per read.
    static func streamed(_ input: [UInt8], piece: Int) -> Result<[UInt8], GzipError> {
        Result { () throws(GzipError) in
            let decoder = try GzipDecoder()
            var position = 0
            var output: [UInt8] = []
            while let chunk = try decoder.next(read: { buffer in
                let count = min(piece, buffer.count, input.count - position)
                for k in 0..<count { buffer[k] = input[position + k] }
                position += count
                return count
            }) {
                guard chunk.count <= inflateLimit - output.count else {
                    throw .outputLimitExceeded(limit: inflateLimit, compressedOffset: decoder.compressedOffset)
                }
                output.append(contentsOf: chunk)
            }
            return output
        }
    }
}
