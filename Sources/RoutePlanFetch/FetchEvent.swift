/// Progress of a fetch, for a command line to report. Events never contain
/// a URL or the API key.
public enum FetchEvent: Sendable, Hashable {
    /// A request is about to be sent (`attempt` counts from 1).
    case request(tile: MatrixTile, attempt: Int)
    /// A request failed in a retryable way; the next attempt follows after `delay`.
    case retry(tile: MatrixTile, attempt: Int, reason: String, delay: Duration)
    /// A tile's response arrived and was checked.
    case tileDone(tile: MatrixTile, attempts: Int)
}
