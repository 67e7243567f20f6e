import Foundation

/// RoutePlan's cache of routing-engine responses that each cover part of a
/// travel matrix (format `google-tiles`, version 1).
///
/// One Distance Matrix request is capped at 25 origins, 25 destinations and
/// 100 elements, so the full matrix of a larger itinerary takes several
/// requests: for 30 stops, nine 10 × 10 requests. A service that makes those
/// requests saves each response body unchanged, together with the places it
/// asked about, as one *tile*:
///
/// ```json
/// {
///   "routeplanMatrixCache": 1,
///   "provider": "google",
///   "travelMode": "driving",
///   "tiles": [
///     {
///       "origins": ["ChIJ…", "Louvre Museum"],
///       "destinations": ["Louvre Museum", "Panthéon"],
///       "response": { "status": "OK", "rows": [ … ], … }
///     }
///   ]
/// }
/// ```
///
/// - `routeplanMatrixCache` (required): the format version, `1`.
/// - `provider` (optional): `google`, `routes` or `osrm`; every tile's
///   response must then be of that kind. Without it each response's kind is
///   recognised on its own.
/// - `travelMode` (optional): the travel mode the responses were requested
///   for (`driving`, `walking`, `bicycling`, `transit`), for the reader to
///   check against the itinerary.
/// - `tiles` (required, at least one): each with
///   - `origins` and `destinations`: the places of the request, in request
///     order. An entry is a stop's Google place ID or its exact name; place
///     IDs are tried first, then names. An entry that matches no stop, or a
///     name shared by several stops, is an error.
///   - `response`: the body as returned: a Google Distance Matrix response
///     (its rows and elements must be `origins` × `destinations`), an OSRM
///     `/table` response (sources × destinations), or a Routes API
///     `computeRouteMatrix` array (indices within the lists).
///
/// Tiles may overlap, and need not cover every pair: pairs no tile answers
/// stay ``ObservedMatrix/Pair/missing`` and are estimated later (see
/// ``TravelMatrices/completing(_:coordinates:fallback:)``). Two tiles that
/// give the same ordered pair different answers are an error; identical
/// answers are fine. Pairs of a stop with itself are ignored.
///
/// A cache may also be a folder: every `*.json` file in it (in name order;
/// hidden files are skipped) is either a whole cache file as above or one tile
/// object `{"origins": …, "destinations": …, "response": …}`. Errors name the
/// file and the tile (numbered from 1 in messages, from 0 in JSON paths such
/// as `tiles[2].response.rows[0]`).
public struct MatrixTileCache: Sendable, Hashable {
    /// One response and the places it answers.
    public struct Tile: Sendable, Hashable {
        /// The file the tile came from.
        public var file: String
        /// The tile's position in its file's `tiles` (0 for a one-tile file).
        public var index: Int
        /// Place IDs or names, one per response row.
        public var origins: [String]
        /// Place IDs or names, one per response column.
        public var destinations: [String]
        /// The kind of response.
        public var format: MatrixSourceFormat
        /// `origins.count` rows of `destinations.count` pairs.
        public var rows: [[ObservedMatrix.Pair]]
        /// Whether the response's durations include live traffic.
        public var usedTrafficDurations: Bool

        /// How messages name the tile: `cache.json tile 3`, or the file name
        /// of a one-tile file.
        public var source: String { isWholeFile ? file : "\(file) tile \(index + 1)" }
        var isWholeFile: Bool
    }

    /// The cache's `provider`, if it names one.
    public var provider: MatrixSourceFormat?
    /// The cache's `travelMode`, if it names one.
    public var travelMode: String?
    /// Every tile, in file order.
    public var tiles: [Tile]

    /// Reads one cache file, or one tile object.
    ///
    /// - Throws: ``MatrixError/invalidJSON(file:line:column:reason:)``,
    ///   ``MatrixError/unsupportedCacheVersion(file:version:)``,
    ///   ``MatrixError/noTiles(file:)``,
    ///   ``MatrixError/tileSizeMismatch(file:tile:origins:destinations:responseOrigins:responseDestinations:)``,
    ///   ``MatrixError/unexpectedFormat(file:format:allowed:)``, or any error
    ///   of the response inside a tile.
    /// - Complexity: O(total elements).
    public init(_ data: Data, fileName: String, preferTraffic: Bool) throws {
        try self.init(JSONNode(MatrixSource.parseJSON(data, file: fileName), file: fileName), preferTraffic: preferTraffic)
    }

    /// Reads every `*.json` file of a folder, in name order.
    ///
    /// Each file is read with ``InputFile/read(_:limit:what:)``, so an entry
    /// that is a folder, a named pipe or a device, or a file larger than
    /// `sizeLimit` (64 MiB unless given), fails before its content is read.
    ///
    /// - Throws: as ``init(_:fileName:preferTraffic:)``, and
    ///   ``MatrixError/unreadableFile(file:reason:)``,
    ///   ``MatrixError/unusableFile(_:)``,
    ///   ``MatrixError/noTiles(file:)`` for a folder without `*.json` files,
    ///   ``MatrixError/invalidField(file:path:value:expected:)`` when two
    ///   files name different travel modes.
    public init(folder: URL, preferTraffic: Bool, sizeLimit: Int = InputFile.defaultLimit) throws {
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
                .filter { $0.lowercased().hasSuffix(".json") && !$0.hasPrefix(".") }
                .sorted()
        } catch {
            throw MatrixError.unreadableFile(file: folder.path, reason: error.localizedDescription)
        }
        guard !names.isEmpty else { throw MatrixError.noTiles(file: folder.path) }
        tiles = []
        provider = nil
        travelMode = nil
        // Messages name each file with the folder as it was given, so that
        // "tiles/b.json" can be found where "b.json" might be anywhere.
        let shownFolder = folder.relativePath.hasSuffix("/") ? folder.relativePath : folder.relativePath + "/"
        for entry in names {
            let name = shownFolder + entry
            let data = try MatrixSource.contents(of: folder.appendingPathComponent(entry), limit: sizeLimit)
            let part = try MatrixTileCache(JSONNode(MatrixSource.parseJSON(data, file: name), file: name),
                                           preferTraffic: preferTraffic)
            if let mode = part.travelMode {
                if let travelMode, travelMode != mode {
                    throw MatrixError.invalidField(file: name, path: "travelMode", value: "the string \(MessageText.quoted(mode))",
                                                   expected: "\(MessageText.quoted(travelMode)) like the other files of the folder")
                }
                travelMode = mode
            }
            provider = provider ?? part.provider
            tiles += part.tiles
        }
    }

    init(_ root: JSONNode, preferTraffic: Bool) throws {
        let members = try root.object()
        guard members["tiles"] != nil || members["routeplanMatrixCache"] != nil else {
            // A one-tile file.
            guard members["origins"] != nil || members["response"] != nil else {
                throw MatrixError.missingField(file: root.file, path: "origins",
                                               expected: "a tile {\"origins\", \"destinations\", \"response\"} or a cache with \"routeplanMatrixCache\": 1 and \"tiles\"")
            }
            provider = nil
            travelMode = nil
            tiles = [try Self.tile(root, index: 0, isWholeFile: true, provider: nil, preferTraffic: preferTraffic)]
            return
        }
        let version = try root.required("routeplanMatrixCache", expected: "the format version 1")
        guard version.value == .number(1) else {
            throw MatrixError.unsupportedCacheVersion(file: root.file, version: version.value.summary)
        }
        if let node = root.optional("provider") {
            let name = try node.string()
            guard let format = MatrixSourceFormat(rawValue: name), format != .googleTiles else {
                throw node.invalid(expected: "a provider: google, routes or osrm")
            }
            provider = format
        } else {
            provider = nil
        }
        travelMode = try root.optional("travelMode")?.string()
        let tileNodes = try root.required("tiles", expected: "an array of tiles").array(of: "tiles")
        guard !tileNodes.isEmpty else { throw MatrixError.noTiles(file: root.file) }
        let expected = provider
        tiles = try tileNodes.enumerated().map { k, node in
            try Self.tile(node, index: k, isWholeFile: false, provider: expected, preferTraffic: preferTraffic)
        }
    }

    private static func tile(_ node: JSONNode, index k: Int, isWholeFile: Bool, provider: MatrixSourceFormat?,
                             preferTraffic: Bool) throws -> Tile {
        let origins = try node.required("origins", expected: "an array of place IDs or names").array(of: "strings").map { try $0.string() }
        let destinations = try node.required("destinations", expected: "an array of place IDs or names").array(of: "strings").map { try $0.string() }
        let response = try node.required("response", expected: "the routing engine's response body")
        let allowed: [MatrixSourceFormat] = provider.map { [$0] } ?? [.google, .routes, .osrm]
        guard let format = MatrixSourceFormat.detect(in: response.value) ?? provider else {
            throw MatrixError.unrecognizedMatrixFormat(file: "\(node.file) \(response.path)", found: response.value.summary)
        }
        guard allowed.contains(format) else {
            throw MatrixError.unexpectedFormat(file: "\(node.file) \(response.path)", format: format, allowed: allowed)
        }
        let rows: [[ObservedMatrix.Pair]]
        let columns: Int
        let traffic: Bool
        switch format {
        case .google:
            let parsed = try GoogleDistanceMatrixResponse(response, preferTraffic: preferTraffic)
            (rows, columns, traffic) = (parsed.rows, parsed.destinations, parsed.usedTrafficDurations)
        case .osrm:
            let parsed = try OSRMTableResponse(response)
            (rows, columns, traffic) = (parsed.rows, parsed.destinations, false)
        case .routes:
            let parsed = try RoutesMatrixResponse(response, preferTraffic: preferTraffic)
            rows = try parsed.rows(origins: origins.count, destinations: destinations.count,
                                   fileName: "\(node.file) \(response.path)")
            (columns, traffic) = (destinations.count, parsed.usedTrafficDurations)
        case .googleTiles:
            preconditionFailure("excluded by `allowed`")
        }
        guard rows.count == origins.count, columns == destinations.count else {
            throw MatrixError.tileSizeMismatch(file: node.file, tile: k, origins: origins.count, destinations: destinations.count,
                                               responseOrigins: rows.count, responseDestinations: columns)
        }
        return Tile(file: node.file, index: k, origins: origins, destinations: destinations, format: format,
                    rows: rows, usedTrafficDurations: traffic, isWholeFile: isWholeFile)
    }

    /// Places every tile's answers in the matrix of `stops`.
    ///
    /// - Throws: ``MatrixError/unknownPlace(file:tile:field:index:value:)``,
    ///   ``MatrixError/ambiguousPlace(file:tile:field:index:value:stops:)``,
    ///   ``MatrixError/conflictingPair(from:to:fromName:toName:first:firstSource:second:secondSource:)``.
    /// - Complexity: O(n² + total elements) for *n* stops.
    public func observedMatrix(stops: [StopKey]) throws -> ObservedMatrix {
        var byPlaceID: [String: [Int]] = [:]
        var byName: [String: [Int]] = [:]
        for (i, stop) in stops.enumerated() {
            if let id = stop.placeID { byPlaceID[id, default: []].append(i) }
            byName[stop.name, default: []].append(i)
        }
        func resolve(_ tile: Tile, _ field: String, _ entries: [String]) throws -> [Int] {
            try entries.enumerated().map { index, value in
                guard let matches = byPlaceID[value] ?? byName[value] else {
                    throw MatrixError.unknownPlace(file: tile.file, tile: tile.index, field: field, index: index, value: value)
                }
                guard matches.count == 1 else {
                    throw MatrixError.ambiguousPlace(file: tile.file, tile: tile.index, field: field, index: index,
                                                     value: value, stops: matches)
                }
                return matches[0]
            }
        }

        let n = stops.count
        var matrix = ObservedMatrix(count: n)
        var answeredBy = [Int](repeating: -1, count: n * n)  // tile that set each pair
        for (t, tile) in tiles.enumerated() {
            let rowStops = try resolve(tile, "origins", tile.origins)
            let columnStops = try resolve(tile, "destinations", tile.destinations)
            matrix.usedTrafficDurations = matrix.usedTrafficDurations || tile.usedTrafficDurations
            for (r, i) in rowStops.enumerated() {
                for (c, j) in columnStops.enumerated() where i != j {
                    let pair = tile.rows[r][c]
                    if pair == .missing { continue }
                    let earlier = answeredBy[i * n + j]
                    if earlier >= 0 {
                        guard matrix[i, j] == pair else {
                            throw MatrixError.conflictingPair(from: i, to: j, fromName: stops[i].name, toName: stops[j].name,
                                                              first: matrix[i, j], firstSource: tiles[earlier].source,
                                                              second: pair, secondSource: tile.source)
                        }
                        continue
                    }
                    answeredBy[i * n + j] = t
                    matrix[i, j] = pair
                }
            }
        }
        return matrix
    }
}
