import RoutePlanMatrix
import RoutePlanSolver

/// Everything that can go wrong between an itinerary file and a planned route.
///
/// Input errors carry the file (when read from one), the field as a path
/// such as `placesToGo[3].location.lat`, the offending value and what to do;
/// ``description`` is one sentence naming all of them.
public enum PlanningError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The file could not be read.
    case unreadableFile(file: String, reason: String)
    /// The text is not valid JSON.
    case malformedJSON(file: String?, detail: String)
    /// The text breaks a rule of strict JSON (duplicate keys, numbers out of
    /// range, a UTF-16 file, …) at a line, column and field path.
    case invalidJSON(file: String?, problem: StrictJSON.Problem)
    /// The file is no itinerary to read: past its size cap, binary, in
    /// another encoding, not a regular file.
    case unusableFile(file: String, problem: InputFile.Problem)
    /// A required field is absent.
    case missingField(file: String?, field: String)
    /// A field has the wrong JSON type.
    case wrongType(file: String?, field: String, expected: String)
    /// `placesToGo` is empty.
    case noPlaces(file: String?)
    /// A latitude or longitude outside its range, or not a number.
    case invalidCoordinate(file: String?, field: String, value: Double, range: ClosedRange<Double>)
    /// A field whose value is not one of the allowed ones.
    case unknownValue(file: String?, field: String, value: String, allowed: [String])
    /// A number outside the range its field allows.
    case outOfRange(file: String?, field: String, value: String, allowed: String)
    /// A start or end that names no stop.
    case unknownStop(file: String?, field: String, value: String)
    /// A start or end name shared by several places.
    case ambiguousStop(file: String?, field: String, value: String, matches: Int)
    /// Two stops with the same place ID.
    case duplicatePlaceID(file: String?, placeID: String, first: String, second: String)
    /// An empty name.
    case emptyName(file: String?, field: String)
    /// A date, time or opening-hours value written the wrong way, e.g. a
    /// date that is not `YYYY-MM-DD`; `expected` says how to write it.
    case invalidValue(file: String?, field: String, value: String, expected: String)
    /// A date (of `days`, `allowedDates`, `fixedStart`) outside the trip's dates.
    case dateOutsideTrip(file: String?, field: String, date: String, first: String, last: String)
    /// Fields that contradict each other (an end before a start, a break
    /// longer than its window, a date given twice); `problem` says what,
    /// `fix` what to do.
    case conflictingValues(file: String?, field: String, problem: String, fix: String)
    /// A trip longer than ``Itinerary/maximumTripDays``.
    case tripTooLong(file: String?, days: Int, limit: Int)
    /// A field that needs the trip's dates (`days`, `allowedDates`,
    /// `fixedStart`, or scheduling at all) in an itinerary without `startDate`.
    case needsTripDates(file: String?, field: String)
    /// A day of the trip with no place to start or end from (no lodging,
    /// no `days[].lodging`, `startAt` or `endAt`).
    case noPlaceForDay(file: String?, date: String, end: Bool)
    /// A schedule travel matrix for a different number of places than ``Itinerary/scheduleStops``.
    case scheduleMatrixSize(matrixPlaces: Int, stops: Int)
    /// The solver refused or failed.
    case solver(SolverError)
    /// Building the cost matrix failed.
    case matrix(MatrixError)
    /// A routing-engine matrix for a different number of places.
    case matrixSize(matrixPlaces: Int, stops: Int)
    /// Places that no route can arrive at or leave, by name.
    case unreachablePlaces(cannotReach: [String], cannotLeave: [String])
    /// Every order of the stops needs a pair the routing engine could not route.
    case noRouteAroundUnreachablePairs(unreachablePairs: Int, stops: Int)
    /// More stops than ``Planner/Limits/maxStops``.
    case tooManyStops(stops: Int, limit: Int)
    /// The plan would use more memory than ``Planner/Limits/maxBytes``.
    case planTooLarge(stops: Int, requiredBytes: Int, limitBytes: Int)

    /// What kind of failure this is (see ``ErrorCategory``): hosts map the
    /// category to their own codes (exit statuses, HTTP statuses).
    public var category: ErrorCategory {
        switch self {
        case .solver(let error): return error.category
        case let .unusableFile(_, problem): return problem.category
        case .matrix(let error): return error.category
        case .unreachablePlaces, .noRouteAroundUnreachablePairs: return .infeasible
        case .tooManyStops, .planTooLarge: return .tooLarge
        case .unreadableFile, .malformedJSON, .invalidJSON, .missingField, .wrongType, .noPlaces, .invalidCoordinate, .unknownValue,
             .outOfRange,
             .unknownStop, .ambiguousStop, .duplicatePlaceID, .emptyName, .matrixSize,
             .invalidValue, .dateOutsideTrip, .conflictingValues, .tripTooLong, .needsTripDates, .noPlaceForDay,
             .scheduleMatrixSize:
            return .badInput
        }
    }

    /// The field path the error is about (e.g. `placesToGo[3].location.lat`), when it has one.
    public var field: String? {
        switch self {
        case let .missingField(_, field), let .wrongType(_, field, _), let .invalidCoordinate(_, field, _, _),
             let .outOfRange(_, field, _, _),
             let .unknownValue(_, field, _, _), let .unknownStop(_, field, _), let .ambiguousStop(_, field, _, _),
             let .emptyName(_, field), let .invalidValue(_, field, _, _), let .dateOutsideTrip(_, field, _, _, _),
             let .conflictingValues(_, field, _, _), let .needsTripDates(_, field):
            return field
        case .tripTooLong: return "endDate"
        case .noPlaceForDay: return "lodging"
        case .noPlaces: return "placesToGo"
        case let .invalidJSON(_, problem): return problem.path.isEmpty ? nil : problem.path
        default: return nil
        }
    }

    /// A byte count as people read it ("1.6 GB").
    static func bytes(_ count: Int) -> String {
        if count == .max { return "more than 9 EB" }
        let units = ["bytes", "kB", "MB", "GB", "TB", "PB", "EB"]
        var value = Double(count)
        var unit = 0
        while value >= 1000 && unit < units.count - 1 { value /= 1000; unit += 1 }
        return unit == 0 ? "\(count) bytes" : "\((value * 10).rounded() / 10) \(units[unit])"
    }

    public var description: String {
        // "file: field: " before the message, leaving out what is unknown.
        func at(_ file: String?, _ field: String? = nil) -> String {
            [file, field].compactMap { $0 }.map { $0 + ": " }.joined()
        }
        switch self {
        case let .unreadableFile(file, reason):
            return "\(file): cannot read the file (\(reason)); check the path"
        case let .malformedJSON(file, detail):
            return "\(at(file))not valid JSON (\(detail)); fix the syntax"
        case let .invalidJSON(file, problem):
            return "\(at(file))not valid JSON: \(problem.description); fix the file"
        case let .unusableFile(_, problem):
            return problem.description
        case let .missingField(file, field):
            return "\(at(file, field))required field is missing; add it"
        case let .wrongType(file, field, expected):
            return "\(at(file, field))expected \(expected)"
        case let .noPlaces(file):
            return "\(at(file, "placesToGo"))the list is empty; add at least one place to visit"
        case let .invalidCoordinate(file, field, value, range):
            let shown = value.isNaN ? "NaN" : "\(value)"
            return "\(at(file, field))\(shown) is not a valid coordinate; it must be a number from \(Int(range.lowerBound)) to \(Int(range.upperBound))"
        case let .unknownValue(file, field, value, allowed):
            return "\(at(file, field))unknown value \"\(value)\"; use one of \(allowed.joined(separator: ", "))"
        case let .outOfRange(file, field, value, allowed):
            return "\(at(file, field))\(value) is out of range; use \(allowed)"
        case let .unknownStop(file, field, value):
            return "\(at(file, field))\"\(value)\" names no stop; use \"lodging\", \"any\" (end only), or a placeID or exact name from placesToGo"
        case let .ambiguousStop(file, field, value, matches):
            return "\(at(file, field))\"\(value)\" matches \(matches) places; use the placeID instead"
        case let .duplicatePlaceID(file, placeID, first, second):
            return "\(at(file, second))placeID \"\(placeID)\" is already used by \(first); each place must appear once"
        case let .emptyName(file, field):
            return "\(at(file, field))the name is empty; give every place a name"
        case let .invalidValue(file, field, value, expected):
            return "\(at(file, field))\"\(value)\" is not valid; write \(expected)"
        case let .dateOutsideTrip(file, field, date, first, last):
            let what = first == last ? "is not the trip's one day, \(first)" : "is not a day of the trip, \(first) to \(last)"
            return "\(at(file, field))\(date) \(what); use a date of the trip or change startDate/endDate"
        case let .conflictingValues(file, field, problem, fix):
            return "\(at(file, field))\(problem); \(fix)"
        case let .tripTooLong(file, days, limit):
            return "\(at(file, "endDate"))the trip lasts \(days) days, more than the limit of \(limit); plan it in shorter trips"
        case let .needsTripDates(file, field):
            return "\(at(file, field))needs the trip's dates; add startDate (\"YYYY-MM-DD\") and, for more than one day, endDate"
        case let .noPlaceForDay(file, date, end):
            let what = end ? "end" : "start"
            return "\(at(file))\(date) has no place to \(what) the day at; add a lodging, or a days entry for \(date) with lodging, startAt or endAt"
        case let .scheduleMatrixSize(places, stops):
            return "the travel matrix covers \(places) places but scheduling needs \(stops) (lodging, then placesToGo, then the further places of days); use a matrix made for this itinerary"
        case let .solver(error):
            return error.description
        case let .matrix(error):
            return error.description
        case let .matrixSize(places, stops):
            return "the travel matrix covers \(places) places but the itinerary has \(stops) stops (lodging first, then placesToGo); use a matrix made for this itinerary"
        case let .unreachablePlaces(cannotReach, cannotLeave):
            func quoted(_ names: [String]) -> String { names.map { "\"\($0)\"" }.joined(separator: ", ") }
            var parts: [String] = []
            if !cannotReach.isEmpty { parts.append("no other stop can reach \(quoted(cannotReach))") }
            if !cannotLeave.isEmpty { parts.append("\(quoted(cannotLeave)) cannot reach any other stop") }
            return "no route visits every stop: " + parts.joined(separator: "; ") + " (the routing engine found no route); remove those places or make them the start or end"
        case let .noRouteAroundUnreachablePairs(pairs, stops):
            return "no order of the \(stops) stops avoids the \(pairs) pairs the routing engine could not route; check the matrix for places cut off from the rest"
        case let .tooManyStops(stops, limit):
            return "the itinerary has \(stops) stops, more than the limit of \(limit); split it into smaller itineraries"
        case let .planTooLarge(stops, required, limit):
            return "planning \(stops) stops needs about \(Self.bytes(required)) of memory, more than the limit of \(Self.bytes(limit)); use fewer places"
        }
    }
}
