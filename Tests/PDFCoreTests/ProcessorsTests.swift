import Foundation
import Testing
@testable import PDFCore

@Suite struct ProcessorsTests {
    /// The CPUs of `Cpus_allowed_list` in /proc/self/status ("0-3,6"), which `nproc` and
    /// `taskset -p` read too.
    func allowedByProc() throws -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix("Cpus_allowed_list:") }) else { return nil }
        var count = 0
        for part in line.dropFirst("Cpus_allowed_list:".count).trimmingCharacters(in: .whitespaces).split(separator: ",") {
            let ends = part.split(separator: "-").compactMap { Int($0) }
            count += ends.count == 2 ? ends[1] - ends[0] + 1 : 1
        }
        return count
    }

    @Test("the default worker count is the CPUs this process may run on, never more than online, at least 1")
    func available() throws {
        #expect(Processors.available(online: 0) == 1)
        #expect(Processors.available(online: 1) == 1)
        #if os(Linux)
        let allowed = try #require(try allowedByProc(), "no Cpus_allowed_list in /proc/self/status")
        #expect(Processors.available(online: 4096) == allowed)
        #expect(Processors.available(online: 1) == 1)
        #endif
    }

    @Test("malloc arenas are capped through glibc's mallopt on Linux")
    func mallocArenas() {
        #expect(!Processors.limitMallocArenas(to: 0), "no cap below one arena")
        #if os(Linux)
        #expect(Processors.limitMallocArenas(to: 64), "glibc's mallopt is found and accepts M_ARENA_MAX")
        #else
        #expect(!Processors.limitMallocArenas(to: 64))
        #endif
    }

    @Test("malloc thresholds are set through mallopt on Linux, unless the environment sets its own")
    func mallocThresholds() {
        let t = Processors.pageMallocThresholds
        #expect(!Processors.setMallocThresholds(mmap: 0, trim: t.trim))
        #expect(!Processors.setMallocThresholds(mmap: t.mmap, trim: -1))
        #if os(Linux)
        let environment = ProcessInfo.processInfo.environment
        let userSet = ["MALLOC_MMAP_THRESHOLD_", "MALLOC_TRIM_THRESHOLD_", "MALLOC_TOP_PAD_"].contains { environment[$0] != nil }
            || (environment["GLIBC_TUNABLES"] ?? "").contains("malloc.")
        #expect(Processors.setMallocThresholds(mmap: t.mmap, trim: t.trim) == !userSet)
        if !userSet {
            // glibc read its MALLOC_ variables when it started; this one only tells the call
            // that the user chose.
            setenv("MALLOC_TOP_PAD_", "65536", 1)
            defer { unsetenv("MALLOC_TOP_PAD_") }
            #expect(!Processors.setMallocThresholds(mmap: t.mmap, trim: t.trim))
        }
        #else
        #expect(!Processors.setMallocThresholds(mmap: t.mmap, trim: t.trim))
        #endif
    }

    @Test("the processors online, quota included, are Foundation's count read without Foundation")
    func onlineMatchesFoundation() {
        #expect(Processors.online() == max(1, ProcessInfo.processInfo.activeProcessorCount))
        #if os(Linux)
        // A file that cannot be read is no quota; a small file reads whole.
        #expect(Processors.smallFile("/nonexistent/cpu.max") == nil)
        #expect(Processors.smallFile("/proc/self/stat")?.isEmpty == false)
        #endif
    }
}

@Suite struct WorkerThreadTests {
    final class Box: @unchecked Sendable {
        let lock = ConditionLock()
        var values: [Int] = []
        var threads: Set<pthread_t> = []
    }

    @Test("concurrentPerform runs every iteration once, the last on the calling thread, and returns when all are done")
    func concurrentPerform() {
        for n in [0, 1, 2, 7] {
            let box = Box()
            let caller = pthread_self()
            WorkerThread.concurrentPerform(iterations: n, stackSize: 1 << 20) { i in
                box.lock.withLock {
                    box.values.append(i)
                    box.threads.insert(pthread_self())
                }
            }
            #expect(box.values.sorted() == Array(0..<n))
            #expect(n == 0 || box.threads.contains(caller))
            #expect(box.threads.count == n, "a thread of its own for each iteration")
        }
    }

    @Test("a waiter wakes when another thread sets the value and broadcasts; join waits for the thread")
    func conditionAndJoin() throws {
        let box = Box()
        let thread = try #require(WorkerThread.start {
            usleep(20_000)
            box.lock.withLock {
                box.values.append(42)
                box.lock.broadcast()
            }
        })
        box.lock.withLock {
            while box.values.isEmpty { box.lock.wait() }
        }
        #expect(box.values == [42])
        thread.join()
        // Join returns after the thread's last write (a stack below the minimum is raised).
        let second = try #require(WorkerThread.start(stackSize: 0) {
            usleep(10_000)
            box.lock.withLock { box.values.append(7) }
        })
        second.join()
        #expect(box.lock.withLock { box.values } == [42, 7])
    }
}

@Suite struct XMLEscapingTests {
    static let sample = "a&b<c>d\"e'f\rg\nh\ti\u{1}j\u{7F}k\u{85}l\u{FFFE}m\u{FFFF}n\u{E9}\u{1F600}"

    @Test("each style: markup characters, quotes, line breaks and controls as its writers need them")
    func styles() {
        #expect(XMLEscaping.escaped(Self.sample, .xml)
                == "a&amp;b&lt;c&gt;d&quot;e&apos;f\ng\nh\ti\u{FFFD}j\u{FFFD}k\u{FFFD}l\u{FFFD}m\u{FFFD}n\u{E9}\u{1F600}")
        #expect(XMLEscaping.escaped(Self.sample, .html)
                == "a&amp;b&lt;c&gt;d&quot;e&#39;f\ng\nh\ti\u{FFFD}j\u{FFFD}k\u{FFFD}l\u{FFFD}m\u{FFFD}n\u{E9}\u{1F600}")
        #expect(XMLEscaping.escaped(Self.sample, .exactAttribute)
                == "a&amp;b&lt;c&gt;d&quot;e'f&#13;g&#10;h&#9;ijklmn\u{E9}\u{1F600}")
        #expect(XMLEscaping.escaped(Self.sample, .exactText)
                == "a&amp;b&lt;c&gt;d\"e'f&#13;g\nh\tijklmn\u{E9}\u{1F600}")
        #expect(XMLEscaping.escaped("", .xml).isEmpty)
    }
}
