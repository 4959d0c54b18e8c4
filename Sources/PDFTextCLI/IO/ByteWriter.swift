#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import PDFCore

/// Bulk output to a file descriptor through one raw buffer: appends are pointer stores, and
/// the buffer goes out in 64 KiB writes. A failed write is remembered (`error`) so the
/// command can exit with status 2 and one line saying why.
final class ByteWriter {
    private var base: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    private(set) var count = 0
    let fd: Int32
    private(set) var error: String?
    static let flushSize = 1 << 16

    init(fd: Int32 = 1, capacity: Int = 1 << 17) {
        self.fd = fd
        self.capacity = capacity
        base = .allocate(capacity: capacity)
    }

    deinit { base.deallocate() }

    @inline(__always) func ensure(_ n: Int) {
        if count + n > capacity { grow(count + n) }
    }

    private func grow(_ needed: Int) {
        var c = capacity
        while c < needed { c *= 2 }
        let b = UnsafeMutablePointer<UInt8>.allocate(capacity: c)
        b.update(from: base, count: count)
        base.deallocate()
        base = b
        capacity = c
    }

    @inline(__always) func byte(_ b: UInt8) {
        ensure(1)
        base[count] = b
        count += 1
    }

    func bytes(_ a: [UInt8]) {
        ensure(a.count)
        a.withUnsafeBufferPointer { p in
            if let src = p.baseAddress { (base + count).update(from: src, count: a.count) }
        }
        count += a.count
    }

    func write(_ s: String) {
        var s = s
        s.withUTF8 { p in
            ensure(p.count)
            if let src = p.baseAddress { (base + count).update(from: src, count: p.count) }
            count += p.count
        }
        flushIfFull()
    }

    /// A decimal integer.
    func int(_ v: Int64) {
        ensure(21)
        var n = v
        if n < 0 { base[count] = UInt8(ascii: "-"); count += 1; n = n == .min ? .max : -n }
        var start = count
        repeat {
            base[count] = UInt8(truncatingIfNeeded: n % 10) &+ 48
            n /= 10
            count += 1
        } while n > 0
        var end = count - 1
        while start < end {
            let t = base[start]; base[start] = base[end]; base[end] = t
            start += 1; end -= 1
        }
    }

    /// A number to two decimals, trailing zeros dropped: 72, 89.33, 0.5, -3.25.
    func number(_ v: Double) {
        guard v.isFinite, abs(v) < 1e15 else { byte(48); return }
        let n = Int64((v * 100).rounded())
        if n < 0 { byte(UInt8(ascii: "-")) }
        let a = n < 0 ? -n : n
        int(a / 100)
        let frac = a % 100
        if frac != 0 {
            ensure(3)
            base[count] = UInt8(ascii: ".")
            base[count + 1] = UInt8(truncatingIfNeeded: frac / 10) &+ 48
            count += 2
            if frac % 10 != 0 {
                base[count] = UInt8(truncatingIfNeeded: frac % 10) &+ 48
                count += 1
            }
        }
    }

    @inline(__always) func flushIfFull() {
        if count >= Self.flushSize { flush() }
    }

    func flush() {
        var offset = 0
        while offset < count, error == nil {
            let r = SystemCall.writeFile(fd, base + offset, count - offset)
            if r < 0 {
                if errno == EINTR { continue }
                error = String(cString: strerror(errno))
                break
            }
            offset += r
        }
        count = 0
    }
}
