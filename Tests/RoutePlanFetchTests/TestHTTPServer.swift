import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A request as the test server received it.
struct RecordedRequest: Sendable {
    /// 0-based arrival order.
    var number: Int
    var method: String
    /// The request target: path and raw (still percent-encoded) query.
    var target: String
    /// Header names lowercased.
    var headers: [String: String]

    var path: String { String(target.prefix { $0 != "?" }) }

    var rawQuery: String {
        guard let mark = target.firstIndex(of: "?") else { return "" }
        return String(target[target.index(after: mark)...])
    }

    /// The query's values, percent-decoded, by name.
    var query: [String: String] {
        var values: [String: String] = [:]
        for item in rawQuery.split(separator: "&") {
            let parts = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = String(parts[0]).removingPercentEncoding ?? String(parts[0])
            let value = parts.count > 1 ? (String(parts[1]).removingPercentEncoding ?? String(parts[1])) : ""
            values[name] = value
        }
        return values
    }
}

/// One canned reply.
struct CannedResponse: Sendable {
    /// What the `Content-Length` header says.
    enum ContentLength: Sendable {
        /// The true length of the body.
        case actual
        /// No header: the body ends when the connection closes.
        case omitted
        /// This number, whatever the body's length (a lying server).
        case declared(Int64)
    }

    var status: Int = 200
    var headers: [(String, String)] = [("Content-Type", "application/json; charset=UTF-8")]
    var body: Data = Data()
    /// Seconds to wait before replying (to make the client time out).
    var delay: TimeInterval = 0
    var contentLength = ContentLength.actual
    /// Filler bytes sent after `body`, generated while sending (so that
    /// gigantic bodies take no memory), until the client stops reading.
    var streamedBytes: Int64 = 0

    static func json(_ text: String, status: Int = 200, delay: TimeInterval = 0) -> CannedResponse {
        CannedResponse(status: status, body: Data(text.utf8), delay: delay)
    }

    static func json(_ data: Data, status: Int = 200, delay: TimeInterval = 0) -> CannedResponse {
        CannedResponse(status: status, body: data, delay: delay)
    }

    static func text(_ text: String, status: Int) -> CannedResponse {
        CannedResponse(status: status, headers: [("Content-Type", "text/html; charset=UTF-8")], body: Data(text.utf8))
    }
}

/// A tiny HTTP/1.1 server on 127.0.0.1 for tests: it accepts connections on a
/// background thread, reads one request per connection, records it, answers
/// from its handler with `Connection: close`, and closes the connection.
/// Each connection is served on a thread of its own, so a delayed reply does
/// not hold up the next request.
final class TestHTTPServer: @unchecked Sendable {
    typealias Handler = @Sendable (RecordedRequest) -> CannedResponse

    let port: UInt16
    private let listener: Int32
    private let handler: Handler
    private let lock = NSLock()
    private var received: [RecordedRequest] = []
    private var sent: [Int: Int64] = [:]
    private var stopped = false

    /// Starts a server that answers each request with `handler`.
    init(handler: @escaping Handler) throws {
        self.handler = handler
        #if canImport(Glibc)
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
        let fd = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard fd >= 0 else { throw ServerError.socket("socket", errno) }
        var yes: Int32 = 1
        _ = setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, listen(fd, 64) == 0 else {
            let code = errno
            close(fd)
            throw ServerError.socket("bind/listen", code)
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        listener = fd
        port = UInt16(bigEndian: address.sin_port)
        let thread = Thread { [self] in acceptLoop() }
        thread.start()
    }

    /// Starts a server that answers the requests in turn from `script`, then
    /// with `fallback` (or HTTP 599 when there is none).
    convenience init(script: [CannedResponse], fallback: CannedResponse? = nil) throws {
        try self.init { request in
            if request.number < script.count { return script[request.number] }
            return fallback ?? .text("no more canned responses", status: 599)
        }
    }

    deinit { stop() }

    var baseURL: URL { URL(string: "http://127.0.0.1:\(port)")! }

    /// Every request received so far, in arrival order.
    var requests: [RecordedRequest] {
        lock.withLock { received }
    }

    /// The bytes of body sent in reply to request `number`, once the reply
    /// is over (all sent, or the client went away); `nil` before.
    func bodyBytesSent(forRequest number: Int) -> Int64? {
        lock.withLock { sent[number] }
    }

    /// Stops accepting connections (replies already being made still go out).
    func stop() {
        let first = lock.withLock {
            defer { stopped = true }
            return !stopped
        }
        if first {
            shutdown(listener, Int32(SHUT_RDWR))
            close(listener)
        }
    }

    private var isStopped: Bool { lock.withLock { stopped } }

    private func acceptLoop() {
        while !isStopped {
            var poller = pollfd(fd: listener, events: Int16(POLLIN), revents: 0)
            let ready = poll(&poller, 1, 50)
            if isStopped { return }
            guard ready > 0 else { continue }
            let connection = accept(listener, nil, nil)
            guard connection >= 0 else { continue }
            let thread = Thread { [self] in serve(connection) }
            thread.start()
        }
    }

    private func serve(_ connection: Int32) {
        defer { close(connection) }
        var timeout = timeval(tv_sec: 5, tv_usec: 0)
        _ = setsockopt(connection, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        // A client that stops reading without closing must not hold the thread forever.
        var sendTimeout = timeval(tv_sec: 20, tv_usec: 0)
        _ = setsockopt(connection, SOL_SOCKET, SO_SNDTIMEO, &sendTimeout, socklen_t(MemoryLayout<timeval>.size))
        guard let head = readHead(connection), let request = parse(head) else { return }
        let reply = handler(request)
        if reply.delay > 0 {
            let end = Date().addingTimeInterval(reply.delay)
            while Date() < end, !isStopped { Thread.sleep(forTimeInterval: 0.01) }
        }
        var text = "HTTP/1.1 \(reply.status) \(Self.reason(reply.status))\r\n"
        for (name, value) in reply.headers { text += "\(name): \(value)\r\n" }
        switch reply.contentLength {
        case .actual: text += "Content-Length: \(Int64(reply.body.count) + reply.streamedBytes)\r\n"
        case .omitted: break
        case let .declared(length): text += "Content-Length: \(length)\r\n"
        }
        text += "Connection: close\r\n\r\n"
        var total: Int64 = 0
        if write(Data(text.utf8), to: connection) == text.utf8.count {
            total = Int64(write(reply.body, to: connection))
            if total == reply.body.count, reply.streamedBytes > 0 {
                let chunk = Data(repeating: UInt8(ascii: " "), count: 64 << 10)
                var left = reply.streamedBytes
                while left > 0, !isStopped {
                    let piece = Int(min(left, Int64(chunk.count)))
                    let written = write(piece == chunk.count ? chunk : chunk.prefix(piece), to: connection)
                    total += Int64(written)
                    left -= Int64(written)
                    if written < piece { break }
                }
            }
        }
        lock.withLock { sent[request.number] = total }
        shutdown(connection, Int32(SHUT_WR))
    }

    /// Reads up to the blank line that ends the request head.
    private func readHead(_ connection: Int32) -> String? {
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        let end: [UInt8] = [13, 10, 13, 10]
        while bytes.count < 1 << 20 {
            let count = buffer.withUnsafeMutableBytes { recv(connection, $0.baseAddress, $0.count, 0) }
            guard count > 0 else { return nil }
            bytes += buffer[0..<count]
            if bytes.count >= 4, bytes.suffix(4).elementsEqual(end) { break }
            if let range = bytes.firstRange(of: end) {
                bytes = Array(bytes[..<range.upperBound])
                break
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Parses the request line and headers, and records the request.
    private func parse(_ head: String) -> RecordedRequest? {
        let lines = head.components(separatedBy: "\r\n")
        let parts = lines[0].split(separator: " ")
        guard parts.count == 3, parts[2].hasPrefix("HTTP/1.") else { return nil }
        var headers: [String: String] = [:]
        for line in lines.dropFirst() where !line.isEmpty {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        return lock.withLock {
            let request = RecordedRequest(number: received.count, method: String(parts[0]), target: String(parts[1]),
                                          headers: headers)
            received.append(request)
            return request
        }
    }

    /// Sends all of `data`, ignoring a client that has gone away (no
    /// SIGPIPE); returns how many bytes were sent.
    @discardableResult
    private func write(_ data: Data, to connection: Int32) -> Int {
        #if canImport(Glibc)
        let flags = Int32(MSG_NOSIGNAL)
        #else
        var one: Int32 = 1
        _ = setsockopt(connection, SOL_SOCKET, SO_NOSIGPIPE, &one, socklen_t(MemoryLayout<Int32>.size))
        let flags: Int32 = 0
        #endif
        return data.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let sent = send(connection, raw.baseAddress! + offset, raw.count - offset, flags)
                guard sent > 0 else { return offset }
                offset += sent
            }
            return offset
        }
    }

    private static func reason(_ status: Int) -> String {
        switch status {
        case 200: return "OK"
        case 400: return "Bad Request"
        case 403: return "Forbidden"
        case 404: return "Not Found"
        case 429: return "Too Many Requests"
        case 500: return "Internal Server Error"
        case 502: return "Bad Gateway"
        case 503: return "Service Unavailable"
        default: return "Status"
        }
    }

    enum ServerError: Error {
        case socket(String, Int32)
    }
}

/// A loopback TCP port that refuses every connection: bound, never
/// listening, and held until this value is released, so that no other
/// socket of the process can take it meanwhile.
final class ClosedPort: Sendable {
    let port: UInt16
    private let descriptor: Int32

    init() throws {
        #if canImport(Glibc)
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
        let fd = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard fd >= 0 else { throw TestHTTPServer.ServerError.socket("socket", errno) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, length) == 0 && getsockname(fd, $0, &length) == 0
            }
        }
        guard bound else {
            let code = errno
            close(fd)
            throw TestHTTPServer.ServerError.socket("bind", code)
        }
        descriptor = fd
        port = UInt16(bigEndian: address.sin_port)
    }

    deinit { close(descriptor) }

    var baseURL: URL { URL(string: "http://127.0.0.1:\(port)")! }
}
