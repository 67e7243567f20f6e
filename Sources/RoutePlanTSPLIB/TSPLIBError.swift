/// Everything that can go wrong reading a TSPLIB95 instance or tour file.
///
/// Every case carries the file name and, except for the cases about the file as a whole
/// (``unreadableFile(file:reason:)``, ``notRegularFile(file:kind:)``,
/// ``fileTooLarge(file:bytes:limit:)``, ``corruptCompressedFile(file:reason:)``,
/// ``inflatedTooLarge(file:limit:)`` and ``emptyFile(file:)``), the 1-based line number and
/// the offending values, so that ``description`` can point at the culprit in one line:
/// the file, the line, what is wrong and what to do. Text quoted from the file (names,
/// keywords, values) has its control characters escaped there, so a message never breaks
/// the line or drives the terminal.
public enum TSPLIBError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What makes a file's content binary rather than TSPLIB95 text.
    public enum TextProblem: String, Sendable, Hashable {
        /// A NUL byte (0x00), which no text file holds.
        case nulByte
        /// Bytes that are not UTF-8 (or ASCII) text.
        case invalidUTF8
        /// UTF-16 text (a byte-order mark, or every other byte NUL).
        case utf16
        /// UTF-32 text (its byte-order mark).
        case utf32
    }

    /// The file could not be opened or read.
    case unreadableFile(file: String, reason: String)
    /// The path names a directory, a device, a FIFO or a socket (`kind` says which), not a file.
    case notRegularFile(file: String, kind: String)
    /// The file is `bytes` long, more than ``TSPLIBLimits/maxFileBytes`` (`limit`) allows;
    /// nothing was read.
    case fileTooLarge(file: String, bytes: Int, limit: Int)
    /// The file starts with the gzip magic number `1f 8b` but cannot be decompressed:
    /// it is truncated, damaged (a checksum does not match) or not valid DEFLATE data;
    /// `reason` says which.
    case corruptCompressedFile(file: String, reason: String)
    /// The gzip-compressed file decompresses to more than ``TSPLIBLimits/maxInflatedBytes``
    /// (`limit`); decompression stopped there.
    case inflatedTooLarge(file: String, limit: Int)
    /// The file (or, when `decompressed`, its decompressed content) is not text: `problem`
    /// at byte `offset` (0-based), on `line`.
    case notText(file: String, line: Int, offset: Int, problem: TextProblem, decompressed: Bool)
    /// The file is empty or holds only blank lines.
    case emptyFile(file: String)
    /// A line in the specification part is neither `KEYWORD : value`, a section name nor `EOF`.
    case unexpectedLine(file: String, line: Int, text: String)
    /// A keyword or section that may appear only once appears again.
    case duplicateKeyword(file: String, line: Int, keyword: String, firstLine: Int)
    /// A required keyword (`TYPE`, `EDGE_WEIGHT_TYPE`, `EDGE_WEIGHT_FORMAT`) is missing;
    /// `line` is where it was needed (a data section or the end of the file).
    case missingKeyword(file: String, line: Int, keyword: String)
    /// `DIMENSION` is missing; `line` is where it was needed.
    case missingDimension(file: String, line: Int)
    /// `DIMENSION` is not a whole number of at least 1.
    case invalidDimension(file: String, line: Int, value: String)
    /// `TYPE` names a problem this reader does not handle (for example `HCP` or `CVRP`),
    /// or a tour file's `TYPE` is not `TOUR`.
    case unsupportedProblemType(file: String, line: Int, value: String)
    /// `EDGE_WEIGHT_TYPE` is unknown or unsupported (for example `EUC_3D` or `MAN_2D`).
    case unsupportedEdgeWeightType(file: String, line: Int, value: String)
    /// `EDGE_WEIGHT_FORMAT` is unknown, or `FUNCTION` where `EXPLICIT` weights need a matrix layout.
    case unsupportedEdgeWeightFormat(file: String, line: Int, value: String)
    /// A data section this reader does not handle (for example `FIXED_EDGES_SECTION`, or
    /// `EDGE_WEIGHT_SECTION` when `EDGE_WEIGHT_TYPE` is not `EXPLICIT`).
    case unsupportedSection(file: String, line: Int, section: String)
    /// A required data section is missing; `line` is the end of the file.
    case missingSection(file: String, line: Int, section: String)
    /// A token that should be a number is not one.
    case invalidNumber(file: String, line: Int, token: String)
    /// A coordinate is NaN or infinite.
    case nonFiniteCoordinate(file: String, line: Int, token: String)
    /// A coordinate's magnitude exceeds ``maximumCoordinateMagnitude``, where distances
    /// could no longer be represented exactly.
    case coordinateTooLarge(file: String, line: Int, token: String)
    /// The coordinates put node `node` (listed on `line`) and node `otherNode` (listed on
    /// `otherLine`) `distance` apart under `edgeWeightType`, more than
    /// ``TSPLIBLimits/maximumDistance``. Nodes are 1-based, as in the file.
    case distanceTooLarge(
        file: String, line: Int, node: Int, otherNode: Int, otherLine: Int,
        edgeWeightType: TSPLIBInstance.EdgeWeightType, distance: Int
    )
    /// A `NODE_COORD_SECTION` line is not exactly `id x y`.
    case malformedNodeLine(file: String, line: Int, text: String)
    /// A node id outside `1...dimension`.
    case nodeOutOfRange(file: String, line: Int, node: Int, dimension: Int)
    /// A node id listed a second time.
    case duplicateNode(file: String, line: Int, node: Int, firstLine: Int)
    /// `NODE_COORD_SECTION` (starting at `line`) lists fewer nodes than `DIMENSION`.
    case tooFewNodes(file: String, line: Int, dimension: Int, found: Int)
    /// `NODE_COORD_SECTION` lists more nodes than `DIMENSION`; `line` holds the first extra one.
    case tooManyNodes(file: String, line: Int, dimension: Int)
    /// An explicit edge weight below zero.
    case negativeWeight(file: String, line: Int, token: String)
    /// An explicit edge weight that is not a whole number from 0 to `maximum`:
    /// ``TSPLIBLimits/maximumDistance`` between different nodes,
    /// ``TSPLIBLimits/maximumDiagonalWeight`` on the diagonal.
    case weightOutOfRange(file: String, line: Int, token: String, maximum: Int)
    /// `TYPE: TSP` with a `FULL_MATRIX` that is not symmetric: the weight from node `row` to
    /// node `column` (1-based), `value` on `line`, differs from the weight back, `mirrorValue`.
    case asymmetricMatrix(file: String, line: Int, row: Int, column: Int, value: Int, mirrorValue: Int)
    /// `EDGE_WEIGHT_SECTION` (starting at `line`) holds fewer numbers than `DIMENSION` and
    /// `EDGE_WEIGHT_FORMAT` require (`expected` is `nil` when that count overflows `Int`).
    case tooFewWeights(
        file: String, line: Int, format: TSPLIBInstance.EdgeWeightFormat,
        dimension: Int, expected: Int?, found: Int
    )
    /// `EDGE_WEIGHT_SECTION` holds more numbers than `DIMENSION` and `EDGE_WEIGHT_FORMAT`
    /// allow; `line` holds the first extra number.
    case tooManyWeights(
        file: String, line: Int, format: TSPLIBInstance.EdgeWeightFormat,
        dimension: Int, expected: Int
    )
    /// A tour file's `TOUR_SECTION` (starting at `line`) lists no nodes.
    case emptyTour(file: String, line: Int)
    /// A tour visits a node outside `1...dimension`.
    case tourNodeOutOfRange(file: String, line: Int, node: Int, dimension: Int)
    /// A tour visits a node twice.
    case duplicateTourNode(file: String, line: Int, node: Int, firstLine: Int)
    /// A tour (its `TOUR_SECTION` starts at `line`) leaves out some of its `dimension` nodes.
    case incompleteTour(file: String, line: Int, dimension: Int, found: Int)
    /// A tour's dimension differs from the instance it is measured on.
    case tourDoesNotMatchInstance(
        file: String, line: Int, tourDimension: Int, instance: String, instanceDimension: Int
    )

    /// The largest coordinate magnitude accepted (10¹⁵), so that every distance fits an `Int`.
    public static let maximumCoordinateMagnitude = 1e15
    /// The largest explicit edge weight accepted between two different nodes:
    /// ``TSPLIBLimits/maximumDistance`` (2³⁰ − 1), the solver's largest cost.
    public static let maximumWeight = TSPLIBLimits.maximumDistance

    /// The name of the file the error is about.
    public var file: String {
        switch self {
        case let .unreadableFile(file, _), let .notRegularFile(file, _), let .fileTooLarge(file, _, _),
            let .corruptCompressedFile(file, _), let .inflatedTooLarge(file, _),
            let .notText(file, _, _, _, _), let .emptyFile(file):
            return file
        case let .unexpectedLine(file, _, _), let .duplicateKeyword(file, _, _, _),
            let .missingKeyword(file, _, _), let .missingDimension(file, _),
            let .invalidDimension(file, _, _), let .unsupportedProblemType(file, _, _),
            let .unsupportedEdgeWeightType(file, _, _), let .unsupportedEdgeWeightFormat(file, _, _),
            let .unsupportedSection(file, _, _), let .missingSection(file, _, _),
            let .invalidNumber(file, _, _), let .nonFiniteCoordinate(file, _, _),
            let .coordinateTooLarge(file, _, _), let .distanceTooLarge(file, _, _, _, _, _, _),
            let .malformedNodeLine(file, _, _),
            let .nodeOutOfRange(file, _, _, _), let .duplicateNode(file, _, _, _),
            let .tooFewNodes(file, _, _, _), let .tooManyNodes(file, _, _),
            let .negativeWeight(file, _, _), let .weightOutOfRange(file, _, _, _),
            let .asymmetricMatrix(file, _, _, _, _, _),
            let .tooFewWeights(file, _, _, _, _, _), let .tooManyWeights(file, _, _, _, _),
            let .emptyTour(file, _), let .tourNodeOutOfRange(file, _, _, _),
            let .duplicateTourNode(file, _, _, _), let .incompleteTour(file, _, _, _),
            let .tourDoesNotMatchInstance(file, _, _, _, _):
            return file
        }
    }

    /// The 1-based line the error is about, or `nil` for the errors about the file as a whole.
    public var line: Int? {
        switch self {
        case .unreadableFile, .notRegularFile, .fileTooLarge, .corruptCompressedFile, .inflatedTooLarge, .emptyFile:
            return nil
        case let .notText(_, line, _, _, _),
            let .unexpectedLine(_, line, _), let .duplicateKeyword(_, line, _, _),
            let .missingKeyword(_, line, _), let .missingDimension(_, line),
            let .invalidDimension(_, line, _), let .unsupportedProblemType(_, line, _),
            let .unsupportedEdgeWeightType(_, line, _), let .unsupportedEdgeWeightFormat(_, line, _),
            let .unsupportedSection(_, line, _), let .missingSection(_, line, _),
            let .invalidNumber(_, line, _), let .nonFiniteCoordinate(_, line, _),
            let .coordinateTooLarge(_, line, _), let .distanceTooLarge(_, line, _, _, _, _, _),
            let .malformedNodeLine(_, line, _),
            let .nodeOutOfRange(_, line, _, _), let .duplicateNode(_, line, _, _),
            let .tooFewNodes(_, line, _, _), let .tooManyNodes(_, line, _),
            let .negativeWeight(_, line, _), let .weightOutOfRange(_, line, _, _),
            let .asymmetricMatrix(_, line, _, _, _, _),
            let .tooFewWeights(_, line, _, _, _, _), let .tooManyWeights(_, line, _, _, _),
            let .emptyTour(_, line), let .tourNodeOutOfRange(_, line, _, _),
            let .duplicateTourNode(_, line, _, _), let .incompleteTour(_, line, _, _),
            let .tourDoesNotMatchInstance(_, line, _, _, _):
            return line
        }
    }

    /// One line naming the file (and line), what is wrong and what to do about it.
    public var description: String {
        let place = MessageText.escaped(file) + (line.map { ", line \($0)" } ?? "")
        return place + ": " + problem
    }

    /// The part of ``description`` after the file and line.
    private var problem: String {
        let q = MessageText.escaped
        switch self {
        case let .unreadableFile(_, reason):
            return "the file could not be read (\(q(reason))); check the path and its permissions"
        case let .notRegularFile(_, kind):
            return "this is \(kind), not a regular file; give the path of a TSPLIB95 file"
        case let .fileTooLarge(_, bytes, limit):
            return "the file is \(bytes) bytes, more than the \(MessageText.byteCount(limit)) limit for TSPLIB95 files (TSPLIBLimits.maxFileBytes), so it was not read; check that this is the right file, or raise the limit"
        case let .corruptCompressedFile(_, reason):
            return "the file is gzip-compressed but cannot be decompressed (\(q(reason))); check it with 'gzip -t' and download it again, or give the uncompressed file"
        case let .inflatedTooLarge(_, limit):
            return "the file decompresses to more than the \(MessageText.byteCount(limit)) limit (TSPLIBLimits.maxInflatedBytes), so decompression was stopped; if it is a genuine instance and not a gzip bomb, gunzip it and give the uncompressed file, or raise the limit"
        case let .notText(_, _, offset, problem, decompressed):
            switch problem {
            case .utf16, .utf32:
                let encoding = problem == .utf16 ? "UTF-16" : "UTF-32"
                let subject = decompressed ? "decompresses to \(encoding) text" : "is \(encoding) text"
                return "\(subject), but TSPLIB files are read as UTF-8 (or ASCII); convert it (for example with iconv -f \(encoding.lowercased()) -t utf-8)"
            case .nulByte, .invalidUTF8:
                let what = problem == .nulByte ? "NUL bytes" : "bytes that are not UTF-8 text"
                let subject = decompressed ? "decompresses to data that contains" : "contains"
                let fix = problem == .nulByte
                    ? "check that this is the right file"
                    : "check that this is the right file, or convert it to UTF-8 (for example with iconv -f latin1 -t utf-8)"
                return "\(subject) \(what) at byte \(offset); not a TSPLIB text file; \(fix)"
            }
        case .emptyFile:
            return "the file is empty; give a TSPLIB95 file with a specification part (NAME, TYPE, DIMENSION, EDGE_WEIGHT_TYPE) and its data section"
        case let .unexpectedLine(_, _, text):
            return "'\(q(text))' is not a 'KEYWORD : value' line, a section name or EOF; fix or remove the line"
        case let .duplicateKeyword(_, _, keyword, firstLine):
            return "\(q(keyword)) appears again (first on line \(firstLine)); keep only one"
        case let .missingKeyword(_, _, keyword):
            return "the \(q(keyword)) keyword is missing; add a '\(q(keyword)) : value' line before the data sections"
        case .missingDimension:
            return "DIMENSION is missing; add a 'DIMENSION : n' line (n = number of nodes) before the data sections"
        case let .invalidDimension(_, _, value):
            return "DIMENSION '\(q(value))' is not a whole number of at least 1; set it to the number of nodes"
        case let .unsupportedProblemType(_, _, value):
            return "TYPE '\(q(value))' is not supported; instances must be TSP or ATSP and tour files TOUR"
        case let .unsupportedEdgeWeightType(_, _, value):
            return "EDGE_WEIGHT_TYPE '\(q(value))' is not supported; use EUC_2D, CEIL_2D, ATT, GEO or EXPLICIT"
        case let .unsupportedEdgeWeightFormat(_, _, value):
            return "EDGE_WEIGHT_FORMAT '\(q(value))' is not supported here; EXPLICIT weights need FULL_MATRIX, UPPER_ROW, LOWER_ROW, UPPER_DIAG_ROW, LOWER_DIAG_ROW, UPPER_COL, LOWER_COL, UPPER_DIAG_COL or LOWER_DIAG_COL (FUNCTION is only for coordinate types)"
        case let .unsupportedSection(_, _, section):
            return "\(q(section)) is not supported in this file; only NODE_COORD_SECTION, EDGE_WEIGHT_SECTION (with EDGE_WEIGHT_TYPE EXPLICIT), DISPLAY_DATA_SECTION and, in tour files, TOUR_SECTION can be read"
        case let .missingSection(_, _, section):
            return "the file ends without a \(q(section)); add it with the data for every node"
        case let .invalidNumber(_, _, token):
            return "'\(q(token))' is not a valid number; write a decimal number such as 12, 16.47 or 1.2e+03"
        case let .nonFiniteCoordinate(_, _, token):
            return "coordinate '\(q(token))' is not a finite number; give a real coordinate value"
        case let .coordinateTooLarge(_, _, token):
            return "coordinate '\(q(token))' exceeds the supported magnitude 1e15; rescale the coordinates"
        case let .distanceTooLarge(_, _, node, otherNode, otherLine, type, distance):
            return "the \(type.rawValue) distance from node \(node) to node \(otherNode) (line \(otherLine)) is \(distance), above the largest supported distance \(TSPLIBLimits.maximumDistance) (2^30 - 1, the solver's largest cost); rescale the coordinates to a coarser unit"
        case let .malformedNodeLine(_, _, text):
            return "'\(q(text))' is not a node line; write 'id x y' (three numbers) for each node"
        case let .nodeOutOfRange(_, _, node, dimension):
            return "node \(node) is outside 1...\(dimension) (DIMENSION); renumber the node or correct DIMENSION"
        case let .duplicateNode(_, _, node, firstLine):
            return "node \(node) is listed again (first on line \(firstLine)); give each node exactly once"
        case let .tooFewNodes(_, _, dimension, found):
            return "NODE_COORD_SECTION lists \(found) node\(found == 1 ? "" : "s") but DIMENSION is \(dimension); add the missing nodes or set DIMENSION to \(found)"
        case let .tooManyNodes(_, _, dimension):
            return "this node is one more than DIMENSION \(dimension) allows; remove the extra nodes or raise DIMENSION"
        case let .negativeWeight(_, _, token):
            return "edge weight '\(q(token))' is negative; explicit weights must be zero or more"
        case let .weightOutOfRange(_, _, token, maximum):
            let limit = maximum == TSPLIBLimits.maximumDistance
                ? "\(maximum) (2^30 - 1, the solver's largest cost)"
                : "\(maximum) (on the diagonal)"
            return "edge weight '\(q(token))' is not a whole number from 0 to \(limit); use whole numbers in a coarser unit"
        case let .asymmetricMatrix(_, _, row, column, value, mirrorValue):
            return "TYPE is TSP (symmetric) but the FULL_MATRIX weight from node \(row) to node \(column) is \(value) while from node \(column) to node \(row) it is \(mirrorValue); declare TYPE: ATSP if distances differ by direction, or correct the matrix"
        case let .tooFewWeights(_, _, format, dimension, expected, found):
            let needed = expected.map(String.init) ?? "more than \(Int.max)"
            return "EDGE_WEIGHT_SECTION has \(found) numbers but \(format.rawValue) with DIMENSION \(dimension) needs \(needed); add the missing weights or correct DIMENSION/EDGE_WEIGHT_FORMAT"
        case let .tooManyWeights(_, _, format, dimension, expected):
            return "EDGE_WEIGHT_SECTION has more than the \(expected) numbers \(format.rawValue) with DIMENSION \(dimension) needs; remove the extra weights or correct DIMENSION/EDGE_WEIGHT_FORMAT"
        case .emptyTour:
            return "TOUR_SECTION lists no nodes; list every node once, then -1"
        case let .tourNodeOutOfRange(_, _, node, dimension):
            return "tour node \(node) is outside 1...\(dimension); a tour must be a permutation of the nodes 1 to \(dimension)"
        case let .duplicateTourNode(_, _, node, firstLine):
            return "tour node \(node) is visited again (first on line \(firstLine)); a tour must visit each node exactly once"
        case let .incompleteTour(_, _, dimension, found):
            return "the tour visits \(found) of the \(dimension) nodes; a tour must list every node once before -1"
        case let .tourDoesNotMatchInstance(_, _, tourDimension, instance, instanceDimension):
            return "the tour has \(tourDimension) nodes but instance \(q(instance)) has \(instanceDimension); use the tour file that belongs to this instance"
        }
    }
}
