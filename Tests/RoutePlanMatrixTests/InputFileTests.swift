import Foundation
import RoutePlanMatrix
import Testing
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A fresh temporary folder, removed by the caller.
private func temporaryFolder() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("routeplan-input-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}

/// The problem `InputFile.read` reports for `url`, or `nil` (recording an issue).
private func readProblem(_ url: URL, limit: Int = InputFile.defaultLimit,
                         sourceLocation: SourceLocation = #_sourceLocation) -> InputFile.Problem? {
    do {
        let data = try InputFile.read(url, limit: limit, what: "test file")
        Issue.record("read \(data.count) bytes", sourceLocation: sourceLocation)
        return nil
    } catch {
        return error
    }
}

@Suite("Input files: checked before they are read")
struct InputFileTests {
    @Test("a sparse 4 GiB file is refused by its size, before anything is read")
    func sparseOversizedFile() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("huge.json")
        // "[" and then 4 GiB of NUL bytes that take no disk space: reading
        // any of it would find the NUL bytes and say "binary", so the size
        // error shows that the size was checked first.
        let fd = open(url.path, O_CREAT | O_WRONLY, 0o644)
        #expect(fd >= 0)
        #expect(write(fd, "[", 1) == 1)
        #expect(ftruncate(fd, 4 << 30) == 0)
        close(fd)

        let problem = try #require(readProblem(url))
        #expect(problem.kind == .tooLarge(bytes: 4 << 30, limit: 64 << 20))
        #expect(problem.reason == "it is 4 GiB, more than the 64 MiB limit")
        #expect(problem.isContentProblem)
        #expect(problem.description == "cannot read the test file \(url.path): it is 4 GiB, more than the 64 MiB limit; check that it is the right file")

        // The matrix reader says the same.
        let error = #expect(throws: MatrixError.self) {
            try MatrixSource.read(contentsOf: url, stops: [], preferTraffic: false)
        }
        guard case let .unusableFile(matrixProblem)? = error else {
            Issue.record("expected unusableFile, got \(String(describing: error))")
            return
        }
        #expect(matrixProblem.kind == .tooLarge(bytes: 4 << 30, limit: InputFile.defaultLimit))
        #expect(error?.description.contains("matrix file") == true)
    }

    @Test("the limit is inclusive and can be set")
    func limit() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("ten.json")
        try Data("[1,2,3,45]".utf8).write(to: url)
        #expect(try InputFile.read(url, limit: 10, what: "x") == Data("[1,2,3,45]".utf8))
        #expect(readProblem(url, limit: 9)?.kind == .tooLarge(bytes: 10, limit: 9))
        #expect(readProblem(url, limit: 9)?.reason == "it is 10 bytes, more than the 9 bytes limit")

        let empty = folder.appendingPathComponent("empty.json")
        try Data().write(to: empty)
        #expect(try InputFile.read(empty, what: "x").isEmpty)

        // A large file within a large limit is read whole.
        let large = folder.appendingPathComponent("large.json")
        let content = Data(("[" + String(repeating: "1234567,", count: 50_000) + "0]").utf8)
        try content.write(to: large)
        #expect(try InputFile.read(large, what: "x") == content)
        #expect(readProblem(large, limit: content.count - 1)?.kind == .tooLarge(bytes: Int64(content.count), limit: content.count - 1))
    }

    @Test("a named pipe is refused without blocking, for the reader as for a folder of tiles")
    func fifo() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("pipe.json")
        #expect(mkfifo(url.path, 0o644) == 0)
        let problem = try #require(readProblem(url))
        #expect(problem.kind == .notRegularFile(.namedPipe))
        #expect(problem.reason == "it is a named pipe (FIFO), not a regular file")
        #expect(!problem.isContentProblem)

        #expect(throws: MatrixError.unreadableFile(file: url.path, reason: "it is a named pipe (FIFO), not a regular file")) {
            try MatrixSource.read(contentsOf: url, stops: [], preferTraffic: false)
        }
        // In a folder of tiles, the pipe is an entry like any other.
        #expect(throws: MatrixError.unreadableFile(file: url.path, reason: "it is a named pipe (FIFO), not a regular file")) {
            try MatrixTileCache(folder: folder, preferTraffic: false)
        }
    }

    @Test("folders, devices and missing paths are refused with what they are")
    func notFiles() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(readProblem(folder)?.kind == .notRegularFile(.folder))
        #expect(readProblem(folder)?.description == "cannot read the test file \(folder.path): it is a folder, not a regular file; name a file")
        #expect(readProblem(URL(fileURLWithPath: "/dev/null"))?.kind == .notRegularFile(.characterDevice))
        let missing = folder.appendingPathComponent("missing.json")
        #expect(readProblem(missing)?.kind == .missing)
        #expect(readProblem(missing)?.reason == "no such file")
        #expect(readProblem(missing.appendingPathComponent("below"))?.kind == .missing)
        let file = folder.appendingPathComponent("file.json")
        try Data("{}".utf8).write(to: file)
        #expect(readProblem(file.appendingPathComponent("below"))?.kind == .unreadable("a part of the path is not a folder"))

        // A folder named like a tile, inside a folder of tiles.
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("a.json"), withIntermediateDirectories: true)
        #expect(throws: MatrixError.unreadableFile(file: folder.appendingPathComponent("a.json").path,
                                                   reason: "it is a folder, not a regular file")) {
            try MatrixTileCache(folder: folder, preferTraffic: false)
        }
    }

    @Test("a file that may not be read is refused", .enabled(if: geteuid() != 0, "root may read any file"))
    func permissionDenied() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("secret.json")
        try Data("{}".utf8).write(to: url)
        #expect(chmod(url.path, 0) == 0)
        #expect(readProblem(url)?.kind == .permissionDenied)
    }

    @Test("binary, compressed and UTF-16/UTF-32 files are refused from their first bytes")
    func binaryContent() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        func problem(_ bytes: [UInt8]) throws -> InputFile.Problem? {
            let url = folder.appendingPathComponent("f.json")
            try Data(bytes).write(to: url)
            return readProblem(url)
        }
        #expect(try problem(Array("{\"a\": \"".utf8) + [0, 0x41] + Array("\"}".utf8))?.kind == .binary(offset: 7))
        #expect(try problem([0x1F, 0x8B, 0x08, 0x00, 0x00])?.kind == .compressed("gzip"))
        #expect(try problem([0x50, 0x4B, 0x03, 0x04, 0x14])?.kind == .compressed("ZIP"))
        let utf16 = try #require(try problem(Array("{\"a\": 1}".data(using: .utf16LittleEndian)!)))
        #expect(utf16.kind == .wrongEncoding("UTF-16 (little-endian)"))
        #expect(utf16.reason == "the file is UTF-16 (little-endian) encoded; save it as UTF-8")
        #expect(try problem([0xFE, 0xFF, 0, 0x7B, 0, 0x7D])?.kind == .wrongEncoding("UTF-16 (big-endian, with a byte-order mark)"))
        #expect(try problem([0, 0, 0, 0x5B, 0, 0, 0, 0x5D])?.kind == .wrongEncoding("UTF-32 (big-endian)"))
        #expect(try problem([0x5B, 0, 0, 0, 0x5D, 0, 0, 0])?.kind == .wrongEncoding("UTF-32 (little-endian)"))

        // A UTF-8 byte-order mark is text: the data keeps it, and the readers skip it.
        let url = folder.appendingPathComponent("bom.json")
        let text = [0xEF, 0xBB, 0xBF] + Array(#"{"code": "Ok", "durations": [[0, 7], [8, 0]]}"#.utf8)
        try Data(text).write(to: url)
        #expect(try InputFile.read(url, what: "x") == Data(text))
        let observed = try MatrixSource.read(contentsOf: url, stops: MatrixFixtures.stops(2), preferTraffic: false)
        #expect(observed[1, 0] == .known(meters: nil, seconds: 8))

        // The matrix reader turns content problems into unusableFile.
        let binary = folder.appendingPathComponent("b.json")
        try Data([0x7B, 0x00]).write(to: binary)
        let error = #expect(throws: MatrixError.self) {
            try MatrixSource.read(contentsOf: binary, stops: [], preferTraffic: false)
        }
        #expect(error == .unusableFile(InputFile.Problem(path: binary.path, what: "matrix file", kind: .wrongEncoding("UTF-16 (little-endian)"))))
    }

    @Test("a folder of tiles checks each file's size")
    func folderSizeLimit() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let tile = try MatrixFixtures.data("synthetic-lyon-30-stops-tiles.json")
        try tile.write(to: folder.appendingPathComponent("a.json"))
        _ = try MatrixTileCache(folder: folder, preferTraffic: false)
        let error = #expect(throws: MatrixError.self) {
            try MatrixTileCache(folder: folder, preferTraffic: false, sizeLimit: 1000)
        }
        #expect(error == .unusableFile(InputFile.Problem(path: folder.appendingPathComponent("a.json").path, what: "matrix file",
                                                         kind: .tooLarge(bytes: Int64(tile.count), limit: 1000))))
    }

    @Test("sizes are shown in binary units")
    func sizes() throws {
        func reason(_ bytes: Int64, _ limit: Int) -> String {
            InputFile.Problem(path: "p", what: "w", kind: .tooLarge(bytes: bytes, limit: limit)).reason
        }
        #expect(reason(1, 0) == "it is 1 byte, more than the 0 bytes limit")
        #expect(reason(1536, 1024) == "it is 1.5 KiB, more than the 1 KiB limit")
        #expect(reason(6_700_000_000, 64 << 20) == "it is 6.2 GiB, more than the 64 MiB limit")
    }
}

@Suite("Message text: input quoted in messages is escaped")
struct MessageTextTests {
    @Test("ESC, BEL, CR, NUL and other controls become visible escapes; the rest is kept")
    func escapes() {
        #expect(MessageText.escaped("a\u{1B}[2Jb\u{7}c\rd\0e\tf\ng") == #"a\u{1B}[2Jb\u{7}c\rd\0e\tf\ng"#)
        #expect(MessageText.escaped("\u{7F}\u{85}\u{202E}\u{2028}") == #"\u{7F}\u{85}\u{202E}\u{2028}"#)
        #expect(MessageText.escaped(#"Café C:\dir "q" 😀"#) == #"Café C:\dir "q" 😀"#)
        let once = MessageText.escaped("x\u{1B}y")
        #expect(MessageText.escaped(once) == once)
        #expect(MessageText.quoted("say \"hi\"\\\r") == #""say \"hi\"\\\r""#)
        #expect(MessageText.escaped("abcdef", limit: 3) == "abc…")
        #expect(MessageText.quoted("abcdef", limit: 3) == #""abc"…"#)
        #expect(MessageText.escaped("abc", limit: 3) == "abc")
    }

    @Test("a Google error_message and place names with control characters are escaped in errors")
    func inErrors() throws {
        let body = #"{"status": "REQUEST_DENIED", "error_message": "key \u001b[31mrevoked\u0007\r\u0000", "rows": []}"#
        let error = #expect(throws: MatrixError.self) {
            try MatrixFixtures.read(body, stops: MatrixFixtures.stops(1))
        }
        let message = try #require(error?.description)
        #expect(message.contains(#"The service said: "key \u{1B}[31mrevoked\u{7}\r\0""#))
        #expect(!message.unicodeScalars.contains { MessageTextTests.isControl($0) })

        let tile = #"{"origins": ["Gare\u001b]0;pwned\u0007"], "destinations": ["S0"], "response": {"code": "Ok", "durations": [[1]]}}"#
        let tileError = #expect(throws: MatrixError.self) {
            try MatrixTileCache(Data(tile.utf8), fileName: "t.json", preferTraffic: false).observedMatrix(stops: MatrixFixtures.stops(1))
        }
        let tileMessage = try #require(tileError?.description)
        #expect(tileMessage.contains(#""Gare\u{1B}]0;pwned\u{7}""#))
        #expect(!tileMessage.unicodeScalars.contains { MessageTextTests.isControl($0) })

        let summary = #expect(throws: MatrixError.self) {
            try MatrixFixtures.read(#"{"a\u001bb": "\u0007"}"#, stops: [])
        }
        #expect(summary?.description.contains(#"an object with keys a\u{1B}b"#) == true)
    }

    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }
}
