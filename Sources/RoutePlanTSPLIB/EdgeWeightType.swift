extension TSPLIBInstance {
    /// How the distance between two nodes is defined (the `EDGE_WEIGHT_TYPE` keyword).
    ///
    /// The raw value is the keyword value exactly as TSPLIB95 spells it.
    public enum EdgeWeightType: String, Sendable, Hashable, CaseIterable {
        /// Euclidean distance rounded to the nearest integer: `nint(sqrt(dx² + dy²))`.
        case euc2D = "EUC_2D"
        /// Euclidean distance rounded up: `ceil(sqrt(dx² + dy²))`.
        case ceil2D = "CEIL_2D"
        /// The pseudo-Euclidean distance of the `att48`/`att532` instances:
        /// `r = sqrt((dx² + dy²) / 10)`, `t = nint(r)`, distance `t + 1` if `t < r`, else `t`.
        case att = "ATT"
        /// Geographical distance on an idealised sphere (radius 6378.388 km) between
        /// coordinates given as `DDD.MM` (degrees and minutes), truncated to whole kilometres
        /// and plus one, exactly as TSPLIB95 defines it.
        case geo = "GEO"
        /// Distances listed in the file's `EDGE_WEIGHT_SECTION`, laid out as
        /// ``TSPLIBInstance/EdgeWeightFormat`` says.
        case explicit = "EXPLICIT"

        /// Whether distances are computed from node coordinates (everything but ``explicit``).
        public var usesCoordinates: Bool { self != .explicit }
    }

    /// How an `EDGE_WEIGHT_SECTION` lists the distance matrix (the `EDGE_WEIGHT_FORMAT` keyword).
    ///
    /// Only ``fullMatrix`` can describe an asymmetric matrix; every other matrix layout lists
    /// one triangle (with or without the diagonal) of a symmetric matrix. Instances whose
    /// distances come from coordinates report ``function``. The raw value is the keyword
    /// value exactly as TSPLIB95 spells it.
    public enum EdgeWeightFormat: String, Sendable, Hashable, CaseIterable {
        /// Distances are computed from coordinates (any ``EdgeWeightType`` except `explicit`).
        case function = "FUNCTION"
        /// All n×n entries, row by row.
        case fullMatrix = "FULL_MATRIX"
        /// The upper triangle without the diagonal, row by row: n(n−1)/2 numbers.
        case upperRow = "UPPER_ROW"
        /// The lower triangle without the diagonal, row by row: n(n−1)/2 numbers.
        case lowerRow = "LOWER_ROW"
        /// The upper triangle including the diagonal, row by row: n(n+1)/2 numbers.
        case upperDiagRow = "UPPER_DIAG_ROW"
        /// The lower triangle including the diagonal, row by row: n(n+1)/2 numbers.
        case lowerDiagRow = "LOWER_DIAG_ROW"
        /// The upper triangle without the diagonal, column by column: n(n−1)/2 numbers.
        case upperCol = "UPPER_COL"
        /// The lower triangle without the diagonal, column by column: n(n−1)/2 numbers.
        case lowerCol = "LOWER_COL"
        /// The upper triangle including the diagonal, column by column: n(n+1)/2 numbers.
        case upperDiagCol = "UPPER_DIAG_COL"
        /// The lower triangle including the diagonal, column by column: n(n+1)/2 numbers.
        case lowerDiagCol = "LOWER_DIAG_COL"

        /// How many numbers an `EDGE_WEIGHT_SECTION` in this format holds for `dimension`
        /// nodes, or `nil` for ``function`` (no section) or when the count overflows `Int`.
        public func entryCount(dimension n: Int) -> Int? {
            guard n >= 0 else { return nil }
            switch self {
            case .function:
                return nil
            case .fullMatrix:
                let (product, overflow) = n.multipliedReportingOverflow(by: n)
                return overflow ? nil : product
            case .upperRow, .lowerRow, .upperCol, .lowerCol:
                let (product, overflow) = n.multipliedReportingOverflow(by: max(n - 1, 0))
                return overflow ? nil : product / 2
            case .upperDiagRow, .lowerDiagRow, .upperDiagCol, .lowerDiagCol:
                let (next, overflowAdding) = n.addingReportingOverflow(1)
                let (product, overflow) = n.multipliedReportingOverflow(by: next)
                return overflowAdding || overflow ? nil : product / 2
            }
        }
    }
}
