import Foundation

/// Reads what a routing engine said about the pairs of an itinerary's stops,
/// from a saved response body or a tile cache.
///
/// | format | reader | how rows and columns map to stops |
/// |---|---|---|
/// | ``MatrixSourceFormat/google`` | ``GoogleDistanceMatrixResponse`` | every stop in itinerary order as origins and as destinations (n × n) |
/// | ``MatrixSourceFormat/routes`` | ``RoutesMatrixResponse`` | `originIndex` / `destinationIndex` are stop indices; absent pairs are missing |
/// | ``MatrixSourceFormat/osrm`` | ``OSRMTableResponse`` | every stop in itinerary order as sources and as destinations (n × n) |
/// | ``MatrixSourceFormat/googleTiles`` | ``MatrixTileCache`` | each tile names its places by place ID or name |
///
/// The format is recognised from the content (see
/// ``MatrixSourceFormat/detect(in:)``) unless `format` is given.
///
/// ```swift
/// let stops = itinerary.stops.map { StopKey(name: $0.name, placeID: $0.placeID) }
/// let observed = try MatrixSource.read(contentsOf: url, stops: stops, preferTraffic: mode == .driving)
/// let completed = try TravelMatrices.completing(observed, coordinates: coordinates, fallback: .driving)
/// ```
public enum MatrixSource {
    /// Reads a response file, a tile-cache file, or a folder of tiles.
    ///
    /// Files are read with ``InputFile/read(_:limit:what:)``: a path that is
    /// missing, unreadable, a named pipe or a device, and a file larger than
    /// `sizeLimit`, binary or UTF-16/UTF-32, fails before its content is read.
    ///
    /// - Parameters:
    ///   - url: a file, or a folder (always read as a ``MatrixTileCache``).
    ///   - stops: the itinerary's stops, in order.
    ///   - format: the format to read, instead of recognising it.
    ///   - preferTraffic: use traffic-aware durations where the response has
    ///     them (set it for driving).
    ///   - sizeLimit: the largest file read, in bytes (for a folder, each
    ///     file's); 64 MiB unless given.
    /// - Throws: ``MatrixError/unreadableFile(file:reason:)``,
    ///   ``MatrixError/unusableFile(_:)`` and everything
    ///   ``read(_:fileName:stops:format:preferTraffic:)`` throws; errors name
    ///   the file by its path.
    /// - Complexity: O(b + n²) for *b* bytes and *n* stops.
    public static func read(contentsOf url: URL, stops: [StopKey], format: MatrixSourceFormat? = nil,
                            preferTraffic: Bool, sizeLimit: Int = InputFile.defaultLimit) throws -> ObservedMatrix {
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), isFolder.boolValue {
            if let format, format != .googleTiles {
                throw MatrixError.unexpectedFormat(file: url.path, format: format, allowed: [.googleTiles])
            }
            return try MatrixTileCache(folder: url, preferTraffic: preferTraffic, sizeLimit: sizeLimit).observedMatrix(stops: stops)
        }
        return try read(contents(of: url, limit: sizeLimit), fileName: url.path, stops: stops, format: format,
                        preferTraffic: preferTraffic)
    }

    /// Reads a response body.
    ///
    /// - Parameter fileName: names the data in errors.
    /// - Throws: ``MatrixError/invalidJSON(file:line:column:reason:)`` for
    ///   text that is not strict JSON (see ``StrictJSON``: duplicate keys,
    ///   numbers out of range, NaN, deep nesting and UTF-16 are errors too);
    ///   ``MatrixError/unrecognizedMatrixFormat(file:found:)``, which lists the
    ///   formats expected; ``MatrixError/responseSizeMismatch(file:origins:destinations:stops:)``
    ///   for a whole-matrix response that is not n × n; and every error of
    ///   the format's reader.
    /// - Complexity: O(b + n²) for *b* bytes and *n* stops.
    public static func read(_ data: Data, fileName: String, stops: [StopKey], format: MatrixSourceFormat? = nil,
                            preferTraffic: Bool) throws -> ObservedMatrix {
        let value: JSONValue
        var format = format
        do {
            value = try JSONReader.parse(data)
        } catch let single {
            // Not one JSON value: perhaps newline-delimited Routes API elements.
            guard format == nil || format == .routes else { throw MatrixError.invalidJSON(file: fileName, single) }
            let values = try JSONReader.parseSequence(orExplain: data, single, fileName: fileName)
            guard values.count > 1, MatrixSourceFormat.detect(in: .array(values)) == .routes else {
                throw MatrixError.invalidJSON(file: fileName, single)
            }
            value = .array(values)
            format = .routes
        }
        guard let chosen = format ?? MatrixSourceFormat.detect(in: value) else {
            throw MatrixError.unrecognizedMatrixFormat(file: fileName, found: value.summary)
        }
        let root = JSONNode(value, file: fileName)
        let n = stops.count
        switch chosen {
        case .google:
            return try GoogleDistanceMatrixResponse(root, preferTraffic: preferTraffic).observedMatrix(stops: n, fileName: fileName)
        case .osrm:
            return try OSRMTableResponse(root).observedMatrix(stops: n, fileName: fileName)
        case .routes:
            return try RoutesMatrixResponse(root, preferTraffic: preferTraffic).observedMatrix(stops: n, fileName: fileName)
        case .googleTiles:
            return try MatrixTileCache(root, preferTraffic: preferTraffic).observedMatrix(stops: stops)
        }
    }

    /// The bytes of a matrix file, read with ``InputFile/read(_:limit:what:)``.
    static func contents(of url: URL, limit: Int) throws(MatrixError) -> Data {
        do {
            return try InputFile.read(url, limit: limit, what: "matrix file")
        } catch {
            throw MatrixError.file(error)
        }
    }

    /// Parses one JSON value, reporting a syntax error with its line and column.
    static func parseJSON(_ data: Data, file: String) throws(MatrixError) -> JSONValue {
        do {
            return try JSONReader.parse(data)
        } catch {
            throw MatrixError.invalidJSON(file: file, error)
        }
    }
}
