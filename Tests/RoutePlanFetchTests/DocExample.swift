import Foundation
import RoutePlanFetch
import RoutePlanMatrix

/// The example in `MatrixFetcher`'s documentation, kept here so that the
/// compiler checks it. It is never called: it would ask Google.
enum DocExample {
    static func fetchParisMatrix() async throws {
        let places = [
            FetchPlace(name: "Louvre Museum", placeID: "ChIJD3uTd9hx5kcR1IQvGfr8dbk",
                       coordinate: Coordinate(latitude: 48.8606, longitude: 2.3376)),
            FetchPlace(name: "Panthéon", coordinate: Coordinate(latitude: 48.8462, longitude: 2.3464)),
            FetchPlace(name: "Eiffel Tower", coordinate: Coordinate(latitude: 48.8584, longitude: 2.2945)),
        ]
        let key = try GoogleAPIKey.fromEnvironment()    // GOOGLE_MAPS_API_KEY
        let fetcher = MatrixFetcher(
            provider: .google(apiKey: key, travelMode: "driving"),
            onEvent: { event in
                if case let .retry(tile, _, reason, delay) = event { print("\(tile): \(reason), retrying in \(delay)") }
            })
        let result = try await fetcher.fetch(places)
        let cache = URL(fileURLWithPath: "paris-matrix.json")
        try result.write(to: cache)
        print("\(result.requests) requests, \(result.retries) retries")

        let observed = try MatrixSource.read(contentsOf: cache, stops: places.map(\.stopKey), preferTraffic: true)
        print(observed[0, 1])   // e.g. "3120 m, 540 s"
    }
}
