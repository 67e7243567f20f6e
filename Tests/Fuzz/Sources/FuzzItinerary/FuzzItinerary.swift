import Foundation
import FuzzSupport
@testable import RoutePlan
import RoutePlanExport
import RoutePlanMatrix
import RoutePlanSolver

// Itinerary files and planner options.
//
// Foundation's JSONDecoder is not instrumented, so coverage feedback only sees
// the project's own decoding and validation code. Each input is therefore used
// twice:
//
// 1. as JSON: `Itinerary(json:fileName:)` (decoding, field-path errors,
//    validation) and `Planner.Options` decoding; what decodes is validated
//    again, its stops resolved and measured, its links built, and it must
//    survive an encode/decode round trip unchanged;
// 2. as a recipe for an `Itinerary` value built directly (names, place IDs,
//    any Double bit patterns, start/end references), which goes through
//    `validate()` and, when valid, the same checks, including the trip
//    through JSON and back.

@_cdecl("FuzzItinerary_main")
public func fuzzMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    runFuzzer(argc, argv, LLVMFuzzerTestOneInput)
}

@_cdecl("LLVMFuzzerTestOneInput")
public func LLVMFuzzerTestOneInput(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
    let data = fuzzData(bytes, count)
    var options = Planner.Options()
    if let decoded = try? JSONDecoder().decode(Planner.Options.self, from: data) {
        options = decoded
        checkOptionsRoundTrip(decoded)
    }
    do {
        let itinerary = try Itinerary(json: data, fileName: "fuzz.json")
        exercise(itinerary, options: options)
    } catch {
        _ = "\(error)"
    }
    let built = buildItinerary(fuzzBytes(bytes, count))
    if (try? built.validate(fileName: "built")) != nil {
        exercise(built, options: options)
    }
    return 0
}

/// What a service does with a valid itinerary before solving.
func exercise(_ itinerary: Itinerary, options: Planner.Options) {
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
}

/// Encoding a valid itinerary and reading it back gives the same itinerary.
func checkRoundTrip(_ itinerary: Itinerary) {
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
func checkOptionsRoundTrip(_ options: Planner.Options) {
    do {
        let data = try JSONEncoder().encode(options)
        let again = try JSONDecoder().decode(Planner.Options.self, from: data)
        fuzzCheck(again == options, "the round trip changed the options: \(String(decoding: data, as: UTF8.self))")
    } catch {
        fuzzCheck(false, "decoded options failed the round trip: \(error)")
    }
}

/// An itinerary built straight from bytes, bypassing JSON.
func buildItinerary(_ bytes: [UInt8]) -> Itinerary {
    var reader = FuzzReader(bytes)
    func coordinate() -> Double {
        // Mostly sensible values, sometimes any bit pattern (NaN, ±∞, huge).
        reader.int(below: 4) == 0 ? reader.rawDouble() : Double(Int8(bitPattern: reader.byte())) * 1.5 + Double(reader.byte()) / 256
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
    let name: String? = reader.bool() ? reader.string() : nil
    let lodging: Itinerary.Place? = reader.bool() ? place() : nil
    let count = reader.int(below: 12)
    var places: [Itinerary.Place] = []
    for _ in 0..<count where !reader.isAtEnd { places.append(place()) }
    let route = Itinerary.RouteSettings(
        travelMode: TravelMode.allCases.randomElementOrNil(reader.int(below: 8)),
        optimizeFor: Objective.allCases.randomElementOrNil(reader.int(below: 4)),
        start: reference(), end: reference())
    return Itinerary(name: name, lodging: lodging, placesToGo: places, route: route)
}

extension Collection where Index == Int {
    /// The element at `index`, or `nil` past the end.
    func randomElementOrNil(_ index: Int) -> Element? { indices.contains(index) ? self[index] : nil }
}
