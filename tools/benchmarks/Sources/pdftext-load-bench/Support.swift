// Small helpers the bench needs without Foundation: a clock, file reading, a directory walk,
// statistics and number formatting. Foundation is left out on purpose so that the process start
// (which compare.py times once per file, as it does for mutool and qpdf) stays small.

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// MARK: Time

/// Seconds since an arbitrary start, from the monotonic clock.
@inline(__always)
func now() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) * 1e-9
}

// MARK: Files

struct IOError: Error, CustomStringConvertible {
    var description: String
}

/// The whole file, read with `read(2)`.
func readFile(_ path: String) throws(IOError) -> [UInt8] {
    let fd = open(path, O_RDONLY)
    guard fd >= 0 else { throw IOError(description: "cannot open \(path): \(String(cString: strerror(errno)))") }
    defer { close(fd) }
    var st = stat()
    guard fstat(fd, &st) == 0 else { throw IOError(description: "cannot stat \(path)") }
    let size = Int(st.st_size)
    if size == 0 { return [] }
    var failed = false
    let bytes = [UInt8](unsafeUninitializedCapacity: size) { buffer, count in
        var got = 0
        while got < size {
            let r = read(fd, buffer.baseAddress! + got, size - got)
            if r < 0, errno == EINTR { continue }
            if r <= 0 { failed = r < 0; break }
            got += r
        }
        count = got
    }
    if failed { throw IOError(description: "read error in \(path)") }
    return bytes
}

func writeFile(_ path: String, _ bytes: [UInt8]) throws(IOError) {
    let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    guard fd >= 0 else { throw IOError(description: "cannot create \(path): \(String(cString: strerror(errno)))") }
    defer { close(fd) }
    var done = 0
    let ok = bytes.withUnsafeBytes { raw -> Bool in
        while done < raw.count {
            let w = write(fd, raw.baseAddress! + done, raw.count - done)
            if w < 0, errno == EINTR { continue }
            if w <= 0 { return false }
            done += w
        }
        return true
    }
    if !ok { throw IOError(description: "write error in \(path)") }
}

func isDirectory(_ path: String) -> Bool {
    var st = stat()
    guard stat(path, &st) == 0 else { return false }
    return (st.st_mode & S_IFMT) == S_IFDIR
}

func fileExists(_ path: String) -> Bool {
    var st = stat()
    return stat(path, &st) == 0
}

func makeDirectory(_ path: String) {
    if !isDirectory(path) { _ = mkdir(path, 0o755) }
}

/// Every file under `root` whose name ends in `.pdf` (any case), sorted, recursively.
func pdfFiles(under root: String) -> [String] {
    var result: [String] = []
    var pending = [root]
    var seen: Set<String> = []
    while let dir = pending.popLast() {
        guard seen.insert(dir).inserted, let handle = opendir(dir) else { continue }
        defer { closedir(handle) }
        while let entry = readdir(handle) {
            let name = withUnsafePointer(to: &entry.pointee.d_name) {
                $0.withMemoryRebound(to: CChar.self, capacity: Int(NAME_MAX) + 1) { String(cString: $0) }
            }
            if name == "." || name == ".." { continue }
            let path = dir.hasSuffix("/") ? dir + name : dir + "/" + name
            if isDirectory(path) {
                pending.append(path)
            } else if name.lowercased().hasSuffix(".pdf") {
                result.append(path)
            }
        }
    }
    return result.sorted()
}

func standardError(_ s: String) {
    var line = s
    if !line.hasSuffix("\n") { line += "\n" }
    let bytes = Array(line.utf8)
    bytes.withUnsafeBytes { _ = write(2, $0.baseAddress, $0.count) }
}

// MARK: Statistics

func median(_ values: [Double]) -> Double {
    guard !values.isEmpty else { return 0 }
    let s = values.sorted()
    let m = s.count / 2
    return s.count % 2 == 1 ? s[m] : (s[m - 1] + s[m]) / 2
}

/// Least-squares slope of log(y) against log(x): the exponent k in y ≈ c·x^k.
func logLogSlope(_ xs: [Double], _ ys: [Double]) -> Double? {
    let pairs = zip(xs, ys).filter { $0.0 > 0 && $0.1 > 0 }
    guard pairs.count >= 2 else { return nil }
    let lx = pairs.map { log($0.0) }, ly = pairs.map { log($0.1) }
    let mx = lx.reduce(0, +) / Double(lx.count), my = ly.reduce(0, +) / Double(ly.count)
    var sxy = 0.0, sxx = 0.0
    for (a, b) in zip(lx, ly) {
        sxy += (a - mx) * (b - my)
        sxx += (a - mx) * (a - mx)
    }
    return sxx > 0 ? sxy / sxx : nil
}

// MARK: Formatting

/// `x` with `decimals` digits after the point (no Foundation `String(format:)`).
func fixed(_ x: Double, _ decimals: Int) -> String {
    guard x.isFinite else { return x.isNaN ? "nan" : (x < 0 ? "-inf" : "inf") }
    var scale = 1.0
    for _ in 0..<decimals { scale *= 10 }
    let negative = x < 0
    let scaled = (abs(x) * scale).rounded()
    guard scaled < 9e18 else { return String(x) }
    let n = UInt64(scaled)
    let whole = n / UInt64(scale)
    var text = String(whole)
    if decimals > 0 {
        var frac = String(n % UInt64(scale))
        while frac.count < decimals { frac = "0" + frac }
        text += "." + frac
    }
    return (negative && scaled != 0 ? "-" : "") + text
}

func padLeft(_ s: String, _ width: Int) -> String {
    s.count >= width ? s : String(repeating: " ", count: width - s.count) + s
}

func padRight(_ s: String, _ width: Int) -> String {
    s.count >= width ? s : s + String(repeating: " ", count: width - s.count)
}

/// Zero-padded decimal, as in cross-reference table offsets.
func zeroPadded(_ n: Int, _ width: Int) -> String {
    let s = String(n)
    return s.count >= width ? s : String(repeating: "0", count: width - s.count) + s
}

func jsonString(_ s: String) -> String {
    var out = "\""
    for u in s.unicodeScalars {
        switch u {
        case "\"": out += "\\\""
        case "\\": out += "\\\\"
        case "\n": out += "\\n"
        case "\r": out += "\\r"
        case "\t": out += "\\t"
        default:
            if u.value < 0x20 {
                out += "\\u00" + (u.value < 0x10 ? "0" : "") + String(u.value, radix: 16)
            } else {
                out.unicodeScalars.append(u)
            }
        }
    }
    return out + "\""
}

func jsonNumber(_ x: Double) -> String { x.isFinite ? fixed(x, 6) : "null" }

/// Right-aligned cells of the given widths, joined.
func row(_ cells: [(String, Int)]) -> String {
    var s = ""
    for (text, width) in cells { s += padLeft(text, width) }
    return s
}

func ms(_ seconds: Double, _ decimals: Int = 2) -> String { fixed(seconds * 1000, decimals) }
