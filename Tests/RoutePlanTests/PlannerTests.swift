
@Suite("README")
struct ReadmeExampleTests {
    @Test("the library example in README.md runs as written")
    func libraryExample() async throws {
        let itinerary = Itinerary(
            name: "Lisbon, day 1",
            lodging: .init(name: "Hotel Avenida Palace", latitude: 38.7145, longitude: -9.1413),
            placesToGo: [
                .init(name: "Castelo de São Jorge", latitude: 38.7139, longitude: -9.1335),
                .init(name: "Torre de Belém", latitude: 38.6916, longitude: -9.2160),
                .init(name: "LX Factory", latitude: 38.7033, longitude: -9.1783),
            ],
            route: .init(travelMode: .walking))

        let route = try await Planner().plan(itinerary)
        for (stop, leg) in zip(route.waypoints.dropFirst(), route.legs) {
            print(stop.name, leg.distanceMeters, "m", leg.durationSeconds, "s")
        }
        print(route.provenOptimal, route.googleMapsURLs)
        #expect(route.provenOptimal && route.waypoints.count == 5)

        let readme = try String(contentsOf: fixtures.deletingLastPathComponent().appendingPathComponent("README.md"), encoding: .utf8)
        #expect(readme.contains("let route = try await Planner().plan(itinerary)"))
    }
}
