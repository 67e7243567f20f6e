import Benchmark
import Foundation
import RoutePlanMatrix

/// A response body of Google's legacy Distance Matrix API, for encoding: the
/// shape of the saved responses in `Fixtures/matrix/` (every element `OK`,
/// without `duration_in_traffic`).
private struct GoogleMatrixBody: Encodable {
    /// A `distance` or `duration`: display text and the value in meters or seconds.
    struct Measure: Encodable {
        let text: String
        let value: Int
    }

    /// One origin–destination pair.
    struct Element: Encodable {
        let status: String
        let distance: Measure
        let duration: Measure
    }

    /// One origin's answers, one element per destination.
    struct Row: Encodable {
        let elements: [Element]
    }

    let status: String
    let originAddresses: [String]
    let destinationAddresses: [String]
    let rows: [Row]

    private enum CodingKeys: String, CodingKey {
        case status, rows
        case originAddresses = "origin_addresses"
        case destinationAddresses = "destination_addresses"
    }

    /// A pretty-printed `count` × `count` response for random places in
    /// Lyon: road meters 1.3 × the great circle, driving durations, and
    /// Google's kind of display text ("3.4 km", "12 mins").
    static func encoded(count: Int, seed: UInt64) throws -> Data {
        let places = cityCoordinates(count: count, seed: seed)
        let addresses = (1...count).map { "\($0) Rue de la République, 69002 Lyon, France" }
        let rows = places.map { origin in
            Row(elements: places.map { destination in
                let meters = Int((Double(GreatCircle.meters(origin, destination)) * 1.3).rounded())
                let seconds = TravelTimeModel.driving.seconds(forMeters: meters)
                return Element(status: "OK",
                               distance: Measure(text: meters < 1_000 ? "\(max(meters, 1)) m"
                                                     : String(format: "%.1f km", Double(meters) / 1_000),
                                                 value: meters),
                               duration: Measure(text: "\(max(1, seconds / 60)) min\(seconds < 120 ? "" : "s")",
                                                 value: seconds))
            })
        }
        let body = GoogleMatrixBody(status: "OK", originAddresses: addresses, destinationAddresses: addresses,
                                    rows: rows)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .withoutEscapingSlashes]
        return try encoder.encode(body)
    }
}

/// Reading a saved 25 × 25 Google Distance Matrix response (the most one
/// request may return), built in `setup:`: with
/// ``GoogleDistanceMatrixResponse`` directly, and through
/// ``MatrixSource/read(_:fileName:stops:format:preferTraffic:)``, which also
/// recognises the format.
func registerGoogleIngestBenchmarks() {
    let count = 25
    let configuration = Benchmark.Configuration(metrics: sweepMetrics, timeUnits: .microseconds,
                                                warmupIterations: 3, maxIterations: 200)
    Benchmark("Google matrix 25x25 response", configuration: configuration) { benchmark, data in
        for _ in benchmark.scaledIterations {
            let response = try GoogleDistanceMatrixResponse(data, fileName: "google-25x25.json", preferTraffic: false)
            blackHole(try response.observedMatrix(stops: count, fileName: "google-25x25.json"))
        }
    } setup: {
        try GoogleMatrixBody.encoded(count: count, seed: 25)
    }
    Benchmark("Google matrix 25x25 MatrixSource.read", configuration: configuration) { benchmark, setup in
        let (data, stops) = setup
        for _ in benchmark.scaledIterations {
            blackHole(try MatrixSource.read(data, fileName: "google-25x25.json", stops: stops, preferTraffic: false))
        }
    } setup: {
        (try GoogleMatrixBody.encoded(count: count, seed: 25), (1...count).map { StopKey(name: "Stop \($0)") })
    }
}
