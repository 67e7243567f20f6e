import CZlib
import Foundation
import Testing
@testable import RoutePlanTSPLIB

/// gzip (RFC 1952) decoding through zlib, hand-built members exercising every check, and the
/// TSPLIB readers' transparent decompression of `.gz` files.
@Suite struct GzipTests {
    static let seed: UInt64 = 0x6A1B_D1F7_0E5E_ED42

    /// Compressed fixtures and how they were made (see `Fixtures/tsplib/README.md`):
    /// dynamic Huffman blocks from `gzip -9 -n` and `gzip -1 -n`, a header with `FNAME` from
    /// `gzip -9`, and fixed Huffman blocks from zlib with `Z_FIXED`.
    static let compressedInstances = ["burma14.tsp.gz", "berlin52.tsp.gz", "att48.tsp.gz", "gr17.tsp.gz"]

    private static func bytes(_ url: URL) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: url))
    }

    /// The error `body` throws, or `nil` if it returns.
    private func caught<Result>(_ body: () throws(TSPLIBError) -> Result) -> TSPLIBError? {
        do {
            _ = try body()
            return nil
        } catch {
            return error
        }
    }

    /// Checks that two instances agree in every property and every distance.
    private func expectSameInstance(
        _ instance: TSPLIBInstance, _ expected: TSPLIBInstance, _ file: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(instance.name == expected.name, "\(file)", sourceLocation: sourceLocation)
        #expect(instance.comment == expected.comment, "\(file)", sourceLocation: sourceLocation)
        #expect(instance.kind == expected.kind, "\(file)", sourceLocation: sourceLocation)
        #expect(instance.dimension == expected.dimension, "\(file)", sourceLocation: sourceLocation)
        #expect(instance.edgeWeightType == expected.edgeWeightType, "\(file)", sourceLocation: sourceLocation)
        #expect(instance.edgeWeightFormat == expected.edgeWeightFormat, "\(file)", sourceLocation: sourceLocation)
        #expect(instance.coordinates == expected.coordinates, "\(file)", sourceLocation: sourceLocation)
        guard instance.dimension == expected.dimension else { return }
        var differing = 0
        for i in 0..<instance.dimension {
            for j in 0..<instance.dimension where instance.distance(i, j) != expected.distance(i, j) {
                differing += 1
            }
        }
        #expect(differing == 0, "\(file): \(differing) distances differ", sourceLocation: sourceLocation)
    }

    /// zlib's CRC-32 of `data` (used to hand-build member trailers).
    static func crc32(_ data: [UInt8]) -> UInt32 {
        data.withUnsafeBufferPointer { UInt32(CZlib.crc32(0, $0.baseAddress, uInt($0.count))) }
    }

    @Test func crc32MatchesTheStandardCheckValue() {
        #expect(Self.crc32(Array("123456789".utf8)) == 0xCBF4_3926)
        #expect(Self.crc32(Self.storedText) == Self.storedTextCRC)
    }

    // MARK: Compressed fixtures

    @Test(arguments: compressedInstances)
    func compressedInstanceMatchesUncompressed(file: String) throws {
        let plainFile = String(file.dropLast(".gz".count))
        let compressed = try Self.bytes(Fixtures.url(file))
        let plain = try Self.bytes(Fixtures.url(plainFile))
        #expect(try Gzip.decompress(compressed) == plain)
        let instance = try TSPLIBInstance(contentsOf: Fixtures.url(file))
        expectSameInstance(instance, try TSPLIBInstance(contentsOf: Fixtures.url(plainFile)), file)
    }

    /// `ulysses16.opt.tour.gz` is two gzip members (each half of the file, compressed
    /// separately and concatenated), read through the tour reader.
    @Test func compressedTourOfTwoMembersMatchesUncompressed() throws {
        let tour = try TSPLIBTour(contentsOf: Fixtures.url("ulysses16.opt.tour.gz"))
        let expected = try TSPLIBTour(contentsOf: Fixtures.url("ulysses16.opt.tour"))
        #expect(tour.name == expected.name)
        #expect(tour.dimension == expected.dimension)
        #expect(tour.nodes == expected.nodes)
        let instance = try TSPLIBInstance(contentsOf: Fixtures.url("ulysses16.tsp"))
        try tour.validate(against: instance)
        #expect(tour.length(in: instance) == 6859)
    }

    @Test func compressedFileWithoutNameIsNamedAfterTheFile() throws {
        let text = "TYPE: TSP\nDIMENSION: 2\nEDGE_WEIGHT_TYPE: EUC_2D\nNODE_COORD_SECTION\n1 0 0\n2 3 4\nEOF\n"
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("routeplan-gzip-\(UUID().uuidString).tsp.gz")
        defer { try? FileManager.default.removeItem(at: url) }
        let data = Array(text.utf8)
        try Data(Self.storedMember([data])).write(to: url)
        let instance = try TSPLIBInstance(contentsOf: url)
        #expect(instance.name == String(url.lastPathComponent.prefix { $0 != "." }))
        #expect(instance.distance(0, 1) == 5)
    }

    // MARK: Hand-built members

    /// A small TSPLIB instance and its CRC-32 (computed independently, with Python's `zlib.crc32`).
    static let storedText = Array(
        "NAME: stored3\nTYPE: TSP\nDIMENSION: 3\nEDGE_WEIGHT_TYPE: EUC_2D\nNODE_COORD_SECTION\n1 0 0\n2 3 0\n3 3 4\nEOF\n".utf8
    )
    static let storedTextCRC: UInt32 = 0x9953_62B7

    /// A minimal member header: no flags, MTIME 0, XFL 0, OS 255 (unknown).
    static let plainHeader: [UInt8] = [0x1F, 0x8B, 8, 0, 0, 0, 0, 0, 0, 255]

    /// Stored blocks (RFC 1951 §3.2.4), one per element of `blocks`, the last one final.
    static func storedBlocks(_ blocks: [[UInt8]]) -> [UInt8] {
        var bytes: [UInt8] = []
        for (index, block) in blocks.enumerated() {
            let length = UInt16(block.count)
            bytes.append(index == blocks.count - 1 ? 1 : 0)
            bytes += [UInt8(length & 0xFF), UInt8(length >> 8), UInt8(~length & 0xFF), UInt8(~length >> 8)]
            bytes += block
        }
        return bytes
    }

    /// `value` as four little-endian bytes.
    static func littleEndian(_ value: UInt32) -> [UInt8] {
        (0..<4).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }
    }

    /// A whole member: ``plainHeader``, the DEFLATE stream `deflate` and a trailer for `data`.
    static func member(_ deflate: [UInt8], of data: [UInt8], header: [UInt8] = plainHeader) -> [UInt8] {
        header + deflate + littleEndian(crc32(data)) + littleEndian(UInt32(data.count))
    }

    /// A member of stored blocks holding `blocks` one after another.
    static func storedMember(_ blocks: [[UInt8]]) -> [UInt8] {
        member(storedBlocks(blocks), of: Array(blocks.joined()))
    }

    @Test func storedBlocksDecompress() throws {
        let text = Self.storedText
        let bytes = Self.plainHeader + Self.storedBlocks([Array(text[..<20]), [], Array(text[20...])])
            + Self.littleEndian(Self.storedTextCRC) + Self.littleEndian(UInt32(text.count))
        #expect(try Gzip.decompress(bytes) == text)
        let instance = try TSPLIBInstance.parse(
            String(decoding: try tsplibText(from: bytes, fileName: "stored3.tsp.gz"), as: UTF8.self),
            fileName: "stored3.tsp.gz"
        )
        #expect(instance.name == "stored3")
        #expect(instance.distance(0, 2) == 5)
    }

    /// FTEXT, FHCRC, FEXTRA, FNAME and FCOMMENT all set; the header CRC-16 (0x83E8) was
    /// computed independently with Python's `zlib.crc32`.
    @Test func everyOptionalHeaderField() throws {
        let header: [UInt8] = [0x1F, 0x8B, 8, 0x1F, 0, 0, 0, 0, 0, 255]
            + [6, 0] + Array("RP".utf8) + [2, 0] + Array("ok".utf8)  // FEXTRA: one subfield
            + Array("stored3.tsp".utf8) + [0]  // FNAME
            + Array("hand-built".utf8) + [0]  // FCOMMENT
        let bytes = header + [0xE8, 0x83] + Self.storedBlocks([Self.storedText])
            + Self.littleEndian(Self.storedTextCRC) + Self.littleEndian(UInt32(Self.storedText.count))
        #expect(try Gzip.decompress(bytes) == Self.storedText)

        var wrongHeaderCRC = bytes
        wrongHeaderCRC[header.count] ^= 0x01
        #expect(throws: GzipError.headerChecksumMismatch(offset: 0)) { try Gzip.decompress(wrongHeaderCRC) }
    }

    @Test func membersAreJoined() throws {
        let first = Self.storedMember([Array("NAME: joined\n".utf8)])
        let second = try Self.bytes(Fixtures.url("burma14.tsp.gz"))
        let plain = try Self.bytes(Fixtures.url("burma14.tsp"))
        #expect(try Gzip.decompress(first + second) == Array("NAME: joined\n".utf8) + plain)
        // Each member is its own stream: a back-reference may not reach into the one before.
        var writer = DeflateBitWriter()
        writer.fixedBlockHeader(final: true)
        writer.fixedLiteralOrLength(257)  // length 3
        writer.fixedDistance(0)  // distance 1
        writer.fixedLiteralOrLength(256)
        let reaching = Self.member(writer.bytes, of: [0x0A, 0x0A, 0x0A])
        #expect(throws: GzipError.invalidData(offset: first.count, detail: "invalid distance too far back")) {
            try Gzip.decompress(first + reaching)
        }
    }

    @Test func fixedHuffmanBlockWithOverlappingCopy() throws {
        var writer = DeflateBitWriter()
        writer.fixedBlockHeader(final: true)
        writer.fixedLiteralOrLength(Int(UInt8(ascii: "a")))
        writer.fixedLiteralOrLength(Int(UInt8(ascii: "b")))
        writer.fixedLiteralOrLength(265)  // length 11 or 12: one extra bit
        writer.bits(1, count: 1)  // 12
        writer.fixedDistance(1)  // distance 2
        writer.fixedLiteralOrLength(256)
        let expected = Array(String(repeating: "ab", count: 7).utf8)
        #expect(try Gzip.decompress(Self.member(writer.bytes, of: expected)) == expected)
    }

    // MARK: Malformed streams

    @Test func malformedHeadersAreRejected() {
        let good = Self.storedMember([Self.storedText])
        var method = good
        method[2] = 9
        #expect(throws: GzipError.unsupportedMethod(offset: 0)) { try Gzip.decompress(method) }
        #expect(throws: GzipError.unsupportedMethod(offset: good.count)) { try Gzip.decompress(good + method) }
        var reserved = good
        reserved[3] = 0x20
        #expect(throws: GzipError.reservedFlags(offset: 0)) { try Gzip.decompress(reserved) }
        #expect(throws: GzipError.notGzip(offset: 0)) { try Gzip.decompress(Array("NAME: x\n".utf8)) }
        #expect(throws: GzipError.notGzip(offset: good.count)) { try Gzip.decompress(good + [0, 0]) }
        #expect(throws: GzipError.truncated) { try Gzip.decompress(good + [0x1F]) }
        var nameWithoutEnd = Self.plainHeader + Array("name".utf8)
        nameWithoutEnd[3] = 0x08
        #expect(throws: GzipError.truncated) { try Gzip.decompress(nameWithoutEnd) }
        var extraTooLong = Self.plainHeader + [200, 0, 1, 2]
        extraTooLong[3] = 0x04
        #expect(throws: GzipError.truncated) { try Gzip.decompress(extraTooLong) }
    }

    @Test func malformedBlocksAreRejected() {
        var reservedType = DeflateBitWriter()
        reservedType.bits(1, count: 1)
        reservedType.bits(3, count: 2)
        #expect(throws: GzipError.invalidData(offset: 0, detail: "invalid block type")) {
            try Gzip.decompress(Self.member(reservedType.bytes, of: []))
        }

        var storedLengths = Self.storedBlocks([Self.storedText])
        storedLengths[3] ^= 0x01
        #expect(throws: GzipError.invalidData(offset: 0, detail: "invalid stored block lengths")) {
            try Gzip.decompress(Self.member(storedLengths, of: Self.storedText))
        }

        var tooFar = DeflateBitWriter()
        tooFar.fixedBlockHeader(final: true)
        tooFar.fixedLiteralOrLength(Int(UInt8(ascii: "a")))
        tooFar.fixedLiteralOrLength(257)
        tooFar.fixedDistance(1)  // distance 2, but only one byte so far
        tooFar.fixedLiteralOrLength(256)
        #expect(throws: GzipError.invalidData(offset: 0, detail: "invalid distance too far back")) {
            try Gzip.decompress(Self.member(tooFar.bytes, of: []))
        }

        var reservedLength = DeflateBitWriter()
        reservedLength.fixedBlockHeader(final: true)
        reservedLength.fixedLiteralOrLength(286)
        #expect(throws: GzipError.invalidData(offset: 0, detail: "invalid literal/length code")) {
            try Gzip.decompress(Self.member(reservedLength.bytes, of: []))
        }

        var reservedDistance = DeflateBitWriter()
        reservedDistance.fixedBlockHeader(final: true)
        reservedDistance.fixedLiteralOrLength(Int(UInt8(ascii: "a")))
        reservedDistance.fixedLiteralOrLength(257)
        reservedDistance.fixedDistance(30)
        #expect(throws: GzipError.invalidData(offset: 0, detail: "invalid distance code")) {
            try Gzip.decompress(Self.member(reservedDistance.bytes, of: []))
        }

        var tooManyLiteralCodes = DeflateBitWriter()
        tooManyLiteralCodes.bits(1, count: 1)
        tooManyLiteralCodes.bits(2, count: 2)
        tooManyLiteralCodes.bits(30, count: 5)  // 287 literal/length codes
        tooManyLiteralCodes.bits(0, count: 5)
        tooManyLiteralCodes.bits(0, count: 4)
        #expect(throws: GzipError.invalidData(offset: 0, detail: "too many length or distance symbols")) {
            try Gzip.decompress(Self.member(tooManyLiteralCodes.bytes + [0, 0, 0], of: []))
        }

        // A dynamic block whose code length code gives all 19 symbols length 1: over-subscribed.
        var overSubscribed = DeflateBitWriter()
        overSubscribed.bits(1, count: 1)
        overSubscribed.bits(2, count: 2)
        overSubscribed.bits(0, count: 5)
        overSubscribed.bits(0, count: 5)
        overSubscribed.bits(15, count: 4)
        for _ in 0..<19 { overSubscribed.bits(1, count: 3) }
        #expect(throws: GzipError.invalidData(offset: 0, detail: "invalid code lengths set")) {
            try Gzip.decompress(Self.member(overSubscribed.bytes + [0, 0, 0], of: []))
        }
    }

    /// zlib checks each member's trailer: the CRC-32 of its data and its length mod 2³².
    @Test func trailerMismatchesAreRejected() {
        let good = Self.storedMember([Self.storedText])
        var wrongCRC = good
        wrongCRC[good.count - 8] ^= 0x01
        #expect(throws: GzipError.checksumMismatch(offset: 0)) { try Gzip.decompress(wrongCRC) }
        var wrongData = good
        wrongData[Self.plainHeader.count + 5 + 10] ^= 0x01  // a byte of the stored text
        #expect(throws: GzipError.checksumMismatch(offset: good.count)) { try Gzip.decompress(good + wrongData) }
        var wrongSize = good
        wrongSize[good.count - 4] ^= 0x01
        #expect(throws: GzipError.sizeMismatch(offset: 0)) { try Gzip.decompress(wrongSize) }
    }

    // MARK: Errors through the readers

    @Test func checksumMismatchNamesTheFile() {
        // A stored-block copy of burma14.tsp with one digit changed after compressing.
        let error = caught { () throws(TSPLIBError) in
            try TSPLIBInstance(contentsOf: Fixtures.bad.appendingPathComponent("crc-mismatch.tsp.gz"))
        }
        guard case let .corruptCompressedFile(file, reason)? = error else {
            Issue.record("expected corruptCompressedFile, got \(String(describing: error))")
            return
        }
        #expect(file == "crc-mismatch.tsp.gz")
        #expect(reason.contains("CRC-32"), "\(reason)")
        #expect(error?.line == nil)
        #expect(error?.file == "crc-mismatch.tsp.gz")
    }

    @Test func truncatedFileNamesTheFile() throws {
        let error = caught { () throws(TSPLIBError) in
            try TSPLIBInstance(contentsOf: Fixtures.bad.appendingPathComponent("truncated.tsp.gz"))
        }
        let expected = TSPLIBError.corruptCompressedFile(
            file: "truncated.tsp.gz", reason: GzipError.truncated.description
        )
        #expect(error == expected)
        let text = expected.description
        #expect(text.hasPrefix("truncated.tsp.gz: "), "\(text)")
        #expect(text.contains("; "), "no advice in: \(text)")
        #expect(!text.contains("\n"), "not one sentence: \(text)")

        let tourError = caught { () throws(TSPLIBError) in
            try TSPLIBTour(contentsOf: Fixtures.bad.appendingPathComponent("truncated.tsp.gz"))
        }
        #expect(tourError == expected)
    }

    // MARK: Robustness

    /// Every strict prefix of a one-member file ends early, and says so.
    @Test func everyPrefixIsTruncated() throws {
        let bytes = try Self.bytes(Fixtures.url("burma14.tsp.gz"))
        for cut in 0..<bytes.count {
            let prefix = Array(bytes[..<cut])
            #expect(throws: GzipError.truncated, "cut at \(cut)") { try Gzip.decompress(prefix) }
            if cut >= 2 {
                let error = caught { () throws(TSPLIBError) in try tsplibText(from: prefix, fileName: "burma14.tsp.gz") }
                #expect(error == .corruptCompressedFile(file: "burma14.tsp.gz", reason: GzipError.truncated.description))
            }
        }
    }

    /// A prefix of a two-member file decompresses only when it ends exactly after the first member.
    @Test func everyPrefixOfTwoMembers() throws {
        let bytes = try Self.bytes(Fixtures.url("ulysses16.opt.tour.gz"))
        let full = try Gzip.decompress(bytes)
        var successes = 0
        for cut in 0..<bytes.count {
            do {
                let output = try Gzip.decompress(Array(bytes[..<cut]))
                successes += 1
                #expect(full.starts(with: output) && output.count < full.count, "cut at \(cut)")
            } catch {
                #expect(error == .truncated, "cut at \(cut)")
            }
        }
        #expect(successes == 1)
    }

    /// Random byte changes in real members throw or, where they only hit fields nothing checks
    /// (MTIME, XFL, OS, FNAME), decompress to the original; never crash.
    @Test func randomByteFlipsNeverCrash() throws {
        let seed = Self.seed
        print("randomByteFlipsNeverCrash: SplitMix64 seed \(seed)")
        var random = SplitMix64(seed: seed)
        let files = Self.compressedInstances + ["ulysses16.opt.tour.gz"]
        let originals = try files.map { try Self.bytes(Fixtures.url($0)) }
        let plains = try originals.map { try Gzip.decompress($0) }
        var failures = 0
        for round in 0..<400 {
            let which = Int(random.next() % UInt64(files.count))
            var damaged = originals[which]
            let flips = 1 + Int(random.next() % 3)
            var positions: [Int] = []
            for _ in 0..<flips {
                let position = Int(random.next() % UInt64(damaged.count))
                damaged[position] ^= UInt8(1 + random.next() % 255)
                positions.append(position)
            }
            do {
                let output = try Gzip.decompress(damaged)
                #expect(
                    output == plains[which],
                    "seed \(seed), round \(round): \(files[which]) changed at \(positions) decompressed to other data"
                )
            } catch {
                failures += 1
            }
            // The reader turns whatever happened into a value or a TSPLIBError naming the file.
            do {
                let text = try tsplibText(from: damaged, fileName: files[which])
                _ = try? TSPLIBInstance.parse(String(decoding: text, as: UTF8.self), fileName: files[which])
            } catch {
                #expect(error.file == files[which], "seed \(seed), round \(round): \(error)")
            }
        }
        #expect(failures > 200, "seed \(seed): only \(failures) of 400 damaged members were rejected")
    }

    /// Random bytes after a valid header, mostly dynamic blocks, exercise zlib's code-length
    /// and table-building checks through the decoder: each must throw or return, never crash.
    @Test func randomStreamsNeverCrash() {
        let seed = Self.seed &+ 1
        print("randomStreamsNeverCrash: SplitMix64 seed \(seed)")
        var random = SplitMix64(seed: seed)
        var decoded = 0
        for _ in 0..<2000 {
            var stream = (0..<Int(random.next() % 300)).map { _ in UInt8(truncatingIfNeeded: random.next()) }
            if !stream.isEmpty, random.next() % 4 != 0 {
                stream[0] = stream[0] & ~0x06 | 0x04  // BTYPE 2: dynamic Huffman
            }
            if (try? Gzip.decompress(Self.plainHeader + stream)) != nil { decoded += 1 }
        }
        print("randomStreamsNeverCrash: \(decoded) of 2000 random streams decoded")
    }
}

/// The one gzip-compressed instance in the shared collection.
private enum Pla85900 {
    static let url = Fixtures.shared.appendingPathComponent("pla85900.tsp.gz")
    static var exists: Bool { FileManager.default.fileExists(atPath: url.path) }
}

/// Reads ../shared/tsplib/pla85900.tsp.gz; skipped when it is absent.
@Suite(.enabled(if: Pla85900.exists, "needs ../shared/tsplib/pla85900.tsp.gz beside the repository"))
struct GzipSharedCollectionTests {
    @Test func pla85900Parses() throws {
        let compressed = [UInt8](try Data(contentsOf: Pla85900.url))
        let start = ContinuousClock.now
        let text = try Gzip.decompress(compressed)
        let decompressed = ContinuousClock.now - start
        let instance = try TSPLIBInstance(contentsOf: Pla85900.url)
        let total = ContinuousClock.now - start - decompressed
        print("pla85900.tsp.gz: \(compressed.count) → \(text.count) bytes decompressed in \(decompressed); read and parsed in \(total)")
        #expect(instance.name == "pla85900")
        #expect(instance.dimension == 85900)
        #expect(instance.edgeWeightType == .ceil2D)
        #expect(instance.coordinates?.count == 85900)
    }
}

/// Packs bits as DEFLATE does (first bit lowest in each byte), to hand-build streams.
struct DeflateBitWriter {
    private(set) var bytes: [UInt8] = []
    private var count = 0

    /// `value`'s low `count` bits, lowest first (header fields and extra bits).
    mutating func bits(_ value: Int, count bitCount: Int) {
        for index in 0..<bitCount { bit(value >> index & 1) }
    }

    /// A Huffman code, most significant bit first (RFC 1951 §3.1.1).
    mutating func code(_ code: Int, length: Int) {
        for index in (0..<length).reversed() { bit(code >> index & 1) }
    }

    /// BFINAL and BTYPE 1 (fixed Huffman).
    mutating func fixedBlockHeader(final: Bool) {
        bits(final ? 1 : 0, count: 1)
        bits(1, count: 2)
    }

    /// A literal/length symbol in the fixed code (RFC 1951 §3.2.6).
    mutating func fixedLiteralOrLength(_ symbol: Int) {
        switch symbol {
        case 0..<144: code(0x30 + symbol, length: 8)
        case 144..<256: code(0x190 + symbol - 144, length: 9)
        case 256..<280: code(symbol - 256, length: 7)
        default: code(0xC0 + symbol - 280, length: 8)
        }
    }

    /// A distance code in the fixed code: five bits.
    mutating func fixedDistance(_ code: Int) {
        self.code(code, length: 5)
    }

    private mutating func bit(_ value: Int) {
        if count % 8 == 0 { bytes.append(0) }
        bytes[bytes.count - 1] |= UInt8(value) << (count % 8)
        count += 1
    }
}
