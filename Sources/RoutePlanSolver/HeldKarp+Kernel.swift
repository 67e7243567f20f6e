#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

extension HeldKarp {
    /// The Held–Karp table: one contiguous, uninitialised allocation of
    /// `m · 2ᵐ` entries, row `s` (a subset of the free nodes) at `s · m`.
    ///
    /// Rows of one layer (subsets of one size) are written by different
    /// tasks, each its own rows, and read only after the layer is complete,
    /// so sharing the pointer across tasks is safe.
    ///
    /// On Linux the table is mapped directly and marked for transparent huge
    /// pages: a 1.6 GB table in 4 KiB pages costs some 400,000 page faults
    /// and constant TLB misses on the scattered reads of earlier rows; 2 MiB
    /// pages remove most of both (measured at n = 25: system time 3.6 s →
    /// see Benchmarks/README.md).
    struct Table<T: FixedWidthInteger & Sendable>: @unchecked Sendable {
        let base: UnsafeMutablePointer<T>
        private let mappedBytes: Int

        /// Allocates the table, or throws ``SolverError/allocationFailed(bytes:)``.
        init(count: Int) throws(SolverError) {
            let bytes = count * MemoryLayout<T>.stride
            #if os(Linux)
            if bytes >= 4 << 20, let mapped = mmap(nil, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0),
               mapped != MAP_FAILED {
                _ = madvise(mapped, bytes, Int32(MADV_HUGEPAGE))
                base = mapped.bindMemory(to: T.self, capacity: count)
                mappedBytes = bytes
                return
            }
            #endif
            // malloc, unlike allocate(capacity:), reports failure instead of trapping.
            guard let raw = malloc(max(bytes, 1)) else { throw .allocationFailed(bytes: bytes) }
            base = raw.bindMemory(to: T.self, capacity: count)
            mappedBytes = 0
        }

        func deallocate() {
            #if os(Linux)
            if mappedBytes > 0 {
                munmap(UnsafeMutableRawPointer(base), mappedBytes)
                return
            }
            #endif
            free(UnsafeMutableRawPointer(base))
        }

        subscript(index: Int) -> T { base[index] }
    }

    /// Fills the table.
    ///
    /// **Order.** Rows are filled in increasing numeric order of their subset,
    /// which puts every row after the rows it reads (S∖{j} < S). For a fixed
    /// *j* the rows read, S − 2ʲ, then advance through memory as steadily as S
    /// does, so every bit position is one sequential stream the hardware
    /// prefetcher follows; filling by subset size instead scatters the reads
    /// and measured 2.8× more CPU time at n = 25.
    ///
    /// **Row.** For every j ∈ S the kernel takes the minimum over *all* k of
    /// C(S∖{j}, k) + c(k, j): entries for k ∉ S∖{j} hold inf (rows are
    /// written in full, inf for j ∉ S) and c(j, j) is inf, so the loop has no
    /// branches and a fixed trip count and vectorises. A state whose every
    /// predecessor arc is forbidden is set to inf without the loop.
    ///
    /// **Parallelism.** With 2ᵇ workers, worker *t* fills the rows whose top
    /// *b* bits equal *t*, in increasing order of the low bits *x*. Row
    /// (t, x) reads its own worker's earlier rows and row (t′, x) of each
    /// worker t′ that is *t* with one top bit cleared; each worker publishes
    /// how far it has got and waits (rarely: worker 0 never does) until those
    /// workers are past *x*. Every worker keeps its sequential streams. Worker
    /// 0 runs on the calling task and polls cancellation; the others run on
    /// their own threads, so a waiting worker never holds a thread of the
    /// concurrency pool that another one needs, and they stop when worker 0
    /// raises the shared stop flag or the deadline passes.
    struct Kernel<T: FixedWidthInteger & SignedInteger & Sendable>: @unchecked Sendable {
        let table: Table<T>
        let incoming: UnsafeMutablePointer<T>
        let first: UnsafeMutablePointer<T>
        let predecessors: UnsafeMutablePointer<Int>
        let m: Int
        let inf: T
        let control: SolveControl

        init(table: Table<T>, incoming: [T], first: [T], predecessors: [Int], m: Int, inf: T, control: SolveControl) {
            self.table = table
            self.incoming = .allocate(capacity: incoming.count)
            self.incoming.initialize(from: incoming, count: incoming.count)
            self.first = .allocate(capacity: m)
            self.first.initialize(from: first, count: m)
            self.predecessors = .allocate(capacity: m)
            self.predecessors.initialize(from: predecessors, count: m)
            self.m = m
            self.inf = inf
            self.control = control
        }

        func deallocate() {
            incoming.deallocate()
            first.deallocate()
            predecessors.deallocate()
        }

        func fill(workers requested: Int) throws {
            // Rows of one-element subsets: the path that visits only j.
            for j in 0..<m {
                let row = table.base + (1 << j) * m
                for k in 0..<m { row[k] = inf }
                row[j] = first[j]
            }
            guard m >= 2 else { return }
            // The largest power of two not above the processor count, at most 8.
            var bits = 0
            while bits < 3 && 2 << bits <= requested && bits + 2 <= m { bits += 1 }
            let topBits = bits
            let pipeline = Pipeline(workers: 1 << topBits)
            var threads: [WorkerThread] = []
            for worker in 1..<(1 << topBits) {
                threads.append(WorkerThread {
                    self.fill(worker: worker, topBits: topBits, pipeline: pipeline)
                    pipeline.finished.add(1, ordering: .releasing)
                })
            }
            fill(worker: 0, topBits: topBits, pipeline: pipeline)
            // Worker 0 is the only one that can see task cancellation, so it
            // keeps polling until the others are done instead of blocking in join.
            while pipeline.finished.load(ordering: .acquiring) < threads.count {
                guard keepGoing(pipeline, polling: true) else { break }
                var pause = timespec(tv_sec: 0, tv_nsec: 1_000_000)
                nanosleep(&pause, nil)
            }
            for thread in threads { thread.join() }
            switch pipeline.stop.load(ordering: .acquiring) {
            case Pipeline.cancelled: throw SolverError.cancelled
            case Pipeline.pastDeadline: try control.checkpoint(); throw SolverError.cancelled
            default: return
            }
        }

        /// Fills the rows of one worker (see the type's documentation).
        func fill(worker t: Int, topBits: Int, pipeline: Pipeline) {
            let lowBits = m - topBits
            let prefix = t << lowBits
            let progress = pipeline.progress[t]
            // The workers whose rows this one reads: t with one top bit cleared.
            let sources = (0..<topBits).filter { t & (1 << $0) != 0 }.map { pipeline.progress[t ^ (1 << $0)] }
            for x in 0..<(1 << lowBits) {
                if x & 0xFFF == 0 && !keepGoing(pipeline, polling: t == 0) { return }
                for source in sources {
                    var spins = 0
                    while source.value.load(ordering: .acquiring) <= x {
                        spins += 1
                        if spins & 0xFF == 0 {
                            if !keepGoing(pipeline, polling: false) { return }
                            sched_yield()
                        }
                    }
                }
                let s = prefix | x
                if s & (s &- 1) != 0 { computeRow(s) }
                progress.value.store(x + 1, ordering: .releasing)
            }
        }

        /// Whether to continue; raises the stop flag on cancellation (seen only
        /// by the worker on the calling task) or when the deadline has passed.
        private func keepGoing(_ pipeline: Pipeline, polling task: Bool) -> Bool {
            if pipeline.stop.load(ordering: .relaxed) != Pipeline.running { return false }
            if task && control.isCancelled {
                pipeline.stop.store(Pipeline.cancelled, ordering: .releasing)
                return false
            }
            if control.isPastDeadline {
                pipeline.stop.store(Pipeline.pastDeadline, ordering: .releasing)
                return false
            }
            return true
        }

        @inline(__always)
        func computeRow(_ s: Int) {
            let m = self.m
            let inf = self.inf
            let base = table.base
            let row = base + s &* m
            for j in 0..<m {
                let bit = 1 << j
                let prev = s ^ bit
                if s & bit == 0 || prev & predecessors[j] == 0 {
                    row[j] = inf
                    continue
                }
                let p = base + prev &* m
                let w = incoming + j &* m
                var best = inf
                for k in 0..<m {
                    let candidate = p[k] &+ w[k]
                    best = candidate < best ? candidate : best
                }
                row[j] = best
            }
        }
    }

    /// Progress counters and the stop flag the workers share.
    final class Pipeline: Sendable {
        static let running = 0, cancelled = 1, pastDeadline = 2

        final class Counter: Sendable {
            let value = Atomic<Int>(0)
        }

        /// For each worker, how many of its rows are complete.
        let progress: [Counter]
        let stop = Atomic<Int>(Pipeline.running)
        /// How many workers on their own threads have returned.
        let finished = Atomic<Int>(0)

        init(workers: Int) { progress = (0..<workers).map { _ in Counter() } }
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

