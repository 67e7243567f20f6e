/// What one attempt at a tile came to.
enum AttemptOutcome: Sendable {
    /// The body is a usable response of the tile's size.
    case success
    /// A temporary failure (`HTTP 503`, `OVER_QUERY_LIMIT`, a timeout, …).
    case retry(String, retryAfterSeconds: Int?)
    /// A body that is not the expected response.
    case malformed(String)
    /// A failure that retrying cannot fix.
    case failure(FetchError)
}
