import Foundation

/// Removes a secret (the API key), as written and percent-encoded, from text
/// before the text goes into an error or an event.
struct SecretScrubber: Sendable {
    private let secrets: [String]

    init(secret: String?) {
        guard let secret, !secret.isEmpty else {
            secrets = []
            return
        }
        let encoded = QueryText.encode(secret)
        secrets = encoded == secret ? [secret] : [secret, encoded]
    }

    /// `text` with every occurrence of the secret replaced by `<redacted>`.
    func callAsFunction(_ text: String) -> String {
        secrets.reduce(text) { $0.replacingOccurrences(of: $1, with: "<redacted>") }
    }

    func callAsFunction(_ text: String?) -> String? {
        text.map { self($0) }
    }
}
