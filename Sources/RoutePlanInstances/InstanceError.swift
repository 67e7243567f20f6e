import RoutePlanSolver

/// Everything that can go wrong reading a Solomon VRPTW or TOPTW benchmark
/// instance.
///
/// Every case names the file; the cases about one place in it also carry the
/// 1-based line. ``description`` gives, in one line, the file (and line), what
/// is wrong and what to do. Text quoted from the file has its control
/// characters escaped, so a message never breaks the line or drives the terminal.
public enum InstanceError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file could not be opened or read.
    case unreadableFile(file: String, reason: String)
    /// The file is `bytes` long, more than ``InstanceLimits/maxFileBytes``; nothing was read.
    case fileTooLarge(file: String, bytes: Int, limit: Int)
    /// The file is not UTF-8 text (a NUL byte, or invalid UTF-8) at `line`.
    case notText(file: String, line: Int)
    /// The file is empty or holds only blank lines.
    case emptyFile(file: String)
    /// The content is neither Solomon VRPTW nor TOPTW (nor MC-TOP-MTW).
    case unrecognisedFormat(file: String)
    /// The file is in a format this reader recognises but cannot solve yet
    /// (MC-TOP-MTW): `missing` names what ``ScheduleProblem`` lacks.
    case unsupportedFormat(file: String, line: Int, format: String, missing: String)
    /// A line does not have the shape the format wants: `expected` says what it should hold.
    case malformedLine(file: String, line: Int, expected: String, text: String)
    /// A token is not the kind of number expected (`expected`, e.g. "a whole number").
    case invalidNumber(file: String, line: Int, token: String, expected: String)
    /// A value is outside what the format (or this reader) accepts; `allowed` says what is.
    case valueOutOfRange(file: String, line: Int, field: String, value: String, allowed: String)
    /// A customer number appears a second time.
    case duplicateCustomer(file: String, line: Int, customer: Int, firstLine: Int)
    /// A time window closes before it opens.
    case invertedWindow(file: String, line: Int, customer: Int, opens: String, closes: String)
    /// The file lists no customer besides the depot.
    case noCustomers(file: String)
    /// A section or line the format requires is missing; `line` is where it was needed.
    case missing(file: String, line: Int, what: String)
    /// More customers than ``InstanceLimits/maxCustomers``; counted before anything is built.
    case tooManyCustomers(file: String, count: Int, limit: Int)
    /// More routes (vehicles or tours) than ``InstanceLimits/maxRoutes``, or
    /// customers × routes above ``InstanceLimits/maxCustomerRoutes``.
    case tooManyRoutes(file: String, routes: Int, customers: Int, limit: String)
    /// Two places are too far apart for the integer scale: the scaled travel
    /// time between `customer` and `otherCustomer` exceeds ``CostMatrix/maximumCost``.
    case distanceTooLarge(file: String, line: Int, customer: Int, otherCustomer: Int, scaled: String)

    /// The file the error is about.
    public var file: String {
        switch self {
        case let .unreadableFile(file, _), let .fileTooLarge(file, _, _), let .notText(file, _),
            let .emptyFile(file), let .unrecognisedFormat(file), let .unsupportedFormat(file, _, _, _),
            let .malformedLine(file, _, _, _), let .invalidNumber(file, _, _, _),
            let .valueOutOfRange(file, _, _, _, _), let .duplicateCustomer(file, _, _, _),
            let .invertedWindow(file, _, _, _, _), let .noCustomers(file), let .missing(file, _, _),
            let .tooManyCustomers(file, _, _), let .tooManyRoutes(file, _, _, _),
            let .distanceTooLarge(file, _, _, _, _):
            return file
        }
    }

    /// The 1-based line the error is about, or `nil` for the file as a whole.
    public var line: Int? {
        switch self {
        case .unreadableFile, .fileTooLarge, .emptyFile, .unrecognisedFormat, .noCustomers, .tooManyCustomers,
            .tooManyRoutes:
            return nil
        case let .notText(_, line), let .unsupportedFormat(_, line, _, _), let .malformedLine(_, line, _, _),
            let .invalidNumber(_, line, _, _), let .valueOutOfRange(_, line, _, _, _),
            let .duplicateCustomer(_, line, _, _), let .invertedWindow(_, line, _, _, _), let .missing(_, line, _),
            let .distanceTooLarge(_, line, _, _, _):
            return line
        }
    }

    /// How a host should treat it: bad input, or a configured limit.
    public var category: ErrorCategory {
        switch self {
        case .fileTooLarge, .tooManyCustomers, .tooManyRoutes, .distanceTooLarge, .unsupportedFormat: return .tooLarge
        case .unreadableFile, .notText, .emptyFile, .unrecognisedFormat, .malformedLine, .invalidNumber,
            .valueOutOfRange, .duplicateCustomer, .invertedWindow, .noCustomers, .missing:
            return .badInput
        }
    }

    public var description: String {
        escaped(file) + (line.map { ", line \($0)" } ?? "") + ": " + problem
    }

    private var problem: String {
        let q = escaped
        switch self {
        case let .unreadableFile(_, reason):
            return "the file could not be read (\(q(reason))); check the path and its permissions"
        case let .fileTooLarge(_, bytes, limit):
            return "the file is \(bytes) bytes, more than the \(limit)-byte limit for benchmark instances (InstanceLimits.maxFileBytes), so it was not read; check that this is the right file"
        case .notText:
            return "this is not UTF-8 text (a NUL byte or invalid UTF-8); give a Solomon or TOPTW text file"
        case .emptyFile:
            return "the file is empty; give a Solomon VRPTW or TOPTW instance"
        case .unrecognisedFormat:
            return "this is neither a Solomon VRPTW instance (VEHICLE and CUSTOMER sections) nor a TOPTW instance (a header line, a 'D Q' line, then one line per vertex 'i x y d S f a list O C') nor an MC-TOP-MTW instance ('M N B E1…E10', the depot 'i x y d S O C', then 'i x y d S O1 O2 O3 O4 C4 E b e1…e10' per vertex); name the format with --instance-format if it is one of them"
        case let .unsupportedFormat(_, _, format, missing):
            return "this is a \(format) instance, which is not supported yet: the scheduling problem has no \(missing); solve its TOPTW relaxation from a TOPTW file instead"
        case let .malformedLine(_, _, expected, text):
            return "expected \(expected), found '\(q(String(text.prefix(120))))'; fix the line"
        case let .invalidNumber(_, _, token, expected):
            return "'\(q(String(token.prefix(40))))' is not \(expected); fix the value"
        case let .valueOutOfRange(_, _, field, value, allowed):
            return "\(field) \(q(value)) is out of range: \(allowed)"
        case let .duplicateCustomer(_, _, customer, firstLine):
            return "customer \(customer) is listed again (first on line \(firstLine)); each customer number may appear once"
        case let .invertedWindow(_, _, customer, opens, closes):
            return "customer \(customer)'s time window closes at \(q(closes)), before it opens at \(q(opens)); fix the window"
        case .noCustomers:
            return "the file lists the depot but no customer; nothing to solve"
        case let .missing(_, _, what):
            return "\(what) is missing; check that the file is complete"
        case let .tooManyCustomers(_, count, limit):
            return "the file lists \(count) customers, more than the \(limit) this reader accepts (InstanceLimits.maxCustomers; the travel matrix grows with the square); nothing was built"
        case let .tooManyRoutes(_, routes, customers, limit):
            return "\(routes) routes for \(customers) customers is more than this reader accepts (\(limit)); give fewer vehicles or tours"
        case let .distanceTooLarge(_, _, customer, other, scaled):
            return "customers \(customer) and \(other) are \(scaled) integer units apart, more than the solver's largest travel cost (2^30 - 1) at this scale; the coordinates are too far apart for this reader"
        }
    }

    private func escaped(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x0A: result += "\\n"
            case 0x0D: result += "\\r"
            case 0x09: result += "\\t"
            case 0x00...0x1F, 0x7F...0x9F, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069:
                result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
