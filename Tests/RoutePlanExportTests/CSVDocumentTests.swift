import Foundation
import RoutePlanExport
import Testing

/// A small RFC 4180 reader, written for these tests independently of
/// `CSVDocument`: records end with CRLF, fields may be quoted, quotes inside
/// quoted fields are doubled. Returns `nil` for text that breaks the rules
/// (a bare LF or CR, a quote inside an unquoted field, text after a closing
/// quote, a missing final CRLF, an unterminated quoted field).
func parseCSV(_ text: String) -> [[String]]? {
    var records: [[String]] = []
    var record: [String] = []
    var field = ""
    var scalars = Array(text.unicodeScalars)[...]
    var fieldStarted = false

    while let scalar = scalars.popFirst() {
        if !fieldStarted && scalar == "\"" {
            // Quoted field: read to the closing quote.
            var closed = false
            while let inner = scalars.popFirst() {
                if inner == "\"" {
                    if scalars.first == "\"" {
                        scalars.removeFirst()
                        field.unicodeScalars.append("\"")
                    } else {
                        closed = true
                        break
                    }
                } else {
                    field.unicodeScalars.append(inner)
                }
            }
            guard closed else { return nil }
            guard let next = scalars.first, next == "," || next == "\r" else { return nil }
            fieldStarted = true
            continue
        }
        switch scalar {
        case ",":
            record.append(field)
            field = ""
            fieldStarted = false
        case "\r":
            guard scalars.popFirst() == "\n" else { return nil }
            record.append(field)
            records.append(record)
            record = []
            field = ""
            fieldStarted = false
        case "\n", "\"":
            return nil
        default:
            field.unicodeScalars.append(scalar)
            fieldStarted = true
        }
    }
    guard record.isEmpty, field.isEmpty, !fieldStarted else { return nil }
    return records
}

@Suite("CSV documents")
struct CSVDocumentTests {
    private let header = ["order", "name", "placeID", "lat", "lng", "leg_distance_m", "leg_duration_s"]

    private let sampleLegs = [
        CSVDocument.Leg(distanceMeters: 612.4, durationSeconds: 480),
        CSVDocument.Leg(distanceMeters: 905, durationSeconds: 690.5),
        CSVDocument.Leg(distanceMeters: 5_870.26, durationSeconds: 4_410),
        CSVDocument.Leg(distanceMeters: 6_100, durationSeconds: .nan),
    ]

    @Test func matchesGolden() throws {
        try expectMatchesGolden(CSVDocument.route(stops: SampleRoute.stops, legs: sampleLegs), named: "route.csv")
    }

    @Test func parsesBackToTheRoute() throws {
        let text = CSVDocument.route(stops: SampleRoute.stops, legs: sampleLegs)
        #expect(text.hasSuffix("\r\n"))
        let records = try #require(parseCSV(text))
        #expect(CSVDocument.columns == header)
        #expect(records.first == header)
        #expect(records.count == SampleRoute.stops.count + 1)
        #expect(records.allSatisfy { $0.count == header.count })

        let rows = records.dropFirst()
        #expect(rows.map { $0[0] } == ["1", "2", "3", "4", "5"])
        #expect(rows.map { $0[1] } == SampleRoute.stops.map(\.name))
        #expect(rows.map { $0[2] } == ["ChIJTomJerry_1", "", "ChIJCafe~3", "", "ChIJTomJerry_1"])
        #expect(rows.map { $0[3] } == ["38.7107", "38.713909", "38.710652", "38.693611", "38.7107"])
        #expect(rows.map { $0[4] } == ["-9.1366", "-9.133476", "-9.142284", "-9.205833", "-9.1366"])
        // The first row has no leg; NaN is written as an empty field.
        #expect(rows.map { $0[5] } == ["", "612.4", "905", "5870.3", "6100"])
        #expect(rows.map { $0[6] } == ["", "480", "690.5", "4410", ""])
        // The round trip repeats the start as the last row.
        #expect(Array(rows.last!.dropFirst()) == Array(rows.first!.dropFirst()).with(4, "6100"))
    }

    @Test func quotesOnlyWhatNeedsQuoting() throws {
        let stops = [
            Waypoint(name: "Plain name", latitude: 1, longitude: 2),
            Waypoint(name: "Comma, here", latitude: 1, longitude: 2),
            Waypoint(name: #"Say "hi""#, latitude: 1, longitude: 2),
            Waypoint(name: "Two\nlines", placeID: "id\r1", latitude: 1, longitude: 2),
            Waypoint(name: " padded ", latitude: 1, longitude: 2),
            Waypoint(name: "", placeID: "", latitude: -0.0000001, longitude: 180),
        ]
        let text = CSVDocument.route(stops: stops)
        let expected = [
            "order,name,placeID,lat,lng,leg_distance_m,leg_duration_s",
            "1,Plain name,,1,2,,",
            #"2,"Comma, here",,1,2,,"#,
            #"3,"Say ""hi""",,1,2,,"#,
            "4,\"Two\nlines\",\"id\r1\",1,2,,",
            #"5," padded ",,1,2,,"#,
            "6,,,0,180,,",
        ]
        #expect(text == expected.map { $0 + "\r\n" }.joined())
        let records = try #require(parseCSV(text))
        #expect(records.dropFirst().map { $0[1] } == stops.map(\.name))
        #expect(records[4][2] == "id\r1")
    }

    @Test func guardsAgainstFormulas() throws {
        let names = ["=HYPERLINK(\"http://x\")", "+351 21 000", "-minus", "@SUM(A1)", "\tTab", "Safe = fine"]
        let stops = names.map { Waypoint(name: $0, placeID: $0.hasPrefix("=") ? "=ID" : nil, latitude: -1.5, longitude: -2) }

        let guarded = try #require(parseCSV(CSVDocument.route(stops: stops)))
        #expect(guarded.dropFirst().map { $0[1] } == names.map { $0 == "Safe = fine" ? $0 : "'" + $0 })
        #expect(guarded[1][2] == "'=ID")
        // Negative numbers are numbers, not formulas: never prefixed.
        #expect(guarded.dropFirst().allSatisfy { $0[3] == "-1.5" && $0[4] == "-2" })

        let raw = try #require(parseCSV(CSVDocument.route(stops: stops, guardFormulas: false)))
        #expect(raw.dropFirst().map { $0[1] } == names)
        #expect(raw[1][2] == "=ID")
    }

    @Test func legsAreOptional() throws {
        let records = try #require(parseCSV(CSVDocument.route(stops: SampleRoute.stops)))
        #expect(records.dropFirst().allSatisfy { $0[5].isEmpty && $0[6].isEmpty })
    }

    @Test func measuresHaveAtMostOneDecimal() throws {
        let stops = (0..<5).map { Waypoint(name: "S\($0)", latitude: 0, longitude: Double($0)) }
        let legs = [
            CSVDocument.Leg(distanceMeters: 0.04, durationSeconds: -0.0),
            CSVDocument.Leg(distanceMeters: 1e12, durationSeconds: 59.96),
            CSVDocument.Leg(distanceMeters: .infinity, durationSeconds: 3.25e-3),
            CSVDocument.Leg(distanceMeters: 12.34, durationSeconds: 7),
        ]
        let records = try #require(parseCSV(CSVDocument.route(stops: stops, legs: legs)))
        #expect(records.dropFirst().map { $0[5] } == ["", "0", "1000000000000", "", "12.3"])
        #expect(records.dropFirst().map { $0[6] } == ["", "0", "60", "0", "7"])
    }

    @Test func emptyAndSingleStop() throws {
        #expect(CSVDocument.route(stops: []) == "order,name,placeID,lat,lng,leg_distance_m,leg_duration_s\r\n")
        let one = CSVDocument.route(stops: [Waypoint(name: "Only", latitude: 1, longitude: 2)], legs: [])
        #expect(try #require(parseCSV(one)) == [header, ["1", "Only", "", "1", "2", "", ""]])
    }

    @Test func testParserRejectsBrokenCSV() {
        #expect(parseCSV("a,b\n") == nil)
        #expect(parseCSV("a,\"b\r\n") == nil)
        #expect(parseCSV("a,b\"c\r\n") == nil)
        #expect(parseCSV("a,b") == nil)
        #expect(parseCSV("\"a\"b\r\n") == nil)
        #expect(parseCSV("\"a\"\"b\",\r\n") == [["a\"b", ""]])
    }
}

private extension Array {
    func with(_ index: Int, _ value: Element) -> [Element] {
        var copy = self
        copy[index] = value
        return copy
    }
}
