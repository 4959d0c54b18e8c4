import Foundation
import PDFCore

/// A path as the file system names it: its bytes, whatever they are (Linux names need not
/// be UTF-8), and the text the index stores and prints for it.
struct RawPath: Hashable, Sendable {
    var bytes: [UInt8]

    init(bytes: [UInt8]) { self.bytes = bytes }

    /// A path given on the command line. Swift's arguments replace bytes that are not UTF-8
    /// with U+FFFD; such an argument is taken from the process's own argument bytes, so a
    /// name that is not UTF-8 can be given as it is.
    init(argument: String) {
        bytes = Array(argument.utf8)
        guard argument.unicodeScalars.contains("\u{FFFD}") else { return }
        for k in 0..<Int(CommandLine.argc) {
            guard let p = CommandLine.unsafeArgv[k] else { continue }
            let raw = Array(UnsafeBufferPointer(start: UnsafeRawPointer(p).assumingMemoryBound(to: UInt8.self), count: strlen(p)))
            if String(decoding: raw, as: UTF8.self) == argument {
                bytes = raw
                return
            }
        }
    }

    /// The path ``key`` names.
    init(key: String) { bytes = Self.unescape(Array(key.utf8)) }

    /// The text the index keeps for the path: its UTF-8 as it is, except that a byte that is
    /// not part of valid UTF-8 is written `\xNN` (two lowercase hex digits) and a backslash
    /// `\\`. Every name has one key and the key gives the name back (``init(key:)``).
    var key: String { String(decoding: Self.escape(bytes), as: UTF8.self) }

    /// The path with `name` added as its last component.
    func appending(_ name: some Collection<UInt8>) -> RawPath {
        var b = bytes
        if b.last != UInt8(ascii: "/") { b.append(UInt8(ascii: "/")) }
        b.append(contentsOf: name)
        return RawPath(bytes: b)
    }

    /// The last component ends in `.pdf`, in any case.
    var hasPDFExtension: Bool {
        guard bytes.count >= 4 else { return false }
        let tail = bytes.suffix(4).map { $0 | 0x20 }  // ASCII lower case; "." stays "."
        return tail == Array(".pdf".utf8)
    }

    /// Calls `body` with the path as a NUL-terminated C string.
    func withCString<R>(_ body: (UnsafePointer<CChar>) -> R) -> R {
        (bytes + [0]).withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { body($0.baseAddress!) }
        }
    }

    /// The absolute form: relative paths are taken from the working directory, `.` and
    /// empty components dropped, `..` removes the component before it (as the text does,
    /// without resolving links), no trailing slash.
    var absolute: RawPath {
        var whole = bytes
        if whole.first != UInt8(ascii: "/") {
            var cwd: [UInt8] = []
            if let p = getcwd(nil, 0) {
                cwd = Array(UnsafeBufferPointer(start: UnsafeRawPointer(p).assumingMemoryBound(to: UInt8.self), count: strlen(p)))
                free(p)
            }
            whole = cwd + [UInt8(ascii: "/")] + whole
        }
        var parts: [ArraySlice<UInt8>] = []
        for part in whole.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: true) {
            if part.elementsEqual([UInt8(ascii: ".")]) { continue }
            if part.elementsEqual([UInt8(ascii: "."), UInt8(ascii: ".")]) { _ = parts.popLast(); continue }
            parts.append(part)
        }
        var out: [UInt8] = []
        for part in parts { out.append(UInt8(ascii: "/")); out.append(contentsOf: part) }
        return RawPath(bytes: out.isEmpty ? [UInt8(ascii: "/")] : out)
    }

    /// The path with every link resolved (`realpath`); nil when it cannot be resolved.
    var resolved: RawPath? {
        withCString { p -> RawPath? in
            guard let r = realpath(p, nil) else { return nil }
            defer { free(r) }
            return RawPath(bytes: Array(UnsafeBufferPointer(start: UnsafeRawPointer(r).assumingMemoryBound(to: UInt8.self), count: strlen(r))))
        }
    }

    /// True when the path is `folder` or lies under it (both resolved paths).
    func isInside(_ folder: RawPath) -> Bool {
        if folder.bytes == [UInt8(ascii: "/")] || bytes == folder.bytes { return true }
        return bytes.count > folder.bytes.count && bytes.starts(with: folder.bytes) && bytes[folder.bytes.count] == UInt8(ascii: "/")
    }

    /// The length of the valid UTF-8 sequence at `i`, or 0 when the byte there starts none.
    static func utf8Length(_ b: [UInt8], at i: Int) -> Int {
        let lead = b[i]
        func continuation(_ k: Int, _ range: ClosedRange<UInt8> = 0x80...0xBF) -> Bool {
            i + k < b.count && range.contains(b[i + k])
        }
        switch lead {
        case 0x00...0x7F: return 1
        case 0xC2...0xDF: return continuation(1) ? 2 : 0
        case 0xE0: return continuation(1, 0xA0...0xBF) && continuation(2) ? 3 : 0
        case 0xE1...0xEC, 0xEE...0xEF: return continuation(1) && continuation(2) ? 3 : 0
        case 0xED: return continuation(1, 0x80...0x9F) && continuation(2) ? 3 : 0
        case 0xF0: return continuation(1, 0x90...0xBF) && continuation(2) && continuation(3) ? 4 : 0
        case 0xF1...0xF3: return continuation(1) && continuation(2) && continuation(3) ? 4 : 0
        case 0xF4: return continuation(1, 0x80...0x8F) && continuation(2) && continuation(3) ? 4 : 0
        default: return 0
        }
    }

    static func escape(_ b: [UInt8]) -> [UInt8] {
        let hex = Array("0123456789abcdef".utf8)
        var out: [UInt8] = []
        out.reserveCapacity(b.count)
        var i = 0
        while i < b.count {
            let n = utf8Length(b, at: i)
            if n == 0 {
                out += [UInt8(ascii: "\\"), UInt8(ascii: "x"), hex[Int(b[i] >> 4)], hex[Int(b[i] & 15)]]
                i += 1
            } else if b[i] == UInt8(ascii: "\\") {
                out += [UInt8(ascii: "\\"), UInt8(ascii: "\\")]
                i += 1
            } else {
                out.append(contentsOf: b[i..<(i + n)])
                i += n
            }
        }
        return out
    }

    static func unescape(_ b: [UInt8]) -> [UInt8] {
        func hexValue(_ c: UInt8) -> UInt8? {
            switch c {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): return c - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): return c - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): return c - UInt8(ascii: "A") + 10
            default: return nil
            }
        }
        var out: [UInt8] = []
        out.reserveCapacity(b.count)
        var i = 0
        while i < b.count {
            if b[i] == UInt8(ascii: "\\"), i + 1 < b.count {
                if b[i + 1] == UInt8(ascii: "\\") { out.append(b[i]); i += 2; continue }
                if b[i + 1] == UInt8(ascii: "x"), i + 3 < b.count, let hi = hexValue(b[i + 2]), let lo = hexValue(b[i + 3]) {
                    out.append(hi << 4 | lo)
                    i += 4
                    continue
                }
            }
            // Any other backslash stands for itself.
            out.append(b[i])
            i += 1
        }
        return out
    }
}

/// A path `index` may read, as `lstat` and `stat` found it, before anything is opened.
struct IndexCandidate: Sendable {
    enum Kind: Sendable, Hashable {
        /// A regular file, or a link to one: its size, modification time (ns) and identity.
        case regular(size: Int64, mtime: Int64, device: UInt64, inode: UInt64, viaLink: Bool)
        /// Not a regular file: never opened (a named pipe would block the reader forever,
        /// a device would never end). Why, in words.
        case unreadable(String)
    }
    var path: RawPath
    var kind: Kind

    /// What a path is, following links; nil when nothing is there.
    static func inspect(_ path: RawPath) -> IndexCandidate? {
        var lst = stat()
        guard path.withCString({ lstat($0, &lst) }) == 0 else { return nil }
        let isLink = (lst.st_mode & S_IFMT) == S_IFLNK
        var st = stat()
        guard path.withCString({ stat($0, &st) }) == 0 else {
            return isLink ? IndexCandidate(path: path, kind: .unreadable("a symbolic link to nothing")) : nil
        }
        return IndexCandidate(path: path, stat: st, viaLink: isLink)
    }

    init(path: RawPath, kind: Kind) {
        self.path = path
        self.kind = kind
    }

    init(path: RawPath, stat st: stat, viaLink: Bool) {
        self.path = path
        if (st.st_mode & S_IFMT) == S_IFREG {
            kind = .regular(size: Int64(st.st_size), mtime: Int64(st.st_mtim.tv_sec).multipliedSaturating(by: 1_000_000_000).addingSaturating(Int64(st.st_mtim.tv_nsec)),
                            device: UInt64(truncatingIfNeeded: st.st_dev), inode: UInt64(truncatingIfNeeded: st.st_ino), viaLink: viaLink)
        } else {
            kind = .unreadable(Self.describe(mode: st.st_mode))
        }
    }

    /// What a file that is not a regular file is.
    static func describe(mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFIFO: return "a named pipe (FIFO)"
        case S_IFSOCK: return "a socket"
        case S_IFCHR: return "a character device"
        case S_IFBLK: return "a block device"
        case S_IFDIR: return "a folder"
        default: return "not a regular file"
        }
    }

    /// The file's bytes, read only when the path still names the regular file it named when
    /// found: opened without blocking (a named pipe put in its place does not hang the
    /// run), without following a link where there was none, and checked by device and
    /// inode before a byte is read.
    func read() -> Result<[UInt8], Opening.Failure> {
        let name = path.key
        func failure(_ message: String) -> Result<[UInt8], Opening.Failure> {
            .failure(Opening.Failure(message: "\(name): \(message)", exitCode: ExitStatus.openFailed))
        }
        guard case .regular(_, _, let device, let inode, let viaLink) = kind else {
            if case .unreadable(let what) = kind { return failure("\(what), not a regular file; not read") }
            return failure("not a regular file")
        }
        let flags = O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY | (viaLink ? 0 : O_NOFOLLOW)
        let fd = path.withCString { open($0, flags) }
        guard fd >= 0 else {
            let code = errno
            switch code {
            case ELOOP: return failure("became a symbolic link since the folder was read; not read")
            case ENOENT: return failure("no such file")
            case EACCES, EPERM: return failure("permission denied")
            default: return failure(String(cString: strerror(code)))
            }
        }
        defer { close(fd) }
        var st = stat()
        guard fstat(fd, &st) == 0 else { return failure(String(cString: strerror(errno))) }
        guard (st.st_mode & S_IFMT) == S_IFREG, UInt64(truncatingIfNeeded: st.st_dev) == device,
              UInt64(truncatingIfNeeded: st.st_ino) == inode else {
            return failure("replaced since the folder was read; not read")
        }
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
        do {
            return .success(try FileBytes.readStream(fd))
        } catch {
            return failure(error.message)
        }
    }
}

/// The PDF files under a folder, for `index`, found without opening any of them.
struct FolderWalk {
    /// Files named *.pdf (any case) to index: regular files and links to them, and files
    /// that cannot be read (named pipes, sockets, devices, links to nothing), which the
    /// run reports as failed.
    var candidates: [IndexCandidate] = []
    /// Links named *.pdf that lead outside the folder, not followed: the link and where it
    /// leads.
    var outsideLinks: [(link: RawPath, target: RawPath)] = []
    /// Folders that could not be listed, and why.
    var unreadableFolders: [(folder: RawPath, message: String)] = []

    /// Walks `folder` (absolute). Hidden entries (names starting with `.`) are left out. A
    /// link to a folder is followed only when `followLinks` is set, and each folder is
    /// walked once (no loops). A link to a file is followed when its resolved path lies
    /// inside the resolved folder, or when `followLinks` is set; otherwise it is listed in
    /// ``outsideLinks`` and never opened.
    init(folder: RawPath, followLinks: Bool) {
        let root = folder.resolved ?? folder
        var visited = Set<[UInt64]>()
        var rootStat = stat()
        if folder.withCString({ stat($0, &rootStat) }) == 0 {
            visited.insert([UInt64(truncatingIfNeeded: rootStat.st_dev), UInt64(truncatingIfNeeded: rootStat.st_ino)])
        }
        var stack = [folder]
        while let dir = stack.popLast() {
            guard let handle = dir.withCString({ opendir($0) }) else {
                unreadableFolders.append((dir, String(cString: strerror(errno))))
                continue
            }
            var names: [[UInt8]] = []
            while let entry = readdir(handle) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                    Array(raw.prefix { $0 != 0 })
                }
                if name.first == UInt8(ascii: ".") { continue }
                names.append(name)
            }
            closedir(handle)
            for name in names {
                let path = dir.appending(name)
                var lst = stat()
                guard path.withCString({ lstat($0, &lst) }) == 0 else { continue }
                switch lst.st_mode & S_IFMT {
                case S_IFDIR:
                    if visited.insert([UInt64(truncatingIfNeeded: lst.st_dev), UInt64(truncatingIfNeeded: lst.st_ino)]).inserted {
                        stack.append(path)
                    }
                case S_IFLNK:
                    var st = stat()
                    guard path.withCString({ stat($0, &st) }) == 0 else {
                        if path.hasPDFExtension { candidates.append(IndexCandidate(path: path, kind: .unreadable("a symbolic link to nothing"))) }
                        continue
                    }
                    if (st.st_mode & S_IFMT) == S_IFDIR {
                        if followLinks, visited.insert([UInt64(truncatingIfNeeded: st.st_dev), UInt64(truncatingIfNeeded: st.st_ino)]).inserted {
                            stack.append(path)
                        }
                        continue
                    }
                    guard path.hasPDFExtension else { continue }
                    let target = path.resolved ?? path
                    if !followLinks && !target.isInside(root) {
                        outsideLinks.append((path, target))
                        continue
                    }
                    candidates.append(IndexCandidate(path: path, stat: st, viaLink: true))
                default:
                    // Regular files, and named pipes, sockets and devices (reported, not read).
                    if path.hasPDFExtension { candidates.append(IndexCandidate(path: path, stat: lst, viaLink: false)) }
                }
            }
        }
    }
}
