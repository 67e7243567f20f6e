extension ScheduleProblem {
    /// A resource shared by the whole trip rather than by one route: a ticket
    /// budget ("€80 of entrance fees in all"), or a cap on a kind of place
    /// ("at most 2 museums"). Each visit says how much of it serving it
    /// uses (``Visit/sharedUse``); the visits scheduled on all routes
    /// together may use at most ``capacity``.
    public struct SharedLimit: Sendable, Hashable, Codable {
        /// The most the scheduled visits may use in all (non-negative).
        public var capacity: Int
        /// What it is, for people ("entrance fees", "museums"); not used by the solver.
        public var name: String

        public init(capacity: Int, name: String = "") {
            self.capacity = capacity
            self.name = name
        }
    }
}
