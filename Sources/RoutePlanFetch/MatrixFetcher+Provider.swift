import Foundation

extension MatrixFetcher {
    /// The routing engine to ask.
    ///
    /// Printing a provider (or a fetcher) never shows the API key.
    public enum Provider: Sendable, Hashable, CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
        /// The Google Distance Matrix API (legacy).
        ///
        /// - Parameters:
        ///   - apiKey: the key, from ``GoogleAPIKey/fromEnvironment(_:)``.
        ///   - travelMode: `driving`, `walking`, `bicycling` or `transit`.
        ///   - departureTime: `now` or a Unix time in seconds; with driving,
        ///     Google then adds `duration_in_traffic`.
        ///   - endpoint: the service URL (tests point it at a local server).
        case google(apiKey: String, travelMode: String, departureTime: String? = nil,
                    endpoint: URL = MatrixFetcher.googleEndpoint)
        /// An OSRM server's table service.
        ///
        /// - Parameters:
        ///   - server: the server's base URL, such as `http://localhost:5000`.
        ///   - profile: the profile in the URL (`driving`, `car`, `foot`, …).
        ///   - maxTableSize: the server's `--max-table-size` (100 by default);
        ///     larger matrices are split into tiles of at most this many
        ///     sources and destinations.
        case osrm(server: URL, profile: String = "driving", maxTableSize: Int = 100)

        public var description: String {
            switch self {
            case let .google(_, travelMode, departureTime, endpoint):
                let departure = departureTime.map { ", departing \($0)" } ?? ""
                return "Google Distance Matrix at \(displayURL(endpoint)) (\(travelMode)\(departure), API key hidden)"
            case let .osrm(server, profile, maxTableSize):
                return "OSRM at \(displayURL(server)) (profile \(profile), max table size \(maxTableSize))"
            }
        }

        public var debugDescription: String { description }

        public var customMirror: Mirror { Mirror(self, children: ["description": description]) }

        /// The tile limits of the service.
        var limits: TileLimits {
            switch self {
            case .google: return .google
            case let .osrm(_, _, maxTableSize): return .osrm(maxTableSize: maxTableSize)
            }
        }

        /// The API key, if the provider has one.
        var secret: String? {
            if case let .google(apiKey, _, _, _) = self { return apiKey }
            return nil
        }
    }

    /// `https://maps.googleapis.com/maps/api/distancematrix/json`.
    public static let googleEndpoint = URL(string: "https://maps.googleapis.com/maps/api/distancematrix/json")!
}
