#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// How many processors this process may run on: the default number of parallel workers.
package enum Processors {
    /// The processors online, capped by a cgroup CPU quota (cgroup v2 `cpu.max`, else v1
    /// `cpu.cfs_quota_us` over `cpu.cfs_period_us`, rounded up), as Foundation's
    /// `ProcessInfo.activeProcessorCount` counts them, read with plain system calls: Foundation
    /// reads those files through its URL and `Data` machinery, half a million instructions
    /// at every start. At least 1.
    package static func online() -> Int {
        var n = 1
        #if canImport(Glibc) || canImport(Darwin)
        n = max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))
        #endif
        #if os(Linux)
        if let quota = cgroupQuota() { n = min(n, quota) }
        #endif
        return n
    }

    #if os(Linux)
    /// The CPUs a cgroup quota allows, rounded up; nil without a quota.
    static func cgroupQuota() -> Int? {
        func ratio(_ quota: Double, _ period: Double) -> Int? {
            guard quota > 0, period > 0, quota.isFinite, period.isFinite else { return nil }
            let v = (quota / period).rounded(.up)
            return v < 1 ? 1 : Int(exactly: min(v, 1_048_576))
        }
        if let text = smallFile("/sys/fs/cgroup/cpu.max") {
            let fields = text.split(whereSeparator: { $0 == " " || $0 == "\n" })
            guard fields.count >= 2, fields[0] != "max", let q = Double(fields[0]), let p = Double(fields[1]) else { return nil }
            return ratio(q, p)
        }
        if let q = smallFile("/sys/fs/cgroup/cpu/cpu.cfs_quota_us").flatMap({ Double($0.trimmed) }),
           let p = smallFile("/sys/fs/cgroup/cpu/cpu.cfs_period_us").flatMap({ Double($0.trimmed) }) {
            return ratio(q, p)
        }
        return nil
    }

    /// A small file's text (up to 4 KB, through ``FileBytes``), or nil when it cannot be read
    /// or is empty.
    static func smallFile(_ path: String) -> Substring? {
        guard let bytes = try? FileBytes.read(path: path, maxBytes: 4096), !bytes.isEmpty else { return nil }
        return Substring(String(decoding: bytes, as: UTF8.self))
    }
    #endif
    /// The processors online, less those the process may not use: on Linux the CPU affinity
    /// mask (`taskset`, a container's cpuset, `numactl`), which `nproc` reads too, since
    /// parallel workers pinned to fewer cores only take turns on them and hold more memory.
    /// `online` is the count to start from (``online()``, which also
    /// follows a cgroup CPU quota); at least 1.
    package static func available(online: Int) -> Int {
        let n = max(1, online)
        #if os(Linux)
        // glibc's sched_getaffinity (not visible to Swift without _GNU_SOURCE), looked up
        // once; a mask of 1,024 CPUs, as glibc's cpu_set_t.
        if let getAffinity = affinityCall {
            var mask = [UInt64](repeating: 0, count: 16)
            let status = mask.withUnsafeMutableBytes { getAffinity(0, $0.count, $0.baseAddress) }
            let allowed = mask.reduce(0) { $0 + $1.nonzeroBitCount }
            if status == 0, allowed > 0 { return min(n, allowed) }
        }
        #endif
        return n
    }

    /// Caps the number of glibc malloc arenas (`mallopt(M_ARENA_MAX, n)`) before worker
    /// threads start: by default glibc gives each new thread that meets contention its own
    /// arena, and memory one thread frees stays in its arena, out of the others' reach. With
    /// as many arenas as workers, two workers extracting a 245-page document peaked at
    /// 21.7 MB instead of 22.8 MB, in the same time (one arena for all cost 10% in time).
    /// Does nothing elsewhere than glibc. True when the cap was set.
    @discardableResult
    package static func limitMallocArenas(to n: Int) -> Bool {
        #if os(Linux)
        guard n >= 1, let set = malloptCall else { return false }
        return set(-8, Int32(clamping: n)) == 1  // M_ARENA_MAX; mallopt answers 1 on success
        #else
        return false
        #endif
    }

    /// The malloc thresholds the command-line tool sets before its first page when it runs
    /// one worker (``setMallocThresholds(mmap:trim:)``): blocks of 512 KiB or more mapped on
    /// their own, and free memory at the top of the heap given back past 2 MiB. With two
    /// workers they cost time and memory (4% and 1.5 MB on a 324-page manual): each arena
    /// keeps its own top.
    package static let pageMallocThresholds = (mmap: 512 << 10, trim: 2 << 20)

    /// Sets glibc's `M_MMAP_THRESHOLD` and `M_TRIM_THRESHOLD`. By default glibc gives the top
    /// of the heap back to the system as soon as more than its trim threshold (a few hundred
    /// KB, moved by the sizes it has seen) is free there, and a page's arrays sit at that top
    /// when the page is done: each page then grew the heap again and faulted its memory in
    /// anew (a 245-page document: 10,000 page faults, 9% of its time; with these thresholds
    /// 2,300, and the same peak). Fixed thresholds also bound what a long run keeps: blocks
    /// from `mmap` bytes up have their own mappings, unmapped when freed. Does nothing
    /// elsewhere than glibc, or when the environment already sets them (`GLIBC_TUNABLES`
    /// naming a malloc threshold, `MALLOC_MMAP_THRESHOLD_`, `MALLOC_TRIM_THRESHOLD_`,
    /// `MALLOC_TOP_PAD_`). True when both were set.
    @discardableResult
    package static func setMallocThresholds(mmap: Int, trim: Int) -> Bool {
        #if os(Linux)
        guard mmap > 0, trim > 0 else { return false }
        for name in ["MALLOC_MMAP_THRESHOLD_", "MALLOC_TRIM_THRESHOLD_", "MALLOC_TOP_PAD_"] where getenv(name) != nil {
            return false
        }
        if let tunables = getenv("GLIBC_TUNABLES").map({ String(cString: $0) }),
           tunables.contains("malloc.mmap_threshold") || tunables.contains("malloc.trim_threshold")
            || tunables.contains("malloc.top_pad") {
            return false
        }
        guard let set = malloptCall else { return false }
        // M_MMAP_THRESHOLD -3, M_TRIM_THRESHOLD -1; mallopt answers 1 on success.
        return set(-3, Int32(clamping: mmap)) == 1 && set(-1, Int32(clamping: trim)) == 1
        #else
        return false
        #endif
    }

    #if os(Linux)
    typealias MalloptCall = @convention(c) (Int32, Int32) -> Int32
    static let malloptCall: MalloptCall? = {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "mallopt") else { return nil }
        return unsafeBitCast(symbol, to: MalloptCall.self)
    }()

    typealias AffinityCall = @convention(c) (Int32, Int, UnsafeMutableRawPointer?) -> Int32
    static let affinityCall: AffinityCall? = {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "sched_getaffinity") else { return nil }
        return unsafeBitCast(symbol, to: AffinityCall.self)
    }()
    #endif
}

#if os(Linux)
extension Substring {
    fileprivate var trimmed: Substring {
        var s = self
        while let c = s.last, c == "\n" || c == " " { s = s.dropLast() }
        while let c = s.first, c == " " { s = s.dropFirst() }
        return s
    }
}
#endif
