import Foundation
import Testing
import RoutePlanMatrix

@Suite("Great-circle distance")
struct GreatCircleTests {
    let R = GreatCircle.earthRadius

    @Test("one degree of a great circle is πR/180")
    func oneDegree() {
        let expected = R * .pi / 180  // 111,195 m
        #expect(abs(GreatCircle.distance(.init(latitude: 0, longitude: 0), .init(latitude: 0, longitude: 1)) - expected) < 1e-6)
        #expect(abs(GreatCircle.distance(.init(latitude: 10, longitude: 20), .init(latitude: 11, longitude: 20)) - expected) < 1e-6)
    }

    @Test("across the antimeridian the short way round")
    func antimeridian() {
        let west = Coordinate(latitude: 0, longitude: 179.5), east = Coordinate(latitude: 0, longitude: -179.5)
        #expect(GreatCircle.meters(west, east) == Int((R * .pi / 180).rounded()))
        // Taveuni: both sides of 180° within a few kilometres.
        let a = Coordinate(latitude: -16.79, longitude: 179.99), b = Coordinate(latitude: -16.79, longitude: -179.99)
        #expect(GreatCircle.meters(a, b) < 2_200)
    }

    @Test("near and at the poles")
    func poles() {
        // Points 0.1° from the pole on opposite meridians are 0.2° apart.
        let a = Coordinate(latitude: 89.9, longitude: 0), b = Coordinate(latitude: 89.9, longitude: 180)
        #expect(abs(GreatCircle.distance(a, b) - 0.2 * R * .pi / 180) < 1e-3)
        // Every longitude names the pole itself.
        #expect(GreatCircle.meters(.init(latitude: 90, longitude: -120), .init(latitude: 90, longitude: 45)) == 0)
        #expect(GreatCircle.meters(.init(latitude: -90, longitude: 0), .init(latitude: 90, longitude: 0)) == Int((R * .pi).rounded()))
    }

    @Test("antipodes do not produce NaN")
    func antipodes() {
        let d = GreatCircle.distance(.init(latitude: 38.7, longitude: -9.1), .init(latitude: -38.7, longitude: 170.9))
        #expect(abs(d - R * .pi) < 1)
    }

    @Test("a known city pair: Paris – London ≈ 343.6 km")
    func cityPair() {
        let paris = Coordinate(latitude: 48.8566, longitude: 2.3522)
        let london = Coordinate(latitude: 51.5074, longitude: -0.1278)
        #expect(abs(GreatCircle.distance(paris, london) - 343_560) < 500)
    }
}

@Suite("Travel matrices")
struct TravelMatricesTests {
    @Test("symmetric meters and per-mode seconds from coordinates")
    func estimate() async throws {
        let points = [Coordinate(latitude: 38.7145, longitude: -9.1413),
                      Coordinate(latitude: 38.7139, longitude: -9.1335),
                      Coordinate(latitude: 38.6916, longitude: -9.2160)]
        let walking = try TravelMatrices.estimate(from: points, model: .walking)
        #expect(walking.distances.isSymmetric)
        #expect(walking.distances[0, 1] == Int32(GreatCircle.meters(points[0], points[1])))
        let meters = Double(walking.distances[0, 2])
        #expect(walking.durations[0, 2] == Int32((meters * 1.25 / 1.35).rounded()))
        let driving = try TravelMatrices.estimate(from: points, model: .driving)
        #expect(driving.durations[0, 2] < walking.durations[0, 2])
    }

    @Test("an invalid coordinate is named", arguments: [
        Coordinate(latitude: 91, longitude: 0), Coordinate(latitude: 0, longitude: -180.5),
        Coordinate(latitude: .nan, longitude: 0), Coordinate(latitude: 0, longitude: .infinity),
    ])
    func invalid(bad: Coordinate) {
        let points = [Coordinate(latitude: 1, longitude: 1), bad]
        #expect(throws: MatrixError.self) { try TravelMatrices.estimate(from: points, model: .walking) }
        do {
            _ = try TravelMatrices.estimate(from: points, model: .walking)
        } catch let MatrixError.invalidCoordinate(index, _, _) {
            #expect(index == 1)
        } catch {
            Issue.record("unexpected \(error)")
        }
    }

    @Test("zero-length legs take no time")
    func samePlace() async throws {
        let p = Coordinate(latitude: 10, longitude: 10)
        let m = try TravelMatrices.estimate(from: [p, p], model: .driving)
        #expect(m.durations[0, 1] == 0 && m.distances[0, 1] == 0)
    }
}
