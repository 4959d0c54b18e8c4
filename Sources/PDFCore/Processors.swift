#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// How many processors this process may run on: the default number of parallel workers.
public enum Processors {
    /// The processors online, less those the process may not use: on Linux the CPU affinity
    /// mask (`taskset`, a container's cpuset, `numactl`), which `nproc` reads too, since
    /// parallel workers pinned to fewer cores only take turns on them and hold more memory.
    /// `online` is the count to start from (Foundation's `activeProcessorCount`, which also
    /// follows a cgroup CPU quota); at least 1.
    public static func available(online: Int) -> Int {
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

    #if os(Linux)
    typealias AffinityCall = @convention(c) (Int32, Int, UnsafeMutableRawPointer?) -> Int32
    static let affinityCall: AffinityCall? = {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "sched_getaffinity") else { return nil }
        return unsafeBitCast(symbol, to: AffinityCall.self)
    }()
    #endif
}
