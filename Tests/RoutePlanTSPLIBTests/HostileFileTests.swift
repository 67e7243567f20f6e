import CZlib
import Foundation
import Testing
@testable import RoutePlanTSPLIB

/// Compresses test data into gzip members with zlib's `deflate`.
enum GzipWriter {
    /// One gzip member holding `data`, compressed at `level`.
    static func member(_ data: [UInt8], level: Int32 = 9) -> [UInt8] {
        var stream = z_stream()
        precondition(routeplan_deflate_init_gzip(&stream, level) == Z_OK)
        defer { deflateEnd(&stream) }
        var output = [UInt8](repeating: 0, count: Int(deflateBound(&stream, uLong(data.count))))
        let written = data.withUnsafeBufferPointer { input in
            output.withUnsafeMutableBufferPointer { out in
                stream.next_in = UnsafeMutablePointer(mutating: input.baseAddress)
                stream.avail_in = uInt(input.count)
                stream.next_out = out.baseAddress
                stream.avail_out = uInt(out.count)
                precondition(deflate(&stream, Z_FINISH) == Z_STREAM_END)
                return out.count - Int(stream.avail_out)
            }
        }
        return Array(output[..<written])
    }
}

/// A temporary file removed when the test ends.
final class TemporaryFile {
    let url: URL

    init(name: String, bytes: [UInt8]) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("routeplan-hostile-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        url = folder.appendingPathComponent(name)
        try Data(bytes).write(to: url)
    }

    /// A sparse file of `size` NUL bytes (no disk space or time spent on them).
    init(name: String, sparseSize size: UInt64) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("routeplan-hostile-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        url = folder.appendingPathComponent(name)
        guard FileManager.default.createFile(atPath: url.path, contents: nil) else {
            throw CocoaError(.fileWriteUnknown)
        }
        let handle = try FileHandle(forWritingTo: url)
        try handle.truncate(atOffset: size)
        try handle.close()
    }

    deinit {
        try? FileManager.default.removeItem(at: url.deletingLastPathComponent())
    }
}

/// The error reading the instance file `url` with `limits` throws, or `nil` if it reads.
func instanceError(at url: URL, limits: TSPLIBLimits) -> TSPLIBError? {
    do {
        _ = try TSPLIBInstance(contentsOf: url, limits: limits)
        return nil
    } catch {
        return error
    }
}

/// The error reading the tour file `url` throws, or `nil` if it reads.
func tourError(at url: URL, limits: TSPLIBLimits = .default) -> TSPLIBError? {
    do {
        _ = try TSPLIBTour(contentsOf: url, limits: limits)
        return nil
    } catch {
        return error
    }
}

/// Checks what every error message promises: one line, no control characters, the file
/// first, the line where there is one, and advice after a semicolon.
func expectOneLineMessage(_ error: TSPLIBError?, sourceLocation: SourceLocation = #_sourceLocation) {
    guard let error else {
        Issue.record("expected an error", sourceLocation: sourceLocation)
        return
    }
    let text = error.description
    let controls = text.unicodeScalars.filter { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }
    #expect(controls.isEmpty, "control characters in: \(text.debugDescription)", sourceLocation: sourceLocation)
    #expect(text.hasPrefix(MessageText.escaped(error.file)), "\(text)", sourceLocation: sourceLocation)
    if let line = error.line {
        #expect(text.contains(", line \(line): "), "\(text)", sourceLocation: sourceLocation)
    }
    #expect(text.contains("; "), "no advice in: \(text)", sourceLocation: sourceLocation)
}

/// Defect 1 (gzip bombs, binary content inside `.gz`) and defect 2 (whole-file reads before
/// any check) of the hostile-input issue.
@Suite struct HostileFileTests {
    static let oneMiB = 1 << 20

    /// `count` copies of one member holding `block`: a small file that inflates to
    /// `count * block.count` bytes.
    private func bomb(of block: [UInt8], members count: Int) -> [UInt8] {
        let member = GzipWriter.member(block)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(member.count * count)
        for _ in 0..<count { bytes += member }
        return bytes
    }

    /// Text that a TSPLIB reader would accept as far as it goes: coordinate lines.
    private func textBlock(bytes: Int) -> [UInt8] {
        Array(String(repeating: "1 0 0\n", count: bytes / 6).utf8)
    }

    @Test func gzipBombStopsAtTheLimit() throws {
        // 8 MiB of text per member, 128 members: 1 GiB inflated from a few hundred KB.
        let bytes = bomb(of: textBlock(bytes: 8 * Self.oneMiB), members: 128)
        let source = ByteSource(bytes)
        let limits = TSPLIBLimits(maxInflatedBytes: Self.oneMiB)
        let error = caught { () throws(TSPLIBError) in
            try tsplibContent(fileName: "bomb.tsp.gz", limits: limits, expectedSize: bytes.count, read: source.read)
        }
        #expect(error == .inflatedTooLarge(file: "bomb.tsp.gz", limit: Self.oneMiB))
        expectOneLineMessage(error)
        #expect(error?.description.contains("1048576-byte (1 MiB) limit") == true, "\(String(describing: error))")
        // Decompression stopped in the first member: a few chunks of the compressed input read.
        #expect(source.requested <= 2 * GzipDecoder.chunkSize, "read \(source.requested) of \(bytes.count) compressed bytes")

        #expect(throws: GzipError.self) { try Gzip.decompress(bytes, limit: Self.oneMiB) }
        do {
            _ = try Gzip.decompress(bytes, limit: Self.oneMiB)
        } catch let .outputLimitExceeded(limit, offset) {
            #expect(limit == Self.oneMiB)
            #expect(offset < bytes.count / 100, "stopped after \(offset) of \(bytes.count) compressed bytes")
        } catch {
            Issue.record("expected outputLimitExceeded, got \(error)")
        }
    }

    @Test func gzipBombFileFailsWithTheLimitNamed() throws {
        let file = try TemporaryFile(name: "bomb.tsp.gz", bytes: bomb(of: textBlock(bytes: 4 * Self.oneMiB), members: 4))
        let error = instanceError(at: file.url, limits: TSPLIBLimits(maxInflatedBytes: Self.oneMiB))
        #expect(error == .inflatedTooLarge(file: "bomb.tsp.gz", limit: Self.oneMiB))
        #expect(error?.description.contains("TSPLIBLimits.maxInflatedBytes") == true)
        expectOneLineMessage(error)
        // Tours go through the same reader.
        #expect(tourError(at: file.url, limits: TSPLIBLimits(maxInflatedBytes: Self.oneMiB))
            == .inflatedTooLarge(file: "bomb.tsp.gz", limit: Self.oneMiB))
    }

    @Test func inflatedSizeLimitIsInclusive() throws {
        let text = try [UInt8](Data(contentsOf: Fixtures.url("burma14.tsp")))
        let compressed = GzipWriter.member(text)
        #expect(try Gzip.decompress(compressed, limit: text.count) == text)
        #expect(throws: GzipError.self) { try Gzip.decompress(compressed, limit: text.count - 1) }
        #expect(try tsplibText(from: compressed, fileName: "burma14.tsp.gz", limits: TSPLIBLimits(maxInflatedBytes: text.count)) == text)
        let error = caught { () throws(TSPLIBError) in
            try tsplibText(from: compressed, fileName: "burma14.tsp.gz", limits: TSPLIBLimits(maxInflatedBytes: text.count - 1))
        }
        #expect(error == .inflatedTooLarge(file: "burma14.tsp.gz", limit: text.count - 1))
    }

    /// 1 GiB of zeros was called "empty"; now it is named for what it is, after one chunk.
    @Test func gzipOfZerosIsNotText() throws {
        let bytes = bomb(of: [UInt8](repeating: 0, count: 16 * Self.oneMiB), members: 64)
        let source = ByteSource(bytes)
        let error = caught { () throws(TSPLIBError) in
            try tsplibContent(fileName: "zeros.tsp.gz", limits: .default, expectedSize: bytes.count, read: source.read)
        }
        #expect(error == .notText(file: "zeros.tsp.gz", line: 1, offset: 0, problem: .nulByte, decompressed: true))
        #expect(error?.description.contains("NUL bytes at byte 0; not a TSPLIB text file") == true, "\(String(describing: error))")
        expectOneLineMessage(error)
        #expect(source.requested <= 2 * GzipDecoder.chunkSize, "read \(source.requested) of \(bytes.count) compressed bytes")

        let file = try TemporaryFile(name: "zeros.tsp.gz", bytes: Array(bytes.prefix(200_000)))
        #expect(instanceError(at: file.url)
            == .notText(file: "zeros.tsp.gz", line: 1, offset: 0, problem: .nulByte, decompressed: true))
    }

    @Test func gzipOfBinaryJunkIsNotText() throws {
        var random = SplitMix64(seed: 0xB1_4A27)
        print("gzipOfBinaryJunkIsNotText: SplitMix64 seed \(0xB1_4A27)")
        // Text, then a byte that cannot start UTF-8, then random bytes.
        let junk = Array("NAME: junk\n".utf8) + [0xFF] + (0..<10_000).map { _ in UInt8(truncatingIfNeeded: random.next()) }
        let file = try TemporaryFile(name: "junk.tsp.gz", bytes: GzipWriter.member(junk))
        let error = instanceError(at: file.url)
        #expect(error == .notText(file: "junk.tsp.gz", line: 2, offset: 11, problem: .invalidUTF8, decompressed: true))
        expectOneLineMessage(error)
    }

    /// A short member of zeros (less than the sniffed prefix) is caught after decompression.
    @Test func shortGzipOfZerosIsNotText() throws {
        let file = try TemporaryFile(name: "short.tsp.gz", bytes: GzipWriter.member(Array("NAME: x\n".utf8) + [0, 0]))
        #expect(instanceError(at: file.url)
            == .notText(file: "short.tsp.gz", line: 2, offset: 8, problem: .nulByte, decompressed: true))
    }

    // MARK: Plain files

    /// A 2 GiB file of NUL bytes peaked at 4.1 GB; now it is refused after `stat`.
    @Test func hugeFileIsRefusedBeforeReading() throws {
        let file = try TemporaryFile(name: "huge.tsp", sparseSize: 2 << 30)
        let error = instanceError(at: file.url)
        #expect(error == .fileTooLarge(file: "huge.tsp", bytes: 2 << 30, limit: TSPLIBLimits.defaultMaxFileBytes))
        #expect(error?.description.contains("536870912-byte (512 MiB) limit") == true, "\(String(describing: error))")
        expectOneLineMessage(error)
        #expect(tourError(at: file.url) == .fileTooLarge(file: "huge.tsp", bytes: 2 << 30, limit: TSPLIBLimits.defaultMaxFileBytes))
    }

    /// Under the size limit, a file of NUL bytes is refused from its first bytes.
    @Test func fileOfZerosIsNotText() throws {
        let file = try TemporaryFile(name: "zeros.tsp", sparseSize: 256 << 20)
        let error = instanceError(at: file.url)
        #expect(error == .notText(file: "zeros.tsp", line: 1, offset: 0, problem: .nulByte, decompressed: false))
        #expect(error?.description == "zeros.tsp, line 1: contains NUL bytes at byte 0; not a TSPLIB text file; check that this is the right file")
        #expect(tourError(at: file.url) == .notText(file: "zeros.tsp", line: 1, offset: 0, problem: .nulByte, decompressed: false))
    }

    @Test func nulByteLaterInTheFileIsNamedWithItsLine() throws {
        var text = Array(("NAME: grid\nTYPE: TSP\nDIMENSION: 2000\nEDGE_WEIGHT_TYPE: EUC_2D\nNODE_COORD_SECTION\n"
            + (1...2000).map { "\($0) \($0 % 40) \($0 / 40)\n" }.joined() + "EOF\n").utf8)
        #expect(instanceError(String(decoding: text, as: UTF8.self), fileName: "grid.tsp") == nil)
        let offset = 9000  // past the sniffed prefix
        text[offset] = 0
        let line = text[..<offset].filter { $0 == 0x0A }.count + 1
        let file = try TemporaryFile(name: "grid.tsp", bytes: text)
        let error = instanceError(at: file.url)
        #expect(error == .notText(file: "grid.tsp", line: line, offset: offset, problem: .nulByte, decompressed: false))
        expectOneLineMessage(error)
        #expect(instanceError(String(decoding: text, as: UTF8.self), fileName: "grid.tsp") == error)
        let tour = "TYPE: TOUR\nTOUR_SECTION\n1 2\u{0}\n-1\n"
        #expect(tourError(tour) == .notText(
            file: "test.tour", line: 3, offset: Array(tour.utf8).firstIndex(of: 0)!, problem: .nulByte, decompressed: false
        ))
    }

    @Test func latin1StartIsNotUTF8() throws {
        let bytes = Array("NAME: x\nCOMMENT: Gr".utf8) + [0xF6] + Array("tschel\nTYPE: TSP\n".utf8)
        let file = try TemporaryFile(name: "latin1.tsp", bytes: bytes)
        let error = instanceError(at: file.url)
        #expect(error == .notText(file: "latin1.tsp", line: 2, offset: 19, problem: .invalidUTF8, decompressed: false))
        #expect(error?.description.contains("convert it to UTF-8") == true)
        expectOneLineMessage(error)
    }

    @Test func directoryIsNotARegularFile() throws {
        let file = try TemporaryFile(name: "x.tsp", bytes: [])
        let folder = file.url.deletingLastPathComponent()
        let error = instanceError(at: folder)
        #expect(error == .notRegularFile(file: folder.lastPathComponent, kind: "a directory"))
        expectOneLineMessage(error)
        #expect(instanceError(at: URL(fileURLWithPath: "/dev/null"))
            == .notRegularFile(file: "null", kind: "a character device"))
    }

    @Test func missingFileIsUnreadable() {
        let error = instanceError(at: Fixtures.bad.appendingPathComponent("no-such-file.tsp"))
        guard case let .unreadableFile(file, reason)? = error else {
            Issue.record("expected unreadableFile, got \(String(describing: error))")
            return
        }
        #expect(file == "no-such-file.tsp")
        #expect(reason.contains("No such file"), "\(reason)")
        expectOneLineMessage(error)
    }

    @Test func fileSizeLimitIsConfigurable() throws {
        let url = Fixtures.url("burma14.tsp")
        let size = try [UInt8](Data(contentsOf: url)).count
        #expect(instanceError(at: url, limits: TSPLIBLimits(maxFileBytes: size)) == nil)
        let error = instanceError(at: url, limits: TSPLIBLimits(maxFileBytes: size - 1))
        #expect(error == .fileTooLarge(file: "burma14.tsp", bytes: size, limit: size - 1))
        expectOneLineMessage(error)
        // The compressed size counts for .gz files.
        let gz = Fixtures.url("burma14.tsp.gz")
        let compressedSize = try [UInt8](Data(contentsOf: gz)).count
        #expect(instanceError(at: gz, limits: TSPLIBLimits(maxFileBytes: compressedSize)) == nil)
        #expect(instanceError(at: gz, limits: TSPLIBLimits(maxFileBytes: compressedSize - 1))
            == .fileTooLarge(file: "burma14.tsp.gz", bytes: compressedSize, limit: compressedSize - 1))
    }

    @Test func defaultLimits() {
        #expect(TSPLIBLimits.default.maxFileBytes == 512 << 20)
        #expect(TSPLIBLimits.default.maxInflatedBytes == 256 << 20)
        #expect(TSPLIBLimits.maximumDistance == (1 << 30) - 1)
    }

    /// The UTF-8 check accepts every valid encoding and refuses the classic invalid ones.
    @Test func utf8Check() {
        func problem(_ bytes: [UInt8], complete: Bool = true) -> (Int, TSPLIBError.TextProblem)? {
            TextCheck.firstProblem(in: bytes[...], complete: complete).map { ($0.offset, $0.problem) }
        }
        #expect(problem(Array("plain ASCII, é, 東京, 🚲".utf8)) == nil)
        #expect(problem([0x41, 0xC0, 0x80])! == (1, .invalidUTF8))  // overlong NUL
        #expect(problem([0xED, 0xA0, 0x80])! == (0, .invalidUTF8))  // surrogate
        #expect(problem([0xF4, 0x90, 0x80, 0x80])! == (0, .invalidUTF8))  // above U+10FFFF
        #expect(problem([0x80])! == (0, .invalidUTF8))  // lone continuation byte
        #expect(problem([0x41, 0xE6, 0x9D])! == (1, .invalidUTF8))  // cut short at the end
        #expect(problem([0x41, 0xE6, 0x9D], complete: false) == nil)  // …unless more follows
        #expect(problem([0x41, 0x42, 0x00])! == (2, .nulByte))
    }
}

/// Hands out `bytes` to a reader chunk by chunk and counts how many were asked for.
final class ByteSource {
    private let bytes: [UInt8]
    private(set) var requested = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    func read(_ buffer: UnsafeMutableRawBufferPointer) -> Int {
        let count = min(buffer.count, bytes.count - requested)
        bytes.withUnsafeBytes { source in
            buffer.copyMemory(from: UnsafeRawBufferPointer(rebasing: source[requested..<(requested + count)]))
        }
        requested += count
        return count
    }
}

/// The error `body` throws, or `nil` if it returns.
func caught<Result>(_ body: () throws(TSPLIBError) -> Result) -> TSPLIBError? {
    do {
        _ = try body()
        return nil
    } catch {
        return error
    }
}
