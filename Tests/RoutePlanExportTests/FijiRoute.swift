import RoutePlanExport

/// Three stops in Fiji on both sides of the antimeridian: Viani Bay
/// (Vanua Levu) is just west of it, Waiyevo and Matei (Taveuni) just east.
enum FijiRoute {
    static let name = "Somosomo Strait"

    static let stops: [Waypoint] = [
        Waypoint(name: "Viani Bay", latitude: -16.75, longitude: 179.89),
        Waypoint(name: "Waiyevo", latitude: -16.785, longitude: -179.996),
        Waypoint(name: "Matei", latitude: -16.69, longitude: -179.88),
    ]
}
