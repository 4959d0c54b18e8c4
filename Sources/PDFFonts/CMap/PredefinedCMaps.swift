#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import PDFCore
import Synchronization

/// Predefined CMaps and CID-to-Unicode tables, read from Debian's `poppler-data` files
/// (`/usr/share/poppler/cMap/<Registry>-<Ordering>/<name>` and
/// `/usr/share/poppler/cidToUnicode/<Registry>-<Ordering>`), each loaded once per process.
/// `Identity-H`/`Identity-V` need no file. When the files are absent the lookups return nil
/// and the caller reports it.
package enum PredefinedCMaps {
    static let defaultCMapDirectory = "/usr/share/poppler/cMap"
    static let defaultCIDToUnicodeDirectory = "/usr/share/poppler/cidToUnicode"
    /// The deepest `usecmap` chain followed between predefined CMaps.
    static let maxUseCMapDepth = 8

    /// Where CMap files are looked for: `$PDFTEXT_CMAP_DIR`, then `/usr/share/poppler/cMap`.
    package static var searchPaths: [String] {
        var paths: [String] = []
        if let env = environment("PDFTEXT_CMAP_DIR") { paths.append(env) }
        paths.append(defaultCMapDirectory)
        return paths
    }

    /// Where CID-to-Unicode files are looked for: `$PDFTEXT_CIDTOUNICODE_DIR`, the
    /// `cidToUnicode` directory next to `$PDFTEXT_CMAP_DIR`, then
    /// `/usr/share/poppler/cidToUnicode`.
    package static var cidToUnicodeSearchPaths: [String] {
        var paths: [String] = []
        if let env = environment("PDFTEXT_CIDTOUNICODE_DIR") { paths.append(env) }
        if let env = environment("PDFTEXT_CMAP_DIR") { paths.append(env + "/../cidToUnicode") }
        paths.append(defaultCIDToUnicodeDirectory)
        return paths
    }

    /// Whether a CMap data directory exists.
    package static var isAvailable: Bool { searchPaths.contains { isDirectory($0) } }

    private static let cmaps = Mutex<[String: CMap?]>([:])
    private static let tables = Mutex<[String: CIDToUnicodeTable?]>([:])

    /// A predefined CMap by name (`UniJIS-UCS2-H`, `90ms-RKSJ-V`, `Identity-H`, …), loaded
    /// once per process. Nil when unknown or the data files are absent.
    package static func cmap(named name: String) -> CMap? {
        var ignored = DiagnosticLog(capacity: 0)
        return cmap(named: name, diagnostics: &ignored)
    }

    /// ``cmap(named:)`` reporting damage in the file and broken `usecmap` chains.
    package static func cmap(named name: String, diagnostics: inout DiagnosticLog) -> CMap? {
        load(name, chain: [], diagnostics: &diagnostics)
    }

    private static func load(_ name: String, chain: [String], diagnostics: inout DiagnosticLog) -> CMap? {
        if let cached = cmaps.withLock({ $0[name] }) { return cached }
        let loaded = load(name, from: searchPaths, chain: chain, cached: true, diagnostics: &diagnostics)
        // A refusal by the cycle or depth guard is not the CMap's fault: not cached.
        if chain.contains(name) || chain.count >= maxUseCMapDepth { return loaded }
        return cmaps.withLock { cache in
            if let existing = cache[name] { return existing }
            cache[name] = .some(loaded)
            return loaded
        }
    }

    /// What the predefined CMap `name` declares about itself (CIDSystemInfo, WMode), read
    /// from its file; nil when it is not installed.
    package static func declarations(named name: String) -> CMapDeclarations? {
        guard let path = cmapPath(for: name, in: searchPaths), let bytes = try? FileBytes.read(path: path) else { return nil }
        return CMapDeclarations(program: bytes)
    }

    /// Loads `name` from `paths`, following `usecmap` (through the process cache when
    /// `cached`), guarding against cycles and deep chains.
    static func load(
        _ name: String, from paths: [String], chain: [String], cached: Bool, diagnostics: inout DiagnosticLog
    ) -> CMap? {
        switch name {
        case "Identity-H": return CMap.identityH
        case "Identity-V": return CMap.identityV
        default: break
        }
        if chain.contains(name) {
            diagnostics.append(.cmapDamaged, .warning, "CMap: usecmap cycle through \(name)")
            return nil
        }
        if chain.count >= maxUseCMapDepth {
            diagnostics.append(.cmapDamaged, .warning, "CMap: usecmap chain deeper than \(maxUseCMapDepth) at \(name)")
            return nil
        }
        guard let path = cmapPath(for: name, in: paths), let bytes = try? FileBytes.read(path: path) else { return nil }
        // Nested loads log separately: `diagnostics` is in use by `parse` meanwhile.
        var nested = DiagnosticLog(capacity: 64)
        let cmap = CMap.parse(
            bytes,
            resolve: { base in
                cached
                    ? load(base, chain: chain + [name], diagnostics: &nested)
                    : load(base, from: paths, chain: chain + [name], cached: false, diagnostics: &nested)
            },
            diagnostics: &diagnostics)
        diagnostics.append(contentsOf: nested)
        return cmap
    }

    /// The file of a predefined CMap: `<dir>/<name>` or `<dir>/<collection>/<name>`.
    static func cmapPath(for name: String, in paths: [String] = searchPaths) -> String? {
        guard isSafeFileName(name) else { return nil }
        for dir in paths {
            let direct = dir + "/" + name
            if isRegularFile(direct) { return direct }
            for sub in subdirectories(of: dir) {
                let path = dir + "/" + sub + "/" + name
                if isRegularFile(path) { return path }
            }
        }
        return nil
    }

    /// The CID → Unicode table of a character collection (`Adobe-Japan1`, `Adobe-GB1`,
    /// `Adobe-CNS1`, `Adobe-Korea1`, and `Adobe-KR`), loaded once per process. Read from
    /// `cidToUnicode/<Registry>-<Ordering>`, or else from the collection's
    /// `<Registry>-<Ordering>-UCS2` CMap (poppler-data has only that for `Adobe-KR`).
    package static func cidToUnicode(registry: String, ordering: String) -> CIDToUnicodeTable? {
        let key = registry + "-" + ordering
        guard isSafeFileName(registry), isSafeFileName(ordering) else { return nil }
        if let cached = tables.withLock({ $0[key] }) { return cached }
        var loaded: CIDToUnicodeTable? = nil
        for dir in cidToUnicodeSearchPaths {
            let path = dir + "/" + key
            if isRegularFile(path), let bytes = try? FileBytes.read(path: path) {
                loaded = CIDToUnicodeTable(lines: bytes)
                break
            }
        }
        if loaded == nil, let path = cmapPath(for: key + "-UCS2"), let bytes = try? FileBytes.read(path: path) {
            var ignored = DiagnosticLog(capacity: 0)
            if let map = ToUnicodeMap.parse(bytes, diagnostics: &ignored) { loaded = CIDToUnicodeTable(map: map) }
        }
        return tables.withLock { cache in
            if let existing = cache[key] { return existing }
            cache[key] = .some(loaded)
            return loaded
        }
    }

    /// The collection's UCS-2 (Unicode BMP) CMap, when the collection has one.
    package static func ucs2CMapName(registry: String, ordering: String) -> String? {
        guard registry == "Adobe" else { return nil }
        switch ordering {
        case "Japan1": return "UniJIS-UCS2-H"
        case "GB1": return "UniGB-UCS2-H"
        case "CNS1": return "UniCNS-UCS2-H"
        case "Korea1": return "UniKS-UCS2-H"
        case "KR": return "UniAKR-UTF16-H"
        default: return nil
        }
    }

    /// Whether `name` is a predefined CMap: listed in PDF 32000-1 Table 118, or present in
    /// the data directory.
    package static func isPredefined(_ name: String) -> Bool {
        table118.contains(name) || cmapPath(for: name) != nil
    }

    /// The predefined CMap names of PDF 32000-1 Table 118.
    package static let table118: Set<String> = [
        // Chinese (simplified)
        "GB-EUC-H", "GB-EUC-V", "GBpc-EUC-H", "GBpc-EUC-V", "GBK-EUC-H", "GBK-EUC-V",
        "GBKp-EUC-H", "GBKp-EUC-V", "GBK2K-H", "GBK2K-V",
        "UniGB-UCS2-H", "UniGB-UCS2-V", "UniGB-UTF16-H", "UniGB-UTF16-V",
        // Chinese (traditional)
        "B5pc-H", "B5pc-V", "HKscs-B5-H", "HKscs-B5-V", "ETen-B5-H", "ETen-B5-V",
        "ETenms-B5-H", "ETenms-B5-V", "CNS-EUC-H", "CNS-EUC-V",
        "UniCNS-UCS2-H", "UniCNS-UCS2-V", "UniCNS-UTF16-H", "UniCNS-UTF16-V",
        // Japanese
        "83pv-RKSJ-H", "90ms-RKSJ-H", "90ms-RKSJ-V", "90msp-RKSJ-H", "90msp-RKSJ-V",
        "90pv-RKSJ-H", "Add-RKSJ-H", "Add-RKSJ-V", "EUC-H", "EUC-V", "Ext-RKSJ-H", "Ext-RKSJ-V",
        "H", "V", "UniJIS-UCS2-H", "UniJIS-UCS2-V", "UniJIS-UCS2-HW-H", "UniJIS-UCS2-HW-V",
        "UniJIS-UTF16-H", "UniJIS-UTF16-V",
        // Korean
        "KSC-EUC-H", "KSC-EUC-V", "KSCms-UHC-H", "KSCms-UHC-V", "KSCms-UHC-HW-H",
        "KSCms-UHC-HW-V", "KSCpc-EUC-H", "UniKS-UCS2-H", "UniKS-UCS2-V", "UniKS-UTF16-H",
        "UniKS-UTF16-V",
        // Generic
        "Identity-H", "Identity-V",
    ]

    // MARK: - Files

    /// Names that are safe as one path component: letters, digits, `-`, `_`, `.`, `+`, not
    /// starting with a dot (a PDF name must not walk out of the data directory).
    static func isSafeFileName(_ name: String) -> Bool {
        let u = Array(name.utf8)
        guard !u.isEmpty, u.count <= 128, u[0] != UInt8(ascii: ".") else { return false }
        return u.allSatisfy { c in
            (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5A) || (c >= 0x61 && c <= 0x7A)
                || c == UInt8(ascii: "-") || c == UInt8(ascii: "_") || c == UInt8(ascii: ".") || c == UInt8(ascii: "+")
        }
    }

    static func environment(_ key: String) -> String? {
        guard let p = getenv(key) else { return nil }
        let s = String(cString: p)
        return s.isEmpty ? nil : s
    }

    static func fileMode(_ path: String) -> mode_t? {
        var st = stat()
        guard stat(path, &st) == 0 else { return nil }
        return st.st_mode & S_IFMT
    }

    static func isRegularFile(_ path: String) -> Bool { fileMode(path) == S_IFREG }
    static func isDirectory(_ path: String) -> Bool { fileMode(path) == S_IFDIR }

    /// The subdirectories of `dir` (collections such as `Adobe-Japan1`), sorted.
    static func subdirectories(of dir: String) -> [String] {
        guard let d = opendir(dir) else { return [] }
        defer { closedir(d) }
        var out: [String] = []
        while let entry = readdir(d) {
            let name = withUnsafePointer(to: &entry.pointee.d_name) {
                $0.withMemoryRebound(to: CChar.self, capacity: Int(NAME_MAX) + 1) { String(cString: $0) }
            }
            guard !name.hasPrefix("."), isDirectory(dir + "/" + name) else { continue }
            out.append(name)
            if out.count >= 256 { break }
        }
        return out.sorted()
    }
}

/// CID → Unicode for one character collection.
package struct CIDToUnicodeTable: Sendable {
    /// The scalar per CID (0: unmapped), from a `cidToUnicode` file.
    let scalars: [UInt32]
    /// CIDs whose line holds several values.
    let sequences: [UInt32: [Unicode.Scalar]]
    /// Or a collection's `…-UCS2` CMap, CIDs as two-byte codes.
    let map: ToUnicodeMap?

    /// The most CIDs read (Adobe collections have fewer than 70,000).
    static let maxCIDs = 1 << 18

    /// An empty table.
    package init() {
        scalars = []
        sequences = [:]
        map = nil
    }

    init(map: ToUnicodeMap) {
        scalars = []
        sequences = [:]
        self.map = map
    }

    /// poppler-data's format: line n (from 0) gives CID n's Unicode scalar in hex, empty or
    /// 0 when unmapped; several values separated by spaces make a sequence.
    init(lines bytes: [UInt8]) {
        var scalars: [UInt32] = []
        var sequences: [UInt32: [Unicode.Scalar]] = [:]
        var values: [UInt32] = []
        var current: UInt32 = 0
        var digits = 0
        func endValue() {
            if digits > 0 { values.append(current) }
            current = 0
            digits = 0
        }
        func endLine() {
            endValue()
            let cid = UInt32(scalars.count)
            if values.count > 1 {
                let seq = values.compactMap { Unicode.Scalar($0) }
                if !seq.isEmpty { sequences[cid] = seq }
                scalars.append(0)
            } else {
                scalars.append(values.first.flatMap { Unicode.Scalar($0) != nil ? $0 : nil } ?? 0)
            }
            values.removeAll(keepingCapacity: true)
        }
        var i = 0
        while i < bytes.count, scalars.count < Self.maxCIDs {
            let c = bytes[i]
            i += 1
            switch c {
            case 0x0A:
                endLine()
            case 0x0D:
                if i < bytes.count, bytes[i] == 0x0A { i += 1 }
                endLine()
            case 0x30...0x39, 0x41...0x46, 0x61...0x66:
                let v: UInt32 = c <= 0x39 ? UInt32(c - 0x30) : UInt32((c | 0x20) - 0x61 + 10)
                if digits < 8 { current = current << 4 | v }
                digits += 1
            default:
                endValue()
            }
        }
        if digits > 0 || !values.isEmpty { endLine() }
        self.scalars = scalars
        self.sequences = sequences
        self.map = nil
    }

    /// The number of CIDs the table covers (for a file-based table).
    package var count: Int { scalars.count }

    package func unicode(for cid: UInt32) -> [Unicode.Scalar]? {
        if let map {
            // The UCS2 CMaps map CID 0 to U+FFFD: no text.
            guard let t = map.unicode(for: cid, length: 2), t != ["\u{FFFD}"] else { return nil }
            return t
        }
        guard cid < UInt32(scalars.count) else { return nil }
        let v = scalars[Int(cid)]
        if v != 0, let s = Unicode.Scalar(v) { return [s] }
        return sequences[cid]
    }
}
