import Hummingbird
import Logging
import NIOCore

/// What the service keeps about one request besides the request itself: the
/// connection it came on (to notice when the client goes away) and when it
/// arrived (the deadline counts from there).
public struct PlanRequestContext: RequestContext {
    public var coreContext: CoreRequestContextStorage
    /// The connection the request came on.
    public let channel: any Channel
    /// When the request was accepted.
    public let arrival: ContinuousClock.Instant

    public init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        channel = source.channel
        arrival = .now
    }

    /// Bodies are read by the handlers themselves, with the server's own limit.
    public var maxUploadSize: Int { 0 }
}
