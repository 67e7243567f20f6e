import Synchronization

/// A process-wide budget of bytes that concurrent solves reserve before they
/// allocate and release when they finish.
///
/// A check against free memory is not enough in a server: two exact solves
/// that start together both see the whole machine free. A reservation is
/// taken under a lock, so the sum of what running solves hold never exceeds
/// ``capacityBytes``.
///
/// ```swift
/// let budget = MemoryBudget(capacityBytes: 4 << 30)
/// let reservation = try budget.reserve(600 << 20)   // throws when it cannot
/// defer { reservation.release() }
/// ```
public final class MemoryBudget: Sendable {
    /// The most bytes all reservations together may hold.
    public let capacityBytes: Int
    private let reserved = Mutex(0)

    /// A budget of `capacityBytes` (at least 1).
    public init(capacityBytes: Int) {
        self.capacityBytes = max(1, capacityBytes)
    }

    /// The budget of this process, sized from the machine: three quarters of
    /// the memory the process may use (the smaller of physical memory and a
    /// cgroup v1 or v2 limit; see ``SystemMemory/usableBytes()``), or 4 GiB
    /// when the system does not say.
    public static let shared = MemoryBudget(capacityBytes: defaultCapacity())

    /// Three quarters of ``SystemMemory/usableBytes()``, or 4 GiB.
    public static func defaultCapacity() -> Int {
        guard let usable = SystemMemory.usableBytes() else { return 4 << 30 }
        return usable / 4 * 3
    }

    /// The bytes held by reservations now.
    public var reservedBytes: Int { reserved.withLock { $0 } }

    /// Reserves `bytes`, or throws without waiting.
    ///
    /// - Throws: ``SolverError/memoryBudgetExceeded(requiredBytes:budgetBytes:)``
    ///   when `bytes` is more than the whole budget (it could never succeed),
    ///   ``SolverError/memoryBudgetBusy(requiredBytes:freeBytes:budgetBytes:)``
    ///   when other reservations hold too much of it now.
    public func reserve(_ bytes: Int) throws(SolverError) -> Reservation {
        let bytes = max(0, bytes)
        guard bytes <= capacityBytes else {
            throw .memoryBudgetExceeded(requiredBytes: bytes, budgetBytes: capacityBytes)
        }
        let free: Int? = reserved.withLock { held in
            if bytes <= capacityBytes - held {
                held += bytes
                return nil
            }
            return capacityBytes - held
        }
        if let free {
            throw .memoryBudgetBusy(requiredBytes: bytes, freeBytes: free, budgetBytes: capacityBytes)
        }
        return Reservation(budget: self, bytes: bytes)
    }

    fileprivate func give(back bytes: Int) {
        reserved.withLock { $0 -= bytes }
    }

    /// Bytes held from a ``MemoryBudget``; released by ``release()`` or,
    /// at the latest, when the reservation is deallocated.
    public final class Reservation: Sendable {
        /// The bytes held.
        public let bytes: Int
        private let budget: MemoryBudget
        private let released = Atomic(false)

        fileprivate init(budget: MemoryBudget, bytes: Int) {
            self.budget = budget
            self.bytes = bytes
        }

        /// Gives the bytes back (once; later calls do nothing).
        public func release() {
            if !released.exchange(true, ordering: .acquiringAndReleasing) { budget.give(back: bytes) }
        }

        deinit { release() }
    }
}
