import Foundation

/// A symmetric (`TYPE: TSP`) or asymmetric (`TYPE: ATSP`) travelling-salesman instance read
/// from a TSPLIB95 file.
///
/// Nodes are numbered from 0 in file order (TSPLIB's node `k` is index `k − 1` here).
/// Distances follow the TSPLIB95 definitions exactly, so tour lengths match the published
/// optima; see ``distance(_:_:)``.
///
/// ```swift
/// let instance = try TSPLIBInstance(contentsOf: URL(fileURLWithPath: "berlin52.tsp"))
/// let d = instance.distance(0, 1)
/// ```
public struct TSPLIBInstance: Sendable {
    /// Whether the distance from `i` to `j` may differ from the distance from `j` to `i`.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// `TYPE: TSP`: distances are the same both ways.
        case symmetric = "TSP"
        /// `TYPE: ATSP`: distances may differ by direction.
        case asymmetric = "ATSP"
    }

    /// A node's coordinates as written in the file (for `GEO`, `DDD.MM` degrees and minutes:
    /// `x` is the latitude and `y` the longitude).
    public struct Point: Sendable, Hashable {
        /// The first coordinate.
        public var x: Double
        /// The second coordinate.
        public var y: Double

        /// Creates a point from its two coordinates.
        @inlinable
        public init(x: Double, y: Double) {
            self.x = x
            self.y = y
        }
    }

    /// The `NAME` keyword's value, or the file name without its extension when the file has none.
    public let name: String
    /// The `COMMENT` lines joined with newlines, or `nil` when the file has none.
    public let comment: String?
    /// Symmetric (`TSP`) or asymmetric (`ATSP`).
    public let kind: Kind
    /// The number of nodes (`DIMENSION`), at least 1.
    public let dimension: Int
    /// How distances are defined.
    public let edgeWeightType: EdgeWeightType
    /// How the explicit matrix was laid out in the file; ``EdgeWeightFormat/function`` for
    /// instances whose distances come from coordinates.
    public let edgeWeightFormat: EdgeWeightFormat
    /// The `NODE_COORD_SECTION` coordinates in node order (index `k` is TSPLIB node `k + 1`),
    /// or `nil` when the file has none (explicit instances usually have none;
    /// `DISPLAY_DATA_SECTION` coordinates are not read).
    public let coordinates: [Point]?

    /// What ``distance(_:_:)`` measures between for coordinate types: the coordinates for
    /// `EUC_2D`, `CEIL_2D` and `ATT`; for `GEO`, latitude (`x`) and longitude (`y`) already
    /// converted to radians. Empty for `EXPLICIT`.
    @usableFromInline
    internal let metricPoints: [Point]
    /// For `EXPLICIT`, the full n×n matrix row by row (`weights[i * n + j]`); empty otherwise.
    @usableFromInline
    internal let weights: [Int32]

    internal init(
        name: String,
        comment: String?,
        kind: Kind,
        dimension: Int,
        edgeWeightType: EdgeWeightType,
        edgeWeightFormat: EdgeWeightFormat,
        coordinates: [Point]?,
        weights: [Int32]
    ) {
        self.name = name
        self.comment = comment
        self.kind = kind
        self.dimension = dimension
        self.edgeWeightType = edgeWeightType
        self.edgeWeightFormat = edgeWeightFormat
        self.coordinates = coordinates
        self.weights = weights
        switch edgeWeightType {
        case .explicit:
            metricPoints = []
        case .geo:
            metricPoints = (coordinates ?? []).map {
                Point(x: Self.geoRadians($0.x), y: Self.geoRadians($0.y))
            }
        case .euc2D, .ceil2D, .att:
            metricPoints = coordinates ?? []
        }
    }

    /// Reads a TSPLIB95 `.tsp` or `.atsp` file from text.
    ///
    /// Accepts keywords with or without spaces around `:`, CRLF or LF line endings, numbers
    /// split arbitrarily over lines in `EDGE_WEIGHT_SECTION`, numbers such as `16.47` or
    /// `1.2e+03`, a missing `EOF`, and trailing blank lines; `DISPLAY_DATA_SECTION` is skipped.
    /// Unknown specification keywords (for example `DISPLAY_DATA_TYPE`) are ignored.
    ///
    /// - Parameters:
    ///   - text: The whole file.
    ///   - fileName: The name used in error messages (and as ``name`` if the file has no `NAME`).
    /// - Throws: ``TSPLIBError`` naming the file and line when the file is malformed or uses
    ///   a problem type, edge weight type or format this reader does not support; in
    ///   particular ``TSPLIBError/weightOutOfRange(file:line:token:maximum:)`` and
    ///   ``TSPLIBError/distanceTooLarge(file:line:node:otherNode:otherLine:edgeWeightType:distance:)``
    ///   when a distance exceeds ``TSPLIBLimits/maximumDistance`` (the solver's largest cost),
    ///   ``TSPLIBError/asymmetricMatrix(file:line:row:column:value:mirrorValue:)`` for
    ///   `TYPE: TSP` with an asymmetric `FULL_MATRIX`, and
    ///   ``TSPLIBError/notText(file:line:offset:problem:decompressed:)`` for a NUL byte.
    public static func parse(_ text: String, fileName: String) throws(TSPLIBError) -> TSPLIBInstance {
        var parser = TSPLIBInstanceParser(bytes: Array(text.utf8), fileName: fileName)
        return try parser.parse()
    }

    /// Reads a TSPLIB95 `.tsp` or `.atsp` file from disk; see ``parse(_:fileName:)``.
    ///
    /// A gzip-compressed file (such as `pla85900.tsp.gz`), recognised by its first two bytes
    /// `1f 8b` whatever its name, is decompressed in memory first. Before anything large is
    /// read or inflated, the file is checked against `limits` and for binary content (see
    /// ``TSPLIBLimits``).
    ///
    /// - Throws: ``TSPLIBError/unreadableFile(file:reason:)`` when the file cannot be read,
    ///   ``TSPLIBError/notRegularFile(file:kind:)``, ``TSPLIBError/fileTooLarge(file:bytes:limit:)``,
    ///   ``TSPLIBError/inflatedTooLarge(file:limit:)`` or
    ///   ``TSPLIBError/notText(file:line:offset:problem:decompressed:)`` when it is not a
    ///   TSPLIB text file within the limits, ``TSPLIBError/corruptCompressedFile(file:reason:)``
    ///   when it starts like gzip data but cannot be decompressed, otherwise the errors of
    ///   ``parse(_:fileName:)``.
    public init(contentsOf url: URL, limits: TSPLIBLimits = .default) throws(TSPLIBError) {
        let content = try readTSPLIBFile(url, limits: limits)
        var parser = TSPLIBInstanceParser(
            bytes: content.bytes, fileName: url.lastPathComponent, decompressed: content.decompressed
        )
        self = try parser.parse()
    }
}
