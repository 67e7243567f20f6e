/// The limits that reading a TSPLIB95 file from disk enforces before and while reading, so a
/// hostile or mistaken input (a gzip bomb, a disk image, a huge log) fails fast with a clear
/// ``TSPLIBError`` instead of exhausting memory.
///
/// The defaults are far above any published instance (the largest TSPLIB95 file,
/// `pla85900.tsp`, is 2.5 MB; the 1.9-million-city World TSP is about 60 MB) and can be
/// raised for a genuinely larger file:
///
/// ```swift
/// var limits = TSPLIBLimits()
/// limits.maxInflatedBytes = 1 << 30
/// let instance = try TSPLIBInstance(contentsOf: url, limits: limits)
/// ```
public struct TSPLIBLimits: Sendable, Hashable {
    /// The largest file accepted on disk, compressed or not (default 512 MiB). Checked with
    /// `stat` before anything is read: ``TSPLIBError/fileTooLarge(file:bytes:limit:)``.
    public var maxFileBytes: Int
    /// The most bytes a gzip-compressed file may decompress to (default 256 MiB).
    /// Decompression stops as soon as the data grows past it, so memory stays at about this
    /// size whatever the file claims: ``TSPLIBError/inflatedTooLarge(file:limit:)``.
    public var maxInflatedBytes: Int

    /// 512 MiB.
    public static let defaultMaxFileBytes = 512 << 20
    /// 256 MiB.
    public static let defaultMaxInflatedBytes = 256 << 20

    /// The largest distance an instance may have between two different nodes:
    /// 2³⁰ − 1 = 1,073,741,823, the same as the solver's largest arc cost
    /// (`CostMatrix.maximumCost` in RoutePlanSolver), so that every instance that parses
    /// also fits the solver, with or without a cost matrix.
    ///
    /// The parser enforces it on every off-diagonal `EDGE_WEIGHT_SECTION` entry and on the
    /// largest distance between the coordinates of `EUC_2D`, `CEIL_2D` and `ATT` instances
    /// (`GEO` distances never exceed 20,040). Explicit diagonal entries, which no tour uses,
    /// only need to fit their `Int32` storage (``maximumDiagonalWeight``).
    public static let maximumDistance = (1 << 30) - 1
    /// The largest explicit diagonal entry accepted (`Int32.max`), as ATSP files often put
    /// a large "infinite" number there.
    public static let maximumDiagonalWeight = Int(Int32.max)

    /// How many bytes at the start of a file (after decompression) are checked for being
    /// text before the rest is read or inflated.
    public static let sniffBytes = 4096

    /// Limits with the given values (by default 512 MiB on disk and 256 MiB decompressed).
    public init(maxFileBytes: Int = defaultMaxFileBytes, maxInflatedBytes: Int = defaultMaxInflatedBytes) {
        self.maxFileBytes = maxFileBytes
        self.maxInflatedBytes = maxInflatedBytes
    }

    /// The default limits.
    public static let `default` = TSPLIBLimits()
}
