// What the `itinerary` fuzz target does with one input. This file is compiled
// twice: here, where FuzzRegressionTests replays the committed crash inputs
// in Fixtures/fuzz-regressions/itinerary/, and (through a symbolic link) in
// Tests/Fuzz/Sources/FuzzItinerary. `fuzzCheck` reports a broken invariant:
// a trap under the fuzzer, a test issue here.

import Foundation
@testable import RoutePlan
import RoutePlanExport
import RoutePlanMatrix
import RoutePlanSolver
#if canImport(FuzzSupport)
import FuzzSupport
#else
import FuzzReplay
#endif

/// Itinerary files and planner options.
///
/// Foundation's JSONDecoder is not instrumented, so coverage feedback only
/// sees the project's own decoding and validation code. Each input is
/// therefore used twice:
///
/// 1. as JSON: `Itinerary(json:fileName:)` (decoding, field-path errors,
///    validation) and `Planner.Options` decoding; what decodes is validated
///    again, its endpoints resolved, its matrices estimated, its links built,
///    and it must survive an encode/decode round trip unchanged. A trip (one
///    with a `startDate`) also has its opening hours checked and its schedule
///    problem built, validated and, when small, solved briefly with no rule
///    broken (`OpeningHoursFuzzHarness.checkSchedule`, in the file beside this one);
/// 2. as a recipe for an `Itinerary` value built directly (names, place IDs,
///    any Double bit patterns, start/end references), which goes through
///    `validate()` and, when valid, the same checks, including the trip
///    through JSON and back.
enum ItineraryFuzzHarness {
    static func run(_ bytes: [UInt8]) {
        let data = Data(bytes)
        var options = Planner.Options()
        if let decoded = try? JSONDecoder().decode(Planner.Options.self, from: data) {
            options = decoded
            checkRoundTrip(decoded)
        }
        do {
            let itinerary = try Itinerary(json: data, fileName: "fuzz.json")
            exercise(itinerary, options: options)
        } catch {
            _ = "\(error)"  // every error must describe itself without trapping
        }
        let built = buildItinerary(bytes)
        if (try? built.validate(fileName: "built")) != nil {
            exercise(built, options: options)
        }
    }

    /// What a service does with a valid itinerary before solving.
    static func exercise(_ itinerary: Itinerary, options: Planner.Options) {
        do {
            try itinerary.validate(fileName: "again")
        } catch {
            fuzzCheck(false, "a decoded itinerary failed validation: \(error)")
        }
        let stops = itinerary.stops
        fuzzCheck(stops.count == itinerary.placesToGo.count + (itinerary.lodging == nil ? 0 : 1), "stop count")
        _ = stops.map { StopKey(name: $0.name, placeID: $0.placeID) }
        let endpoints = try? Planner.endpoints(for: itinerary, options: options)
        if let endpoints {
            for index in [endpoints.start, endpoints.end].compactMap({ $0 }) {
                fuzzCheck(stops.indices.contains(index), "endpoint \(index) of \(stops.count) stops")
            }
        }
        let mode = options.travelMode ?? itinerary.route.travelMode ?? .driving
        if stops.count <= 64 {
            let coordinates = stops.map { Coordinate(latitude: $0.latitude, longitude: $0.longitude) }
            do {
                let matrices = try TravelMatrices.estimate(from: coordinates, model: mode.timeModel)
                if let endpoints {
                    try? Planner.checkReachability(matrices.durations, endpoints: endpoints, stops: stops)
                }
            } catch {
                fuzzCheck(false, "a valid itinerary's coordinates were refused: \(error)")
            }
            _ = options.links.links(for: stops, travelMode: mode)
        }
        checkRoundTrip(itinerary)
        if itinerary.startDate != nil { checkTrip(itinerary) }
    }

    /// A trip's opening hours on its first two weeks' dates, and its schedule problem.
    static func checkTrip(_ itinerary: Itinerary) {
        let dates = itinerary.tripDates.prefix(14)
        for index in itinerary.placesToGo.indices {
            let visit = itinerary.visit(index)
            guard let hours = visit.openingHours else { continue }
            OpeningHoursFuzzHarness.checkWeekly(hours)
            let closed = Set(visit.closedDates)
            for date in dates {
                OpeningHoursFuzzHarness.checkIntervals(hours.intervals(on: date, closedDates: closed), on: date, of: hours,
                                                       closed: closed.contains(date))
            }
        }
        OpeningHoursFuzzHarness.checkSchedule(itinerary)
    }

    /// Encoding a valid itinerary and reading it back gives the same itinerary.
    static func checkRoundTrip(_ itinerary: Itinerary) {
        let data: Data
        do {
            data = try JSONEncoder().encode(itinerary)
        } catch {
            fuzzCheck(false, "a valid itinerary failed to encode: \(error)")
            return
        }
        do {
            let again = try Itinerary(json: data, fileName: "round-trip")
            fuzzCheck(again == itinerary, "the round trip changed the itinerary: \(String(decoding: data, as: UTF8.self))")
        } catch {
            fuzzCheck(false, "an encoded valid itinerary was refused: \(error): \(String(decoding: data, as: UTF8.self))")
        }
    }

    /// Encoding decoded options and reading them back gives the same options.
    static func checkRoundTrip(_ options: Planner.Options) {
        do {
            let data = try JSONEncoder().encode(options)
            let again = try JSONDecoder().decode(Planner.Options.self, from: data)
            fuzzCheck(again == options, "the round trip changed the options: \(String(decoding: data, as: UTF8.self))")
        } catch {
            fuzzCheck(false, "decoded options failed the round trip: \(error)")
        }
    }

    /// An itinerary built straight from bytes, bypassing JSON.
    static func buildItinerary(_ bytes: [UInt8]) -> Itinerary {
        var reader = FuzzReader(bytes)
        func coordinate() -> Double {
            // Mostly sensible values, sometimes any bit pattern (NaN, ±∞, huge).
            if reader.int(below: 4) == 0 { return reader.rawDouble() }
            let whole = Double(Int8(bitPattern: reader.byte())) * 1.5
            return whole + Double(reader.byte()) / 256
        }
        func place() -> Itinerary.Place {
            let name = reader.string()
            let placeID: String? = reader.bool() ? reader.string(maxLength: 8) : nil
            return Itinerary.Place(name: name, placeID: placeID, latitude: coordinate(), longitude: coordinate())
        }
        func reference() -> StopReference? {
            switch reader.int(below: 5) {
            case 0: return nil
            case 1: return .lodging
            case 2: return .any
            default: return StopReference(reader.string(maxLength: 8))
            }
        }
        func pick<T>(_ cases: [T], _ index: Int) -> T? { cases.indices.contains(index) ? cases[index] : nil }
        let name: String? = reader.bool() ? reader.string() : nil
        let lodging: Itinerary.Place? = reader.bool() ? place() : nil
        let count = reader.int(below: 12)
        var places: [Itinerary.Place] = []
        for _ in 0..<count where !reader.isAtEnd { places.append(place()) }
        let route = Itinerary.RouteSettings(
            travelMode: pick(TravelMode.allCases, reader.int(below: 8)),
            optimizeFor: pick(Objective.allCases, reader.int(below: 4)),
            start: reference(), end: reference())
        return Itinerary(name: name, lodging: lodging, placesToGo: places, route: route)
    }
}

/// Reads typed values off the front of a fuzz input (a small take on
/// libFuzzer's FuzzedDataProvider). Reading past the end yields zeros and
/// empty strings.
struct FuzzReader {
    private let bytes: [UInt8]
    private var position = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    /// Whether every byte has been read.
    var isAtEnd: Bool { position >= bytes.count }

    mutating func byte() -> UInt8 {
        guard position < bytes.count else { return 0 }
        defer { position += 1 }
        return bytes[position]
    }

    mutating func bool() -> Bool { byte() & 1 == 1 }

    /// A value in `0..<bound` (`bound` ≤ 256).
    mutating func int(below bound: Int) -> Int { Int(byte()) % bound }

    mutating func uint64() -> UInt64 {
        var value: UInt64 = 0
        for _ in 0..<8 { value = value << 8 | UInt64(byte()) }
        return value
    }

    /// Any `Double` bit pattern (NaN, infinities and subnormals included).
    mutating func rawDouble() -> Double { Double(bitPattern: uint64()) }

    /// A string of up to `maxLength` bytes decoded as UTF-8 (invalid bytes
    /// become U+FFFD); its length comes first.
    mutating func string(maxLength: Int = 24) -> String {
        let length = Int(byte()) % (maxLength + 1)
        let end = min(position + length, bytes.count)
        defer { position = end }
        return String(decoding: bytes[position..<end], as: UTF8.self)
    }
}
