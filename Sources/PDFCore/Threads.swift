#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Threads and a condition over POSIX threads, for the few places that run work in parallel
/// (the command-line pipeline's workers, the running-header sample, the structure tree read
/// beside the pages). Foundation's `Thread` and `NSCondition` and Dispatch's queues did the
/// same, but their code is spread over the statically linked Foundation and libdispatch: a
/// two-worker run of a 116-page manual kept 1.2 MB more of the binary's code resident than a
/// one-worker run, a third of it Foundation's.
package struct WorkerThread: Sendable {
    private let id: pthread_t

    private final class Body {
        let run: @Sendable () -> Void
        init(_ run: @escaping @Sendable () -> Void) { self.run = run }
    }

    /// Starts a thread running `body` with a stack of `stackSize` bytes (raised to the
    /// system's minimum); nil when the system gives no thread (then nothing runs).
    package static func start(stackSize: Int = 8 << 20, _ body: @escaping @Sendable () -> Void) -> WorkerThread? {
        var attributes = pthread_attr_t()
        guard pthread_attr_init(&attributes) == 0 else { return nil }
        defer { pthread_attr_destroy(&attributes) }
        _ = pthread_attr_setstacksize(&attributes, max(stackSize, 1 << 16))
        let context = Unmanaged.passRetained(Body(body)).toOpaque()
        #if canImport(Darwin)
        var thread: pthread_t? = nil
        #else
        var thread = pthread_t()
        #endif
        let status = pthread_create(&thread, &attributes, { context in
            guard let context else { return nil }
            Unmanaged<Body>.fromOpaque(context).takeRetainedValue().run()
            return nil
        }, context)
        guard status == 0 else {
            Unmanaged<Body>.fromOpaque(context).release()
            return nil
        }
        #if canImport(Darwin)
        guard let thread else { return nil }
        #endif
        return WorkerThread(id: thread)
    }

    /// Waits for the thread to finish.
    package func join() { _ = pthread_join(id, nil) }

    /// Lets the thread finish on its own: nothing will wait for it.
    package func detach() { _ = pthread_detach(id) }

    /// Runs `body(i)` for each `i` in `0..<iterations`, each on a thread of its own but the
    /// last, which runs on the calling thread; returns when all are done. An iteration whose
    /// thread the system does not give runs on the calling thread too.
    package static func concurrentPerform(iterations: Int, stackSize: Int = 8 << 20, _ body: @escaping @Sendable (Int) -> Void) {
        guard iterations > 0 else { return }
        var started: [WorkerThread] = []
        var inline: [Int] = []
        for i in 0..<(iterations - 1) {
            if let t = start(stackSize: stackSize, { body(i) }) { started.append(t) } else { inline.append(i) }
        }
        for i in inline { body(i) }
        body(iterations - 1)
        for t in started { t.join() }
    }
}

/// A mutex with a condition variable (POSIX): `lock`, `wait` (which unlocks while it waits),
/// `broadcast`, `unlock`, as `NSCondition` has them.
package final class ConditionLock: @unchecked Sendable {
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private let condition: UnsafeMutablePointer<pthread_cond_t>

    package init() {
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        condition = .allocate(capacity: 1)
        condition.initialize(to: pthread_cond_t())
        pthread_mutex_init(mutex, nil)
        pthread_cond_init(condition, nil)
    }

    deinit {
        pthread_cond_destroy(condition)
        pthread_mutex_destroy(mutex)
        condition.deallocate()
        mutex.deallocate()
    }

    package func lock() { pthread_mutex_lock(mutex) }
    package func unlock() { pthread_mutex_unlock(mutex) }
    /// Waits for a `broadcast` (or a spurious wake-up: callers wait in a loop on their
    /// condition), the lock held before and after.
    package func wait() { pthread_cond_wait(condition, mutex) }
    package func broadcast() { pthread_cond_broadcast(condition) }

    /// `body` with the lock held.
    package func withLock<T>(_ body: () throws -> T) rethrows -> T {
        lock()
        defer { unlock() }
        return try body()
    }
}
