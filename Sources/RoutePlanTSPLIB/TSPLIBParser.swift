/// Reads a TSPLIB95 `.tsp`/`.atsp` file from bytes into a ``TSPLIBInstance``.
///
/// The specification part (`KEYWORD : value` lines) must give `DIMENSION` before any data
/// section, and `EDGE_WEIGHT_TYPE`/`EDGE_WEIGHT_FORMAT` before `EDGE_WEIGHT_SECTION`, as
/// TSPLIB95 prescribes. A data section ends at the next line that starts with a keyword-like
/// word (another section, a keyword or `EOF`).
internal struct TSPLIBInstanceParser {
    private var scanner: TSPLIBScanner
    private var fileName: String { scanner.fileName }

    private var name: String?
    private var comments: [String] = []
    private var kind: TSPLIBInstance.Kind?
    private var dimension: Int?
    private var edgeWeightType: TSPLIBInstance.EdgeWeightType?
    private var edgeWeightFormat: TSPLIBInstance.EdgeWeightFormat?
    private var edgeWeightFormatLine = 0
    private var coordinates: [TSPLIBInstance.Point]?
    /// The line listing each node's coordinates, in node order (for error messages).
    private var coordinateLines: [Int] = []
    private var rawWeights: [Int32]?
    /// In a `FULL_MATRIX`, the first entry (in file order) that differs from its mirror image.
    private var firstAsymmetry: Asymmetry?
    private var firstLines: [String: Int] = [:]
    /// Whether the bytes were decompressed from a gzip file (for error messages).
    private let decompressed: Bool

    /// The weight from `row` to `column` (0-based), `value` on `line`, and the weight back.
    private struct Asymmetry {
        let row: Int
        let column: Int
        let value: Int32
        let mirrorValue: Int32
        let line: Int
    }

    init(bytes: [UInt8], fileName: String, decompressed: Bool = false) {
        scanner = TSPLIBScanner(bytes: bytes, fileName: fileName)
        self.decompressed = decompressed
    }

    mutating func parse() throws(TSPLIBError) -> TSPLIBInstance {
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

    // MARK: Specification part

    private mutating func handle(_ header: HeaderLine, on line: ScannedLine) throws(TSPLIBError) {
        let keyword = header.keyword
        if keyword != "COMMENT" && (keyword.hasSuffix("_SECTION") || Self.singleKeywords.contains(keyword)) {
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
            // Some files append a note: `TYPE: TSP (M.~Hofmeister)`.
            let value = scanner.upperString(scanner.firstWord(header.value))
            switch value {
            case "TSP": kind = .symmetric
            case "ATSP": kind = .asymmetric
            default:
                throw .unsupportedProblemType(file: fileName, line: line.number, value: scanner.quoted(header.value))
            }
        case "DIMENSION":
            guard let n = scanner.integer(header.value), n >= 1 else {
                throw .invalidDimension(file: fileName, line: line.number, value: scanner.quoted(header.value))
            }
            dimension = n
        case "EDGE_WEIGHT_TYPE":
            let value = scanner.upperString(scanner.firstWord(header.value))
            guard let type = TSPLIBInstance.EdgeWeightType(rawValue: value) else {
                throw .unsupportedEdgeWeightType(file: fileName, line: line.number, value: scanner.quoted(header.value))
            }
            edgeWeightType = type
        case "EDGE_WEIGHT_FORMAT":
            let value = scanner.upperString(scanner.firstWord(header.value))
            guard let format = TSPLIBInstance.EdgeWeightFormat(rawValue: value) else {
                throw .unsupportedEdgeWeightFormat(file: fileName, line: line.number, value: scanner.quoted(header.value))
            }
            edgeWeightFormat = format
            edgeWeightFormatLine = line.number
        case "NODE_COORD_SECTION":
            guard let n = dimension else { throw .missingDimension(file: fileName, line: line.number) }
            (coordinates, coordinateLines) = try readNodeCoordinates(dimension: n, sectionLine: line.number)
        case "EDGE_WEIGHT_SECTION":
            guard let n = dimension else { throw .missingDimension(file: fileName, line: line.number) }
            guard let type = edgeWeightType else {
                throw .missingKeyword(file: fileName, line: line.number, keyword: "EDGE_WEIGHT_TYPE")
            }
            guard type == .explicit else {
                throw .unsupportedSection(file: fileName, line: line.number, section: keyword)
            }
            guard let format = edgeWeightFormat else {
                throw .missingKeyword(file: fileName, line: line.number, keyword: "EDGE_WEIGHT_FORMAT")
            }
            guard format != .function else {
                throw .unsupportedEdgeWeightFormat(file: fileName, line: edgeWeightFormatLine, value: format.rawValue)
            }
            rawWeights = try readEdgeWeights(dimension: n, format: format, sectionLine: line.number)
        case "DISPLAY_DATA_SECTION":
            skipSection()
        default:
            if keyword.hasSuffix("_SECTION") {
                throw .unsupportedSection(file: fileName, line: line.number, section: keyword)
            }
            guard header.hasColon else {
                throw .unexpectedLine(file: fileName, line: line.number, text: scanner.quotedLine(line))
            }
            // Other specification keywords (DISPLAY_DATA_TYPE, NODE_COORD_TYPE, CAPACITY, …)
            // do not affect distances.
        }
    }

    private static let singleKeywords: Set<String> = [
        "NAME", "TYPE", "DIMENSION", "EDGE_WEIGHT_TYPE", "EDGE_WEIGHT_FORMAT",
    ]

    // MARK: Data part

    /// The coordinates in node order, and the line of each.
    private mutating func readNodeCoordinates(
        dimension n: Int, sectionLine: Int
    ) throws(TSPLIBError) -> ([TSPLIBInstance.Point], [Int]) {
        var seen = FirstSeenLines(dimension: n, byteCount: scanner.bytes.count)
        var ids: [Int] = []
        var points: [TSPLIBInstance.Point] = []
        var lines: [Int] = []
        let plausible = min(n, scanner.bytes.count / 6 + 1)
        ids.reserveCapacity(plausible)
        points.reserveCapacity(plausible)
        lines.reserveCapacity(plausible)
        while let line = scanner.nextLine() {
            var cursor = scanner.cursor(line)
            guard let idToken = scanner.nextToken(&cursor) else { continue }
            if scanner.isKeywordLike(idToken) {
                scanner.pushBack(line)
                break
            }
            guard let xToken = scanner.nextToken(&cursor), let yToken = scanner.nextToken(&cursor),
                scanner.nextToken(&cursor) == nil
            else {
                throw .malformedNodeLine(file: fileName, line: line.number, text: scanner.quotedLine(line))
            }
            guard let id = scanner.integer(idToken) else {
                throw .invalidNumber(file: fileName, line: line.number, token: scanner.quoted(idToken))
            }
            let x = try coordinate(xToken, line: line.number)
            let y = try coordinate(yToken, line: line.number)
            guard ids.count < n else {
                throw .tooManyNodes(file: fileName, line: line.number, dimension: n)
            }
            guard id >= 1, id <= n else {
                throw .nodeOutOfRange(file: fileName, line: line.number, node: id, dimension: n)
            }
            if let first = seen.record(id, line: line.number) {
                throw .duplicateNode(file: fileName, line: line.number, node: id, firstLine: first)
            }
            ids.append(id)
            points.append(TSPLIBInstance.Point(x: x, y: y))
            lines.append(line.number)
        }
        guard ids.count == n else {
            throw .tooFewNodes(file: fileName, line: sectionLine, dimension: n, found: ids.count)
        }
        // Ids are a permutation of 1...n here; put every node at its index.
        var ordered = [TSPLIBInstance.Point](repeating: TSPLIBInstance.Point(x: 0, y: 0), count: n)
        var orderedLines = [Int](repeating: 0, count: n)
        for index in ids.indices {
            ordered[ids[index] - 1] = points[index]
            orderedLines[ids[index] - 1] = lines[index]
        }
        return (ordered, orderedLines)
    }

    private func coordinate(_ token: Range<Int>, line: Int) throws(TSPLIBError) -> Double {
        guard let value = scanner.double(token) else {
            throw .invalidNumber(file: fileName, line: line, token: scanner.quoted(token))
        }
        guard value.isFinite else {
            throw .nonFiniteCoordinate(file: fileName, line: line, token: scanner.quoted(token))
        }
        guard value.magnitude <= TSPLIBError.maximumCoordinateMagnitude else {
            throw .coordinateTooLarge(file: fileName, line: line, token: scanner.quoted(token))
        }
        return value
    }

    private mutating func readEdgeWeights(
        dimension n: Int, format: TSPLIBInstance.EdgeWeightFormat, sectionLine: Int
    ) throws(TSPLIBError) -> [Int32] {
        let expected = format.entryCount(dimension: n)
        let limit = expected ?? Int.max
        var values: [Int32] = []
        values.reserveCapacity(min(limit, scanner.bytes.count / 2 + 1))
        var position = MatrixEntryPosition(format: format, dimension: n)
        while let line = scanner.nextLine() {
            var cursor = scanner.cursor(line)
            var isFirst = true
            while let token = scanner.nextToken(&cursor) {
                if isFirst, scanner.isKeywordLike(token) {
                    scanner.pushBack(line)
                    return try checkedCount(values, expected: expected, format: format, dimension: n, sectionLine: sectionLine)
                }
                isFirst = false
                // Only the diagonal, which no tour uses, may go beyond the solver's largest cost.
                let maximum = position.isDiagonal ? TSPLIBLimits.maximumDiagonalWeight : TSPLIBLimits.maximumDistance
                let value = try weight(token, line: line.number, maximum: maximum)
                guard values.count < limit else {
                    throw .tooManyWeights(file: fileName, line: line.number, format: format, dimension: n, expected: limit)
                }
                if format == .fullMatrix, firstAsymmetry == nil, position.row > position.column {
                    let mirror = values[position.column &* n &+ position.row]
                    if mirror != value {
                        firstAsymmetry = Asymmetry(
                            row: position.row, column: position.column, value: value, mirrorValue: mirror, line: line.number
                        )
                    }
                }
                values.append(value)
                position.advance()
            }
        }
        return try checkedCount(values, expected: expected, format: format, dimension: n, sectionLine: sectionLine)
    }

    private func checkedCount(
        _ values: [Int32], expected: Int?, format: TSPLIBInstance.EdgeWeightFormat, dimension n: Int, sectionLine: Int
    ) throws(TSPLIBError) -> [Int32] {
        guard values.count == expected else {
            throw .tooFewWeights(
                file: fileName, line: sectionLine, format: format, dimension: n, expected: expected, found: values.count
            )
        }
        return values
    }

    private func weight(_ token: Range<Int>, line: Int, maximum: Int) throws(TSPLIBError) -> Int32 {
        if let value = scanner.integer(token) {
            guard value >= 0 else { throw .negativeWeight(file: fileName, line: line, token: scanner.quoted(token)) }
            guard value <= maximum else {
                throw .weightOutOfRange(file: fileName, line: line, token: scanner.quoted(token), maximum: maximum)
            }
            return Int32(value)
        }
        // Also accept whole numbers written as decimals (`12.0`, `1e3`).
        guard let value = scanner.double(token), !value.isNaN else {
            throw .invalidNumber(file: fileName, line: line, token: scanner.quoted(token))
        }
        guard value >= 0 else { throw .negativeWeight(file: fileName, line: line, token: scanner.quoted(token)) }
        guard value <= Double(maximum), value.rounded(.towardZero) == value else {
            throw .weightOutOfRange(file: fileName, line: line, token: scanner.quoted(token), maximum: maximum)
        }
        return Int32(value)
    }

    /// Skips a section whose contents are not needed (`DISPLAY_DATA_SECTION`).
    private mutating func skipSection() {
        while let line = scanner.nextLine() {
            var cursor = scanner.cursor(line)
            guard let token = scanner.nextToken(&cursor) else { continue }
            if scanner.isKeywordLike(token) {
                scanner.pushBack(line)
                return
            }
        }
    }

    // MARK: Assembly

    private func finish(lastLine: Int) throws(TSPLIBError) -> TSPLIBInstance {
        guard let kind else { throw .missingKeyword(file: fileName, line: lastLine, keyword: "TYPE") }
        guard let dimension else { throw .missingDimension(file: fileName, line: lastLine) }
        guard let edgeWeightType else {
            throw .missingKeyword(file: fileName, line: lastLine, keyword: "EDGE_WEIGHT_TYPE")
        }
        let format: TSPLIBInstance.EdgeWeightFormat
        var matrix: [Int32] = []
        if edgeWeightType == .explicit {
            guard let edgeWeightFormat else {
                throw .missingKeyword(file: fileName, line: lastLine, keyword: "EDGE_WEIGHT_FORMAT")
            }
            guard edgeWeightFormat != .function else {
                throw .unsupportedEdgeWeightFormat(file: fileName, line: edgeWeightFormatLine, value: edgeWeightFormat.rawValue)
            }
            guard let rawWeights else {
                throw .missingSection(file: fileName, line: lastLine, section: "EDGE_WEIGHT_SECTION")
            }
            format = edgeWeightFormat
            if kind == .symmetric, format == .fullMatrix, let asymmetry = firstAsymmetry {
                throw .asymmetricMatrix(
                    file: fileName, line: asymmetry.line, row: asymmetry.row + 1, column: asymmetry.column + 1,
                    value: Int(asymmetry.value), mirrorValue: Int(asymmetry.mirrorValue)
                )
            }
            matrix = Self.fullMatrix(from: rawWeights, format: format, dimension: dimension)
        } else {
            guard coordinates != nil else {
                throw .missingSection(file: fileName, line: lastLine, section: "NODE_COORD_SECTION")
            }
            // TSPLIB95 uses EDGE_WEIGHT_FORMAT only with EXPLICIT; distances come from coordinates.
            format = .function
        }
        let comment = comments.isEmpty ? nil : comments.joined(separator: "\n")
        let instance = TSPLIBInstance(
            name: name.flatMap { $0.isEmpty ? nil : $0 } ?? Self.baseName(fileName),
            comment: comment,
            kind: kind,
            dimension: dimension,
            edgeWeightType: edgeWeightType,
            edgeWeightFormat: format,
            coordinates: coordinates,
            weights: matrix
        )
        // The same limit as every explicit weight, checked here so that solving with or
        // without a cost matrix sees the same instances.
        if let pair = instance.farthestPair(beyond: TSPLIBLimits.maximumDistance) {
            // Point at the node listed later; name the other one's line too.
            let (node, other) = coordinateLines[pair.i] >= coordinateLines[pair.j] ? (pair.i, pair.j) : (pair.j, pair.i)
            throw .distanceTooLarge(
                file: fileName, line: coordinateLines[node], node: node + 1, otherNode: other + 1,
                otherLine: coordinateLines[other], edgeWeightType: edgeWeightType, distance: pair.distance
            )
        }
        return instance
    }

    /// Expands the numbers of an `EDGE_WEIGHT_SECTION` (already checked to be exactly
    /// `format.entryCount(dimension:)` many) into a row-major n×n matrix. Triangular formats
    /// describe symmetric matrices: each entry is written to (i, j) and (j, i); a diagonal
    /// the format leaves out is 0.
    static func fullMatrix(
        from values: [Int32], format: TSPLIBInstance.EdgeWeightFormat, dimension n: Int
    ) -> [Int32] {
        if format == .fullMatrix { return values }
        var matrix = [Int32](repeating: 0, count: n * n)
        var k = 0
        func put(_ i: Int, _ j: Int) {
            let value = values[k]
            k += 1
            matrix[i * n + j] = value
            matrix[j * n + i] = value
        }
        switch format {
        case .function, .fullMatrix:
            break
        case .upperRow, .lowerCol:
            // Row i lists columns i+1..<n; column j of the lower triangle lists rows j+1..<n.
            for i in 0..<n { for j in (i + 1)..<n { put(i, j) } }
        case .lowerRow, .upperCol:
            for i in 0..<n { for j in 0..<i { put(i, j) } }
        case .upperDiagRow, .lowerDiagCol:
            for i in 0..<n { for j in i..<n { put(i, j) } }
        case .lowerDiagRow, .upperDiagCol:
            for i in 0..<n { for j in 0...i { put(i, j) } }
        }
        return matrix
    }

    /// `burma14.tsp` → `burma14`.
    static func baseName(_ fileName: String) -> String {
        guard let dot = fileName.firstIndex(of: "."), dot != fileName.startIndex else { return fileName }
        return String(fileName[..<dot])
    }
}

/// Which matrix entry (row, column; 0-based) the next number of an `EDGE_WEIGHT_SECTION` is,
/// in the orientation ``TSPLIBInstanceParser/fullMatrix(from:format:dimension:)`` fills
/// (a triangular entry also stands for its mirror image).
private struct MatrixEntryPosition {
    private(set) var row: Int
    private(set) var column: Int
    private let format: TSPLIBInstance.EdgeWeightFormat
    private let dimension: Int

    init(format: TSPLIBInstance.EdgeWeightFormat, dimension: Int) {
        self.format = format
        self.dimension = dimension
        switch format {
        case .upperRow, .lowerCol: (row, column) = (0, 1)
        case .lowerRow, .upperCol: (row, column) = (1, 0)
        case .function, .fullMatrix, .upperDiagRow, .lowerDiagCol, .lowerDiagRow, .upperDiagCol: (row, column) = (0, 0)
        }
    }

    var isDiagonal: Bool { row == column }

    /// Moves to the next entry (past the last one, the position is meaningless).
    mutating func advance() {
        column += 1
        switch format {
        case .function, .fullMatrix:
            if column == dimension { (row, column) = (row + 1, 0) }
        case .upperRow, .lowerCol:
            if column == dimension { (row, column) = (row + 1, row + 2) }
        case .lowerRow, .upperCol:
            if column == row { (row, column) = (row + 1, 0) }
        case .upperDiagRow, .lowerDiagCol:
            if column == dimension { (row, column) = (row + 1, row + 1) }
        case .lowerDiagRow, .upperDiagCol:
            if column > row { (row, column) = (row + 1, 0) }
        }
    }
}
