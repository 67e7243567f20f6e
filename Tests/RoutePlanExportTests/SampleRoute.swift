import RoutePlanExport

/// A 4-stop round trip through Lisbon with names that need escaping in
/// XML and JSON. The last element returns to the start.
enum SampleRoute {
    static let name = #"Lisbon & "friends" <day 1>"#

    static let start = Waypoint(
        name: #"Tom & Jerry's "Bar" <Lisboa>"#,
        placeID: "ChIJTomJerry_1",
        latitude: 38.7107,
        longitude: -9.1366
    )

    static let stops: [Waypoint] = [
        start,
        Waypoint(name: "Castelo de São Jorge", latitude: 38.713909, longitude: -9.133476),
        Waypoint(name: "Café A Brasileira", placeID: "ChIJCafe~3", latitude: 38.71065249, longitude: -9.14228351),
        Waypoint(name: #"Padrão "Descobrimentos" \ 東京タワー"#, latitude: 38.693611, longitude: -9.205833),
        start,
    ]
}
