import Foundation

/// Where the command line gets the Google Maps API key: the environment
/// variable `GOOGLE_MAPS_API_KEY`, never a flag (flags end up in shell
/// histories and process listings).
///
/// ```swift
/// let key = try GoogleAPIKey.fromEnvironment()
/// let fetcher = MatrixFetcher(provider: .google(apiKey: key, travelMode: "driving"))
/// ```
public enum GoogleAPIKey {
    /// `GOOGLE_MAPS_API_KEY`.
    public static let environmentVariable = "GOOGLE_MAPS_API_KEY"

    /// The key from ``environmentVariable``, without surrounding whitespace.
    ///
    /// - Parameter environment: the variables to look in; the process's own
    ///   by default.
    /// - Throws: ``FetchError/missingAPIKey(variable:)`` when the variable is
    ///   unset, empty or only whitespace.
    public static func fromEnvironment(_ environment: [String: String] = ProcessInfo.processInfo.environment) throws -> String {
        let value = environment[environmentVariable]?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
        guard !value.isEmpty else { throw FetchError.missingAPIKey(variable: environmentVariable) }
        return value
    }
}
