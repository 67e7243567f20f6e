import Foundation
import Testing
import RoutePlan

@Suite("Itinerary input errors")
struct ItineraryValidationTests {
    func decode(_ json: String) throws -> Itinerary {
        try Itinerary(json: Data(json.utf8), fileName: "trip.json")
    }

    func message(_ json: String) -> String? {
        do {
            _ = try decode(json)
            return nil
        } catch {
            return "\(error)"
        }
    }

    let place = #"{"name": "A", "location": {"lat": 1, "lng": 2}}"#

    @Test("extra fields are ignored")
    func extraFields() throws {
        let trip = try decode(#"{"name": "x", "startDate": "2026-05-01", "lodgingPrice": 3, "placesToGo": [{"name": "A", "rating": 4.5, "categories": ["museum"], "location": {"lat": 1, "lng": 2, "alt": 3}}]}"#)
        #expect(trip.placesToGo.count == 1 && trip.lodging == nil && trip.route == .init())
    }

    @Test("each problem names the file, the field and what to do", arguments: [
        (#"{"placesToGo": [ {"name": "A", }"#, "trip.json: not valid JSON"),
        (#"{"name": "x"}"#, "trip.json: placesToGo: required field is missing"),
        (#"{"placesToGo": []}"#, "trip.json: placesToGo: the list is empty"),
        (#"{"placesToGo": [{"name": "A", "location": {"lat": 91, "lng": 2}}]}"#, "trip.json: placesToGo[0].location.lat: 91.0 is not a valid coordinate"),
        (#"{"placesToGo": [{"name": "A", "location": {"lat": 1, "lng": 2}}, {"name": "B", "location": {"lat": 1, "lng": -180.5}}]}"#, "trip.json: placesToGo[1].location.lng: -180.5 is not a valid coordinate"),
        (#"{"placesToGo": [{"name": "A", "location": {"lat": "NaN", "lng": 2}}]}"#, "trip.json: placesToGo[0].location.lat: expected a number"),
        (#"{"placesToGo": [{"name": "A", "location": {"lat": 1e999, "lng": 2}}]}"#, "trip.json: not valid JSON: line 1, column 51 (placesToGo[0].location.lat): number 1e999 is out of range"),
        ("{\n  \"placesToGo\": [\n    {\"name\": tru}\n  ]\n}", "trip.json: not valid JSON: line 3, column 14 (placesToGo[0].name): unexpected word \"tru\""),
        (#"{"placesToGo": [{"name": "A", "location": {"lng": 2}}]}"#, "trip.json: placesToGo[0].location.lat: required field is missing"),
        (#"{"placesToGo": [{"name": "A", "location": {"lat": 1, "lng": 2}}], "route": {"travelMode": "flying"}}"#, #"trip.json: route.travelMode: unknown value "flying"; use one of driving, walking, bicycling, transit"#),
        (#"{"placesToGo": [{"name": "A", "location": {"lat": 1, "lng": 2}}], "route": {"optimizeFor": "fun"}}"#, #"trip.json: route.optimizeFor: unknown value "fun""#),
        (#"{"placesToGo": [{"name": "A", "location": {"lat": 1, "lng": 2}}], "route": {"start": "Nowhere"}}"#, #"trip.json: route.start: "Nowhere" names no stop"#),
        (#"{"placesToGo": [{"name": "A", "location": {"lat": 1, "lng": 2}}], "route": {"end": "lodging"}}"#, #"trip.json: route.end: "lodging" names no stop"#),
        (#"{"placesToGo": [{"name": "A", "placeID": "p1", "location": {"lat": 1, "lng": 2}}, {"name": "B", "placeID": "p1", "location": {"lat": 1, "lng": 3}}]}"#, #"trip.json: placesToGo[1].placeID: placeID "p1" is already used by placesToGo[0]"#),
        (#"{"lodging": {"name": "H", "placeID": "p1", "location": {"lat": 1, "lng": 2}}, "placesToGo": [{"name": "B", "placeID": "p1", "location": {"lat": 1, "lng": 3}}]}"#, #"placeID "p1" is already used by lodging"#),
        (#"{"placesToGo": [{"name": "A", "location": {"lat": 1, "lng": 2}}, {"name": "A", "location": {"lat": 1, "lng": 3}}], "route": {"end": "A"}}"#, #"route.end: "A" matches 2 places; use the placeID instead"#),
        (#"{"placesToGo": {"name": "A"}}"#, "trip.json: placesToGo: expected an array"),
        (#"{"placesToGo": [{"name": " ", "location": {"lat": 1, "lng": 2}}]}"#, "trip.json: placesToGo[0].name: the name is empty"),
    ])
    func errors(json: String, expected: String) {
        let text = message(json)
        #expect(text?.contains(expected) == true, "got: \(text ?? "no error")")
    }

    @Test("a missing file says so")
    func missingFile() {
        #expect(throws: PlanningError.unreadableFile(file: "/nonexistent/trip.json", reason: "no such file")) {
            try Itinerary(contentsOf: URL(fileURLWithPath: "/nonexistent/trip.json"))
        }
    }

    @Test("start and end by place ID or exact name")
    func references() throws {
        let trip = try decode(#"{"placesToGo": [{"name": "A", "location": {"lat": 1, "lng": 2}}, {"name": "B", "placeID": "pb", "location": {"lat": 1, "lng": 3}}], "route": {"start": "pb", "end": "A"}}"#)
        #expect(trip.route.start == .place("pb") && trip.route.end == .place("A"))
    }
}

@Suite("Itinerary input: strict JSON and file checks")
struct ItineraryStrictInputTests {
    @Test("duplicate keys, tiny numbers and UTF-16 are refused with the line, column and field", arguments: [
        (#"{"placesToGo": [{"name": "A", "name": "B", "location": {"lat": 1, "lng": 2}}]}"#, "placesToGo[0].name", "duplicate key"),
        (#"{"placesToGo": [{"name": "A", "location": {"lat": 1e-400, "lng": 2}}]}"#, "placesToGo[0].location.lat", "1e-400"),
    ])
    func strict(json: String, field: String, words: String) throws {
        do {
            _ = try Itinerary(json: Data(json.utf8), fileName: "trip.json")
            Issue.record("accepted \(json)")
        } catch let error as PlanningError {
            #expect(error.field == field)
            #expect(error.category == .badInput)
            #expect(error.description.hasPrefix("trip.json: not valid JSON: line 1, column"), "\(error)")
            #expect(error.description.contains(words), "\(error)")
        }
    }

    @Test("a UTF-16 file is named as such")
    func utf16() throws {
        let text = #"{"placesToGo": [{"name": "A", "location": {"lat": 1, "lng": 2}}]}"#
        var data = Data([0xFF, 0xFE])
        data.append(text.data(using: .utf16LittleEndian)!)
        #expect(throws: PlanningError.self) { try Itinerary(json: data, fileName: "trip.json") }
        do { _ = try Itinerary(json: data) } catch { #expect("\(error)".contains("UTF-16"), "\(error)") }
    }

    @Test("an oversized file is refused by its size before it is read")
    func oversized() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("routeplan-sparse-\(UUID()).json")
        try #require(FileManager.default.createFile(atPath: url.path, contents: nil))
        defer { try? FileManager.default.removeItem(at: url) }
        let handle = try FileHandle(forWritingTo: url)
        try handle.truncate(atOffset: 4 << 30)  // sparse: no disk used
        try handle.close()
        do {
            _ = try Itinerary(contentsOf: url)
            Issue.record("read a 4 GiB file")
        } catch let error as PlanningError {
            #expect(error.category == .tooLarge, "\(error)")
            #expect(error.description.contains(url.path))
        }
    }
}
