extension ScheduleSolver {
    /// The iterations a search of `visits` visits runs without a deadline
    /// (see ``Options/maxIterations``): a host that wants the search to stop
    /// once it has converged, even with a long deadline as a cap, passes this
    /// as `maxIterations`.
    public static func defaultIterations(visits: Int) -> Int { ScheduleSearch.budget(visits: visits) }
}
