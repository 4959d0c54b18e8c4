import PDFCore
import PDFSyntax

/// A value on the operand stack of the CMap reader.
indirect enum CMapOperand: Sendable {
    case integer(Int64)
    case real(Double)
    case name(Name)
    case string([UInt8])
    case array([CMapOperand])
    case dict([(Name, CMapOperand)])
}

/// The destination of a `bfchar`/`bfrange` entry as written.
enum BFDestination: Sendable {
    /// A string (UTF-16BE for ToUnicode; a CID written as bytes in damaged encoding CMaps).
    case string([UInt8])
    /// A glyph name (`/space`).
    case name(Name)
    /// One destination per code of the range (nil where the element is unusable).
    case array([BFDestination?])
}

/// A mapping as written: codes `lo...hi` of `length` bytes.
struct ProgramEntry<Value: Sendable>: Sendable {
    var lo: UInt32
    var hi: UInt32
    var length: Int
    var value: Value
}

/// What a CMap program (PDF 32000-1 §9.7.5, Adobe Technical Note #5014) declares, read by
/// a small PostScript-like interpreter that understands the CMap operators and skips the
/// rest. Damage is survived: missing `end…` keywords, wrong counts, odd-length hex
/// strings, reversed ranges, misplaced operands.
struct CMapProgram: Sendable {
    /// The most mappings read from one program; the rest is dropped with a diagnostic.
    static let maxEntries = 1 << 20
    /// The most elements over all `bfrange` destination arrays of one program.
    static let maxArrayElements = 1 << 20
    static let maxStack = 1024
    static let maxNesting = 32

    var name: String?
    var writingMode: Int?
    var registry: String?
    var ordering: String?
    var supplement: Int?
    var useCMaps: [String] = []
    var codespace: [CodespaceRange] = []
    var cidEntries: [ProgramEntry<UInt32>] = []
    var notdefEntries: [ProgramEntry<UInt32>] = []
    var bfEntries: [ProgramEntry<BFDestination>] = []
    var entryCount: Int { cidEntries.count + notdefEntries.count + bfEntries.count }

    static func parse(_ bytes: [UInt8], diagnostics: inout DiagnosticLog) -> CMapProgram {
        var reader = CMapReader(bytes: bytes)
        reader.run()
        for d in reader.diagnostics { diagnostics.append(d) }
        return reader.program
    }
}

/// The sections of a CMap program.
enum CMapSection: CaseIterable {
    case codespace, cidChar, cidRange, notdefChar, notdefRange, bfChar, bfRange

    var begin: StaticString {
        switch self {
        case .codespace: "begincodespacerange"
        case .cidChar: "begincidchar"
        case .cidRange: "begincidrange"
        case .notdefChar: "beginnotdefchar"
        case .notdefRange: "beginnotdefrange"
        case .bfChar: "beginbfchar"
        case .bfRange: "beginbfrange"
        }
    }

    var end: StaticString {
        switch self {
        case .codespace: "endcodespacerange"
        case .cidChar: "endcidchar"
        case .cidRange: "endcidrange"
        case .notdefChar: "endnotdefchar"
        case .notdefRange: "endnotdefrange"
        case .bfChar: "endbfchar"
        case .bfRange: "endbfrange"
        }
    }

    var arity: Int {
        switch self {
        case .codespace, .cidChar, .notdefChar, .bfChar: 2
        case .cidRange, .notdefRange, .bfRange: 3
        }
    }

    /// Whether `op` can stand at `position` of an entry.
    func accepts(_ op: CMapOperand, at position: Int) -> Bool {
        let isString: Bool
        if case .string = op { isString = true } else { isString = false }
        switch (self, position) {
        case (.codespace, _), (.cidRange, 0), (.cidRange, 1), (.notdefRange, 0), (.notdefRange, 1),
             (.cidChar, 0), (.notdefChar, 0), (.bfChar, 0), (.bfRange, 0), (.bfRange, 1):
            return isString
        case (.cidChar, 1), (.notdefChar, 1), (.cidRange, 2), (.notdefRange, 2):
            if case .integer = op { return true }
            return false
        case (.bfChar, 1):
            switch op {
            case .string, .name, .array: return true
            default: return false
            }
        case (.bfRange, 2):
            switch op {
            case .string, .array: return true
            default: return false
            }
        default:
            return false
        }
    }
}

/// The interpreter behind ``CMapProgram/parse``.
struct CMapReader {
    var lexer: Lexer
    var program = CMapProgram()
    var diagnostics = DiagnosticLog(capacity: 64)
    var stack: [CMapOperand] = []
    var arrayElements = 0
    var entryLimitReported = false

    let bytes: [UInt8]

    init(bytes: [UInt8]) {
        self.bytes = bytes
        lexer = Lexer(bytes: bytes)
    }

    mutating func damaged(_ message: String, offset: Int? = nil) {
        diagnostics.append(.cmapDamaged, .warning, "CMap: " + message, offset: offset)
    }

    /// The next token; hex strings are read here so an odd digit count pads on the left
    /// (`<123>` is the code 0x0123), which keeps the number the producer meant.
    mutating func nextToken() -> Token {
        lexer.skipWhitespaceAndComments()
        let p = lexer.position
        if p < lexer.end, bytes[p] == 0x3C, !(p + 1 < lexer.end && bytes[p + 1] == 0x3C) {
            var digits: [UInt8] = []
            var q = p + 1
            var closed = false
            while q < lexer.end {
                let c = bytes[q]
                q += 1
                if c == 0x3E { closed = true; break }
                if let v = hexValue(c) { digits.append(v) }
            }
            lexer.position = q
            if !closed { damaged("unterminated hex string", offset: p) }
            if digits.count % 2 == 1 { digits.insert(0, at: 0) }
            var out: [UInt8] = []
            out.reserveCapacity(digits.count / 2)
            var i = 0
            while i + 1 < digits.count {
                out.append(digits[i] << 4 | digits[i + 1])
                i += 2
            }
            return .string(PDFString(bytes: out, isHex: true))
        }
        return lexer.next()
    }

    @inline(__always) func hexValue(_ c: UInt8) -> UInt8? {
        switch c {
        case 0x30...0x39: c - 0x30
        case 0x41...0x46: c - 0x41 + 10
        case 0x61...0x66: c - 0x61 + 10
        default: nil
        }
    }

    func keyword(_ range: Range<Int>, is s: StaticString) -> Bool {
        guard range.count == s.utf8CodeUnitCount else { return false }
        let p = s.utf8Start
        var k = 0
        for i in range {
            if bytes[i] != p[k] { return false }
            k += 1
        }
        return true
    }

    mutating func push(_ op: CMapOperand) {
        if stack.count >= CMapProgram.maxStack { stack.removeFirst(stack.count / 2) }
        stack.append(op)
    }

    mutating func pop() -> CMapOperand? { stack.popLast() }

    /// A composite or simple operand starting with `token`, or nil for a keyword or a closer.
    mutating func operand(_ token: Token, depth: Int) -> CMapOperand? {
        switch token {
        case .integer(let v): return .integer(v)
        case .real(let v): return .real(v)
        case .name(let n): return .name(n)
        case .string(let s): return .string(s.bytes)
        case .keyword(.true, _): return .integer(1)
        case .keyword(.false, _): return .integer(0)
        case .arrayOpen: return .array(readArray(depth: depth + 1))
        case .dictOpen: return .dict(readDict(depth: depth + 1))
        default: return nil
        }
    }

    mutating func readArray(depth: Int) -> [CMapOperand] {
        readOperands(until: .arrayClose, what: "array", depth: depth)
    }

    mutating func readDict(depth: Int) -> [(Name, CMapOperand)] {
        pairs(readOperands(until: .dictClose, what: "dictionary", depth: depth))
    }

    /// The operands up to `closer` (an array's or a dictionary's). A keyword ends them too:
    /// it cannot stand inside here, so the closer is missing.
    mutating func readOperands(until closer: Token, what: String, depth: Int) -> [CMapOperand] {
        var out: [CMapOperand] = []
        while true {
            let save = lexer.position
            let t = nextToken()
            if t == closer { return out }
            switch t {
            case .eof:
                damaged("unterminated \(what)")
                return out
            case .keyword(let k, _) where k != .true && k != .false:
                damaged("unterminated \(what)", offset: save)
                lexer.position = save
                return out
            case .braceOpen:
                skipProcedure()
            case .arrayClose, .dictClose, .braceClose:
                continue
            default:
                guard depth <= CMapProgram.maxNesting else {
                    damaged("\(what) nested too deeply", offset: save)
                    skipNested(t)
                    continue
                }
                guard let op = operand(t, depth: depth) else { continue }
                guard arrayElements < CMapProgram.maxArrayElements else {
                    if !entryLimitReported {
                        entryLimitReported = true
                        diagnostics.append(.cmapDamaged, .warning, "CMap: too many array elements; the rest is ignored")
                    }
                    continue
                }
                arrayElements += 1
                out.append(op)
            }
        }
    }

    func pairs(_ items: [CMapOperand]) -> [(Name, CMapOperand)] {
        var out: [(Name, CMapOperand)] = []
        var i = 0
        while i + 1 < items.count {
            if case .name(let k) = items[i] {
                out.append((k, items[i + 1]))
                i += 2
            } else {
                i += 1
            }
        }
        return out
    }

    /// Skips what `token` opens when nesting is too deep, without building it.
    mutating func skipNested(_ token: Token) {
        var depth = 0
        var t = token
        while true {
            switch t {
            case .arrayOpen, .dictOpen, .braceOpen: depth += 1
            case .arrayClose, .dictClose, .braceClose: depth -= 1
            case .eof: return
            default: break
            }
            if depth <= 0 { return }
            t = nextToken()
        }
    }

    /// Skips a `{ … }` procedure body (after its `{`).
    mutating func skipProcedure() { skipNested(.braceOpen) }

    mutating func run() {
        while true {
            let t = nextToken()
            switch t {
            case .eof:
                return
            case .braceOpen:
                skipProcedure()
            case .arrayClose, .dictClose, .braceClose:
                continue
            case .keyword(let k, let range) where k != .true && k != .false:
                execute(range)
            default:
                if let op = operand(t, depth: 0) { push(op) }
            }
        }
    }

    mutating func execute(_ range: Range<Int>) {
        if range.count > 5, keyword(range.prefix(5), is: "begin") {
            for section in CMapSection.allCases where keyword(range, is: section.begin) {
                let count: Int64?
                if case .integer(let n) = stack.last { count = n; stack.removeLast() } else { count = nil }
                readSection(section, declaredCount: count, at: range.lowerBound)
                return
            }
        }
        if keyword(range, is: "def") {
            guard let value = pop(), let key = pop() else { return }
            if case .name(let k) = key { define(k, value) }
        } else if keyword(range, is: "usecmap") {
            switch pop() {
            case .name(let n)?: program.useCMaps.append(n.string)
            case .string(let s)?: program.useCMaps.append(String(decoding: s, as: UTF8.self))
            default: damaged("usecmap without a name", offset: range.lowerBound)
            }
        } else if keyword(range, is: "dict") {
            _ = pop()
            push(.dict([]))
        } else if keyword(range, is: "dup") {
            if let top = stack.last { push(top) }
        } else if keyword(range, is: "pop") || keyword(range, is: "begin") {
            _ = pop()
        } else if keyword(range, is: "defineresource") {
            // key instance category defineresource → instance
            _ = pop()
            let instance = pop()
            _ = pop()
            if let instance { push(instance) }
        } else if keyword(range, is: "findresource") {
            _ = pop()
            _ = pop()
            push(.dict([]))
        }
        // Anything else (begincmap, endcmap, end, CMapName's friends) is skipped.
    }

    mutating func define(_ key: Name, _ value: CMapOperand) {
        switch key {
        case "WMode":
            switch value {
            case .integer(let v):
                if v != 0 && v != 1 { damaged("/WMode \(v) read as \(v == 0 ? 0 : 1)") }
                program.writingMode = v == 0 ? 0 : 1
            default:
                damaged("/WMode is not an integer")
            }
        case "CMapName":
            switch value {
            case .name(let n): program.name = n.string
            case .string(let s): program.name = String(decoding: s, as: UTF8.self)
            default: break
            }
        case "CIDSystemInfo":
            switch value {
            case .dict(let d): systemInfo(d)
            case .array(let a):
                // Old CMaps: an array of dictionaries; the first one counts.
                for case .dict(let d) in a {
                    systemInfo(d)
                    break
                }
            default: break
            }
        case "Registry":
            if case .string(let s) = value { program.registry = String(decoding: s, as: UTF8.self) }
        case "Ordering":
            if case .string(let s) = value { program.ordering = String(decoding: s, as: UTF8.self) }
        case "Supplement":
            if case .integer(let v) = value { program.supplement = Int(clamping: v) }
        default:
            break
        }
    }

    mutating func systemInfo(_ d: [(Name, CMapOperand)]) {
        for (k, v) in d where k == "Registry" || k == "Ordering" || k == "Supplement" { define(k, v) }
    }

    /// Reads the entries of a section up to its `end…` keyword. Another keyword ends the
    /// section too (the end keyword is missing) and is then executed as usual.
    mutating func readSection(_ section: CMapSection, declaredCount: Int64?, at offset: Int) {
        var ops: [CMapOperand] = []
        var read = 0
        var misplacedReported = false
        var sinceLastEntry: [CMapOperand] = []
        loop: while true {
            let save = lexer.position
            let t = nextToken()
            switch t {
            case .eof:
                damaged("missing \(section.end)", offset: offset)
                break loop
            case .keyword(let k, let range) where k != .true && k != .false:
                if keyword(range, is: section.end) { break loop }
                if endsSection(range) {
                    damaged("missing \(section.end)", offset: offset)
                    lexer.position = save
                    // What followed the last entry belongs to the keyword (`/WMode 1 def`).
                    for op in sinceLastEntry { push(op) }
                    ops.removeAll()
                    break loop
                }
                damaged("unknown keyword in \(section.begin) section", offset: save)
            case .braceOpen:
                skipProcedure()
            case .arrayClose, .dictClose, .braceClose:
                continue
            default:
                guard let op = operand(t, depth: 0) else { continue }
                if sinceLastEntry.count < 16 { sinceLastEntry.append(op) }
                if !section.accepts(op, at: ops.count) {
                    if !misplacedReported {
                        misplacedReported = true
                        damaged("misplaced operand in \(section.begin) section", offset: save)
                    }
                    if section.accepts(op, at: 0) { ops = [op] }
                    continue
                }
                ops.append(op)
                if ops.count == section.arity {
                    add(section, ops, at: save)
                    read += 1
                    ops.removeAll(keepingCapacity: true)
                    sinceLastEntry.removeAll(keepingCapacity: true)
                }
            }
        }
        if !ops.isEmpty { damaged("incomplete entry in \(section.begin) section", offset: offset) }
        if let declaredCount, declaredCount != Int64(read) {
            diagnostics.append(.cmapDamaged, .info, "CMap: \(section.begin) declares \(declaredCount) entries, has \(read)", offset: offset)
        }
    }

    /// Keywords that cannot occur inside a section, so one of them means the section's end
    /// keyword is missing: the CMap structure keywords (`begin…`, `end…`) and the
    /// definitions that follow a CMap body. Other keywords are skipped.
    func endsSection(_ range: Range<Int>) -> Bool {
        if range.count >= 3, keyword(range.prefix(3), is: "end") { return true }
        if range.count >= 5, keyword(range.prefix(5), is: "begin") { return true }
        return keyword(range, is: "def") || keyword(range, is: "usecmap") || keyword(range, is: "CMapName")
            || keyword(range, is: "currentdict") || keyword(range, is: "defineresource")
    }

    /// A code written as a string: its value and byte length (1–4).
    func code(_ op: CMapOperand) -> (value: UInt32, length: Int)? {
        guard case .string(let s) = op, (1...4).contains(s.count) else { return nil }
        var v: UInt32 = 0
        for b in s { v = v << 8 | UInt32(b) }
        return (v, s.count)
    }

    /// A source range: the codes and their common length (the longer of the two strings;
    /// reversed ranges are refused).
    mutating func sourceRange(_ a: CMapOperand, _ b: CMapOperand, at offset: Int) -> (lo: UInt32, hi: UInt32, length: Int)? {
        guard let lo = code(a), let hi = code(b) else {
            damaged("range bounds are not 1–4 byte codes", offset: offset)
            return nil
        }
        guard lo.value <= hi.value else {
            damaged("range start after its end", offset: offset)
            return nil
        }
        return (lo.value, hi.value, max(lo.length, hi.length))
    }

    mutating func roomForEntry() -> Bool {
        if program.entryCount < CMapProgram.maxEntries { return true }
        if !entryLimitReported {
            entryLimitReported = true
            diagnostics.append(.cmapDamaged, .warning, "CMap: more than \(CMapProgram.maxEntries) mappings; the rest is ignored")
        }
        return false
    }

    mutating func add(_ section: CMapSection, _ ops: [CMapOperand], at offset: Int) {
        guard roomForEntry() else { return }
        switch section {
        case .codespace:
            guard case .string(var low) = ops[0], case .string(var high) = ops[1] else { return }
            // Unequal lengths: the shorter bound padded on the left.
            while low.count < high.count { low.insert(0, at: 0) }
            while high.count < low.count { high.insert(0, at: 0) }
            guard (1...4).contains(low.count), zip(low, high).allSatisfy({ $0 <= $1 }) else {
                damaged("unusable codespace range", offset: offset)
                return
            }
            guard program.codespace.count < Codespace.maxRanges else { return }
            program.codespace.append(CodespaceRange(low: low, high: high))
        case .cidChar, .notdefChar:
            guard let c = code(ops[0]) else { return damaged("source is not a 1–4 byte code", offset: offset) }
            guard case .integer(let v) = ops[1], let cid = UInt32(exactly: v) else {
                return damaged("CID out of range", offset: offset)
            }
            let e = ProgramEntry(lo: c.value, hi: c.value, length: c.length, value: cid)
            if section == .cidChar { program.cidEntries.append(e) } else { program.notdefEntries.append(e) }
        case .cidRange, .notdefRange:
            guard let r = sourceRange(ops[0], ops[1], at: offset) else { return }
            guard case .integer(let v) = ops[2], let cid = UInt32(exactly: v) else {
                return damaged("CID out of range", offset: offset)
            }
            var hi = r.hi
            if section == .cidRange, UInt64(cid) + UInt64(hi - r.lo) > UInt64(UInt32.max) {
                hi = r.lo + (UInt32.max - cid)
            }
            let e = ProgramEntry(lo: r.lo, hi: hi, length: r.length, value: cid)
            if section == .cidRange { program.cidEntries.append(e) } else { program.notdefEntries.append(e) }
        case .bfChar:
            guard let c = code(ops[0]) else { return damaged("source is not a 1–4 byte code", offset: offset) }
            guard let d = destination(ops[1]) else { return }
            program.bfEntries.append(ProgramEntry(lo: c.value, hi: c.value, length: c.length, value: d))
        case .bfRange:
            guard let r = sourceRange(ops[0], ops[1], at: offset), let d = destination(ops[2]) else { return }
            var hi = r.hi
            if case .array(let items) = d {
                guard !items.isEmpty else { return }
                // Codes past the array's end have no destination.
                if UInt64(hi - r.lo) >= UInt64(items.count) { hi = r.lo + UInt32(items.count - 1) }
            }
            program.bfEntries.append(ProgramEntry(lo: r.lo, hi: hi, length: r.length, value: d))
        }
    }

    func destination(_ op: CMapOperand) -> BFDestination? {
        switch op {
        case .string(let s): return .string(s)
        case .name(let n): return .name(n)
        case .array(let items):
            return .array(items.map { destination($0) })
        default: return nil
        }
    }
}
