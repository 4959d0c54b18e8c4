import PDFCore
import PDFCrypto
import PDFFilters
import PDFSyntax

extension Diagnostic.Code {
    public static let startxrefMissing = Diagnostic.Code("startxrefMissing")
    public static let xrefSectionUnreadable = Diagnostic.Code("xrefSectionUnreadable")
    public static let xrefStreamDamaged = Diagnostic.Code("xrefStreamDamaged")
    public static let infoGuessed = Diagnostic.Code("infoGuessed")
}

/// Reading the file's skeleton: header, `startxref`, the chain of cross-reference sections
/// (tables, streams, hybrids, `/Prev`), and the rebuild from a rescan.
enum CrossReferenceReader {
    struct Loaded {
        var entries: [Int: XRefEntry]
        var trailer: PDFDictionary
        var sectionOffsets: [Int]
    }

    /// `%PDF-x.y` within the first 1024 bytes (ISO 32000-2 §7.5.2 allows junk before it).
    static func findHeader(_ bytes: [UInt8]) -> (offset: Int, version: String)? {
        guard let p = ByteSearch.find(bytes, "%PDF-", from: 0, to: min(bytes.count, 1024 + 5)) else { return nil }
        var q = p + 5
        var v: [UInt8] = []
        while q < bytes.count, v.count < 8, CharacterClass.isDigit(bytes[q]) || bytes[q] == UInt8(ascii: ".") {
            v.append(bytes[q]); q += 1
        }
        return (p, String(decoding: v, as: UTF8.self))
    }

    /// The offset after the last `startxref` keyword.
    static func findStartXRef(_ bytes: [UInt8]) -> Int? {
        let n = bytes.count
        // Usually in the last kilobyte; junk after %%EOF can push it further back.
        for window in [1024, 64 << 10, n] {
            if let p = ByteSearch.findLast(bytes, "startxref", from: max(0, n - window), to: n) {
                var lexer = Lexer(bytes: bytes, position: p + 9)
                if case .integer(let off) = lexer.next(), off >= 0 { return Int(clamping: off) }
                return nil
            }
            if window >= n { break }
        }
        return nil
    }

    /// Follows `startxref` and `/Prev` (newest entries win). Returns nil when not even the
    /// first section can be read.
    static func readCrossReferences(bytes: [UInt8], headerOffset: Int, limits: Limits, log: inout DiagnosticLog) -> Loaded? {
        guard let start = findStartXRef(bytes) else {
            log.append(.startxrefMissing, .warning, "no startxref keyword")
            return nil
        }
        var loaded = Loaded(entries: [:], trailer: PDFDictionary(), sectionOffsets: [])
        // Offsets of the sections read (at most `maxXRefSections`): an array searched, since
        // a set's first use costs a process more than the search.
        var visited: [Int] = []
        func firstVisit(_ offset: Int) -> Bool {
            if visited.contains(offset) { return false }
            visited.append(offset)
            return true
        }
        var next: Int? = start
        var first = true
        while let offset = next {
            guard firstVisit(offset) else {
                log.append(.xrefPrevLoop, .warning, "cross-reference /Prev chain loops", offset: offset)
                break
            }
            guard visited.count <= limits.maxXRefSections else {
                log.append(.xrefPrevLoop, .warning, "more than \(limits.maxXRefSections) cross-reference sections", offset: offset)
                break
            }
            guard let section = readSection(bytes: bytes, at: offset, headerOffset: headerOffset, limits: limits, log: &log) else {
                log.append(.xrefSectionUnreadable, .warning, "no cross-reference section at offset \(offset)", offset: offset)
                if first { return nil }
                // An older section is unreadable: what we have is kept, and objects missing
                // from it are looked up by rescanning on demand.
                break
            }
            loaded.sectionOffsets.append(section.offset)
            var entries = section.entries
            // Hybrid file: the table's /XRefStm holds the objects in object streams (§7.5.8.4);
            // they come after this table's entries and before /Prev.
            if section.kind == .table, let xs = section.trailer["XRefStm"]?.integer, firstVisit(xs),
               let hidden = readSection(bytes: bytes, at: xs, headerOffset: headerOffset, limits: limits, log: &log), hidden.kind == .stream {
                for (k, v) in hidden.entries {
                    if let existing = entries[k], existing != .free { continue }
                    entries[k] = v
                }
            }
            if loaded.entries.isEmpty {
                // The newest section (or the first with entries): taken whole, not merged
                // entry by entry (two hash lookups each, 42,669 of them in a tagged manual).
                loaded.entries = entries
            } else {
                for (k, v) in entries where loaded.entries[k] == nil { loaded.entries[k] = v }
            }
            // The newest trailer speaks for the document (an update may drop /Info on
            // purpose); older ones only fill in what a damaged newest one lacks to open the
            // file at all.
            for (k, v) in section.trailer.entries where loaded.trailer[k] == nil && k != "Prev" && k != "XRefStm" {
                if first || Self.inheritedTrailerKeys.contains(k) { loaded.trailer[k] = v }
            }
            guard loaded.entries.count <= limits.maxObjectCount else { break }
            next = section.trailer["Prev"]?.integer
            first = false
        }
        return loaded
    }

    /// Trailer entries taken from an older section when the newest lacks them.
    static let inheritedTrailerKeys: Set<Name> = ["Root", "Encrypt", "ID", "Size"]

    /// A table (`xref`) or a cross-reference stream at `offset`, also trying the offset
    /// shifted by junk before the header.
    static func readSection(bytes: [UInt8], at offset: Int, headerOffset: Int, limits: Limits, log: inout DiagnosticLog) -> XRefSection? {
        let candidates = headerOffset > 0 && offset < bytes.count ? [offset, offset + headerOffset] : [offset]
        for base in candidates where base >= 0 && base < bytes.count {
            if let table = try? XRefTableReader.read(bytes: bytes, at: base, limits: limits, diagnostics: &log) {
                return table
            }
            if let stream = readXRefStream(bytes: bytes, at: base, limits: limits, log: &log) {
                return stream
            }
        }
        return nil
    }

    static func readXRefStream(bytes: [UInt8], at offset: Int, limits: Limits, log: inout DiagnosticLog) -> XRefSection? {
        var parser = Parser(bytes: bytes, position: offset, limits: limits)
        guard let (id, object) = try? parser.parseIndirectObject(), case .stream(let s) = object else { return nil }
        let d = s.dictionary
        guard d.type == "XRef" || d["W"] != nil else { return nil }
        // Cross-reference streams are never encrypted and must have direct values (§7.5.8.2).
        let widths = d["W"]?.array?.compactMap { $0.integer } ?? []
        let size = d["Size"]?.integer ?? 0
        var index: [(Int, Int)] = []
        if let a = d["Index"]?.array {
            var i = 0
            while i + 1 < a.count {
                if let f = a[i].integer, let c = a[i + 1].integer { index.append((f, c)) }
                i += 2
            }
        } else {
            index = [(0, size)]
        }
        var filters: [(StreamFilter, FilterParameters)] = []
        let names: [Name] = d["Filter"].map { f in f.name.map { [$0] } ?? (f.array?.compactMap { $0.name } ?? []) } ?? []
        let parms: [PDFDictionary?] = d["DecodeParms"].map { p in p.dictionary.map { [$0] } ?? (p.array?.map { $0.dictionary } ?? []) } ?? []
        for (i, n) in names.enumerated() {
            // Direct values only: the stream that maps objects cannot depend on that map.
            let fp = i < parms.count ? parms[i].map { d in FilterChain.parameters(d) { d[$0]?.integer } } ?? FilterParameters() : FilterParameters()
            filters.append((StreamFilter(name: n.string), fp))
        }
        let decoded = decodeStream(bytes[s.dataRange.clamped(to: 0..<bytes.count)], filters: filters, limits: limits)
        if !decoded.isComplete {
            log.append(.xrefStreamDamaged, .warning, "cross-reference stream data damaged; using what decoded", offset: offset, objectNumber: id.number)
        }
        log.append(contentsOf: decoded.diagnostics)
        guard let entries = try? XRefStreamReader.entries(data: decoded.bytes, widths: widths, index: index, limits: limits, diagnostics: &log) else {
            return nil
        }
        return XRefSection(kind: .stream, offset: offset, entries: entries, trailer: d)
    }

    /// Whether the trailer's /Root leads to a dictionary, checked by parsing at the offset
    /// the entries give (cheap; a full store is not needed).
    static func rootLooksUsable(_ loaded: Loaded, bytes: [UInt8], headerOffset: Int, limits: Limits) -> Bool {
        // Some writers put the catalog in the trailer itself, as a direct dictionary.
        if case .dictionary(let d)? = loaded.trailer["Root"] { return d["Pages"] != nil }
        guard let root = loaded.trailer["Root"]?.reference else { return false }
        switch loaded.entries[root.number] {
        case .inFile(let offset, _)?:
            // Junk before the header shifts every offset (as `ObjectStore.parseObject` allows).
            let shifted = offset.addingReportingOverflow(headerOffset)
            let bases = shifted.overflow ? [offset] : [offset, shifted.partialValue]
            for base in bases where base >= 0 && base < bytes.count {
                var parser = Parser(bytes: bytes, position: base, limits: limits)
                if let (id, o) = try? parser.parseIndirectObject(), id.number == root.number, o.dictionary != nil {
                    return true
                }
            }
            return false
        case .compressed?:
            return true  // checked when resolved; an object stream cannot be checked cheaply here
        default:
            return false
        }
    }

    /// Builds entries and a trailer from a rescan. Objects inside object streams are added
    /// unless a later uncompressed definition exists. The trailer is the merge of every
    /// trailer found (later wins); without a usable /Root, the last `/Type /Catalog`.
    /// `decryptor`: the key of an encrypted file already opened, to read its object streams.
    static func rebuild(
        from scan: RepairScanner.Result, previous: Loaded?, bytes: [UInt8], limits: Limits, decryptor: Decryptor? = nil,
        log: inout DiagnosticLog
    ) -> Loaded? {
        var entries: [Int: XRefEntry] = [:]
        var position: [Int: Int] = [:]
        for (num, o) in scan.objects {
            entries[num] = .inFile(offset: o.offset, generation: o.generation)
            position[num] = o.offset
        }
        // Index object streams with a temporary store over the scanned entries.
        if !scan.objectStreams.isEmpty {
            var encryption = PDFDictionary()
            encryption["Encrypt"] = previous?.trailer["Encrypt"]
            let temp = ObjectStore(bytes: bytes, entries: entries, trailer: encryption, limits: limits)
            temp.setDecryptor(decryptor)
            for (streamNumber, streamOffset) in scan.objectStreams {
                guard let contents = temp.objectStream(streamNumber, depth: 0) else { continue }
                for (index, item) in contents.header.enumerated() {
                    if let p = position[item.number], p > streamOffset { continue }
                    entries[item.number] = .compressed(streamNumber: streamNumber, index: index)
                    position[item.number] = streamOffset
                }
            }
        }
        var trailer = PDFDictionary()
        for t in scan.trailers {
            for (k, v) in t.entries { trailer[k] = v }
        }
        for k: Name in ["Prev", "XRefStm", "W", "Index", "Type", "Filter", "DecodeParms", "Length", "Size"] { trailer[k] = nil }
        if let previous {
            for (k, v) in previous.trailer.entries where trailer[k] == nil { trailer[k] = v }
        }
        // Check /Root; fall back to the last catalog found.
        let temp = ObjectStore(bytes: bytes, entries: entries, trailer: trailer, limits: limits)
        temp.setDecryptor(decryptor)
        let rootOK: Bool = {
            guard let d = temp.resolve(trailer["Root"]).dictionary else { return false }
            return d["Pages"] != nil || d.type == "Catalog"
        }()
        if !rootOK {
            let catalogs = scan.objects.filter { $0.value.type == "Catalog" }.sorted { $0.value.offset < $1.value.offset }
            if let last = catalogs.last {
                trailer["Root"] = .reference(ObjectID(last.key, last.value.generation))
                log.append(.trailerMissingRoot, .warning, "no trailer names a usable catalog; using the last /Type /Catalog object", objectNumber: last.key)
            } else {
                // Object streams may hold the catalog.
                var found: ObjectID? = nil
                for (num, e) in entries.sorted(by: { $0.key < $1.key }) {
                    if case .compressed = e, temp.object(ObjectID(num)).dictionary?.type == "Catalog" { found = ObjectID(num) }
                }
                guard let found else { return nil }
                trailer["Root"] = .reference(found)
            }
        }
        if trailer["Info"] == nil,
           let info = scan.objects.filter({ $0.value.looksLikeInfo }).max(by: { $0.value.offset < $1.value.offset }) {
            trailer["Info"] = .reference(ObjectID(info.key, info.value.generation))
            log.append(.infoGuessed, .info, "no trailer names the document information; using the last dictionary that looks like one", objectNumber: info.key)
        }
        return Loaded(entries: entries, trailer: trailer, sectionOffsets: [])
    }
}
