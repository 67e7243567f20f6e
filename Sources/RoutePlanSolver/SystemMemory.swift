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
    /// On Linux this is `MemAvailable` from `/proc/meminfo`, capped by what
    /// the process's cgroup (v2 `memory.max`, or v1 `memory.limit_in_bytes`)
    /// still allows.
    public static func availableBytes() -> Int? {
        #if os(Linux)
        guard let available = meminfo("MemAvailable:") else { return nil }
        var limit = available
        if let cgroup = cgroupLimit() {
            limit = min(limit, cgroup.limit - (cgroup.usage ?? 0))
        }
        return max(0, limit - 256 << 20)
        #else
        return nil
        #endif
    }

    /// The most memory this process may use at all: physical memory, capped
    /// by the cgroup v2 or v1 limit when one applies; `nil` when the system
    /// does not say. The basis of ``MemoryBudget/shared``.
    public static func usableBytes() -> Int? {
        #if os(Linux)
        guard let total = meminfo("MemTotal:") else { return nil }
        if let cgroup = cgroupLimit() { return min(total, cgroup.limit) }
        return total
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

    private static func meminfo(_ key: String) -> Int? {
        guard let text = readFile("/proc/meminfo") else { return nil }
        for line in text.split(separator: "\n") where line.hasPrefix(key) {
            let digits = line.dropFirst(key.count).filter(\.isNumber)
            return Int(digits).map { $0 * 1024 }
        }
        return nil
    }

    /// The memory limit of the process's cgroup and its current usage, from
    /// the v2 files (`memory.max`, `memory.current`) or the v1 ones
    /// (`memory.limit_in_bytes`, `memory.usage_in_bytes`); `nil` when there
    /// is none ("max", or v1's huge "unlimited" value).
    static func cgroupLimit() -> (limit: Int, usage: Int?)? {
        for (limitFile, usageFile) in [("memory.max", "memory.current"),
                                       ("memory.limit_in_bytes", "memory.usage_in_bytes")] {
            for folder in cgroupFolders(controller: limitFile.hasSuffix("max") ? nil : "memory") {
                guard let text = readFile(folder + "/" + limitFile) else { continue }
                let trimmed = text.trimmingWhitespace()
                guard let limit = Int(trimmed), limit > 0, limit < 1 << 60 else { return nil }
                let usage = readFile(folder + "/" + usageFile).flatMap { Int($0.trimmingWhitespace()) }
                return (limit, usage)
            }
        }
        return nil
    }

    /// Where the process's cgroup files are: its own path from
    /// `/proc/self/cgroup` under the mount point, then the mount point itself
    /// (inside a container the namespace root is the process's own group).
    private static func cgroupFolders(controller: String?) -> [String] {
        let root = controller.map { "/sys/fs/cgroup/" + $0 } ?? "/sys/fs/cgroup"
        var folders: [String] = []
        if let text = readFile("/proc/self/cgroup") {
            for line in text.split(separator: "\n") {
                // v2: "0::/path"; v1: "4:memory:/path" (controllers comma-separated).
                let fields = line.split(separator: ":", maxSplits: 2, omittingEmptySubsequences: false)
                guard fields.count == 3 else { continue }
                let matches = controller.map { fields[1].split(separator: ",").contains(Substring($0)) } ?? fields[1].isEmpty
                if matches, fields[2] != "/" { folders.append(root + fields[2]) }
            }
        }
        folders.append(root)
        return folders
    }
    #endif
}

extension StringProtocol {
    func trimmingWhitespace() -> String {
        String(drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace }.reversed())
    }
}
