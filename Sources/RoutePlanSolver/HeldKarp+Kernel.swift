#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CHeldKarp
import Synchronization

extension HeldKarp {
    /// Which code fills the table.
    ///
    /// The 32-bit table is filled by the C kernels of `CHeldKarp`: AVX-512 or
    /// AVX2 when the processor has them (chosen at run time, so the package
    /// itself builds for the baseline instruction set and needs no unsafe
    /// flags), the portable C kernel otherwise (SSE2 on x86-64, NEON on
    /// arm64). The 64-bit table, for costs too large for 32-bit sums, is
    /// filled by the Swift kernel. Tests force each path.
    enum KernelPath: Int, Sendable, CaseIterable, CustomStringConvertible {
        case swift, portable, avx2, avx512

        /// Whether this machine can run the path.
        var isAvailable: Bool {
            switch self {
            case .swift: true
            case .portable: hk_path_available(Int32(HK_PATH_PORTABLE)) != 0
            case .avx2: hk_path_available(Int32(HK_PATH_AVX2)) != 0
            case .avx512: hk_path_available(Int32(HK_PATH_AVX512)) != 0
            }
        }

        /// The fastest path for a 32-bit table on this machine.
        static let best: KernelPath = {
            switch Int(hk_best_path()) {
            case Int(HK_PATH_AVX512): .avx512
            case Int(HK_PATH_AVX2): .avx2
            default: .portable
            }
        }()

        var cPath: Int32 {
            switch self {
            case .swift, .portable: Int32(HK_PATH_PORTABLE)
            case .avx2: Int32(HK_PATH_AVX2)
            case .avx512: Int32(HK_PATH_AVX512)
            }
        }

        var description: String {
            switch self {
            case .swift: "Swift"
            case .portable: "portable C"
            case .avx2: "AVX2"
            case .avx512: "AVX-512"
            }
        }
    }

    /// The Held–Karp table: one contiguous, uninitialised allocation of
    /// `m · 2ᵐ⁻¹` entries, stored row `x` at `x · m` (see ``Fill`` for the
    /// paired layout).
    ///
    /// Entries are written by different workers, each its own, and read
    /// only after they are complete (see ``Fill``), so sharing the pointer
    /// across threads is safe.
    ///
    /// On Linux a large table is mapped directly, aligned to 2 MiB and marked
    /// for transparent huge pages: a 1.6 GB table in 4 KiB pages costs some
    /// 400,000 page faults and constant TLB misses on the scattered reads of
    /// earlier rows; 2 MiB pages remove most of both.
    struct Table<T: FixedWidthInteger & Sendable>: @unchecked Sendable {
        let base: UnsafeMutablePointer<T>
        let bytes: Int
        private let mapping: UnsafeMutableRawPointer?
        private let mappedBytes: Int

        static var hugePage: Int { 2 << 20 }

        /// Allocates the table, or throws ``SolverError/allocationFailed(bytes:)``.
        init(count: Int) throws(SolverError) {
            let bytes = count * MemoryLayout<T>.stride
            self.bytes = bytes
            #if os(Linux)
            if bytes >= 4 << 20 {
                let length = bytes + Self.hugePage
                if let mapped = mmap(nil, length, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0),
                   mapped != MAP_FAILED {
                    let address = (Int(bitPattern: mapped) + Self.hugePage - 1) & ~(Self.hugePage - 1)
                    let aligned = UnsafeMutableRawPointer(bitPattern: address)!
                    _ = madvise(aligned, bytes, Int32(MADV_HUGEPAGE))
                    base = aligned.bindMemory(to: T.self, capacity: count)
                    mapping = mapped
                    mappedBytes = length
                    return
                }
            }
            #endif
            // malloc, unlike allocate(capacity:), reports failure instead of trapping.
            guard let raw = malloc(max(bytes, 1)) else { throw .allocationFailed(bytes: bytes) }
            base = raw.bindMemory(to: T.self, capacity: count)
            mapping = nil
            mappedBytes = 0
        }

        /// Whether the table is a fresh mapping whose pages are not yet touched.
        var isMapped: Bool { mapping != nil }

        func deallocate() {
            #if os(Linux)
            if let mapping {
                munmap(mapping, mappedBytes)
                return
            }
            #endif
            free(UnsafeMutableRawPointer(base))
        }

        subscript(index: Int) -> T { base[index] }
    }

    /// Fills the table in the "push" form.
    ///
    /// **Table.** Row *S* holds, for every free node *j* outside *S*, the
    /// least cost of a path from the start through exactly *S* and then along
    /// the arc into *j*:
    ///
    ///     E(S, j) = min over k ∈ S of E(S∖{k}, k) + c(k, j),   E(∅, j) = c(start, j)
    ///
    /// so a row is built from one scalar per *k* ∈ *S*, added to the
    /// contiguous row of costs out of *k* and folded in by an element-wise
    /// minimum: no horizontal reduction and no membership test. Every value
    /// stays at most `inf`, the accumulators' start, so sums never exceed
    /// 2·inf.
    ///
    /// **Layout.** E(S, ·) matters at the m − |S| nodes outside *S*, and
    /// E(~S, ·) at the other |S|: the two share one stored row of *m*
    /// entries. Stored row *X* (the top free node not in *X*) holds E(X, j)
    /// at j ∉ X and E(~X, j) at j ∈ X; the kernels store a row through a lane
    /// mask of the entries it owns. The table is `m · 2ᵐ⁻¹` entries, half a
    /// row per subset, and so half the pages to fault in and clear, which
    /// is most of the time of a large solve.
    ///
    /// **Order.** A row reads only rows of smaller subsets. With one worker
    /// rows go in increasing numeric order, so each bit *k* is one sequential
    /// stream of reads (S − 2ᵏ). With several, the subsets are cut into
    /// blocks by their top bits (2ᵏ consecutive rows each, sequential inside);
    /// blocks whose top bits have equal popcount are independent, so the
    /// blocks are taken in popcount order from one shared counter, and a
    /// worker waits before a block only until every block of the lower
    /// layers is done. Dynamic assignment balances the workers (the former
    /// top-bit split gave one worker 13 % more work).
    ///
    /// **Control.** Every worker checks the stop flag and the deadline before
    /// each block; the worker on the calling thread also polls cancellation,
    /// which only it can see, and raises the flag for the others.
    struct Fill<T: FixedWidthInteger & SignedInteger & Sendable>: @unchecked Sendable {
        let table: Table<T>
        /// Costs out of each free node: `out[k * stride + j]`, inf for a
        /// forbidden arc, the diagonal and the padding.
        let out: UnsafeMutablePointer<T>
        let stride: Int
        /// Row ∅: the cost of the first arc into each free node.
        let start: UnsafeMutablePointer<T>
        let m: Int
        let inf: T
        let path: KernelPath
        let control: SolveControl

        init(table: Table<T>, m: Int, inf: T, path: KernelPath, control: SolveControl,
             cost: (_ from: Int, _ to: Int) -> T, first: (Int) -> T) {
            self.table = table
            self.m = m
            self.inf = inf
            self.path = T.self == Int32.self ? path : .swift
            self.control = control
            stride = Int(hk_out_stride(Int32(m)))
            out = .allocate(capacity: m * stride)
            out.initialize(repeating: inf, count: m * stride)
            start = .allocate(capacity: m)
            for k in 0..<m {
                for j in 0..<m where j != k { out[k * stride + j] = cost(k, j) }
                start[k] = first(k)
            }
        }

        func deallocate() {
            out.deallocate()
            start.deallocate()
        }

        /// The number of stored rows: one per pair of complementary subsets.
        static func storedRows(m: Int) -> Int { m == 0 ? 0 : 1 << (m - 1) }

        /// E(S, j) for j ∉ S, wherever the paired layout keeps it: subsets
        /// without the top bit in their own stored row, the others in the row
        /// of their complement.
        @inline(__always)
        func entry(_ s: Int, _ j: Int) -> T {
            let half = 1 << (m &- 1)
            let stored = s < half ? s : (half &* 2 &- 1) ^ s
            return table.base[stored &* m &+ j]
        }

        /// Fills the subsets `lo ..< hi`, whose smaller subsets must be complete.
        func rows(_ lo: Int, _ hi: Int) {
            if path != .swift, T.self == Int32.self {
                let table = UnsafeMutableRawPointer(self.table.base).assumingMemoryBound(to: Int32.self)
                let out = UnsafeRawPointer(self.out).assumingMemoryBound(to: Int32.self)
                let start = UnsafeRawPointer(self.start).assumingMemoryBound(to: Int32.self)
                hk_fill_rows(path.cPath, table, out, start, Int32(m), Int32(truncatingIfNeeded: inf),
                             UInt32(lo), UInt32(hi))
            } else {
                swiftRows(lo, hi)
            }
        }

        /// The portable kernel in Swift (the 64-bit table, and the reference
        /// the C kernels are tested against), with the same paired layout.
        func swiftRows(_ lo: Int, _ hi: Int) {
            let m = self.m, stride = self.stride, inf = self.inf
            let base = table.base
            let half = 1 << (m - 1), full = 2 * half - 1
            let acc = UnsafeMutablePointer<T>.allocate(capacity: m)
            defer { acc.deallocate() }
            var s = lo
            if s == 0 {
                base.update(from: start, count: m)
                s = 1
            }
            while s < hi {
                acc.update(repeating: inf, count: m)
                var rest = s
                while rest != 0 {
                    let k = rest.trailingZeroBitCount
                    rest &= rest &- 1
                    let a = entry(s ^ (1 << k), k)
                    let c = out + k &* stride
                    for j in 0..<m {
                        let v = a &+ c[j]
                        acc[j] = v < acc[j] ? v : acc[j]
                    }
                }
                // Only the entries j ∉ S, into the row that holds them.
                let row = base + (s < half ? s : full ^ s) &* m
                var outside = full & ~s
                while outside != 0 {
                    let j = outside.trailingZeroBitCount
                    outside &= outside &- 1
                    row[j] = acc[j]
                }
                s += 1
            }
        }

        /// Fills the whole table with `requested` workers (at least one).
        func run(workers requested: Int, prefault: Bool) throws {
            let workers = max(1, min(requested, 64))
            let schedule = Schedule(m: m, workers: workers)
            let chunks = prefault && workers > 1 && table.isMapped ? (table.bytes + Table<T>.hugePage - 1) / Table<T>.hugePage : 0
            let job = Job(schedule: schedule, workers: workers, prefaultChunks: chunks)
            var threads: [WorkerThread] = []
            for worker in 1..<workers {
                threads.append(WorkerThread { self.work(worker: worker, job: job) })
            }
            work(worker: 0, job: job)
            for thread in threads { thread.join() }
            switch job.stop.load(ordering: .acquiring) {
            case Job.cancelled: throw SolverError.cancelled
            case Job.pastDeadline: try control.checkpoint(); throw SolverError.cancelled
            default: return
            }
        }

        /// One worker's share: prefaulting, then blocks until none are left.
        private func work(worker: Int, job: Job) {
            if job.prefaultChunks > 0 {
                let raw = UnsafeMutableRawPointer(table.base)
                let page = 4096
                // The deadline and cancellation are polled per 2 MiB chunk: a
                // large table takes a good part of a second to fault in.
                while keepGoing(job, polling: worker == 0) {
                    let chunk = job.prefaultNext.wrappingAdd(1, ordering: .relaxed).oldValue
                    if chunk >= job.prefaultChunks { break }
                    let lo = chunk * Table<T>.hugePage
                    let hi = min(table.bytes, lo + Table<T>.hugePage)
                    var offset = lo
                    while offset < hi {
                        raw.storeBytes(of: 0, toByteOffset: offset, as: UInt8.self)
                        offset += page
                    }
                }
                // The fill must not start while another worker still writes
                // zeros. A worker that stopped still counts itself, and the
                // others stop waiting once the stop flag is up (they then
                // return before filling anything).
                job.prefaultDone.wrappingAdd(1, ordering: .acquiringAndReleasing)
                var spins = 0
                while job.prefaultDone.load(ordering: .acquiring) < job.workers {
                    if job.stop.load(ordering: .relaxed) != Job.running { return }
                    spins += 1
                    if spins & 0x3F == 0 { sched_yield() }
                }
            }
            let schedule = job.schedule
            let blockRows = schedule.blockRows
            while true {
                guard keepGoing(job, polling: worker == 0) else { return }
                let i = job.next.wrappingAdd(1, ordering: .relaxed).oldValue
                if i >= schedule.blocks.count { return }
                let needed = schedule.ready[i]
                var spins = 0
                while job.done.load(ordering: .acquiring) < needed {
                    spins += 1
                    if spins & 0x3F == 0 {
                        if !keepGoing(job, polling: worker == 0) { return }
                        sched_yield()
                    }
                }
                let lo = schedule.blocks[i] &* blockRows
                rows(lo, lo + blockRows)
                job.done.wrappingAdd(1, ordering: .releasing)
            }
        }

        /// Whether to continue; raises the stop flag on cancellation (seen only
        /// by the worker on the calling thread) or when the deadline has passed.
        private func keepGoing(_ job: Job, polling task: Bool) -> Bool {
            if job.stop.load(ordering: .relaxed) != Job.running { return false }
            if task && control.isCancelled {
                job.stop.store(Job.cancelled, ordering: .releasing)
                return false
            }
            if control.isPastDeadline {
                job.stop.store(Job.pastDeadline, ordering: .releasing)
                return false
            }
            return true
        }
    }

    /// The order of blocks of rows: block `b` is rows `b·blockRows ..< (b+1)·blockRows`.
    struct Schedule: Sendable {
        /// Blocks in the order they are handed out.
        let blocks: [Int]
        /// For the block at each position, how many blocks (from the start
        /// of `blocks`) must be done before it may start.
        let ready: [Int]
        let blockRows: Int

        init(m: Int, workers: Int) {
            if workers == 1 {
                // Numeric order, in blocks of at most 2¹² rows for polling.
                let low = min(m, 12)
                blockRows = 1 << low
                blocks = Array(0..<(1 << (m - low)))
                ready = [Int](repeating: 0, count: blocks.count)
                return
            }
            // Top bits name a block; blocks of equal popcount are independent.
            let low = max(min(m, 6), m - 10)
            let top = m - low
            blockRows = 1 << low
            var order: [Int] = []
            var ready: [Int] = []
            order.reserveCapacity(1 << top)
            for layer in 0...top {
                let first = order.count
                for b in 0..<(1 << top) where b.nonzeroBitCount == layer {
                    order.append(b)
                    ready.append(first)
                }
            }
            blocks = order
            self.ready = ready
        }
    }

    /// Shared counters of one fill.
    final class Job: Sendable {
        static let running = 0, cancelled = 1, pastDeadline = 2
        let schedule: Schedule
        let workers: Int
        let prefaultChunks: Int
        /// The next position in `schedule.blocks` to hand out.
        let next = Atomic<Int>(0)
        /// How many blocks are complete (positions below `next` finish in
        /// any order, but a block only waits for whole layers, and a layer's
        /// blocks are all handed out before the next layer's).
        let done = Atomic<Int>(0)
        let stop = Atomic<Int>(Job.running)
        let prefaultNext = Atomic<Int>(0)
        let prefaultDone = Atomic<Int>(0)

        init(schedule: Schedule, workers: Int, prefaultChunks: Int) {
            self.schedule = schedule
            self.workers = workers
            self.prefaultChunks = prefaultChunks
        }
    }

    /// A plain operating-system thread, so that a worker that waits on
    /// another never occupies a thread of Swift's cooperative pool.
    final class WorkerThread: @unchecked Sendable {
        private var thread = pthread_t()
        private let body: @Sendable () -> Void

        init(_ body: @escaping @Sendable () -> Void) {
            self.body = body
            let context = Unmanaged.passRetained(self).toOpaque()
            let status = pthread_create(&thread, nil, { context in
                let worker = Unmanaged<WorkerThread>.fromOpaque(context!).takeRetainedValue()
                worker.body()
                return nil
            }, context)
            precondition(status == 0, "pthread_create failed with \(status)")
        }

        func join() { pthread_join(thread, nil) }
    }

    /// The number of processors online (1 if the system does not say).
    public static var processorCount: Int {
        #if canImport(Glibc) || canImport(Darwin)
        return max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))
        #else
        return 1
        #endif
    }
}
