/// Why a place of a trip is not in the schedule, as the codes the outputs
/// show (`"CLOSED_ON_TRIP_DAYS"`, …).
public enum UnscheduledReason: String, Sendable, Hashable, Codable, CaseIterable {
    /// The place has no opening interval inside the day hours on any day of the trip.
    case closedOnTripDays = "CLOSED_ON_TRIP_DAYS"
    /// It is open on some day, but every opening inside the day hours is
    /// shorter than its `visitMinutes`.
    case visitLongerThanOpening = "VISIT_LONGER_THAN_OPENING"
    /// Even alone on a day it cannot be reached, visited and left in time.
    case unreachableInADay = "UNREACHABLE_IN_A_DAY"
    /// It would fit on some day of the trip, but not on its `allowedDates`.
    case allowedDatesInfeasible = "ALLOWED_DATES_INFEASIBLE"
    /// It fits alone, but not together with the places that must be visited.
    case conflictsWithRequired = "CONFLICTS_WITH_REQUIRED"
    /// It was left out for places of higher total priority.
    case lowerPriority = "LOWER_PRIORITY"
    /// The search stopped before deciding.
    case searchLimit = "SEARCH_LIMIT"
}

/// A reason with its explanation for people, e.g.
/// `VISIT_LONGER_THAN_OPENING`: "the 180-minute visit is longer than its longest opening, 120 minutes (Tue 2026-09-22 10:00–12:00)".
public struct UnscheduledExplanation: Sendable, Hashable, Codable {
    public var reason: UnscheduledReason
    public var detail: String

    public init(reason: UnscheduledReason, detail: String) {
        self.reason = reason
        self.detail = detail
    }
}
