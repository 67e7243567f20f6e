import Foundation
import RoutePlanSolver

extension BenchmarkInstance {
    /// Reads a TOPTW file (Vansteenwegen et al.; Montemanni & Gambardella):
    /// a line `k v N t`, a line `D Q` (neither used), then one line per vertex
    /// `i x y d S f a list O C` (`list` has `a` entries), vertex 0 the depot.
    /// Every customer is optional with score S and visit duration d, served in
    /// one of `tours` routes, its service starting in [O, C]; each route leaves
    /// the depot at its O and returns by its C (Tmax). Distances and travel
    /// times are Euclidean rounded down to `truncatedDecimals` decimals.
    static func readTOPTW(_ text: InstanceText, tours: Int?, truncatedDecimals: Int?) throws(InstanceError) -> BenchmarkInstance {
        let file = text.file
        let lines = text.lines
        guard let tours else {
            throw .missing(file: file, line: lines[0].number,
                           what: "the number of tours m (TOPTW files do not carry it; give --tours M)")
        }
        guard tours >= 1 else {
            throw .valueOutOfRange(file: file, line: lines[0].number, field: "the number of tours", value: String(tours),
                                   allowed: "at least 1")
        }
        // The header 'k v N t' and 'D Q' (D often missing) is usually two lines; some copies
        // wrap it differently (c204: "2" / "4 100 1 0 700"), so take every line before the
        // first vertex line (9 or more numbers), 3 to 6 numbers in all, N the third.
        guard let firstVertex = lines.prefix(4).firstIndex(where: { $0.tokens.count >= 9 }) else {
            throw .missing(file: file, line: lines[min(3, lines.count - 1)].number,
                           what: "the depot line 'i x y d S f a list O C' (vertex 0) after the header 'k v N t' and 'D Q'")
        }
        let header = lines[0]
        let headerTokens = lines[..<firstVertex].flatMap { $0.tokens }
        guard firstVertex >= 1, (3...6).contains(headerTokens.count) else {
            throw .malformedLine(file: file, line: header.number, expected: "the header 'k v N t' then 'D Q' (3 to 6 numbers)",
                                 text: String(header.text))
        }
        guard let declaredValue = FixedPoint.parse(headerTokens[2]), declaredValue.isWhole, declaredValue.units >= 0 else {
            throw .invalidNumber(file: file, line: header.number, token: String(headerTokens[2]),
                                 expected: "a whole number (N, the number of vertices besides the depot)")
        }
        let declared = declaredValue.units / FixedPoint.one
        let rows = Array(lines[firstVertex...])
        try checkVertices(rows.count - 1, declared: declared, tours: tours, header: header, file: file)

        let scale = toptwScale
        struct Row { var number: Int; var x, y: FixedPoint; var duration, opens, closes: Int; var score: Int; var line: Int }
        var parsed: [Row] = []
        var firstLine: [Int: Int] = [:]
        var allWhole = true
        for (index, line) in rows.enumerated() {
            let tokens = line.tokens
            let expected = "'i x y d S f a list O C' with a entries in list"
            guard tokens.count >= 9 else {
                throw .malformedLine(file: file, line: line.number, expected: expected, text: String(line.text))
            }
            let a = try line.whole(6, file: file, field: "a (length of the list)", in: 0...1_000)
            guard tokens.count == 9 + a else {
                throw .malformedLine(file: file, line: line.number, expected: "\(9 + a) numbers, \(expected)",
                                     text: String(line.text))
            }
            let number = try line.whole(0, file: file, field: "vertex number", in: 0...1_000_000_000)
            if index == 0 && number != 0 {
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
            func exact(_ value: FixedPoint, _ position: Int, _ field: String) throws(InstanceError) -> Int {
                guard let units = value.scaled(by: scale) else {
                    throw .invalidNumber(file: file, line: line.number, token: String(tokens[position]),
                                         expected: "a number with at most 2 decimals (\(field))")
                }
                return units
            }
            let duration = try exact(try line.time(3, file: file, field: "visit duration d"), 3, "visit duration d")
            let score = try line.whole(4, file: file, field: "score S", in: 0...1_000_000_000)
            let opens = try line.time(7 + a, file: file, field: "opening O")
            let closes = try line.time(8 + a, file: file, field: "closing C")
            if closes < opens {
                throw .invertedWindow(file: file, line: line.number, customer: number, opens: opens.text, closes: closes.text)
            }
            parsed.append(Row(number: number, x: x, y: y, duration: duration,
                              opens: try exact(opens, 7 + a, "opening O"), closes: try exact(closes, 8 + a, "closing C"),
                              score: score, line: line.number))
        }
        let decimals = truncatedDecimals ?? (allWhole ? 1 : 2)
        guard (0...2).contains(decimals) else {
            throw .valueOutOfRange(file: file, line: lines[0].number, field: "distance decimals", value: String(decimals),
                                   allowed: "0, 1 or 2")
        }
        let travel = try truncatedMatrix(parsed.map { ($0.x, $0.y) }, lines: parsed.map(\.line),
                                         customers: parsed.map(\.number), file: file, decimals: decimals, scaleDigits: 2)
        let depot = parsed[0]
        let visits = parsed.dropFirst().enumerated().map { offset, row in
            let window = ScheduleProblem.TimeWindow(earliestStart: row.opens, latestStart: row.closes)
            return ScheduleProblem.Visit(node: offset + 1, serviceTime: row.duration, score: row.score, isRequired: false,
                                         demand: 0, windows: [[ScheduleProblem.TimeWindow]](repeating: [window], count: tours))
        }
        let route = ScheduleProblem.Route(startNode: 0, endNode: 0, earliestStart: depot.opens, latestEnd: depot.closes)
        let problem = ScheduleProblem(travel: travel, visits: Array(visits),
                                      routes: [ScheduleProblem.Route](repeating: route, count: tours))
        let name = URL(fileURLWithPath: file).deletingPathExtension().lastPathComponent
        return BenchmarkInstance(
            name: name, format: .toptw, problem: problem, customers: parsed.dropFirst().map(\.number),
            points: parsed.map { Point(x: $0.x.double, y: $0.y.double) }, scale: scale, truncatedDecimals: decimals,
            routeCount: tours, capacity: nil, depotOpens: Double(depot.opens) / Double(scale),
            depotCloses: Double(depot.closes) / Double(scale))
    }
}

extension BenchmarkInstance {
    /// Checks a TOPTW-family file's vertex count, before anything is
    /// allocated: within ``InstanceLimits``, at least one, equal to the header's
    /// declared N, and `tours` routes over them allowed.
    static func checkVertices(_ customerCount: Int, declared: Int, tours: Int, header: InstanceText.Line,
                              file: String) throws(InstanceError) {
        if customerCount > InstanceLimits.maxCustomers {
            throw .tooManyCustomers(file: file, count: customerCount, limit: InstanceLimits.maxCustomers)
        }
        if customerCount == 0 { throw .noCustomers(file: file) }
        if declared != customerCount {
            throw .malformedLine(file: file, line: header.number,
                                 expected: "N = \(customerCount), the number of vertex lines after the depot (N = \(declared) is declared)",
                                 text: String(header.text))
        }
        try checkRoutes(tours, customers: customerCount, file: file)
    }
}
