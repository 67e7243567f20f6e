/// When and how often ``MatrixFetcher`` asks again after a failed request.
///
/// Retried: HTTP 429 and 5xx, timeouts and connection failures, Google's
/// top-level `OVER_QUERY_LIMIT` and `UNKNOWN_ERROR`, and (at most
/// ``malformedRetries`` times per request) a body that is not the expected
/// response. Everything else fails at once.
///
/// The wait before retry *k* (1, 2, …) is
/// `min(maxDelay, baseDelay · 2^(k−1))` times a jitter factor drawn
/// uniformly from [0.5, 1), so that clients that failed together do not
/// retry together; a `Retry-After` header (in seconds) lengthens the wait up
/// to `maxDelay`. The jitter comes from a SplitMix64 generator seeded with
/// ``jitterSeed``, so a fixed seed gives the same waits every run.
///
/// ``MatrixFetcher`` accepts delays of at most ``longestDelay`` (a day).
public struct RetryPolicy: Sendable, Hashable {
    /// The longest ``baseDelay`` and ``maxDelay`` accepted: a day.
    public static let longestDelay = Duration.seconds(86_400)

    /// Attempts per request, the first included (at least 1).
    public var maxAttempts: Int
    /// The wait before the first retry, before jitter.
    public var baseDelay: Duration
    /// The longest wait between two attempts.
    public var maxDelay: Duration
    /// How many times one request is retried because its body was unusable.
    public var malformedRetries: Int
    /// Seeds the jitter; `nil` seeds it from the system's random source.
    public var jitterSeed: UInt64?

    public init(maxAttempts: Int = 5, baseDelay: Duration = .milliseconds(500), maxDelay: Duration = .seconds(30),
                malformedRetries: Int = 2, jitterSeed: UInt64? = nil) {
        self.maxAttempts = maxAttempts
        self.baseDelay = baseDelay
        self.maxDelay = maxDelay
        self.malformedRetries = malformedRetries
        self.jitterSeed = jitterSeed
    }

    /// The wait before retry `retry` (1-based), with `unit` drawn from [0, 1)
    /// and an optional server-requested minimum.
    ///
    /// Never traps: the delays are clamped to 0…``longestDelay`` first, so
    /// the doubling (at most 2³⁰ times) stays far inside `Duration`'s range,
    /// and the result can be slept for.
    func delay(beforeRetry retry: Int, unit: Double, retryAfter: Duration?) -> Duration {
        let cap = min(max(maxDelay, .zero), Self.longestDelay)
        let base = min(max(baseDelay, .zero), Self.longestDelay)
        let exponent = min(max(retry - 1, 0), 30)
        var delay = base * (1 << exponent)
        if delay > cap { delay = cap }
        delay = delay * (0.5 + 0.5 * min(max(unit.isNaN ? 0 : unit, 0), 1))
        if let retryAfter, retryAfter > delay { delay = min(retryAfter, cap) }
        return delay
    }
}

/// SplitMix64 (Steele, Lea and Flood 2014): a tiny seeded generator for the
/// retry jitter.
struct JitterSource: Sendable {
    private var state: UInt64

    init(seed: UInt64?) {
        var system = SystemRandomNumberGenerator()
        state = seed ?? system.next()
    }

    /// The next value, uniform in [0, 1).
    mutating func nextUnit() -> Double {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        z ^= z >> 31
        return Double(z >> 11) / Double(1 << 53)
    }
}
