import RoutePlanFetch
import Testing

@Suite("API key from the environment")
struct GoogleAPIKeyTests {
    @Test("The key comes from GOOGLE_MAPS_API_KEY")
    func present() throws {
        #expect(try GoogleAPIKey.fromEnvironment(["GOOGLE_MAPS_API_KEY": " abc123 \n"]) == "abc123")
    }

    @Test("A missing or empty variable says to set it", arguments: [[:], ["GOOGLE_MAPS_API_KEY": ""], ["GOOGLE_MAPS_API_KEY": "  "]])
    func missing(environment: [String: String]) {
        let error = #expect(throws: FetchError.missingAPIKey(variable: "GOOGLE_MAPS_API_KEY")) {
            try GoogleAPIKey.fromEnvironment(environment)
        }
        #expect(error?.description.hasPrefix("the environment variable GOOGLE_MAPS_API_KEY is not set or is empty; set it") == true)
    }
}
