import PDFCore
import PDFCrypto
import PDFFilters
import PDFSyntax
import Synchronization

extension Diagnostic.Code {
    public static let xrefRepaired = Diagnostic.Code("xrefRepaired")
    public static let objectMissing = Diagnostic.Code("objectMissing")
    public static let objectOffsetWrong = Diagnostic.Code("objectOffsetWrong")
    public static let referenceChainTooLong = Diagnostic.Code("referenceChainTooLong")
    public static let objectStreamDamaged = Diagnostic.Code("objectStreamDamaged")
    public static let headerMissing = Diagnostic.Code("headerMissing")
    public static let xrefPrevLoop = Diagnostic.Code("xrefPrevLoop")
    public static let trailerMissingRoot = Diagnostic.Code("trailerMissingRoot")
    /// Stream data that cannot be decrypted (an unsupported crypt filter, or a document
    /// opened without a password whose embedded files need it) is read as empty.
    public static let streamNotDecrypted = Diagnostic.Code("streamNotDecrypted")
}

/// The resolved file: cross-reference data, trailer, decryption and decoding, with caches.
/// One `ObjectStore` per open file; it is safe to use from several threads (pages can be
/// processed concurrently). Objects come back as values; nothing holds a reference into
/// the parser.
public final class ObjectStore: Sendable {
    /// The whole file. Stream data ranges point into it.
    public let bytes: [UInt8]
    public let limits: Limits
    /// The decoded data this file may hold at once (``Limits/maxDecodedBytesInFlight``),
    /// shared by every page, font and form decoded from it, whatever the number of threads.
    package let decodeBudget: DocumentBudget
    /// The content operators the document's pages may run in all
    /// (``Limits/maxOperatorsPerDocument``), drawn by the content interpreter.
    package let operatorBudget: DocumentBudget
    /// Offset of `%PDF-` (junk before the header shifts every offset by this much).
    public let headerOffset: Int
    /// The version in the header, e.g. "1.7"; nil when there was no header.
    public let headerVersion: String?
    /// The trailer (or the newest xref stream's dictionary, merged with older ones).
    public var trailer: PDFDictionary { state.withLock { $0.xref.trailer } }
    /// True when the cross-reference data was rebuilt by scanning the file, when the file was
    /// opened or later (``repairFromScan(reason:)``).
    public var wasRepaired: Bool { state.withLock { $0.xref.repaired } }
    /// Offsets of the cross-reference sections read, newest first (none after a rebuild).
    public var xrefSectionOffsets: [Int] { state.withLock { $0.xref.sectionOffsets } }

    var entries: [Int: XRefEntry] { state.withLock { $0.xref.entries } }
    var encryptObjectNumber: Int? { state.withLock { $0.xref.encryptObjectNumber } }

    /// The cross-reference data in use: read from the file, or rebuilt from a scan.
    struct CrossReferences {
        var entries: [Int: XRefEntry]
        var trailer: PDFDictionary
        var sectionOffsets: [Int]
        var repaired: Bool
        var encryptObjectNumber: Int?

        init(_ loaded: CrossReferenceReader.Loaded, repaired: Bool) {
            entries = loaded.entries
            trailer = loaded.trailer
            sectionOffsets = loaded.sectionOffsets
            self.repaired = repaired
            encryptObjectNumber = loaded.trailer["Encrypt"]?.reference?.number
        }
    }

    struct State: ~Copyable {
        var xref: CrossReferences
        var objects: [Int: PDFObject] = [:]
        var objectStreams: [Int: ObjectStreamContents] = [:]
        var repairScan: RepairScanner.Result? = nil
        var repairScanDone = false
        var reportedMissingEntries = false
        var keywordIndex: KeywordIndex? = nil
        var decryptor: Decryptor? = nil
        var diagnostics: DiagnosticLog
    }
    let state: Mutex<State>

    struct ObjectStreamContents: Sendable {
        var data: [UInt8]
        /// The budget share of `data`, held while the contents are cached.
        var lease: DecodeLease?
        var first: Int
        var header: [(number: Int, offset: Int)]
        var extends: ObjectID?
    }

    /// Reads the cross-reference data and trailer of `bytes`, repairing when needed.
    /// Throws only when the bytes hold no usable PDF at all.
    public init(bytes: [UInt8], limits: Limits = .default) throws(PDFError) {
        self.bytes = bytes
        self.limits = limits
        self.decodeBudget = DocumentBudget(capacity: limits.maxDecodedBytesInFlight)
        self.operatorBudget = DocumentBudget(capacity: limits.maxOperatorsPerDocument)
        var log = DiagnosticLog(capacity: limits.maxDiagnostics)
        let header = CrossReferenceReader.findHeader(bytes)
        self.headerOffset = header?.offset ?? 0
        self.headerVersion = header?.version
        if header == nil {
            log.append(.headerMissing, .warning, "no %PDF- header in the first 1024 bytes")
        }
        var loaded = CrossReferenceReader.readCrossReferences(bytes: bytes, headerOffset: headerOffset, limits: limits, log: &log)
        var repaired = false
        var scan: RepairScanner.Result? = nil
        let rootUsable = loaded.map { CrossReferenceReader.rootLooksUsable($0, bytes: bytes, headerOffset: header?.offset ?? 0, limits: limits) } ?? false
        if loaded == nil || !rootUsable {
            if header == nil, ByteSearch.find(bytes, "obj", from: 0, to: min(bytes.count, 1 << 20)) == nil {
                throw PDFError(.notAPDF, "not a PDF (no %PDF- header and no objects)")
            }
            let s = try RepairScanner.scan(bytes: bytes, limits: limits)
            scan = s
            guard let rebuilt = CrossReferenceReader.rebuild(from: s, previous: loaded, bytes: bytes, limits: limits, log: &log) else {
                throw PDFError(.damaged, header == nil ? "not a PDF (no %PDF- header, no document catalog)" : "damaged beyond repair: no document catalog found")
            }
            log.append(.xrefRepaired, .warning, loaded == nil
                ? "cross-reference data missing or unreadable; rebuilt by scanning the file"
                : "cross-reference data does not lead to the document catalog; rebuilt by scanning the file")
            loaded = rebuilt
            repaired = true
        }
        var st = State(xref: CrossReferences(loaded!, repaired: repaired), diagnostics: log)
        if let scan {
            st.repairScan = scan
            st.repairScanDone = true
        }
        self.state = Mutex(st)
    }

    /// A store over given entries, used while rebuilding damaged files.
    init(bytes: [UInt8], entries: [Int: XRefEntry], trailer: PDFDictionary, limits: Limits) {
        self.bytes = bytes
        self.limits = limits
        self.decodeBudget = DocumentBudget(capacity: limits.maxDecodedBytesInFlight)
        self.operatorBudget = DocumentBudget(capacity: limits.maxOperatorsPerDocument)
        self.headerOffset = 0
        self.headerVersion = nil
        let xref = CrossReferences(CrossReferenceReader.Loaded(entries: entries, trailer: trailer, sectionOffsets: []), repaired: true)
        self.state = Mutex(State(xref: xref, repairScanDone: true, diagnostics: DiagnosticLog(capacity: limits.maxDiagnostics)))
    }

    /// Replaces cross-reference data that reads but leads nowhere (no catalog, or a page
    /// tree that gives no page while the file holds page objects) with the data rebuilt by
    /// scanning the file, as when it cannot be read at all. Objects read before are dropped;
    /// the decryptor stays. Returns false, changing nothing, when the data was already
    /// rebuilt or the scan finds no catalog. `reason` goes into the `xrefRepaired` diagnostic.
    @discardableResult
    public func repairFromScan(reason: String) -> Bool {
        let (current, decryptor) = state.withLock { ($0.xref, $0.decryptor) }
        guard !current.repaired else { return false }
        let scan = repairScan()
        var log = DiagnosticLog(capacity: limits.maxDiagnostics)
        let previous = CrossReferenceReader.Loaded(entries: current.entries, trailer: current.trailer, sectionOffsets: current.sectionOffsets)
        guard let rebuilt = CrossReferenceReader.rebuild(
            from: scan, previous: previous, bytes: bytes, limits: limits, decryptor: decryptor, log: &log)
        else { return false }
        return state.withLock {
            guard !$0.xref.repaired else { return false }
            $0.xref = CrossReferences(rebuilt, repaired: true)
            $0.objects.removeAll()
            $0.objectStreams.removeAll()
            $0.diagnostics.append(contentsOf: log)
            $0.diagnostics.append(Diagnostic(.xrefRepaired, .warning, reason + "; rebuilt by scanning the file"))
            return true
        }
    }

    // MARK: Diagnostics

    public var diagnostics: DiagnosticLog { state.withLock { $0.diagnostics } }

    func note(_ d: Diagnostic) { state.withLock { $0.diagnostics.append(d) } }

    /// Whether object `number` is in the cache of parsed objects (for tests).
    func isCached(_ number: Int) -> Bool { state.withLock { $0.objects[number] != nil } }

    // MARK: Decryption

    package var decryptor: Decryptor? { state.withLock { $0.decryptor } }

    /// Installs the key that decrypts strings and streams; drops cached objects read before.
    package func setDecryptor(_ d: Decryptor?) {
        state.withLock {
            $0.decryptor = d
            $0.objects.removeAll()
            $0.objectStreams.removeAll()
        }
    }

    // MARK: Resolving

    /// The highest object number the cross-reference data knows.
    public var objectCount: Int { (entries.keys.max() ?? -1) + 1 }

    /// All object numbers with an in-use entry.
    public var objectNumbers: [Int] {
        entries.compactMap { k, v in if case .free = v { return nil }; return k }.sorted()
    }

    /// Where an object sits in the file (for ordering): its offset, or its object stream's.
    public func position(of number: Int) -> Int {
        switch entries[number] {
        case .inFile(let offset, _)?: return offset
        case .compressed(let stream, _)?:
            if case .inFile(let offset, _)? = entries[stream] { return offset }
            return Int.max
        default: return repairScan().objects[number]?.offset ?? Int.max
        }
    }

    /// The object behind a reference; `.null` when it is missing or unreadable (with a
    /// diagnostic), as ISO 32000-2 §7.3.10 says for references to missing objects.
    public func object(_ id: ObjectID) -> PDFObject { object(id, depth: 0) }

    /// Follows references (through chains) to a direct object.
    public func resolve(_ object: PDFObject) -> PDFObject { resolve(object, keep: true) }

    public func resolve(_ object: PDFObject?) -> PDFObject { object.map { resolve($0) } ?? .null }

    /// Follows references like ``resolve(_:)``, but an object not read before is not kept in
    /// the cache: for walks that read many objects once, such as the structure tree, so that
    /// they do not hold all of them in memory. An object whose reading left diagnostics is
    /// kept, so that a later read does not report them again.
    public func resolveOnce(_ object: PDFObject) -> PDFObject { resolve(object, keep: false) }

    /// What ``resolveOnceForLookup(_:)`` gives: a dictionary's entries, or any other object.
    public enum LookupObject: Sendable {
        case dictionary(DictionaryEntries)
        case other(PDFObject)
    }

    /// ``resolveOnce(_:)`` for a reader that looks up a few keys of each dictionary: an
    /// indirect dictionary not yet cached, in the file body, unencrypted and read without any
    /// recovery, is returned as its written entries, without building its hash table (about
    /// a fifth of reading a tagged document's structure tree). Anything else goes through
    /// ``resolveOnce(_:)``, with the same result.
    public func resolveOnceForLookup(_ object: PDFObject) -> LookupObject {
        var reader: EntryReader? = nil
        return resolveOnceForLookup(object, reader: &reader)
    }

    /// A parser kept between calls of ``resolveOnceForLookup(_:reader:)``: a walk over many
    /// objects makes one instead of one per object (making and freeing a parser cost about a
    /// tenth of reading a structure element).
    public struct EntryReader: Sendable {
        var parser: Parser
    }

    /// ``resolveOnceForLookup(_:)`` with a parser kept in `reader` (nil at first) for the
    /// next call.
    public func resolveOnceForLookup(_ object: PDFObject, reader: inout EntryReader?) -> LookupObject {
        if case .reference(let id) = object, let entries = writtenEntries(id, reader: &reader) {
            return .dictionary(DictionaryEntries(written: entries))
        }
        let resolved = resolveOnce(object)
        if case .dictionary(let d) = resolved { return .dictionary(DictionaryEntries(d)) }
        return .other(resolved)
    }

    func writtenEntries(_ id: ObjectID) -> [DictionaryEntry]? {
        var reader: EntryReader? = nil
        return writtenEntries(id, reader: &reader)
    }

    /// Where object `id` is written in the file, for a reader that reads its entries as
    /// written: nil when it is not there to be read so (kept in the cache, in an object
    /// stream, encrypted, out of range).
    func writtenOffset(_ id: ObjectID) -> Int? {
        let (cached, encrypted, entry) = state.withLock { ($0.objects[id.number] != nil, $0.decryptor != nil, $0.xref.entries[id.number]) }
        guard !cached, !encrypted, limits.maxRecursionDepth >= 1 else { return nil }
        return readableOffset(entry)
    }

    /// The offset of an entry for an object written in the file, inside the bytes; nil for
    /// any other entry.
    private func readableOffset(_ entry: XRefEntry?) -> Int? {
        guard case .inFile(let offset, _)? = entry, offset >= 0, offset < bytes.count else { return nil }
        return offset
    }

    /// ``writtenOffset(_:)`` for every object number at once, for a reader of many objects
    /// (the structure tree's elements): offset `k` is object `k`'s, or -1. Nil when the
    /// object numbers are too sparse for a table (past 4 per entry, or 2^24), or the file
    /// too large for 32-bit offsets; the reader then asks ``writtenOffset(_:)`` each time.
    /// Empty when the file is encrypted (nothing is read from its bytes). Objects cached
    /// later are still read from their bytes, which the reader checks begin `number 0 obj`.
    func writtenOffsets() -> [Int32]? {
        guard bytes.count < Int(Int32.max), limits.maxRecursionDepth >= 1 else { return nil }
        return state.withLock { st -> [Int32]? in
            if st.decryptor != nil { return [] }
            let entries = st.xref.entries
            guard let highest = entries.keys.max(), highest >= 0,
                  highest < min(1 << 24, 4 * entries.count + 1024) else { return nil }
            var offsets = [Int32](repeating: -1, count: highest + 1)
            for (number, entry) in entries where number >= 0 {
                if let offset = readableOffset(entry) { offsets[number] = Int32(offset) }
            }
            for number in st.objects.keys where number >= 0 && number <= highest { offsets[number] = -1 }
            return offsets
        }
    }

    func writtenEntries(_ id: ObjectID, reader: inout EntryReader?) -> [DictionaryEntry]? {
        guard let offset = writtenOffset(id) else { return nil }
        if reader == nil { reader = EntryReader(parser: Parser(bytes: bytes, limits: limits)) }
        // Diagnostics of an object that failed (and was then read in full) are not kept.
        if !reader!.parser.diagnostics.isEmpty { reader!.parser.diagnostics = DiagnosticLog(capacity: limits.maxDiagnostics) }
        reader!.parser.position = offset
        guard let (found, entries) = reader!.parser.parseIndirectDictionaryEntries(), found.number == id.number else { return nil }
        return entries
    }

    func resolve(_ object: PDFObject, keep: Bool) -> PDFObject {
        var current = object
        var depth = 0
        while case .reference(let id) = current {
            depth += 1
            if depth > limits.maxRecursionDepth {
                note(Diagnostic(.referenceChainTooLong, .warning, "reference chain longer than \(limits.maxRecursionDepth)", objectNumber: id.number))
                return .null
            }
            current = self.object(id, depth: depth, keep: keep)
        }
        return current
    }

    /// The dictionary (or stream dictionary) behind an object or reference.
    public func dictionary(_ object: PDFObject?) -> PDFDictionary? { resolve(object).dictionary }
    public func array(_ object: PDFObject?) -> [PDFObject]? { resolve(object).array }
    public func integer(_ object: PDFObject?) -> Int? { resolve(object).integer }
    public func number(_ object: PDFObject?) -> Double? { resolve(object).number }
    public func name(_ object: PDFObject?) -> Name? { resolve(object).name }
    public func text(_ object: PDFObject?) -> String? { resolve(object).text }

    func object(_ id: ObjectID, depth: Int, keep: Bool = true) -> PDFObject {
        let (cached, reported) = state.withLock { ($0.objects[id.number], $0.diagnostics.count) }
        if let cached { return cached }
        guard depth <= limits.maxRecursionDepth else { return .null }
        let loaded = load(id.number, depth: depth)
        state.withLock {
            if keep || $0.diagnostics.count != reported { $0.objects[id.number] = loaded }
        }
        return loaded
    }

    func load(_ number: Int, depth: Int) -> PDFObject {
        switch entries[number] {
        case .inFile(let offset, _)?:
            if let o = parseObject(number, at: offset, depth: depth) { return decryptIfNeeded(o, number: number) }
            // Offset wrong: try a rescan of the file.
            if let scanned = repairScan().objects[number], scanned.offset != offset,
               let o = parseObject(number, at: scanned.offset, depth: depth) {
                note(Diagnostic(.objectOffsetWrong, .warning, "object not at its cross-reference offset; found by scanning", offset: offset, objectNumber: number))
                return decryptIfNeeded(o, number: number)
            }
            note(Diagnostic(.objectMissing, .warning, "object not found at its offset", offset: offset, objectNumber: number))
            return .null
        case .compressed(let streamNumber, let index)?:
            if let o = compressedObject(number, streamNumber: streamNumber, index: index, depth: depth) { return o }
            // A garbage entry may send an object written in the file body into an object
            // stream: the rescan finds it there.
            if let scanned = repairScan().objects[number], let o = parseObject(number, at: scanned.offset, depth: depth) {
                note(Diagnostic(.objectOffsetWrong, .warning, "object not found in object stream \(streamNumber); found by scanning", objectNumber: number))
                return decryptIfNeeded(o, number: number)
            }
            note(Diagnostic(.objectMissing, .warning, "object not found in object stream \(streamNumber)", objectNumber: number))
            return .null
        case .free?:
            return .null
        case nil:
            // Not in the table: a damaged table may have left it out.
            if !wasRepaired, let scanned = repairScan().objects[number], let o = parseObject(number, at: scanned.offset, depth: depth) {
                let first = state.withLock { s in
                    defer { s.reportedMissingEntries = true }
                    return !s.reportedMissingEntries
                }
                if first {
                    note(Diagnostic(.objectOffsetWrong, .info, "objects missing from the cross-reference data are found by scanning the file (first: object \(number))", objectNumber: number))
                }
                return decryptIfNeeded(o, number: number)
            }
            return .null
        }
    }

    func parseObject(_ number: Int, at offset: Int, depth: Int) -> PDFObject? {
        for base in headerOffset == 0 || offset >= bytes.count ? [offset] : [offset, offset + headerOffset] {
            guard base >= 0, base < bytes.count else { continue }
            var parser = Parser(bytes: bytes, position: base, limits: limits)
            parser.keywordIndex = { [unowned self] in self.keywordIndex() }
            let parsed = try? parser.parseIndirectObject(resolveLength: { ref in
                guard ref.number != number else { return nil }
                return self.resolveLength(ref, depth: depth + 1)
            })
            if let (id, o) = parsed, id.number == number {
                if !parser.diagnostics.isEmpty {
                    state.withLock { $0.diagnostics.append(contentsOf: parser.diagnostics) }
                }
                return o
            }
        }
        return nil
    }

    func resolveLength(_ ref: ObjectID, depth: Int) -> Int? {
        guard depth <= limits.maxRecursionDepth else { return nil }
        return object(ref, depth: depth).integer
    }

    /// Positions of `endstream`/`endobj`, built once on first need (a stream with a wrong
    /// `/Length`).
    func keywordIndex() -> KeywordIndex {
        if let k = state.withLock({ $0.keywordIndex }) { return k }
        let k = KeywordIndex(bytes: bytes)
        state.withLock { $0.keywordIndex = k }
        return k
    }

    /// The rescan of the file, run once on first need.
    func repairScan() -> RepairScanner.Result {
        if let done = state.withLock({ $0.repairScanDone ? $0.repairScan : nil }) { return done }
        let scan = (try? RepairScanner.scan(bytes: bytes, limits: limits)) ?? RepairScanner.Result()
        state.withLock {
            $0.repairScan = scan
            $0.repairScanDone = true
        }
        return scan
    }

    // MARK: Object streams

    func compressedObject(_ number: Int, streamNumber: Int, index: Int, depth: Int) -> PDFObject? {
        guard let (data, start) = compressedLocation(number, streamNumber: streamNumber, index: index,
                                                     contents: { objectStream($0, depth: depth) }) else { return nil }
        var parser = Parser(bytes: data, position: start, limits: limits)
        return try? parser.parseObject()
    }

    /// Where object `number` starts in the data of its object stream (`streamNumber`, or one
    /// it extends), the streams read by `contents`: the header's `index` when it names the
    /// object, else the last header entry that does.
    func compressedLocation(_ number: Int, streamNumber: Int, index: Int,
                            contents: (Int) -> ObjectStreamContents?) -> (data: [UInt8], start: Int)? {
        var visited: Set<Int> = []
        var current = streamNumber
        var first = true
        while visited.insert(current).inserted, visited.count <= limits.maxRecursionDepth {
            guard let contents = contents(current) else { return nil }
            // The index says where; check the number, else search the stream, then /Extends.
            var slot: Int? = nil
            if first, index >= 0, index < contents.header.count, contents.header[index].number == number {
                slot = index
            } else {
                slot = contents.header.lastIndex { $0.number == number }
            }
            first = false
            if let slot {
                let (start, overflow) = contents.first.addingReportingOverflow(contents.header[slot].offset)
                guard !overflow, start >= 0, start < contents.data.count else { return nil }
                return (contents.data, start)
            }
            guard let ext = contents.extends else { return nil }
            current = ext.number
        }
        return nil
    }

    /// Reads the dictionary of object `id` where it is written, without parsing it into
    /// objects: `read` gets a scanner just after its `<<` and returns what it wants (nil
    /// when it meets something it leaves to the parser). Nil, with nothing read, when the
    /// object is not a dictionary written plainly: kept in the cache, encrypted, a stream, or
    /// in an object stream not decoded yet (the parser decodes it, once, with its diagnostics).
    package func scanWrittenDictionary<R>(_ id: ObjectID, _ read: (inout RawScanner) -> R?) -> R? {
        // As `writtenEntries`: a dictionary the parser could not open is its to report.
        guard limits.maxNestingDepth > 0 else { return nil }
        if let offset = writtenOffset(id) {
            return bytes.withUnsafeBufferPointer { buffer -> R? in
                var scanner = RawScanner(buffer, position: offset)
                guard scanner.enterIndirectDictionary(number: id.number), let r = read(&scanner),
                      scanner.next() != .keyword(.stream) else { return nil }
                return r
            }
        }
        let (cached, encrypted, entry) = state.withLock { ($0.objects[id.number] != nil, $0.decryptor != nil, $0.xref.entries[id.number]) }
        guard !cached, !encrypted, case .compressed(let streamNumber, let index)? = entry,
              let (data, start) = compressedLocation(id.number, streamNumber: streamNumber, index: index, contents: { n in
                  state.withLock { $0.objectStreams[n] }
              }) else { return nil }
        return data.withUnsafeBufferPointer { buffer -> R? in
            var scanner = RawScanner(buffer, position: start)
            guard case .dictOpen = scanner.next() else { return nil }
            return read(&scanner)
        }
    }

    func objectStream(_ number: Int, depth: Int) -> ObjectStreamContents? {
        if let c = state.withLock({ $0.objectStreams[number] }) { return c }
        guard case .stream(let s) = object(ObjectID(number), depth: depth + 1) else {
            note(Diagnostic(.objectStreamDamaged, .warning, "object stream is not a stream", objectNumber: number))
            return nil
        }
        let decoded = streamData(s)
        let n = integer(s.dictionary["N"]) ?? 0
        let first = integer(s.dictionary["First"]) ?? 0
        let header = ObjectStreamReader.header(data: decoded.bytes, count: n, first: first, limits: limits)
        if header.count < n {
            note(Diagnostic(.objectStreamDamaged, .warning, "object stream header lists \(header.count) of \(n) objects", objectNumber: number))
        }
        if decoded.diagnostics.contains(.decodeBudget) {
            note(Diagnostic(.decodeBudget, .error, "object stream cut short: the document's decode budget is in use", objectNumber: number))
        }
        let contents = ObjectStreamContents(data: decoded.bytes, lease: decoded.lease, first: first, header: header, extends: s.dictionary["Extends"]?.reference)
        state.withLock { $0.objectStreams[number] = contents }
        return contents
    }

    // MARK: Streams

    /// The decoded data of a stream: decrypted, then run through its filters. Image codecs
    /// are passed over (the result says where decoding stopped). The data is drawn from
    /// ``decodeBudget``; keep the result (its `lease`) while the bytes are in use for long.
    public func streamData(_ stream: PDFStream) -> DecodeResult {
        let range = stream.dataRange.clamped(to: 0..<bytes.count)
        var raw: ArraySlice<UInt8> = bytes[range]
        var filters = FilterChain.filters(stream.dictionary, store: self)
        var decrypted: [UInt8]? = nil
        if let d = decryptor, let id = stream.objectID, shouldDecrypt(stream, id: id) {
            var cryptFilter: String? = nil
            if let first = filters.first, first.filter == .crypt {
                cryptFilter = first.cryptFilterName ?? "Identity"
            }
            let embeddedFile = stream.dictionary.type == "EmbeddedFile"
            if let reason = d.refusal(cryptFilter: cryptFilter, embeddedFile: embeddedFile) {
                var log = DiagnosticLog()
                log.append(.streamNotDecrypted, .warning, reason, objectNumber: id.number, generation: id.generation)
                return DecodeResult(bytes: [], diagnostics: log, isComplete: false)
            }
            decrypted = d.decryptStream(
                raw, objectNumber: id.number, generation: id.generation, cryptFilter: cryptFilter, embeddedFile: embeddedFile)
        }
        filters.removeAll { $0.filter == .crypt }
        if let decrypted { raw = decrypted[...] }
        return decodeStream(raw, filters: filters.map { ($0.filter, $0.parameters) }, limits: limits, budget: decodeBudget)
    }

    func shouldDecrypt(_ stream: PDFStream, id: ObjectID) -> Bool {
        if id.number == encryptObjectNumber { return false }
        let type = stream.dictionary.type
        if type == "XRef" { return false }
        if type == "Metadata", let d = decryptor, !d.encryptsMetadata { return false }
        return true
    }

    func decryptIfNeeded(_ object: PDFObject, number: Int) -> PDFObject {
        guard number != encryptObjectNumber, let d = decryptor else { return object }
        if case .stream(let s) = object, s.dictionary.type == "XRef" { return object }
        let gen = {
            if case .inFile(_, let g)? = entries[number] { return g }
            return 0
        }()
        return Self.decryptStrings(object, decryptor: d, number: number, generation: gen)
    }

    static func decryptStrings(_ object: PDFObject, decryptor: Decryptor, number: Int, generation: Int) -> PDFObject {
        switch object {
        case .string(let s):
            return .string(PDFString(bytes: decryptor.decryptString(s.bytes, objectNumber: number, generation: generation), isHex: s.isHex))
        case .array(let a):
            return .array(a.map { decryptStrings($0, decryptor: decryptor, number: number, generation: generation) })
        case .dictionary(let d):
            return .dictionary(decryptDictionary(d, decryptor: decryptor, number: number, generation: generation))
        case .stream(var s):
            s.dictionary = decryptDictionary(s.dictionary, decryptor: decryptor, number: number, generation: generation)
            return .stream(s)
        default:
            return object
        }
    }

    static func decryptDictionary(_ d: PDFDictionary, decryptor: Decryptor, number: Int, generation: Int) -> PDFDictionary {
        var out = d
        for (k, v) in d.entries {
            switch v {
            case .string, .array, .dictionary:
                // Signature /Contents are not encrypted (§7.6.2); they sit in /Sig dictionaries.
                if k == "Contents", d.type == "Sig" || d.type == "DocTimeStamp" { continue }
                out[k] = decryptStrings(v, decryptor: decryptor, number: number, generation: generation)
            default:
                continue
            }
        }
        return out
    }
}
