import Foundation

/// A tour read from a TSPLIB95 `.opt.tour` (or any `TYPE: TOUR`) file.
///
/// The tour is a permutation of the nodes, 0-based (TSPLIB's node `k` is `k − 1` here),
/// and is closed: after the last node it returns to the first.
public struct TSPLIBTour: Sendable {
    /// The `NAME` keyword's value, or the file name without its extension when the file has none.
    public let name: String
    /// The `COMMENT` lines joined with newlines, or `nil` when the file has none.
    public let comment: String?
    /// The number of nodes: `DIMENSION`, or the number of listed nodes when the file has no
    /// `DIMENSION` (some TSPLIB tours, such as `rd100.opt.tour`, omit it).
    public let dimension: Int
    /// The visiting order, 0-based; always a permutation of `0..<dimension`.
    public let nodes: [Int]

    /// The file the tour came from, for error messages.
    internal let fileName: String
    /// The line that set the dimension (`DIMENSION`, or `TOUR_SECTION` when inferred).
    internal let dimensionLine: Int

    internal init(name: String, comment: String?, dimension: Int, nodes: [Int], fileName: String, dimensionLine: Int) {
        self.name = name
        self.comment = comment
        self.dimension = dimension
        self.nodes = nodes
        self.fileName = fileName
        self.dimensionLine = dimensionLine
    }

    /// Reads a TSPLIB95 tour file from text.
    ///
    /// `TOUR_SECTION` lists node ids (1-based, any number per line) ended by `-1`, `EOF`, a
    /// keyword line or the end of the file; only the first tour of a section is read.
    ///
    /// - Parameters:
    ///   - text: The whole file.
    ///   - fileName: The name used in error messages (and as ``name`` if the file has no `NAME`).
    /// - Throws: ``TSPLIBError`` naming the file and line, in particular
    ///   ``TSPLIBError/tourNodeOutOfRange(file:line:node:dimension:)``,
    ///   ``TSPLIBError/duplicateTourNode(file:line:node:firstLine:)`` and
    ///   ``TSPLIBError/incompleteTour(file:line:dimension:found:)`` when the tour is not a
    ///   permutation of `1...DIMENSION`.
    public static func parse(_ text: String, fileName: String) throws(TSPLIBError) -> TSPLIBTour {
        var parser = TSPLIBTourParser(bytes: Array(text.utf8), fileName: fileName)
        return try parser.parse()
    }

    /// Reads a TSPLIB95 tour file from disk, decompressing it first if it is gzip data (it
    /// starts with `1f 8b`), with the same checks and `limits` as
    /// ``TSPLIBInstance/init(contentsOf:limits:)``; see ``parse(_:fileName:)``.
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
        var parser = TSPLIBTourParser(
            bytes: content.bytes, fileName: url.lastPathComponent, decompressed: content.decompressed
        )
        self = try parser.parse()
    }

    /// Checks that the tour can be measured on `instance` (same number of nodes).
    ///
    /// - Throws: ``TSPLIBError/tourDoesNotMatchInstance(file:line:tourDimension:instance:instanceDimension:)``.
    public func validate(against instance: TSPLIBInstance) throws(TSPLIBError) {
        guard dimension == instance.dimension else {
            throw .tourDoesNotMatchInstance(
                file: fileName, line: dimensionLine, tourDimension: dimension,
                instance: instance.name, instanceDimension: instance.dimension
            )
        }
    }

    /// The length of the closed tour (returning from the last node to the first) under the
    /// instance's ``TSPLIBInstance/distance(_:_:)``.
    ///
    /// - Precondition: `dimension <= instance.dimension`; call ``validate(against:)`` first
    ///   when the tour and the instance come from different sources.
    public func length(in instance: TSPLIBInstance) -> Int {
        precondition(
            dimension <= instance.dimension,
            "tour \(name) has \(dimension) nodes, instance \(instance.name) only \(instance.dimension)"
        )
        guard var previous = nodes.last else { return 0 }
        var total = 0
        for node in nodes {
            total += instance.distance(previous, node)
            previous = node
        }
        return total
    }
}
