import Foundation
import RoutePlanExport
import RoutePlanMatrix

extension Itinerary {
    /// The largest itinerary file read: 64 MiB (a million places).
    public static let maximumFileBytes = InputFile.defaultLimit

    /// Reads and validates an itinerary file.
    ///
    /// The file is checked before it is read: a regular file (not a folder,
    /// pipe or device), at most `limit` bytes, text rather than binary or
    /// UTF-16/32.
    ///
    /// - Throws: ``PlanningError`` naming the file and the field at fault.
    public init(contentsOf url: URL, limit: Int = maximumFileBytes) throws {
        let data: Data
        do {
            data = try InputFile.read(url, limit: limit, what: "itinerary")
        } catch {
            if error.isContentProblem { throw PlanningError.unusableFile(file: url.path, problem: error) }
            throw PlanningError.unreadableFile(file: url.path, reason: error.reason)
        }
        try self.init(json: data, fileName: url.path)
    }

    /// Decodes and validates an itinerary from JSON.
    ///
    /// - Parameter fileName: named in error messages.
    /// - Throws: ``PlanningError`` naming the field at fault, e.g.
    ///   `placesToGo[2].location.lat`.
    public init(json data: Data, fileName: String? = nil) throws {
        // Strict JSON first (duplicate keys, numbers out of range, encodings,
        // nesting), with line, column and field path: Foundation's decoder
        // keeps the first of duplicate keys silently and names no position.
        do {
            try StrictJSON.check(data)
        } catch {
            throw PlanningError.invalidJSON(file: fileName, problem: error)
        }
        let decoder = JSONDecoder()
        decoder.userInfo[.itineraryFileName] = fileName
        do {
            self = try decoder.decode(Itinerary.self, from: data)
        } catch let error as PlanningError {
            throw error
        } catch let error as DecodingError {
            if case let .dataCorrupted(context) = error, context.codingPath.isEmpty {
                throw PlanningError.malformedJSON(file: fileName, detail: Self.syntaxProblem(in: data))
            }
            throw PlanningError(error, file: fileName)
        }
        try validate(fileName: fileName)
    }

    /// Where and why `data` is not JSON, e.g. "Invalid value at line 3,
    /// column 5" (the decoder itself only says that it is not).
    static func syntaxProblem(in data: Data) -> String {
        let detail: String
        do {
            _ = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
            return "the document is not an object"
        } catch {
            detail = ((error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String) ?? "\(error)"
        }
        // JSONSerialization reports a byte offset ("around character 20"); turn it into line and column.
        guard let range = detail.range(of: #"character (\d+)"#, options: .regularExpression),
              let offset = Int(detail[range].dropFirst("character ".count)) else {
            return detail.hasSuffix(".") ? String(detail.dropLast()) : detail
        }
        let prefix = data.prefix(offset)
        let line = prefix.filter { $0 == UInt8(ascii: "\n") }.count + 1
        let column = offset - (prefix.lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? 0) + 1
        let reason = detail[..<range.lowerBound].replacingOccurrences(of: " around ", with: "").trimmingCharacters(in: .whitespaces)
        return "\(reason) at line \(line), column \(column)"
    }

    /// Checks what decoding alone cannot: at least one place, coordinates in
    /// range, non-empty names, unique place IDs, start/end that name a stop,
    /// and the trip fields (see ``validateTrip(fileName:)``).
    public func validate(fileName: String? = nil) throws {
        guard !placesToGo.isEmpty else { throw PlanningError.noPlaces(file: fileName) }
        var seen: [String: String] = [:]
        for (field, place) in fieldedStops {
            guard !place.name.trimmingCharacters(in: .whitespaces).isEmpty else {
                throw PlanningError.emptyName(file: fileName, field: "\(field).name")
            }
            for (key, value, range) in [("lat", place.latitude, -90.0...90.0), ("lng", place.longitude, -180.0...180.0)]
            where !(value.isFinite && range.contains(value)) {
                throw PlanningError.invalidCoordinate(file: fileName, field: "\(field).location.\(key)",
                                                      value: value, range: range)
            }
            if let id = place.placeID {
                if let first = seen[id] {
                    throw PlanningError.duplicatePlaceID(file: fileName, placeID: id, first: first,
                                                         second: "\(field).placeID")
                }
                seen[id] = field
            }
        }
        if let start = route.start { _ = try resolve(start, field: "route.start", fileName: fileName) }
        if let end = route.end { _ = try resolve(end, field: "route.end", fileName: fileName) }
        try validateTrip(fileName: fileName)
    }

    /// The stops with the field path that holds each.
    var fieldedStops: [(field: String, place: Place)] {
        (lodging.map { [("lodging", $0)] } ?? []) + placesToGo.enumerated().map { ("placesToGo[\($0.offset)]", $0.element) }
    }

    /// The index in ``stops`` that `reference` names, or `nil` for `.any`.
    func resolve(_ reference: StopReference, field: String, fileName: String?) throws -> Int? {
        switch reference {
        case .any:
            return nil
        case .lodging:
            guard lodging != nil else { throw PlanningError.unknownStop(file: fileName, field: field, value: "lodging") }
            return 0
        case let .place(text):
            let offset = lodging == nil ? 0 : 1
            if let byID = placesToGo.firstIndex(where: { $0.placeID == text }) { return byID + offset }
            let byName = placesToGo.indices.filter { placesToGo[$0].name == text }
            if byName.count > 1 {
                throw PlanningError.ambiguousStop(file: fileName, field: field, value: text, matches: byName.count)
            }
            guard let index = byName.first else {
                throw PlanningError.unknownStop(file: fileName, field: field, value: text)
            }
            return index + offset
        }
    }
}

extension CodingUserInfoKey {
    static let itineraryFileName = CodingUserInfoKey(rawValue: "routeplan.itineraryFileName")!
}

/// The itinerary file's JSON: decoding gives the same field-path errors as
/// ``Itinerary/init(json:fileName:)`` (without the range checks of
/// ``Itinerary/validate(fileName:)``, which a caller runs after), encoding
/// writes the file format back.
extension Itinerary: Codable {
    private enum Keys: String, CodingKey { case name, startDate, endDate, lodging, placesToGo, route, days }

    /// The keys of the `route` object, refused at the top level.
    static let routeKeys = ["travelMode", "optimizeFor", "start", "end", "dayStart", "dayEnd"]

    private struct AnyKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(_ string: String) { stringValue = string }
        init?(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    public init(from decoder: Decoder) throws {
        let file = decoder.userInfo[.itineraryFileName] as? String
        let root = try decoder.container(keyedBy: Keys.self)
        // Route settings written at the top level would be ignored silently.
        let top = try decoder.container(keyedBy: AnyKey.self)
        for misplaced in Self.routeKeys where top.contains(AnyKey(misplaced)) {
            throw PlanningError.conflictingValues(
                file: file, field: misplaced, problem: "is a route setting, and is ignored at the top level",
                fix: "move it into the route object: \"route\": {\"\(misplaced)\": …}")
        }
        let name = try root.decodeIfPresent(String.self, forKey: .name)
        let startDate = try root.decodeDate(.startDate, file: file, dateTimeAllowed: true)
        let endDate = try root.decodeDate(.endDate, file: file, dateTimeAllowed: true)
        let lodging = try root.decodeIfPresent(DecodedPlace.self, forKey: .lodging)?.place
        guard root.contains(.placesToGo) else { throw PlanningError.missingField(file: file, field: "placesToGo") }
        let places = try root.decode([DecodedVisitPlace].self, forKey: .placesToGo)
        var settings = RouteSettings()
        if root.contains(.route), try !root.decodeNil(forKey: .route) {
            settings = try root.decode(RouteSettings.self, forKey: .route)
        }
        let days = try root.decodeIfPresent([Day].self, forKey: .days) ?? []
        // No scheduling fields at all: keep `visits` empty, as for an itinerary made in code.
        let visits = places.map(\.visit)
        self.init(name: name, lodging: lodging, placesToGo: places.map(\.place), route: settings,
                  startDate: startDate, endDate: endDate, days: days,
                  visits: visits.allSatisfy { $0 == Visit() } ? [] : visits)
    }

    public func encode(to encoder: Encoder) throws {
        var root = encoder.container(keyedBy: Keys.self)
        try root.encodeIfPresent(name, forKey: .name)
        try root.encodeIfPresent(startDate?.description, forKey: .startDate)
        try root.encodeIfPresent(endDate?.description, forKey: .endDate)
        try root.encodeIfPresent(lodging, forKey: .lodging)
        try root.encode(placesToGo.indices.map { EncodedVisitPlace(place: placesToGo[$0], visit: visit($0)) },
                        forKey: .placesToGo)
        if route != RouteSettings() { try root.encode(route, forKey: .route) }
        if !days.isEmpty { try root.encode(days, forKey: .days) }
    }
}

/// The `route` object: `travelMode` and `optimizeFor` checked against their
/// allowed values, `start` and `end` as stop references.
extension Itinerary.RouteSettings: Codable {
    private enum Keys: String, CodingKey { case travelMode, optimizeFor, start, end, dayStart, dayEnd }

    public init(from decoder: Decoder) throws {
        let file = decoder.userInfo[.itineraryFileName] as? String
        let route = try decoder.container(keyedBy: Keys.self)
        func path(_ key: Keys) -> String {
            (route.codingPath + [key]).map(\.stringValue).joined(separator: ".")
        }
        self.init()
        if let mode = try route.decodeIfPresent(String.self, forKey: .travelMode) {
            guard let value = TravelMode(rawValue: mode) else {
                throw PlanningError.unknownValue(file: file, field: path(.travelMode), value: mode,
                                                 allowed: TravelMode.allCases.map(\.rawValue))
            }
            travelMode = value
        }
        if let objective = try route.decodeIfPresent(String.self, forKey: .optimizeFor) {
            guard let value = Objective(rawValue: objective) else {
                throw PlanningError.unknownValue(file: file, field: path(.optimizeFor), value: objective,
                                                 allowed: Objective.allCases.map(\.rawValue))
            }
            optimizeFor = value
        }
        start = try route.decodeIfPresent(String.self, forKey: .start).map(StopReference.init)
        end = try route.decodeIfPresent(String.self, forKey: .end).map(StopReference.init)
        dayStart = try route.decodeTime(.dayStart, file: file)
        dayEnd = try route.decodeTime(.dayEnd, file: file)
    }

    public func encode(to encoder: Encoder) throws {
        var route = encoder.container(keyedBy: Keys.self)
        try route.encodeIfPresent(travelMode, forKey: .travelMode)
        try route.encodeIfPresent(optimizeFor, forKey: .optimizeFor)
        try route.encodeIfPresent(start?.description, forKey: .start)
        try route.encodeIfPresent(end?.description, forKey: .end)
        try route.encodeIfPresent(dayStart?.description, forKey: .dayStart)
        try route.encodeIfPresent(dayEnd?.description, forKey: .dayEnd)
    }
}

/// A stop reference in JSON: `"lodging"`, `"any"`, or a place ID or name.
extension StopReference: Codable {
    public init(from decoder: Decoder) throws {
        self.init(try decoder.singleValueContainer().decode(String.self))
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}

struct DecodedPlace: Decodable {
    let place: Itinerary.Place

    private enum Keys: String, CodingKey { case name, placeID, location }
    private enum LocationKeys: String, CodingKey { case lat, lng }

    init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: Keys.self)
        let location = try container.nestedContainer(keyedBy: LocationKeys.self, forKey: .location)
        place = Itinerary.Place(
            name: try container.decode(String.self, forKey: .name),
            placeID: try container.decodeIfPresent(String.self, forKey: .placeID),
            latitude: try location.decode(Double.self, forKey: .lat),
            longitude: try location.decode(Double.self, forKey: .lng))
    }
}

extension PlanningError {
    /// Translates a decoding failure into the field-path error users see.
    /// A coding path as a field path: `placesToGo[3].location.lat`.
    static func fieldPath(_ codingPath: [CodingKey]) -> String {
        var text = ""
        for key in codingPath {
            if let index = key.intValue { text += "[\(index)]" } else { text += text.isEmpty ? key.stringValue : ".\(key.stringValue)" }
        }
        return text.isEmpty ? "(top level)" : text
    }

    public init(_ error: DecodingError, file: String?) {
        func path(_ codingPath: [CodingKey], _ last: CodingKey? = nil) -> String {
            Self.fieldPath(codingPath + (last.map { [$0] } ?? []))
        }
        switch error {
        case let .keyNotFound(key, context):
            self = .missingField(file: file, field: path(context.codingPath, key))
        case let .valueNotFound(type, context):
            self = .wrongType(file: file, field: path(context.codingPath), expected: Self.jsonKind(type) + ", found null")
        case let .typeMismatch(type, context):
            self = .wrongType(file: file, field: path(context.codingPath), expected: Self.jsonKind(type))
        case let .dataCorrupted(context):
            if context.codingPath.isEmpty {
                let detail = (context.underlyingError as NSError?)?.userInfo[NSDebugDescriptionErrorKey] as? String
                self = .malformedJSON(file: file, detail: detail ?? context.debugDescription)
            } else {
                self = .wrongType(file: file, field: path(context.codingPath), expected: context.debugDescription)
            }
        @unknown default:
            self = .malformedJSON(file: file, detail: "\(error)")
        }
    }

    private static func jsonKind(_ type: Any.Type) -> String {
        switch type {
        case is String.Type: return "a string"
        case is Double.Type, is Int.Type: return "a number"
        case is Bool.Type: return "true or false"
        case is [Any].Type: return "an array"
        default: return "an object"
        }
    }
}
