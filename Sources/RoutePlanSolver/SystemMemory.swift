#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What the operating system says about memory, read before a large allocation.
public enum SystemMemory {
    /// Bytes that can be allocated without swapping, less a safety margin of
    /// 256 MiB for the rest of the process; `nil` when the system does not say.
    ///
    /// On Linux this is `MemAvailable` from `/proc/meminfo`, capped by a
    /// cgroup v2 `memory.max` when one applies.
    public static func availableBytes() -> Int? {
        #if os(Linux)
        guard let available = meminfoAvailable() else { return nil }
        var limit = available
        if let cgroup = cgroupLimit() { limit = min(limit, cgroup) }
        return max(0, limit - 256 << 20)
        #else
        return nil
        #endif
    }

    #if os(Linux)
    private static func readFile(_ path: String) -> String? {
        guard let file = fopen(path, "r") else { return nil }
        defer { fclose(file) }
        var text = ""
        var buffer = [CChar](repeating: 0, count: 4096)
        while fgets(&buffer, Int32(buffer.count), file) != nil {
            text += String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        }
        return text
    }

    private static func meminfoAvailable() -> Int? {
        guard let text = readFile("/proc/meminfo") else { return nil }
        for line in text.split(separator: "\n") where line.hasPrefix("MemAvailable:") {
            let digits = line.dropFirst("MemAvailable:".count).filter(\.isNumber)
            return Int(digits).map { $0 * 1024 }
        }
        return nil
    }

    private static func cgroupLimit() -> Int? {
        guard let text = readFile("/sys/fs/cgroup/memory.max") else { return nil }
        return Int(text.trimmingWhitespace())
    }
    #endif
}

extension StringProtocol {
    func trimmingWhitespace() -> String {
        String(drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace }.reversed())
    }
}
