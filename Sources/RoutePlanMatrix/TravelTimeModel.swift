/// Estimates travel time from straight-line distance for one way of travelling:
///
///     seconds = overhead + distance × detour ÷ speed
///
/// *detour* is the circuity of the network (route length ÷ great-circle
/// length), *speed* the average speed along the route, and *overhead* a
/// per-leg constant (parking, waiting for a bus). The overhead is paid once
/// per leg, and every route through the same places has the same number of
/// legs, so it changes the reported durations, never the best order.
///
/// | preset | speed | detour | overhead | basis |
/// |---|---|---|---|---|
/// | ``walking``   | 1.35 m/s (4.9 km/h) | 1.25 | 0 s   | typical adult walking pace; pedestrian networks are direct |
/// | ``bicycling`` | 4.2 m/s (15 km/h)  | 1.3  | 60 s  | urban cycling; unlocking and parking |
/// | ``driving``   | 11.1 m/s (40 km/h) | 1.3  | 180 s | mixed urban and regional roads; parking |
/// | ``transit``   | 5.5 m/s (20 km/h)  | 1.3  | 420 s | door-to-door average; walking to and waiting at stops |
///
/// Road circuity factors of 1.2–1.4 are the usual measured range. These
/// presets are estimates for ordering places when no routing engine has been
/// asked; ``calibrated(from:)`` fits a model to real routing-engine answers.
public struct TravelTimeModel: Sendable, Hashable {
    /// Average speed along the route, meters per second.
    public var speed: Double
    /// Route length ÷ great-circle length.
    public var detourFactor: Double
    /// Seconds added to every leg.
    public var overhead: Double

    public init(speed: Double, detourFactor: Double, overhead: Double) {
        self.speed = speed
        self.detourFactor = detourFactor
        self.overhead = overhead
    }

    public static let walking = TravelTimeModel(speed: 1.35, detourFactor: 1.25, overhead: 0)
    public static let bicycling = TravelTimeModel(speed: 4.2, detourFactor: 1.3, overhead: 60)
    public static let driving = TravelTimeModel(speed: 11.1, detourFactor: 1.3, overhead: 180)
    public static let transit = TravelTimeModel(speed: 5.5, detourFactor: 1.3, overhead: 420)

    /// Seconds per meter of great-circle distance.
    public var secondsPerMeter: Double { detourFactor / speed }

    /// The estimated duration of a leg of `meters` great-circle meters, in whole seconds.
    /// A leg of zero length (two places at the same spot) takes no time.
    public func seconds(forMeters meters: Int) -> Int {
        guard meters > 0 else { return 0 }
        return Int((overhead + Double(meters) * secondsPerMeter).rounded())
    }
}
