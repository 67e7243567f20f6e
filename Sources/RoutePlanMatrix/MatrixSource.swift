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
    /// - Parameters:
    ///   - url: a file, or a folder (always read as a ``MatrixTileCache``).
    ///   - stops: the itinerary's stops, in order.
    ///   - format: the format to read, instead of recognising it.
    ///   - preferTraffic: use traffic-aware durations where the response has
    ///     them (set it for driving).
    /// - Throws: ``MatrixError/unreadableFile(file:reason:)`` and everything
    ///   ``read(_:fileName:stops:format:preferTraffic:)`` throws; errors name
    ///   the file by its last path component.
    /// - Complexity: O(b + n²) for *b* bytes and *n* stops.
    public static func read(contentsOf url: URL, stops: [StopKey], format: MatrixSourceFormat? = nil,
                            preferTraffic: Bool) throws -> ObservedMatrix {
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), isFolder.boolValue {
            if let format, format != .googleTiles {
                throw MatrixError.unexpectedFormat(file: url.path, format: format, allowed: [.googleTiles])
            }
            return try MatrixTileCache(folder: url, preferTraffic: preferTraffic).observedMatrix(stops: stops)
        }
        return try read(contents(of: url), fileName: url.path, stops: stops, format: format,
                        preferTraffic: preferTraffic)
    }

    /// Reads a response body.
    ///
    /// - Parameter fileName: names the data in errors.
    /// - Throws: ``MatrixError/invalidJSON(file:line:column:reason:)``;
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
        } catch let syntax {
            // Not one JSON value: perhaps newline-delimited Routes API elements.
            guard format == nil || format == .routes, let values = try? JSONReader.parseSequence(data), values.count > 1,
                  MatrixSourceFormat.detect(in: .array(values)) == .routes else {
                throw MatrixError.invalidJSON(file: fileName, line: syntax.line, column: syntax.column, reason: syntax.reason)
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

    /// The bytes of a file.
    static func contents(of url: URL) throws -> Data {
        do {
            return try Data(contentsOf: url)
        } catch {
            let reason = FileManager.default.fileExists(atPath: url.path) ? error.localizedDescription : "no such file"
            throw MatrixError.unreadableFile(file: url.path, reason: reason)
        }
    }

    /// Parses one JSON value, reporting a syntax error with its line and column.
    static func parseJSON(_ data: Data, file: String) throws -> JSONValue {
        do {
            return try JSONReader.parse(data)
        } catch {
            throw MatrixError.invalidJSON(file: file, line: error.line, column: error.column, reason: error.reason)
        }
    }
}
