import RoutePlanSolver

extension BenchmarkInstance {
    /// Reads a Solomon VRPTW file: a name line; `VEHICLE`, a header line and
    /// `K Q`; `CUSTOMER`, a header line and one line per customer
    /// `CUST NO. XCOORD. YCOORD. DEMAND READY-TIME DUE-DATE SERVICE-TIME`, the
    /// depot (customer 0) first. Every customer is required; K identical routes
    /// of capacity Q leave the depot no earlier than its ready time and return
    /// by its due date; a window bounds the start of service. See the type's
    /// documentation for the scale and the rounding of travel times.
    ///
    /// With `truncatedDecimals` k (0…4) every arc is truncated to k decimals
    /// (travel = ⌊10ᵏ·d⌋ / 10ᵏ), the rule under which the exact methods'
    /// proven optima were found (k = 1); travel times are the same truncated
    /// values, so the windows are checked with them too.
    static func readSolomon(_ text: InstanceText, truncatedDecimals: Int? = nil) throws(InstanceError) -> BenchmarkInstance {
        let file = text.file
        let lines = text.lines
        let name = lines[0].tokens.joined(separator: " ")
        guard let vehicleHeader = lines.firstIndex(where: { $0.tokens.first?.uppercased() == "VEHICLE" }) else {
            throw .missing(file: file, line: lines[0].number, what: "the VEHICLE section")
        }
        // The fleet line: the first line of two numbers after VEHICLE.
        var index = vehicleHeader + 1
        while index < lines.count, lines[index].tokens.first?.uppercased() != "CUSTOMER",
              !(lines[index].tokens.count == 2 && lines[index].tokens.allSatisfy { FixedPoint.parse($0) != nil }) {
            index += 1
        }
        guard index < lines.count, lines[index].tokens.count == 2, lines[index].tokens.first?.uppercased() != "CUSTOMER" else {
            throw .missing(file: file, line: lines[min(index, lines.count - 1)].number,
                           what: "the fleet line 'NUMBER CAPACITY' (two whole numbers after VEHICLE)")
        }
        let fleetLine = lines[index]
        let vehicles = try fleetLine.whole(0, file: file, field: "vehicle number", in: 1...Int.max / 2)
        let capacity = try fleetLine.whole(1, file: file, field: "capacity", in: 0...1_000_000_000)
        guard let customerHeader = lines[index...].firstIndex(where: { $0.tokens.first?.uppercased() == "CUSTOMER" }) else {
            throw .missing(file: file, line: lines[lines.count - 1].number, what: "the CUSTOMER section")
        }
        // Skip the column header line(s): data lines start with a number.
        var first = customerHeader + 1
        while first < lines.count, FixedPoint.parse(lines[first].tokens[0]) == nil { first += 1 }
        let rows = Array(lines[first...])
        guard !rows.isEmpty else {
            throw .missing(file: file, line: lines[lines.count - 1].number, what: "the depot line (customer 0)")
        }
        // Limits, before anything is allocated.
        let customerCount = rows.count - 1
        if customerCount > InstanceLimits.maxCustomers {
            throw .tooManyCustomers(file: file, count: customerCount, limit: InstanceLimits.maxCustomers)
        }
        if customerCount == 0 { throw .noCustomers(file: file) }
        try checkRoutes(vehicles, customers: customerCount, file: file)

        if let decimals = truncatedDecimals, !(0...4).contains(decimals) {
            throw .valueOutOfRange(file: file, line: lines[0].number, field: "distance decimals", value: String(decimals),
                                   allowed: "0 to 4")
        }
        let scale = solomonScale
        var numbers: [Int] = []
        var firstLine: [Int: Int] = [:]
        var points: [(x: FixedPoint, y: FixedPoint)] = []
        var lineNumbers: [Int] = []
        var visits: [ScheduleProblem.Visit] = []
        var depotOpens = 0
        var depotCloses = 0
        var depotRaw = (FixedPoint(units: 0), FixedPoint(units: 0))
        for (row, line) in rows.enumerated() {
            guard line.tokens.count == 7 else {
                throw .malformedLine(file: file, line: line.number,
                                     expected: "7 numbers 'CUST-NO X Y DEMAND READY-TIME DUE-DATE SERVICE-TIME'",
                                     text: String(line.text))
            }
            let number = try line.whole(0, file: file, field: "customer number", in: 0...1_000_000_000)
            if row == 0 && number != 0 {
                throw .malformedLine(file: file, line: line.number, expected: "the depot, customer 0, as the first customer line",
                                     text: String(line.text))
            }
            if let seen = firstLine[number] {
                throw .duplicateCustomer(file: file, line: line.number, customer: number, firstLine: seen)
            }
            firstLine[number] = line.number
            let x = try line.coordinate(1, file: file, field: "XCOORD")
            let y = try line.coordinate(2, file: file, field: "YCOORD")
            let demand = try line.whole(3, file: file, field: "demand", in: 0...1_000_000_000)
            let ready = try line.time(4, file: file, field: "ready time")
            let due = try line.time(5, file: file, field: "due date")
            let service = try line.time(6, file: file, field: "service time")
            if due < ready {
                throw .invertedWindow(file: file, line: line.number, customer: number, opens: ready.text, closes: due.text)
            }
            // maxTime × 10⁵ and 4 decimals × 10⁵ are exact and far below ScheduleSolver.maximumTime.
            let readyUnits = ready.scaled(by: scale)!
            let dueUnits = due.scaled(by: scale)!
            let serviceUnits = service.scaled(by: scale)!
            numbers.append(number)
            points.append((x, y))
            lineNumbers.append(line.number)
            if row == 0 {
                depotOpens = readyUnits
                depotCloses = dueUnits
                depotRaw = (ready, due)
                continue
            }
            let window = ScheduleProblem.TimeWindow(earliestStart: readyUnits, latestStart: dueUnits)
            visits.append(ScheduleProblem.Visit(
                node: row, serviceTime: serviceUnits, score: 1, isRequired: true, demand: demand,
                windows: [[ScheduleProblem.TimeWindow]](repeating: [window], count: vehicles)))
        }
        let travel: CostMatrix
        if let decimals = truncatedDecimals {
            travel = try truncatedMatrix(points, lines: lineNumbers, customers: numbers, file: file,
                                         decimals: decimals, scaleDigits: 5)
        } else {
            // ⌈10⁵·d⌉ = ⌈√(q·10²)⌉ for q the squared distance in 10⁻⁸ (fixed-point 10⁻⁴ coordinates).
            let factor = UInt128(scale) * UInt128(scale) / UInt128(FixedPoint.one * FixedPoint.one)
            travel = try matrix(points, lines: lineNumbers, customers: numbers, file: file) { squared in
                IntegerRoot.ceil(squared * factor)
            }
        }
        let route = ScheduleProblem.Route(startNode: 0, endNode: 0, earliestStart: depotOpens, latestEnd: depotCloses,
                                          capacity: capacity)
        let problem = ScheduleProblem(travel: travel, visits: visits,
                                      routes: [ScheduleProblem.Route](repeating: route, count: vehicles))
        return BenchmarkInstance(
            name: name, format: .solomon, problem: problem, customers: Array(numbers.dropFirst()),
            points: points.map { Point(x: $0.x.double, y: $0.y.double) }, scale: scale, truncatedDecimals: truncatedDecimals,
            routeCount: vehicles, capacity: capacity, depotOpens: depotRaw.0.double, depotCloses: depotRaw.1.double)
    }

    /// Refuses more routes than ``InstanceLimits`` allow.
    static func checkRoutes(_ routes: Int, customers: Int, file: String) throws(InstanceError) {
        if routes > InstanceLimits.maxRoutes {
            throw .tooManyRoutes(file: file, routes: routes, customers: customers,
                                 limit: "at most \(InstanceLimits.maxRoutes) routes")
        }
        if routes * customers > InstanceLimits.maxCustomerRoutes {
            throw .tooManyRoutes(file: file, routes: routes, customers: customers,
                                 limit: "customers × routes at most \(InstanceLimits.maxCustomerRoutes)")
        }
    }
}
