import Foundation
import RoutePlanSolver

extension BenchmarkInstance {
    /// The names of the shared limits of an MC-TOP-MTW instance, in order:
    /// the entrance-fee budget B, then the caps E1…E10 per place type.
    public static let mctopmtwLimitNames = ["entrance fees"] + (1...10).map { "type \($0)" }

    /// Reads an MC-TOP-MTW file (Souffriau, Vansteenwegen, Vanden Berghe & Van
    /// Oudheusden 2013): a line `M N B E1 … E10`, the depot line `0 x y d S O C`,
    /// then N vertex lines `i x y d S O1 O2 O3 O4 C4 E b e1 … e10`.
    ///
    /// - M tours (routes), each leaving the depot at O and back by C (Tmax).
    /// - Every vertex is optional with score S and visit duration d; its four
    ///   consecutive start windows are [O1, O2], [O2, O3], [O3, O4], [O4, C4].
    ///   With E = 1 windows 1 and 3 apply on tours 1 and 3 (odd tours) and
    ///   windows 2 and 4 on tours 2 and 4 (even tours); E = 0 swaps them.
    /// - Shared limits over all tours: the entrance fees b of the visited
    ///   vertices sum to at most B (limit 0), and at most Ez visited vertices
    ///   have ez = 1 (limit z, 1…10); see ``mctopmtwLimitNames``.
    /// - Distances and travel times are Euclidean rounded down to
    ///   `truncatedDecimals` decimals (inferred as for TOPTW: 1 when every
    ///   coordinate is whole, the Solomon-based files; else 2, Cordeau-based),
    ///   held at ``toptwScale``.
    static func readMCTOPMTW(_ text: InstanceText, truncatedDecimals: Int?) throws(InstanceError) -> BenchmarkInstance {
        let file = text.file
        let lines = text.lines
        let header = lines[0]
        let headerShape = "the header 'M N B E1 E2 E3 E4 E5 E6 E7 E8 E9 E10' (13 numbers)"
        guard header.tokens.count == 13 else {
            throw .malformedLine(file: file, line: header.number, expected: headerShape, text: String(header.text))
        }
        let tours = try header.whole(0, file: file, field: "M (the number of tours)", in: 1...InstanceLimits.maxRoutes)
        let declared = try header.whole(1, file: file, field: "N (the number of vertices)",
                                        in: 0...InstanceLimits.maxCustomers)
        let budget = try header.whole(2, file: file, field: "B (the entrance-fee budget)", in: 0...1_000_000_000)
        var caps: [Int] = []
        for z in 1...10 {
            caps.append(try header.whole(2 + z, file: file, field: "E\(z) (the most vertices of type \(z))",
                                         in: 0...1_000_000_000))
        }
        guard lines.count >= 2 else {
            throw .missing(file: file, line: header.number, what: "the depot line 'i x y d S O C' (vertex 0) after the header")
        }
        let rows = Array(lines[1...])
        try checkVertices(rows.count - 1, declared: declared, tours: tours, header: header, file: file)

        let scale = toptwScale
        struct Row {
            var number: Int
            var x, y: FixedPoint
            var duration, score: Int
            /// The depot: [opens, closes]; a vertex: O1, O2, O3, O4, C4.
            var times: [Int]
            var exchanged: Bool
            var uses: [Int]
            var line: Int
        }
        var parsed: [Row] = []
        var firstLine: [Int: Int] = [:]
        var allWhole = true
        for (index, line) in rows.enumerated() {
            let tokens = line.tokens
            let isDepot = index == 0
            let expected = isDepot ? "the depot line 'i x y d S O C' (7 numbers)"
                : "the vertex line 'i x y d S O1 O2 O3 O4 C4 E b e1 … e10' (22 numbers)"
            guard tokens.count == (isDepot ? 7 : 22) else {
                throw .malformedLine(file: file, line: line.number, expected: expected, text: String(line.text))
            }
            let number = try line.whole(0, file: file, field: "vertex number i", in: 0...1_000_000_000)
            if isDepot && number != 0 {
                throw .malformedLine(file: file, line: line.number, expected: "the depot, vertex 0, as the first vertex line",
                                     text: String(line.text))
            }
            if let seen = firstLine[number] {
                throw .duplicateCustomer(file: file, line: line.number, customer: number, firstLine: seen)
            }
            firstLine[number] = line.number
            let x = try line.coordinate(1, file: file, field: "x")
            let y = try line.coordinate(2, file: file, field: "y")
            allWhole = allWhole && x.isWhole && y.isWhole
            func exact(_ position: Int, _ field: String) throws(InstanceError) -> Int {
                let value = try line.time(position, file: file, field: field)
                guard let units = value.scaled(by: scale) else {
                    throw .invalidNumber(file: file, line: line.number, token: String(tokens[position]),
                                         expected: "a number with at most 2 decimals (\(field))")
                }
                return units
            }
            let duration = try exact(3, "visit duration d")
            let score = try line.whole(4, file: file, field: "score S", in: 0...1_000_000_000)
            let fields = isDepot ? ["opening O", "closing C"] : ["opening O1", "opening O2", "opening O3", "opening O4", "closing C4"]
            var times: [Int] = []
            for (offset, field) in fields.enumerated() {
                let value = try exact(5 + offset, field)
                if let previous = times.last, value < previous {
                    throw .invertedWindow(file: file, line: line.number, customer: number,
                                          opens: String(tokens[4 + offset]), closes: String(tokens[5 + offset]))
                }
                times.append(value)
            }
            var exchanged = false
            var uses: [Int] = []
            if !isDepot {
                exchanged = try line.whole(10, file: file, field: "E (1: windows 1 and 3 on tours 1 and 3; 0: windows 2 and 4)",
                                           in: 0...1) == 0
                uses.append(try line.whole(11, file: file, field: "b (entrance fee)", in: 0...1_000_000_000))
                for z in 1...10 {
                    uses.append(try line.whole(11 + z, file: file, field: "e\(z) (whether of type \(z): 0 or 1)", in: 0...1))
                }
            }
            parsed.append(Row(number: number, x: x, y: y, duration: duration, score: score, times: times,
                              exchanged: exchanged, uses: uses, line: line.number))
        }
        let decimals = truncatedDecimals ?? (allWhole ? 1 : 2)
        guard (0...2).contains(decimals) else {
            throw .valueOutOfRange(file: file, line: header.number, field: "distance decimals", value: String(decimals),
                                   allowed: "0, 1 or 2")
        }
        let travel = try truncatedMatrix(parsed.map { ($0.x, $0.y) }, lines: parsed.map(\.line),
                                         customers: parsed.map(\.number), file: file, decimals: decimals, scaleDigits: 2)
        let depot = parsed[0]
        let visits = parsed.dropFirst().enumerated().map { offset, row in
            let windows = (0..<tours).map { r in mctopmtwWindows(row.times, tour: r + 1, exchanged: row.exchanged) }
            return ScheduleProblem.Visit(node: offset + 1, serviceTime: row.duration, score: row.score, isRequired: false,
                                         demand: 0, windows: windows, sharedUse: row.uses)
        }
        let route = ScheduleProblem.Route(startNode: 0, endNode: 0, earliestStart: depot.times[0],
                                          latestEnd: depot.times[1])
        let limits = zip(mctopmtwLimitNames, [budget] + caps).map { ScheduleProblem.SharedLimit(capacity: $1, name: $0) }
        let problem = ScheduleProblem(travel: travel, visits: Array(visits),
                                      routes: [ScheduleProblem.Route](repeating: route, count: tours),
                                      sharedLimits: limits)
        let name = URL(fileURLWithPath: file).deletingPathExtension().lastPathComponent
        return BenchmarkInstance(
            name: name, format: .mctopmtw, problem: problem, customers: parsed.dropFirst().map(\.number),
            points: parsed.map { Point(x: $0.x.double, y: $0.y.double) }, scale: scale, truncatedDecimals: decimals,
            routeCount: tours, capacity: nil, depotOpens: Double(depot.times[0]) / Double(scale),
            depotCloses: Double(depot.times[1]) / Double(scale))
    }

    /// The start windows of a vertex with the consecutive window bounds
    /// `times` (O1, O2, O3, O4, C4) on tour `tour` (1-based): windows 1 and 3
    /// on odd tours and 2 and 4 on even ones, swapped when `exchanged` (E = 0);
    /// two windows that touch are merged.
    static func mctopmtwWindows(_ times: [Int], tour: Int, exchanged: Bool) -> [ScheduleProblem.TimeWindow] {
        let first = (tour % 2 == 1) != exchanged ? 0 : 1
        var windows: [ScheduleProblem.TimeWindow] = []
        for w in [first, first + 2] {
            let window = ScheduleProblem.TimeWindow(earliestStart: times[w], latestStart: times[w + 1])
            if let last = windows.last, window.earliestStart <= last.latestStart {
                windows[windows.count - 1].latestStart = max(last.latestStart, window.latestStart)
            } else {
                windows.append(window)
            }
        }
        return windows
    }
}
