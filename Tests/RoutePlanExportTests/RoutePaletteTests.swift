import RoutePlanExport
import Testing

@Suite("Route palette")
struct RoutePaletteTests {
    @Test func coloursAreDistinctAndCycle() {
        let colours = RoutePalette.colours
        #expect(colours.count >= 7)
        #expect(Set(colours).count == colours.count)
        #expect(colours.allSatisfy { $0.wholeMatch(of: /#[0-9a-f]{6}/) != nil })
        #expect((0..<colours.count).map { RoutePalette.colour(forSection: $0) } == colours)
        #expect(RoutePalette.colour(forSection: colours.count) == colours[0])
        #expect(RoutePalette.colour(forSection: 2 * colours.count + 3) == colours[3])
        #expect(RoutePalette.colour(forSection: -1) == colours[0])
    }
}
