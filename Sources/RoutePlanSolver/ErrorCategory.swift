/// What kind of failure an error is, for hosts that map failures to their own
/// codes: the command line to exit statuses, a service to HTTP statuses.
///
/// Every error type of RoutePlan has a `category`; a host maps the category,
/// never the individual cases, so new cases need no new mapping.
public enum ErrorCategory: String, Sendable, Hashable, Codable, CaseIterable {
    /// The input or the options are wrong; the message names what to change.
    case badInput
    /// The input is well formed but no route satisfies it (unreachable places).
    case infeasible
    /// The request is larger than a configured limit (stops, bytes, table size);
    /// asking again unchanged fails again.
    case tooLarge
    /// The host is busy (its solve queue or memory budget is full); the same
    /// request may succeed later.
    case overloaded
    /// The caller cancelled the work.
    case cancelled
    /// The deadline passed before any answer was found.
    case timedOut
    /// A defect or an unexpected failure of the system (not the caller's fault).
    case `internal`
}
