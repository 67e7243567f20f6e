/// Reads a TSPLIB95 tour file from bytes into a ``TSPLIBTour``.
internal struct TSPLIBTourParser {
    private var scanner: TSPLIBScanner
    private var fileName: String { scanner.fileName }

    private var name: String?
    private var comments: [String] = []
    private var dimension: Int?
    private var dimensionLine = 0
    /// Node ids as written (1-based) and the line of each.
    private var entries: [(node: Int, line: Int)]?
    private var sectionLine = 0
    private var firstLines: [String: Int] = [:]

    /// Whether `bytes` were decompressed from a gzip file (for error messages).
    private let decompressed: Bool

    init(bytes: [UInt8], fileName: String, decompressed: Bool = false) {
        scanner = TSPLIBScanner(bytes: bytes, fileName: fileName)
        self.decompressed = decompressed
    }

    mutating func parse() throws(TSPLIBError) -> TSPLIBTour {
        try TextCheck.rejectNUL(in: scanner.bytes, fileName: fileName, decompressed: decompressed)
        var sawContent = false
        lines: while let line = scanner.nextLine() {
            guard let header = scanner.header(line) else { continue }
            sawContent = true
            if header.keyword == "EOF" { break lines }
            try handle(header, on: line)
        }
        guard sawContent else { throw .emptyFile(file: fileName) }
        return try finish(lastLine: max(scanner.lastLineNumber, 1))
    }

    private mutating func handle(_ header: HeaderLine, on line: ScannedLine) throws(TSPLIBError) {
        let keyword = header.keyword
        if keyword != "COMMENT" && (keyword.hasSuffix("_SECTION") || keyword == "NAME" || keyword == "TYPE"
            || keyword == "DIMENSION")
        {
            if let first = firstLines[keyword] {
                throw .duplicateKeyword(file: fileName, line: line.number, keyword: keyword, firstLine: first)
            }
            firstLines[keyword] = line.number
        }
        switch keyword {
        case "NAME":
            name = scanner.string(header.value)
        case "COMMENT":
            comments.append(scanner.string(header.value))
        case "TYPE":
            guard scanner.upperString(scanner.firstWord(header.value)) == "TOUR" else {
                throw .unsupportedProblemType(file: fileName, line: line.number, value: scanner.quoted(header.value))
            }
        case "DIMENSION":
            guard let n = scanner.integer(header.value), n >= 1 else {
                throw .invalidDimension(file: fileName, line: line.number, value: scanner.quoted(header.value))
            }
            dimension = n
            dimensionLine = line.number
        case "TOUR_SECTION":
            sectionLine = line.number
            entries = try readTourSection()
        default:
            if keyword.hasSuffix("_SECTION") {
                throw .unsupportedSection(file: fileName, line: line.number, section: keyword)
            }
            guard header.hasColon else {
                throw .unexpectedLine(file: fileName, line: line.number, text: scanner.quotedLine(line))
            }
        }
    }

    /// Reads node ids up to `-1` (later tours in the same section are skipped).
    private mutating func readTourSection() throws(TSPLIBError) -> [(node: Int, line: Int)] {
        var result: [(node: Int, line: Int)] = []
        var terminated = false
        while let line = scanner.nextLine() {
            var cursor = scanner.cursor(line)
            var isFirst = true
            while let token = scanner.nextToken(&cursor) {
                if isFirst, scanner.isKeywordLike(token) {
                    scanner.pushBack(line)
                    return result
                }
                isFirst = false
                if terminated { break }
                guard let node = scanner.integer(token) else {
                    throw .invalidNumber(file: fileName, line: line.number, token: scanner.quoted(token))
                }
                if node == -1 {
                    terminated = true
                    break
                }
                result.append((node, line.number))
            }
        }
        return result
    }

    private func finish(lastLine: Int) throws(TSPLIBError) -> TSPLIBTour {
        guard let entries else {
            throw .missingSection(file: fileName, line: lastLine, section: "TOUR_SECTION")
        }
        guard !entries.isEmpty else { throw .emptyTour(file: fileName, line: sectionLine) }
        let n = dimension ?? entries.count
        var seen = FirstSeenLines(dimension: n, byteCount: scanner.bytes.count)
        var nodes: [Int] = []
        nodes.reserveCapacity(entries.count)
        for (node, line) in entries {
            guard node >= 1, node <= n else {
                throw .tourNodeOutOfRange(file: fileName, line: line, node: node, dimension: n)
            }
            if let first = seen.record(node, line: line) {
                throw .duplicateTourNode(file: fileName, line: line, node: node, firstLine: first)
            }
            nodes.append(node - 1)
        }
        // In range and without repeats, so entries.count <= n; fewer means nodes are missing.
        guard nodes.count == n else {
            throw .incompleteTour(file: fileName, line: sectionLine, dimension: n, found: nodes.count)
        }
        return TSPLIBTour(
            name: name.flatMap { $0.isEmpty ? nil : $0 } ?? TSPLIBInstanceParser.baseName(fileName),
            comment: comments.isEmpty ? nil : comments.joined(separator: "\n"),
            dimension: n,
            nodes: nodes,
            fileName: fileName,
            dimensionLine: dimension == nil ? sectionLine : dimensionLine
        )
    }
}
