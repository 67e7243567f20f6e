import Foundation
import Testing
import RoutePlanSolver
@testable import RoutePlanInstances

let fixtures = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Fixtures/instances")

func fixture(_ name: String) -> String { fixtures.appendingPathComponent(name).path }

func solomon(_ rows: [String], vehicles: String = "3         100") -> Data {
    let text = """
        TINY

        VEHICLE
        NUMBER     CAPACITY
          \(vehicles)

        CUSTOMER
        CUST NO.  XCOORD.   YCOORD.    DEMAND   READY TIME  DUE DATE   SERVICE   TIME

        \(rows.joined(separator: "\n"))
        """
    return Data(text.utf8)
}

func toptw(_ rows: [String], header: String? = nil) -> Data {
    let text = (header ?? "4 1 \(rows.count - 1) 1") + "\n0 200\n" + rows.joined(separator: "\r\n") + "\r\n"
    return Data(text.utf8)
}

/// The numeric 7-field rows of a Solomon file, in file order (the depot first).
func solomonRows(_ path: String) throws -> [[Double]] {
    let text = try String(contentsOfFile: path, encoding: .utf8)
    var rows: [[Double]] = []
    for line in text.split(whereSeparator: { $0 == "\n" || $0 == "\r\n" || $0 == "\r" }) {
        let fields = line.split(separator: " ").compactMap { Double($0) }
        if fields.count == 7 && line.split(separator: " ").count == 7 { rows.append(fields) }
    }
    return rows
}

@Suite("Solomon VRPTW reader")
struct SolomonReaderTests {
    @Test("C101.25: fleet, capacity, required visits, windows and service at scale 10^5")
    func c101() throws {
        let instance = try BenchmarkInstance.load(fixture("C101.25.txt"))
        #expect(instance.format == .solomon)
        #expect(instance.name == "C101")
        #expect(instance.customers == Array(1...25))
        #expect(instance.routeCount == 25 && instance.capacity == 200)
        let problem = instance.problem
        #expect(problem.routes.count == 25)
        #expect(problem.routes[0].earliestStart == 0 && problem.routes[0].latestEnd == 1236 * 100_000)
        #expect(problem.routes[0].capacity == 200)
        let first = problem.visits[0]  // 1  45  68  10  912  967  90
        #expect(first.isRequired && first.demand == 10 && first.serviceTime == 90 * 100_000)
        #expect(first.windows[3] == [.init(earliestStart: 912 * 100_000, latestStart: 967 * 100_000)])
        // Depot (40, 50) to customer 1 (45, 68): √349 = 18.68154169…, rounded up at 10⁵.
        #expect(problem.travel[0, 1] == 1_868_155)
        #expect(abs(instance.distance(0, 1) - 349.0.squareRoot()) < 1e-12)
    }

    @Test("travel times round up, and are exact when the distance is")
    func rounding() throws {
        let data = solomon([
            "0 0 0 0 0 1000 0",
            "1 3 4 10 0 1000 10",
            "2 1 1 10 0 1000 10",
        ])
        let instance = try BenchmarkInstance.parse(data, file: "tiny.txt")
        #expect(instance.problem.travel[0, 1] == 500_000)
        #expect(instance.problem.travel[0, 2] == 141_422)  // √2 = 1.414213…
        #expect(instance.problem.travel[2, 0] == 141_422)
    }

    @Test("truncated to one decimal (the exact methods' rule): travel is ⌊10·d⌋ / 10, exactly")
    func truncation() throws {
        let data = solomon([
            "0 0 0 0 0 1000 0",
            "1 3 4 10 0 1000 10",
            "2 1 1 10 0 1000 10",
            "3 40 50 10 0 1000 10",
        ])
        let instance = try BenchmarkInstance.parse(data, file: "tiny.txt", truncatedDecimals: 1)
        #expect(instance.truncatedDecimals == 1)
        #expect(instance.problem.travel[0, 1] == 500_000)
        #expect(instance.problem.travel[0, 2] == 140_000)  // √2 = 1.414… → 1.4
        #expect(instance.problem.travel[1, 3] == 5_900_000)  // √(37² + 46²) = √3485 = 59.0338… → 59.0
        #expect(abs(instance.distance(0, 2) - 1.4) < 1e-12)
        let whole = try BenchmarkInstance.parse(data, file: "tiny.txt", truncatedDecimals: 0)
        #expect(whole.problem.travel[0, 2] == 100_000)
        #expect(throws: InstanceError.self) { try BenchmarkInstance.parse(data, file: "tiny.txt", truncatedDecimals: 5) }
    }

    @Test("a solution is feasible in exact real arithmetic and serves everyone", .timeLimit(.minutes(1)))
    func realFeasibility() throws {
        for name in ["C101.25.txt", "R101.25.txt"] {
            let instance = try BenchmarkInstance.load(fixture(name))
            let solution = try ScheduleSolver.solve(instance.problem, options: .init(seed: 3, maxIterations: 3_000))
            #expect(ScheduleSolver.violations(of: solution, for: instance.problem).isEmpty)
            #expect(solution.unscheduled.isEmpty)
            let report = instance.report(solution)
            #expect(report.unserved.isEmpty)
            #expect(report.routes.flatMap { $0 }.sorted() == Array(1...25))
            #expect(report.vehicles <= 25)
            // Replay each route in Double with the real distances.
            let rows = try solomonRows(fixture(name))
            try #require(rows.count == 26)
            func leg(_ a: Int, _ b: Int) -> Double {
                let dx: Double = rows[a][1] - rows[b][1]
                let dy: Double = rows[a][2] - rows[b][2]
                return (dx * dx + dy * dy).squareRoot()
            }
            var total = 0.0
            for route in report.routes {
                var time: Double = rows[0][4]
                var at = 0
                for customer in route {
                    let row = rows[customer]
                    let travel = leg(at, customer)
                    total += travel
                    let service: Double = at == 0 ? 0 : rows[at][6]
                    time = max(time + service + travel, row[4])
                    #expect(time <= row[5], "\(name): customer \(customer) starts at \(time) after \(row[5])")
                    at = customer
                }
                let back = leg(at, 0)
                total += back
                let end: Double = time + rows[at][6] + back
                #expect(end <= rows[0][5])
            }
            #expect(abs(total - report.distance) < 1e-9)
        }
    }

    @Test("errors name the file, the line, what is wrong")
    func errors() throws {
        #expect(throws: InstanceError.duplicateCustomer(file: "t.txt", line: 12, customer: 1, firstLine: 11)) {
            try BenchmarkInstance.parse(solomon(["0 0 0 0 0 100 0", "1 1 1 1 0 10 1", "1 2 2 1 0 10 1"]), file: "t.txt")
        }
        #expect(throws: InstanceError.invertedWindow(file: "t.txt", line: 11, customer: 1, opens: "20", closes: "10")) {
            try BenchmarkInstance.parse(solomon(["0 0 0 0 0 100 0", "1 1 1 1 20 10 1"]), file: "t.txt")
        }
        do {
            _ = try BenchmarkInstance.parse(solomon(["0 0 0 0 0 100 0", "1 1 1 1 0 10"]), file: "t.txt")
            Issue.record("accepted a short line")
        } catch {
            #expect(error.line == 11)
            #expect(error.description.hasPrefix("t.txt, line 11: expected 7 numbers"))
        }
        #expect(throws: InstanceError.noCustomers(file: "t.txt")) {
            try BenchmarkInstance.parse(solomon(["0 0 0 0 0 100 0"]), file: "t.txt")
        }
        #expect(throws: InstanceError.self) {
            try BenchmarkInstance.parse(solomon(["0 0 0 0 0 100 0", "1 1.23456 1 1 0 10 1"]), file: "t.txt")
        }
        #expect(throws: InstanceError.self) {
            try BenchmarkInstance.parse(solomon(["0 0 0 0 0 100 0", "1 x 1 1 0 10 1"]), file: "t.txt")
        }
    }

    @Test("size limits are checked before the matrix is built")
    func limits() throws {
        let rows = ["0 0 0 0 0 100 0"] + (1...(InstanceLimits.maxCustomers + 1)).map { "\($0) 1 1 1 0 10 1" }
        #expect(throws: InstanceError.tooManyCustomers(file: "t.txt", count: InstanceLimits.maxCustomers + 1,
                                                       limit: InstanceLimits.maxCustomers)) {
            try BenchmarkInstance.parse(solomon(rows), file: "t.txt")
        }
        #expect(throws: InstanceError.self) {
            try BenchmarkInstance.parse(solomon(["0 0 0 0 0 100 0", "1 1 1 1 0 10 1"], vehicles: "5000 10"), file: "t.txt")
        }
        let big = Data(count: InstanceLimits.maxFileBytes + 1)
        #expect(throws: InstanceError.fileTooLarge(file: "t.txt", bytes: big.count, limit: InstanceLimits.maxFileBytes)) {
            try BenchmarkInstance.parse(big, file: "t.txt")
        }
    }
}

@Suite("TOPTW reader")
struct TOPTWReaderTests {
    @Test("Solomon-based: whole coordinates, distances truncated to one decimal, exact at scale 100")
    func solomonBased() throws {
        let instance = try BenchmarkInstance.load(fixture("50_c101.txt"), tours: 2)
        #expect(instance.format == .toptw && instance.truncatedDecimals == 1)
        #expect(instance.customers.count == 50 && instance.problem.routes.count == 2)
        #expect(instance.problem.routes[1].latestEnd == 1236 * 100)
        let first = instance.problem.visits[0]  // 1 45.00 68.00 90.00 10.00 1 1 1 912 967
        #expect(!first.isRequired && first.score == 10 && first.serviceTime == 9000)
        #expect(first.windows == [[.init(earliestStart: 91_200, latestStart: 96_700)], [.init(earliestStart: 91_200, latestStart: 96_700)]])
        #expect(instance.problem.travel[0, 1] == 1860)  // √349 = 18.68… → 18.6
    }

    @Test("Cordeau-based: decimal coordinates, two decimals, CRLF")
    func cordeauBased() throws {
        let instance = try BenchmarkInstance.load(fixture("pr01.txt"), tours: 1)
        #expect(instance.truncatedDecimals == 2 && instance.customers.count == 48)
        // 0 (-10.442, 19.999) to 1 (-29.730, 64.136): √(19.288² + 44.137²) = 48.1676… → 48.16
        #expect(instance.problem.travel[0, 1] == 4816)
        #expect(instance.problem.routes[0].latestEnd == 100_000)
    }

    @Test("truncation is exact on a synthetic file")
    func truncation() throws {
        let instance = try BenchmarkInstance.parse(toptw([
            "0 0 0 0 0 0 0 0 100", "1 3 4 1 5 0 0 0 50", "2 1 1 1 5 1 1 1 0 50",
        ]), file: "t.txt", tours: 1)
        #expect(instance.problem.travel[0, 1] == 500 && instance.problem.travel[0, 2] == 140)
        #expect(instance.distance(0, 2) == 1.4)
        let two = try BenchmarkInstance.parse(toptw([
            "0 0 0 0 0 0 0 0 100", "1 3 4 1 5 0 0 0 50", "2 1 1.5 1 5 1 1 1 0 50",
        ]), file: "t.txt", tours: 1)
        #expect(two.truncatedDecimals == 2 && two.problem.travel[0, 2] == 180)  // √3.25 = 1.802…
    }

    @Test("a solve is feasible and reports scores, customers and truncated distance")
    func solve() throws {
        let instance = try BenchmarkInstance.load(fixture("pr01.txt"), tours: 1)
        let solution = try ScheduleSolver.solve(instance.problem, options: .init(seed: 1, maxIterations: 2_000))
        #expect(ScheduleSolver.violations(of: solution, for: instance.problem).isEmpty)
        let report = instance.report(solution)
        #expect(report.score == solution.score && report.score <= 308 && report.score > 200)
        #expect(abs(report.distance - Double(solution.travel) / 100) < 1e-9)
        #expect(Set(report.routes.flatMap { $0 }).count + report.unserved.count == 48)
    }

    @Test("a header wrapped over other lines (the gstecca copy of c204) reads the same")
    func wrappedHeader() throws {
        let text = "2 \n4 2 1 0 700\n0 0 0 0 0 0 0 0 100\n1 3 4 1 5 0 0 0 50\n2 1 1 1 5 1 1 1 0 50\n"
        let instance = try BenchmarkInstance.parse(Data(text.utf8), file: "c204.txt", tours: 1)
        #expect(instance.customers == [1, 2])
        #expect(BenchmarkInstance.sniff(Data(text.utf8)) == .toptw)
    }

    @Test("errors: tours missing, vertex count, list length")
    func errors() throws {
        #expect(throws: InstanceError.self) {
            try BenchmarkInstance.load(fixture("pr01.txt"))
        }
        #expect(throws: InstanceError.self) {
            try BenchmarkInstance.parse(toptw(["0 0 0 0 0 0 0 0 100", "1 3 4 1 5 0 0 0 50"], header: "4 1 2 1"),
                                        file: "t.txt", tours: 1)
        }
        do {
            _ = try BenchmarkInstance.parse(toptw(["0 0 0 0 0 0 0 0 100", "1 3 4 1 5 0 2 1 0 50"]), file: "t.txt",
                                            format: .toptw, tours: 1)
            Issue.record("accepted a short list")
        } catch {
            #expect(error.line == 4)
        }
    }
}

@Suite("format recognition")
struct FormatRecognitionTests {
    @Test("sniffs each format from its first bytes; TSPLIB is none of them")
    func sniff() throws {
        func head(_ name: String) throws -> Data { try Data(contentsOf: URL(fileURLWithPath: fixture(name))).prefix(8192) }
        #expect(BenchmarkInstance.sniff(try head("C101.25.txt")) == .solomon)
        #expect(BenchmarkInstance.sniff(try head("50_c101.txt")) == .toptw)
        #expect(BenchmarkInstance.sniff(try head("pr01.txt")) == .toptw)
        #expect(BenchmarkInstance.sniff(try head("MCTOPMTW-1-c101.txt")) == .mctopmtw)
        #expect(BenchmarkInstance.sniff(Data("NAME : x\nTYPE : TSP\nDIMENSION : 3\n".utf8)) == nil)
        #expect(BenchmarkInstance.sniff(Data([0x1F, 0x8B, 0, 0])) == nil)
    }

    @Test("MC-TOP-MTW is read, recognised from the content")
    func mctopmtw() throws {
        let instance = try BenchmarkInstance.load(fixture("MCTOPMTW-1-c101.txt"))
        #expect(instance.format == .mctopmtw && instance.routeCount == 1)
    }
}
