import Foundation
import Testing
@testable import RoutePlan
import RoutePlanExport
import RoutePlanMatrix
import RoutePlanSolver

@Suite("Planner with a routing engine's matrix")
struct PlannerMatrixTests {
    /// Four places in a row along a street, 1 km apart.
    static let street = Itinerary(
        name: "Street",
        placesToGo: (0..<4).map { Waypoint(name: "P\($0)", latitude: 48.85, longitude: 2.30 + 0.0137 * Double($0)) },
        route: .init(travelMode: .driving, optimizeFor: .duration, start: .place("P0"), end: .any))

    /// Every pair known: 1,500 m and 150 s per step along the street (1 km of great circle), both ways.
    static func fullMatrix() -> ObservedMatrix {
        var matrix = ObservedMatrix(count: 4)
        for i in 0..<4 {
            for j in 0..<4 where i != j {
                let steps = abs(i - j)
                matrix[i, j] = .known(meters: 1_500 * steps, seconds: 150 * steps)
            }
        }
        return matrix
    }

    @Test("plans on the engine's values, and the totals are recomputed from them")
    func usesEngineValues() async throws {
        var matrix = Self.fullMatrix()
        // A one-way street: going back from P3 to P2 is slow.
        matrix[3, 2] = .known(meters: 5_000, seconds: 900)
        let route = try await Planner().plan(Self.street, options: .init(matrix: matrix, matrixOrigin: "test"))
        checkConsistency(route, Self.street)
        #expect(route.stopIndices == [0, 1, 2, 3])
        #expect(route.totalDurationSeconds == 450 && route.totalDistanceMeters == 4_500)
        #expect(route.estimatedPairs == 0)
        #expect(route.legs.allSatisfy { !$0.estimated })
        #expect(route.costSource.contains("from test") && route.costSource.contains("12 pairs known"))
    }

    @Test("pairs the engine did not answer are estimated, calibrated on the known ones, and marked")
    func estimatesMissingPairs() async throws {
        var matrix = Self.fullMatrix()
        matrix[1, 2] = .missing
        matrix[2, 1] = .missing
        let route = try await Planner().plan(Self.street, options: .init(matrix: matrix))
        checkConsistency(route, Self.street)
        #expect(route.estimatedPairs == 2)
        let leg = try #require(route.legs.first { route.stopIndices[$0.from] == 1 && route.stopIndices[$0.to] == 2 })
        #expect(leg.estimated)
        // Fitted on 1,500 m and 150 s per 1 km of great circle (the driving
        // preset would say about 1,300 m and 300 s): close to the truth.
        #expect(abs(leg.distanceMeters - 1_500) < 50, "estimated \(leg.distanceMeters) m")
        #expect(abs(leg.durationSeconds - 150) < 15, "estimated \(leg.durationSeconds) s")
        #expect(route.legs.filter(\.estimated).count == 1)
    }

    @Test("a place no stop can reach is named before solving")
    func unreachablePlaceIsNamed() async throws {
        var matrix = Self.fullMatrix()
        for i in 0..<4 where i != 2 { matrix[i, 2] = .unreachable(status: "ZERO_RESULTS") }
        await #expect(throws: PlanningError.unreachablePlaces(cannotReach: ["P2"], cannotLeave: [])) {
            try await Planner().plan(Self.street, options: .init(matrix: matrix))
        }
        let message = PlanningError.unreachablePlaces(cannotReach: ["P2"], cannotLeave: []).description
        #expect(message.contains("\"P2\""))
    }

    @Test("a place that can be left but not reached is fine as a free start")
    func freeStartMayBeUnreachable() async throws {
        var matrix = Self.fullMatrix()
        for i in 1..<4 { matrix[i, 0] = .unreachable(status: "NOT_FOUND") }
        let route = try await Planner().plan(Self.street, options: .init(matrix: matrix))
        #expect(route.stopIndices.first == 0)
    }

    @Test("the solver routes around unusable pairs")
    func routesAround() async throws {
        var matrix = Self.fullMatrix()
        matrix[0, 1] = .unreachable(status: "ZERO_RESULTS")
        let route = try await Planner().plan(Self.street, options: .init(matrix: matrix))
        checkConsistency(route, Self.street)
        #expect(route.stopIndices[1] != 1)
    }

    @Test("a matrix for another number of places is refused with both sizes")
    func sizeMismatch() async throws {
        await #expect(throws: PlanningError.matrixSize(matrixPlaces: 3, stops: 4)) {
            try await Planner().plan(Self.street, options: .init(matrix: ObservedMatrix(count: 3)))
        }
    }

    @Test("the 30-stop tiled Google cache plans on its values")
    func tiledCache() async throws {
        let plan = try itinerary("synthetic-lyon-30-stops")
        let matrix = try plan.readMatrix(contentsOf: fixtures.appendingPathComponent("matrix/synthetic-lyon-30-stops-tiles.json"))
        let route = try await Planner().plan(plan, options: .init(matrix: matrix))
        checkConsistency(route, plan)
        #expect(route.estimatedPairs == 0)
        // Each leg's duration is the cached value for that ordered pair.
        for leg in route.legs {
            guard case let .known(_, seconds?) = matrix[route.stopIndices[leg.from], route.stopIndices[leg.to]] else {
                Issue.record("leg \(leg.from) → \(leg.to) has no cached duration")
                continue
            }
            #expect(leg.durationSeconds == seconds)
        }
    }
}
