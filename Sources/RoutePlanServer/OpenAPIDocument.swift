import Foundation

/// The OpenAPI 3 document of the service, committed beside the code as
/// `openapi.json` and served at `GET /openapi.json`; the tests check the
/// server's real answers against it.
enum OpenAPIDocument {
    /// The document's bytes.
    static let data: Data = {
        guard let url = Bundle.module.url(forResource: "openapi", withExtension: "json"),
              let data = try? Data(contentsOf: url) else {
            return Data(#"{"openapi":"3.0.3","info":{"title":"RoutePlan","version":"missing"},"paths":{}}"#.utf8)
        }
        return data
    }()
}
