/// Everything that can go wrong in ``RoutePlanMatrix``; each case carries
/// the indices and values involved.
public enum MatrixError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A coordinate that is NaN, infinite or out of range.
    case invalidCoordinate(index: Int, latitude: Double, longitude: Double)
    /// A distance or duration too large for a ``RoutePlanSolver/CostMatrix``.
    case costTooLarge(from: Int, to: Int, value: Int, maximum: Int)
    /// Fewer samples than a calibration needs.
    case tooFewSamples(count: Int, needed: Int)
    /// A sample with a negative or non-finite value.
    case invalidSample(index: Int, meters: Double, seconds: Double)
    /// Samples that cannot determine the model (e.g. all the same distance).
    case degenerateSamples
    /// LAPACK reported a failure (`info` as returned by the routine).
    case lapackFailure(routine: String, info: Int)
    /// A problem too large to hold as a full n×n matrix in the memory available.
    case matrixTooLarge(nodes: Int, requiredBytes: Int, availableBytes: Int)

    // MARK: Reading routing-engine matrix answers (see ``MatrixSource``)

    /// A matrix file or folder that cannot be read.
    case unreadableFile(file: String, reason: String)
    /// A matrix file that is not valid JSON, or not strict JSON (see
    /// ``StrictJSON``); `line` and `column` are 1-based, and `reason` ends
    /// with the JSON path of the value at fault when there is one
    /// (`duplicate key "value" (first at line 9, column 13) at rows[0].elements[1].duration.value`).
    case invalidJSON(file: String, line: Int, column: Int, reason: String)
    /// A matrix file that is too large, binary, compressed, or UTF-16/UTF-32
    /// text (see ``InputFile``); problems reaching the file (missing,
    /// permissions, a folder or a named pipe) are
    /// ``unreadableFile(file:reason:)``.
    case unusableFile(InputFile.Problem)
    /// JSON that is none of the ``MatrixSourceFormat`` formats; `found`
    /// describes its top level.
    case unrecognizedMatrixFormat(file: String, found: String)
    /// A response whose request failed as a whole (a Google top-level
    /// `status` other than `OK`, an OSRM `code` other than `Ok`, a Google API
    /// error object), with the service's own message when it gave one.
    case serviceStatus(file: String, format: MatrixSourceFormat, status: String, message: String?)
    /// A field that must be present is absent (or `null`).
    case missingField(file: String, path: String, expected: String)
    /// A field whose value is of the wrong kind or out of range; `value`
    /// describes what was found.
    case invalidField(file: String, path: String, value: String, expected: String)
    /// A matrix row whose length differs from the number of destinations.
    case unevenRow(file: String, path: String, row: Int, expected: Int, actual: Int)
    /// A whole-matrix response whose size is not that of the itinerary.
    case responseSizeMismatch(file: String, origins: Int, destinations: Int, stops: Int)
    /// A Routes API element whose `originIndex` or `destinationIndex` is not
    /// below `count`.
    case indexOutOfRange(file: String, element: Int, field: String, value: Int, count: Int)
    /// Two Routes API elements for the same pair that disagree.
    case conflictingElement(file: String, element: Int, earlierElement: Int, origin: Int, destination: Int)
    /// A tile cache whose `routeplanMatrixCache` version is not 1.
    case unsupportedCacheVersion(file: String, version: String)
    /// A response of a format that is not allowed where it was found (a tile
    /// cache inside a tile, a response that is not the cache's `provider`), or
    /// a format other than `google-tiles` asked for a folder.
    case unexpectedFormat(file: String, format: MatrixSourceFormat, allowed: [MatrixSourceFormat])
    /// A tile whose response has another size than its origins and destinations lists.
    case tileSizeMismatch(file: String, tile: Int, origins: Int, destinations: Int,
                          responseOrigins: Int, responseDestinations: Int)
    /// A tile entry (`field` is `origins` or `destinations`) that matches no stop.
    case unknownPlace(file: String, tile: Int, field: String, index: Int, value: String)
    /// A tile entry that matches several stops (0-based `stops`).
    case ambiguousPlace(file: String, tile: Int, field: String, index: Int, value: String, stops: [Int])
    /// Two tiles that give different answers for the same ordered pair of stops.
    case conflictingPair(from: Int, to: Int, fromName: String, toName: String,
                         first: ObservedMatrix.Pair, firstSource: String,
                         second: ObservedMatrix.Pair, secondSource: String)
    /// A tile folder without any `*.json` file, or a cache without tiles.
    case noTiles(file: String)
    /// A different number of coordinates than observed places.
    case placeCountMismatch(places: Int, coordinates: Int)

    public var description: String {
        // Text from input files and services is shown with its control characters escaped.
        func e(_ text: String) -> String { MessageText.escaped(text) }
        switch self {
        case let .invalidCoordinate(index, latitude, longitude):
            return "place \(index + 1) has coordinate (\(latitude), \(longitude)); latitude must be within −90…90 and longitude within −180…180"
        case let .costTooLarge(from, to, value, maximum):
            return "the cost from place \(from + 1) to place \(to + 1) is \(value), above the supported maximum \(maximum)"
        case let .tooFewSamples(count, needed):
            return "calibration needs at least \(needed) samples with different distances, got \(count)"
        case let .invalidSample(index, meters, seconds):
            return "calibration sample \(index + 1) (\(meters) m, \(seconds) s) is negative or not a number"
        case .degenerateSamples:
            return "calibration samples all have the same distance, so speed and overhead cannot be told apart; add samples of other lengths"
        case let .lapackFailure(routine, info):
            return "LAPACK \(routine) failed with info = \(info)"
        case let .matrixTooLarge(nodes, required, available):
            return "a full cost matrix for \(nodes) nodes needs \(required / 1_000_000) MB, more than the \(available / 1_000_000) MB available"
        case let .unreadableFile(file, reason):
            return "cannot read the matrix file \(e(file)): \(e(reason)); check the path and its permissions"
        case let .invalidJSON(file, line, column, reason):
            return "\(e(file)) is not valid JSON (line \(line), column \(column): \(e(reason))); save the response body exactly as the service returned it"
        case let .unusableFile(problem):
            return problem.description
        case let .unrecognizedMatrixFormat(file, found):
            let formats = MatrixSourceFormat.allCases.map { "\($0.rawValue) (\($0.description))" }.joined(separator: "; ")
            return "\(e(file)) is \(e(found)), which is no matrix format RoutePlan reads; expected one of: \(formats)"
        case let .serviceStatus(file, format, status, message):
            let detail = message.map { " The service said: \(MessageText.quoted($0, limit: 300))" } ?? ""
            let (file, status) = (e(file), e(status))
            switch format {
            case .google, .googleTiles:
                return "\(file) is a failed Google Distance Matrix response with status \(status): \(GoogleDistanceMatrixResponse.meaning(ofStatus: status)).\(detail)"
            case .routes:
                return "\(file) is a failed Google Routes API response with status \(status): \(RoutesMatrixResponse.meaning(ofStatus: status)).\(detail)"
            case .osrm:
                return "\(file) is a failed OSRM response with code \(status): \(OSRMTableResponse.meaning(ofCode: status)).\(detail)"
            }
        case let .missingField(file, path, expected):
            return "\(e(file)) has no \(e(path)) (expected \(expected)); save the complete response body as the service returned it"
        case let .invalidField(file, path, value, expected):
            return "\(e(file)) has \(e(value)) at \(path.isEmpty ? "the top level" : e(path)), expected \(expected); check that the file is an unmodified response"
        case let .unevenRow(file, path, row, expected, actual):
            return "\(e(file)): row \(row + 1) (\(e(path))) has \(actual) entries but there are \(expected) destinations; the response is truncated or edited"
        case let .responseSizeMismatch(file, origins, destinations, stops):
            return "\(e(file)) has \(origins) origins × \(destinations) destinations but the itinerary has \(stops) stops; request the matrix with every stop, in itinerary order, as both origins and destinations, or use a tile cache that names the places"
        case let .indexOutOfRange(file, element, field, value, count):
            return "\(e(file)): element \(element) has \(field) \(value), but there are only \(count) places (0…\(count - 1)); the response belongs to another request"
        case let .conflictingElement(file, element, earlier, origin, destination):
            return "\(e(file)): elements \(earlier) and \(element) both answer origin \(origin) → destination \(destination) with different values; keep one response per request"
        case let .unsupportedCacheVersion(file, version):
            return "\(e(file)) is a RoutePlan tile cache of version \(e(version)), but only version 1 is supported; write \"routeplanMatrixCache\": 1"
        case let .unexpectedFormat(file, format, allowed):
            if allowed == [.googleTiles] {
                return "\(e(file)) is a folder, which is always read as a google-tiles cache, not as \(format.rawValue); leave out the format, or name a single file"
            }
            return "\(e(file)) is a response of format \(format.rawValue), but only \(allowed.map(\.rawValue).joined(separator: " or ")) is allowed there; make the cache's provider match its tiles, or put each service's responses in a cache of their own"
        case let .tileSizeMismatch(file, tile, origins, destinations, responseOrigins, responseDestinations):
            return "\(e(file)): tile \(tile + 1) lists \(origins) origins × \(destinations) destinations, but its response has \(responseOrigins) × \(responseDestinations); list the places exactly as they were sent in that request"
        case let .unknownPlace(file, tile, field, index, value):
            return "\(e(file)): tile \(tile + 1) \(field)[\(index)] is \(MessageText.quoted(value, limit: 80)), which is neither the placeID nor the name of any stop; use the stop's placeID or its exact name"
        case let .ambiguousPlace(file, tile, field, index, value, stops):
            let list = stops.map { "\($0 + 1)" }.joined(separator: ", ")
            return "\(e(file)): tile \(tile + 1) \(field)[\(index)] \(MessageText.quoted(value, limit: 80)) matches stops \(list); use a placeID, or give those stops different names"
        case let .conflictingPair(_, _, fromName, toName, first, firstSource, second, secondSource):
            return "\(e(firstSource)) says \(e(fromName)) → \(e(toName)) is \(first), but \(e(secondSource)) says \(second); keep only one answer per pair"
        case let .noTiles(file):
            return "\(e(file)) holds no tiles; add at least one *.json tile or a \"tiles\" array"
        case let .placeCountMismatch(places, coordinates):
            return "the observed matrix covers \(places) places but \(coordinates) coordinates were given; pass one coordinate per place, in the same order"
        }
    }
}

extension MatrixError {
    /// The error for JSON text that ``JSONReader`` refused.
    static func invalidJSON(file: String, _ problem: StrictJSON.Problem) -> MatrixError {
        .invalidJSON(file: file, line: problem.line, column: problem.column, reason: problem.reasonWithPath)
    }

    /// The error for an input file that ``InputFile`` refused.
    static func file(_ problem: InputFile.Problem) -> MatrixError {
        problem.isContentProblem ? .unusableFile(problem) : .unreadableFile(file: problem.path, reason: problem.reason)
    }
}
