import Foundation
import Testing
@testable import RoutePlan
import RoutePlanExport
import RoutePlanSolver

let fixtures = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Fixtures")

func itinerary(_ name: String) throws -> Itinerary {
    try Itinerary(contentsOf: fixtures.appendingPathComponent("itineraries/\(name).json"))
}

/// Checks the invariants every planned route must hold.
func checkConsistency(_ route: PlannedRoute, _ itinerary: Itinerary,
                      sourceLocation: SourceLocation = #_sourceLocation) {
    let stops = itinerary.stops
    let visited = route.roundTrip ? Array(route.stopIndices.dropLast()) : route.stopIndices
    #expect(visited.sorted() == Array(stops.indices), "every stop exactly once", sourceLocation: sourceLocation)
    #expect(route.legs.count == route.waypoints.count - 1, sourceLocation: sourceLocation)
    #expect(route.totalDistanceMeters == route.legs.map(\.distanceMeters).reduce(0, +), sourceLocation: sourceLocation)
    #expect(route.totalDurationSeconds == route.legs.map(\.durationSeconds).reduce(0, +), sourceLocation: sourceLocation)
    if route.roundTrip { #expect(route.stopIndices.first == route.stopIndices.last, sourceLocation: sourceLocation) }
    #expect(!route.googleMapsURLs.isEmpty, sourceLocation: sourceLocation)
}

@Suite("Planner")
struct PlannerTests {
    @Test("a walking day in Lisbon: round trip from the lodging, proven optimal")
    func lisbon() async throws {
        let plan = try itinerary("lisbon-walking-day")
        let route = try await Planner().plan(plan)
        checkConsistency(route, plan)
        #expect(route.roundTrip && route.provenOptimal && route.solver == .heldKarp)
        #expect(route.waypoints.first?.name == "Hotel Avenida Palace")
        #expect(route.waypoints.last?.name == "Hotel Avenida Palace")
        #expect(route.travelMode == .walking && route.optimizeFor == .duration)
        #expect(route.waypoints.count == plan.placesToGo.count + 2)
    }

    @Test("the planner's order is the best of all orders (brute force, independent distances)")
    func optimalAgainstBruteForce() async throws {
        let plan = try itinerary("lisbon-walking-day")
        let route = try await Planner().plan(plan, options: .init(optimizeFor: .distance))
        // Enumerate all 8! orders of the places between lodging and lodging.
        var best = Int.max
        func permute(_ rest: [Int], _ prefix: [Int]) {
            if rest.isEmpty {
                let visits = [0] + prefix + [0]
                var total = 0
                for (a, b) in zip(visits, visits.dropFirst()) {
                    total += GreatCircleCheck.meters(plan.stops[a], plan.stops[b])
                }
                best = min(best, total)
                return
            }
            for (i, v) in rest.enumerated() {
                var next = rest
                next.remove(at: i)
                permute(next, prefix + [v])
            }
        }
        permute(Array(1...plan.placesToGo.count), [])
        #expect(route.totalDistanceMeters == best)
    }

    @Test("no lodging: start at the first place, end wherever is best")
    func roadTrip() async throws {
        let plan = try itinerary("scottish-highlands-road-trip")
        let route = try await Planner().plan(plan)
        checkConsistency(route, plan)
        #expect(!route.roundTrip)
        #expect(route.waypoints.first?.name == "Edinburgh Castle")
        #expect(route.optimizeFor == .distance && route.travelMode == .driving)
        #expect(route.provenOptimal)
    }

    @Test("a fixed end is honoured")
    func fixedEnd() async throws {
        let plan = try itinerary("kyoto-fixed-end")
        let route = try await Planner().plan(plan)
        checkConsistency(route, plan)
        #expect(route.waypoints.last?.name == "Kyoto Station")
        #expect(route.waypoints.first?.name == plan.lodging?.name)
        #expect(route.provenOptimal)
    }

    @Test("23 places in Rome: links chunked so every stop is visited once")
    func rome() async throws {
        let plan = try itinerary("rome-highlights")
        let route = try await Planner().plan(plan, options: .init(travelMode: .walking))
        checkConsistency(route, plan)
        #expect(route.waypoints.count == 25)
        #expect(route.googleMapsURLs.count == 3)  // 25 points, ≤ 11 per link, overlapping by one
        // Transit gets one link per leg.
        let transit = try await Planner().plan(plan)
        #expect(transit.googleMapsURLs.count == transit.legs.count)
    }

    @Test("places on both sides of the antimeridian are neighbours")
    func antimeridian() async throws {
        let plan = try itinerary("fiji-islands-hop")
        let route = try await Planner().plan(plan, options: .init(optimizeFor: .distance))
        checkConsistency(route, plan)
        // The whole hop spans a few hundred kilometres, not the 40,000 km a
        // wrong longitude difference would add.
        #expect(route.totalDistanceMeters < 1_000_000)
    }

    @Test("command-line choices override the file")
    func overrides() async throws {
        let plan = try itinerary("lisbon-walking-day")
        let route = try await Planner().plan(plan, options: .init(travelMode: .driving, end: .any))
        #expect(!route.roundTrip && route.travelMode == .driving)
        let named = try await Planner().plan(plan, options: .init(start: .place("LX Factory"), end: .lodging))
        #expect(named.waypoints.first?.name == "LX Factory" && named.waypoints.last?.name == "Hotel Avenida Palace")
        await #expect(throws: PlanningError.unknownStop(file: nil, field: "--start", value: "Torre de Belém")) {
            try await Planner().plan(plan, options: .init(start: .place("Torre de Belém")))
        }
        let free = try await Planner().plan(plan, options: .init(start: .any, end: .any))
        checkConsistency(free, plan)
        #expect(!free.roundTrip)
    }

    @Test("one and two places have obvious answers")
    func tiny() async throws {
        let one = Itinerary(placesToGo: [.init(name: "Only", latitude: 1, longitude: 2)])
        let route = try await Planner().plan(one)
        #expect(route.waypoints.map(\.name) == ["Only"] && route.legs.isEmpty && route.totalDistanceMeters == 0)
        #expect(route.provenOptimal && route.googleMapsURLs.count == 1)

        let two = try itinerary("paris-two-places")
        let pair = try await Planner().plan(two)
        #expect(pair.waypoints.map(\.name) == two.placesToGo.map(\.name))
        #expect(pair.provenOptimal && pair.legs.count == 1)

        let withLodging = Itinerary(lodging: .init(name: "Hotel", latitude: 0, longitude: 0),
                                    placesToGo: [.init(name: "Sight", latitude: 0, longitude: 0.01)])
        let back = try await Planner().plan(withLodging)
        #expect(back.waypoints.map(\.name) == ["Hotel", "Sight", "Hotel"] && back.roundTrip)
        #expect(back.totalDistanceMeters == 2 * back.legs[0].distanceMeters)
    }

    @Test("forcing Held–Karp past the memory cap is refused before solving; branch and cut needs no table")
    func exactMemory() async throws {
        let plan = try itinerary("rome-highlights")
        let proven = try await Planner().plan(plan, options: .init(solver: .init(strategy: .exact, maxMemoryBytes: 1 << 20)))
        #expect(proven.provenOptimal && proven.solver == .branchAndCut)
        let options = Planner.Options(solver: .init(strategy: .exact, maxMemoryBytes: 1 << 20, exactEngine: .heldKarp))
        await #expect {
            try await Planner().plan(plan, options: options)
        } throws: { error in
            guard case let PlanningError.solver(.exactNeedsTooMuchMemory(nodes, required, limit, source)) = error else { return false }
            return nodes == 24 && required == 23 << 22 * 4 && limit == 1 << 20 && source == .requested
        }
    }

    @Test("cancelling the calling task stops the plan")
    func cancellation() async throws {
        let plan = try itinerary("rome-highlights")
        let task = Task { try await Planner().plan(plan, options: .init(solver: .init(strategy: .exact))) }
        task.cancel()
        await #expect(throws: PlanningError.solver(.cancelled)) { try await task.value }
    }
}

/// An independent great-circle computation (from the chord between unit
/// vectors, not the haversine form) for the brute-force check.
enum GreatCircleCheck {
    static func meters(_ a: Itinerary.Place, _ b: Itinerary.Place) -> Int {
        let r = 6_371_008.8, rad = Double.pi / 180
        func vector(_ p: Itinerary.Place) -> (Double, Double, Double) {
            (cos(p.latitude * rad) * cos(p.longitude * rad), cos(p.latitude * rad) * sin(p.longitude * rad), sin(p.latitude * rad))
        }
        let (x1, y1, z1) = vector(a), (x2, y2, z2) = vector(b)
        let chord = ((x1 - x2) * (x1 - x2) + (y1 - y2) * (y1 - y2) + (z1 - z2) * (z1 - z2)).squareRoot()
        return Int((2 * r * asin(min(1, chord / 2))).rounded())
    }
}
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
