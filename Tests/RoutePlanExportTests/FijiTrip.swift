import RoutePlanExport

/// A three-day trip from a lodging on Taveuni, Fiji, just east of the
/// antimeridian. Day 1 crosses to Vanua Levu (west of it) and back; day 2
/// stays on Taveuni; day 3 ends at the airstrip, which day 2 also visits.
/// The lodging's name and place ID and day 3's name need escaping in XML
/// and JSON.
enum FijiTrip {
    static let name = #"Taveuni & "Vanua Levu" <3 days>"#

    static let lodging = Waypoint(
        name: #"Garden Island "Resort" & Dive <Taveuni>"#,
        placeID: "ChIJGarden&Resort_1",
        latitude: -16.7912,
        longitude: -179.9935
    )
    static let vianiBay = Waypoint(name: "Viani Bay", latitude: -16.75, longitude: 179.89)
    static let rainbowReef = Waypoint(name: "Rainbow Reef", latitude: -16.7735, longitude: 179.9621)
    static let somosomo = Waypoint(name: "Somosomo", latitude: -16.7758, longitude: -179.9672)
    static let tavoroFalls = Waypoint(name: "Tavoro Falls", latitude: -16.8213, longitude: -179.8358)
    static let lavena = Waypoint(name: "Lavena", latitude: -16.8695, longitude: -179.808)
    static let matei = Waypoint(name: "Matei Airport", placeID: "ChIJMatei_TVU", latitude: -16.6906, longitude: -179.8767)

    static let sections: [RouteSection] = [
        RouteSection(
            name: "Day 1 · Mon 21 Sep 2026",
            stops: [lodging, vianiBay, rainbowReef, lodging],
            legs: [
                CSVDocument.Leg(distanceMeters: 12_400, durationSeconds: 2_700),
                CSVDocument.Leg(distanceMeters: 8_150.3, durationSeconds: 1_800),
                CSVDocument.Leg(distanceMeters: 4_900, durationSeconds: .nan),
            ],
            times: [
                StopTimes(departure: "2026-09-21T08:00:00"),
                StopTimes(arrival: "2026-09-21T08:45:00", start: "2026-09-21T09:00:00",
                          end: "2026-09-21T11:30:00", departure: "2026-09-21T11:30:00"),
                StopTimes(arrival: "2026-09-21T12:00:00", start: "2026-09-21T12:00:00",
                          end: "2026-09-21T15:00:00", departure: "2026-09-21T15:10:00"),
                StopTimes(arrival: "2026-09-21T15:45:00"),
            ],
            properties: ["travelMode": "boat", "distanceMeters": 25_450.25]
        ),
        RouteSection(
            name: "Day 2 · Tue 22 Sep 2026",
            stops: [lodging, somosomo, tavoroFalls, lavena, lodging],
            times: [nil, StopTimes(arrival: "2026-09-22T09:20:00"), nil, StopTimes(start: ""), nil]
        ),
        RouteSection(
            name: #"Day 3 · Wed 23 Sep 2026 <fly out> & "goodbye""#,
            stops: [lodging, matei],
            legs: [CSVDocument.Leg(distanceMeters: 21_300, durationSeconds: 1_860)],
            times: [StopTimes(departure: "2026-09-23T07:30:00"), StopTimes(arrival: "2026-09-23T08:01:00")]
        ),
    ]

    /// Every stop of the trip in section order, repeats included.
    static var allStops: [Waypoint] { sections.flatMap(\.stops) }
}
