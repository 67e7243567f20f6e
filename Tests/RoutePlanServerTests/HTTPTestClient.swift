import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A minimal HTTP/1.1 client over a plain socket to 127.0.0.1, for talking
/// real HTTP to the server under test: one request per connection
/// (`Connection: close`), and a connection that can be dropped mid-request
/// to test what the server does when its client goes away.
struct HTTPTestClient: Sendable {
    let port: Int

    struct Answer: Sendable {
        var status: Int
        var headers: [String: String]
        var body: Data
        var text: String { String(decoding: body, as: UTF8.self) }
        func json() throws -> [String: Any] {
            guard let object = try JSONSerialization.jsonObject(with: body) as? [String: Any] else {
                throw TestFailure("not a JSON object: \(text)")
            }
            return object
        }
        /// The `error` member of an error answer.
        func error() throws -> [String: Any] {
            guard let error = try json()["error"] as? [String: Any] else { throw TestFailure("no error member: \(text)") }
            return error
        }
    }

    struct TestFailure: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }

    /// Sends a request and reads the whole answer (on a thread of its own,
    /// so the test's task is suspended, not blocked).
    func send(_ method: String, _ path: String, body: Data? = nil, contentType: String? = "application/json",
              headers: [String: String] = [:]) async throws -> Answer {
        let port = self.port
        return try await Self.onOwnThread {
            let socket = try Self.connect(port)
            defer { close(socket) }
            try Self.write(Self.request(method, path, body: body, contentType: contentType, headers: headers), to: socket)
            return try Self.parse(Self.readAll(socket))
        }
    }

    func get(_ path: String) async throws -> Answer { try await send("GET", path, contentType: nil) }

    func post(_ path: String, json: String, headers: [String: String] = [:]) async throws -> Answer {
        try await send("POST", path, body: Data(json.utf8), headers: headers)
    }

    /// Sends a request and closes the connection without reading the answer.
    func sendAndHangUp(_ method: String, _ path: String, body: Data, contentType: String = "application/json") throws {
        let socket = try Self.connect(port)
        try Self.write(Self.request(method, path, body: body, contentType: contentType, headers: [:]), to: socket)
        close(socket)
    }

    /// Opens a connection and sends a request, returning the socket (the
    /// caller reads with ``finish(_:)`` or closes it).
    func start(_ method: String, _ path: String, body: Data, contentType: String = "application/json") throws -> Int32 {
        let socket = try Self.connect(port)
        try Self.write(Self.request(method, path, body: body, contentType: contentType, headers: [:]), to: socket)
        return socket
    }

    /// Reads the answer on a socket from ``start(_:_:body:contentType:)`` and closes it.
    static func finish(_ socket: Int32) async throws -> Answer {
        try await onOwnThread {
            defer { close(socket) }
            return try parse(readAll(socket))
        }
    }

    /// Runs `body`, which blocks on sockets, on a thread of its own and
    /// suspends the caller until it returns: blocked on a thread of the
    /// cooperative pool (two threads on two cores), it would leave the
    /// server under test one thread to share with the rest of the suite.
    static func onOwnThread<Value: Sendable>(_ body: @escaping @Sendable () throws -> Value) async throws -> Value {
        try await withCheckedThrowingContinuation { continuation in
            Thread.detachNewThread { continuation.resume(with: Result { try body() }) }
        }
    }

    // MARK: - Plumbing

    static func request(_ method: String, _ path: String, body: Data?, contentType: String?,
                        headers: [String: String]) -> Data {
        var head = "\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n"
        if let contentType { head += "Content-Type: \(contentType)\r\n" }
        for (name, value) in headers.sorted(by: { $0.key < $1.key }) { head += "\(name): \(value)\r\n" }
        if headers["Content-Length"] == nil { head += "Content-Length: \(body?.count ?? 0)\r\n" }
        head += "\r\n"
        return Data(head.utf8) + (body ?? Data())
    }

    static func connect(_ port: Int) throws -> Int32 {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw TestFailure("socket() failed: \(errno)") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let status = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard status == 0 else {
            close(fd)
            throw TestFailure("connect() to port \(port) failed: \(errno)")
        }
        return fd
    }

    static func write(_ data: Data, to socket: Int32) throws {
        try data.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let sent = Glibc.send(socket, raw.baseAddress! + offset, raw.count - offset, Int32(MSG_NOSIGNAL))
                if sent < 0 {
                    if errno == EINTR { continue }
                    // The server may answer (413) and close before reading everything.
                    if errno == EPIPE || errno == ECONNRESET { return }
                    throw TestFailure("send() failed: \(errno)")
                }
                offset += sent
            }
        }
    }

    /// Sends only the head of a request that announces `announcedBytes` of
    /// body, and reads the answer's head without sending any of it: for a
    /// server that must answer before reading the body. Gives up (throws)
    /// after `seconds` without a complete head.
    func headOnly(_ method: String, _ path: String, announcedBytes: Int, seconds: Int = 20) async throws -> Answer {
        let port = self.port
        return try await Self.onOwnThread {
            let socket = try Self.connect(port)
            defer { close(socket) }
            var timeout = timeval(tv_sec: seconds, tv_usec: 0)
            _ = setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
            let head = Self.request(method, path, body: nil, contentType: "application/json",
                                    headers: ["Content-Length": String(announcedBytes)])
            try Self.write(head, to: socket)
            var data = Data()
            var buffer = [UInt8](repeating: 0, count: 4_096)
            while data.range(of: Data("\r\n\r\n".utf8)) == nil {
                let count = recv(socket, &buffer, buffer.count, 0)
                if count < 0 && errno == EINTR { continue }
                guard count > 0 else { throw TestFailure("no answer before the body was sent (recv: \(count), errno \(errno))") }
                data.append(contentsOf: buffer[0..<count])
            }
            return try Self.parse(data)
        }
    }

    static func readAll(_ socket: Int32) throws -> Data {
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = recv(socket, &buffer, buffer.count, 0)
            if count == 0 { break }
            if count < 0 {
                if errno == EINTR { continue }
                if errno == ECONNRESET && !data.isEmpty { break }
                throw TestFailure("recv() failed: \(errno)")
            }
            data.append(contentsOf: buffer[0..<count])
        }
        return data
    }

    static func parse(_ data: Data) throws -> Answer {
        guard let split = data.range(of: Data("\r\n\r\n".utf8)) else {
            throw TestFailure("no HTTP head in \(data.count) bytes: \(String(decoding: data.prefix(200), as: UTF8.self))")
        }
        let head = String(decoding: data[..<split.lowerBound], as: UTF8.self).components(separatedBy: "\r\n")
        let statusLine = head[0].split(separator: " ")
        guard statusLine.count >= 2, let status = Int(statusLine[1]) else { throw TestFailure("bad status line \(head[0])") }
        var headers: [String: String] = [:]
        for line in head.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        var body = Data(data[split.upperBound...])
        if headers["transfer-encoding"]?.lowercased() == "chunked" { body = try dechunk(body) }
        return Answer(status: status, headers: headers, body: body)
    }

    static func dechunk(_ data: Data) throws -> Data {
        var out = Data()
        var rest = data[...]
        while let lineEnd = rest.range(of: Data("\r\n".utf8)) {
            let sizeText = String(decoding: rest[..<lineEnd.lowerBound], as: UTF8.self).split(separator: ";")[0]
            guard let size = Int(sizeText.trimmingCharacters(in: .whitespaces), radix: 16) else {
                throw TestFailure("bad chunk size \(sizeText)")
            }
            if size == 0 { break }
            let start = lineEnd.upperBound
            out.append(rest[start..<(start + size)])
            rest = rest[(start + size + 2)...]
        }
        return out
    }
}
