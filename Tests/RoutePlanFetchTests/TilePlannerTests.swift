import RoutePlanFetch
import Testing

@Suite("Tile planner")
struct TilePlannerTests {
    /// Asserts that the tiles cover every ordered pair of `n` places exactly once.
    private func expectExactCover(_ tiles: [MatrixTile], n: Int) {
        var covered = [Int](repeating: 0, count: n * n)
        for tile in tiles {
            for i in tile.origins { for j in tile.destinations { covered[i * n + j] += 1 } }
        }
        #expect(covered.allSatisfy { $0 == 1 }, "n = \(n): some pair is asked \(covered.max() ?? 0) or \(covered.min() ?? 0) times")
    }

    @Test("Google tiles stay within 25 origins, 25 destinations, 100 elements and cover the matrix once")
    func googleLimits() {
        for n in 1...120 {
            let tiles = TilePlanner.tiles(placeCount: n, limits: .google)
            for tile in tiles {
                #expect(tile.origins.count <= 25 && tile.destinations.count <= 25 && tile.elements <= 100, "n = \(n): \(tile)")
                #expect(tile.count == tiles.count)
            }
            #expect(tiles.map(\.index) == Array(0..<tiles.count))
            #expect(tiles.count >= (n * n + 99) / 100)
            expectExactCover(tiles, n: n)
        }
    }

    @Test("Google request counts", arguments: [(1, 1), (2, 1), (10, 1), (11, 2), (20, 4), (25, 7), (30, 9), (31, 10), (50, 25), (100, 100)])
    func googleCounts(n: Int, requests: Int) {
        #expect(TilePlanner.tiles(placeCount: n, limits: .google).count == requests)
    }

    @Test("30 places: nine 10 × 10 tiles")
    func thirtyPlaces() {
        let tiles = TilePlanner.tiles(placeCount: 30, limits: .google)
        #expect(tiles.allSatisfy { $0.origins.count == 10 && $0.destinations.count == 10 })
        #expect(tiles[0].description == "request 1 of 9 (origins 1–10 × destinations 1–10)")
        #expect(tiles[5].description == "request 6 of 9 (origins 11–20 × destinations 21–30)")
    }

    @Test("OSRM tiles keep sources and destinations within the table size")
    func osrmLimits() {
        for (n, cap, expected) in [(1, 100, 1), (100, 100, 1), (101, 100, 4), (250, 100, 9), (7, 3, 9), (10, 1, 100)] {
            let tiles = TilePlanner.tiles(placeCount: n, limits: .osrm(maxTableSize: cap))
            #expect(tiles.count == expected, "n = \(n), cap = \(cap)")
            #expect(tiles.allSatisfy { $0.origins.count <= cap && $0.destinations.count <= cap })
            expectExactCover(tiles, n: n)
        }
    }

    @Test("No places, no tiles")
    func empty() {
        #expect(TilePlanner.tiles(placeCount: 0, limits: .google).isEmpty)
    }
}
