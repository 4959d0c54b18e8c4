import PDFCore
import PDFSyntax

/// Reads a content stream into operators. Operands are lexed with `PDFSyntax.Lexer`; each
/// operator is checked for its operand count and types, and skipped with a diagnostic when
/// they are wrong. Never fails: damaged content yields the operators that could be read.
package struct ContentParser {
    package let bytes: [UInt8]
    var lexer: Lexer
    var operands: [PDFObject] = []
    /// The items of the arrays being read, innermost last: a `TJ` array is gathered here
    /// and copied out once at its size, instead of growing its own storage by doubling.
    var itemScratch: [PDFObject] = []
    /// The strings and items of the `TJ` array being read (see `readTextArray`).
    var textBytes: [UInt8] = []
    var textItems: [TextArray.Item] = []
    /// Whether `TJ` arrays are read by `readTextArray` (tests compare with the general way).
    var readsTextArraysDirectly = true
    /// How many `TJ` arrays `readTextArray` read.
    var textArraysReadDirectly = 0
    /// Operands beyond this are dropped (the oldest first), with a diagnostic.
    package let maxOperands: Int
    /// The most items an operand array or dictionary keeps: 64 operands' worth.
    let maxItems: Int
    package let maxNesting: Int
    /// Capped diagnostics.
    package var diagnostics: CappedLog
    /// Inside `BX … EX`: unknown operators are expected there and not reported.
    var compatibilityDepth = 0

    package init(bytes: [UInt8], maxOperands: Int = 1024, maxNesting: Int = 64, diagnostics: CappedLog = CappedLog()) {
        self.bytes = bytes
        self.lexer = Lexer(bytes: bytes)
        self.maxOperands = max(8, maxOperands)
        self.maxItems = self.maxOperands.multipliedReportingOverflow(by: 64).overflow ? Int.max : self.maxOperands * 64
        self.maxNesting = max(1, maxNesting)
        self.diagnostics = diagnostics
    }

    /// The position of the next byte to read.
    package var position: Int { lexer.position }

    /// The next operator, or nil at the end of the data.
    package mutating func next() -> Operator? {
        while true {
            let start = lexer.position
            let token = lexer.next()
            switch token {
            case .eof:
                if !operands.isEmpty {
                    diagnostics.note(.contentSyntax, "\(operands.count) operands at the end of the content without an operator")
                    operands.removeAll()
                }
                return nil
            case .keyword(.other, let range):
                let code = bytes.withUnsafeBufferPointer { buf in
                    OpCode.classify(UnsafeBufferPointer(rebasing: buf[range]))
                }
                let op = makeOperator(code, range: range)
                operands.removeAll(keepingCapacity: true)
                if let op { return op }
            case .keyword(.true, _): push(.bool(true))
            case .keyword(.false, _): push(.bool(false))
            case .keyword(.null, _): push(.null)
            case .keyword(_, let range):
                // `obj`, `R`, `stream`, … have no place in content: an unknown operator.
                let op = makeOperator(.unknown, range: range)
                operands.removeAll(keepingCapacity: true)
                if let op { return op }
            case .arrayClose, .dictClose, .braceOpen, .braceClose:
                diagnostics.note(.contentSyntax, "stray delimiter at offset \(start)")
            case .arrayOpen where operands.isEmpty && readsTextArraysDirectly:
                if let op = readTextArray() { return op }
                if let o = readObject(token, depth: 0) { push(consume o) }
            default:
                if let o = readObject(token, depth: 0) { push(consume o) }
            }
        }
    }

    /// A `TJ` array and its operator, read straight into `textBytes` and `textItems`: an
    /// array of strings and numbers only, with `TJ` after it and no other operand. Anything
    /// else gives nil with the lexer back after the `[`, to be read the general way (which
    /// gives the same operator for such an array, by way of an object per item and an
    /// array per string). The operator shares the scratch storage, which the next array
    /// reuses once the operator has been let go.
    mutating func readTextArray() -> Operator? {
        let afterOpen = lexer.position
        textBytes.removeAll(keepingCapacity: true)
        textItems.removeAll(keepingCapacity: true)
        // The general reading keeps the first `maxItems` items of an array.
        let cap = maxItems
        var count = 0
        read: while true {
            switch lexer.nextArrayItem(appendingStringsTo: &textBytes) {
            case .string(let range):
                if count < cap { textItems.append(.string(range)) } else { textBytes.removeSubrange(range) }
                count += 1
            case .number(let n):
                if count < cap, let n { textItems.append(.adjustment(n)) }
                count += 1
            case .close:
                break read
            case .other:
                lexer.position = afterOpen
                return nil
            }
        }
        // Item ranges are 32-bit: a larger array (possible only with raised limits) is read
        // the general way.
        if textBytes.count <= Int(Int32.max), case .keyword(.other, let range) = lexer.next(),
           bytes.withUnsafeBufferPointer({ OpCode.classify(UnsafeBufferPointer(rebasing: $0[range])) }) == .TJ {
            textArraysReadDirectly += 1
            return .TJ(TextArray(bytes: textBytes, items: textItems))
        }
        lexer.position = afterOpen
        return nil
    }

    /// Consumes the operand: copying it onto the stack and destroying the original went
    /// through `PDFObject`'s generic value witnesses (4% of a long manual's instructions).
    mutating func push(_ o: consuming PDFObject) {
        if operands.count >= maxOperands {
            diagnostics.note(.contentOperands, "more than \(maxOperands) operands; the oldest are dropped")
            operands.removeFirst(operands.count - maxOperands + 1)
        }
        operands.append(consume o)
    }

    /// An operand object starting with `token` (arrays and dictionaries read whole).
    mutating func readObject(_ token: Token, depth: Int) -> PDFObject? {
        if let scalar = token.scalarObject { return scalar }
        switch token {
        case .arrayOpen:
            if itemScratch.capacity == 0 { itemScratch.reserveCapacity(16) }
            let base = itemScratch.count
            defer { itemScratch.removeSubrange(base...) }
            while true {
                let before = lexer.position
                let t = lexer.next()
                switch t {
                case .arrayClose: return .array(Parser.detached(itemScratch[base...]))
                case .eof, .dictClose:
                    if case .dictClose = t { lexer.position = before }
                    diagnostics.note(.contentSyntax, "array not closed")
                    return .array(Parser.detached(itemScratch[base...]))
                case .keyword(.other, _), .keyword(.R, _), .keyword(.obj, _), .keyword(.stream, _),
                     .keyword(.endstream, _), .keyword(.endobj, _):
                    // An operator inside an array: the array was left open.
                    lexer.position = before
                    diagnostics.note(.contentSyntax, "array not closed before an operator")
                    return .array(Parser.detached(itemScratch[base...]))
                default:
                    if depth + 1 >= maxNesting {
                        diagnostics.note(.contentSyntax, "operands nested deeper than \(maxNesting)")
                        skipNested()
                        return .array(Parser.detached(itemScratch[base...]))
                    }
                    if let o = readObject(t, depth: depth + 1), itemScratch.count - base < maxItems { itemScratch.append(o) }
                }
            }
        case .dictOpen:
            var entries: [Name: PDFObject] = [:]
            while true {
                let before = lexer.position
                let t = lexer.next()
                switch t {
                case .dictClose: return .dictionary(PDFDictionary(entries))
                case .eof, .arrayClose:
                    if case .arrayClose = t { lexer.position = before }
                    diagnostics.note(.contentSyntax, "dictionary not closed")
                    return .dictionary(PDFDictionary(entries))
                case .keyword(.other, _):
                    lexer.position = before
                    diagnostics.note(.contentSyntax, "dictionary not closed before an operator")
                    return .dictionary(PDFDictionary(entries))
                case .name(let key):
                    let valueStart = lexer.position
                    let v = lexer.next()
                    switch v {
                    case .dictClose: return .dictionary(PDFDictionary(entries))
                    case .keyword(.other, _), .eof:
                        lexer.position = valueStart
                    default:
                        if depth + 1 >= maxNesting {
                            diagnostics.note(.contentSyntax, "operands nested deeper than \(maxNesting)")
                            skipNested()
                            return .dictionary(PDFDictionary(entries))
                        }
                        if let o = readObject(v, depth: depth + 1), !o.isNull, entries.count < maxItems {
                            entries[key] = o
                        }
                    }
                default:
                    continue  // stray token where a key belongs
                }
            }
        default:
            return nil
        }
    }

    /// After nesting got too deep: skips tokens until the nesting opened so far closes, or
    /// an operator or the end comes.
    mutating func skipNested() {
        var level = 1
        while level > 0 {
            let before = lexer.position
            switch lexer.next() {
            case .arrayOpen, .dictOpen: level += 1
            case .arrayClose, .dictClose: level -= 1
            case .eof: return
            case .keyword(.other, _): lexer.position = before; return
            default: break
            }
        }
    }

    // MARK: Operands

    /// Takes the operator's operands from the stack (the last `count`; extra ones are
    /// dropped with a diagnostic). Nil when there are too few.
    func name(_ range: Range<Int>) -> String { String(decoding: bytes[range].prefix(32), as: UTF8.self) }

    /// The last `count` operands (with a diagnostic when there are fewer, or more outside
    /// BX/EX). `next()` clears the operand stack once the operator is built: clearing it here,
    /// while the returned slice still shares its buffer, would allocate a new buffer per operator.
    mutating func take(_ count: Int, _ range: Range<Int>) -> ArraySlice<PDFObject>? {
        if operands.count < count {
            let opName = name(range)
            diagnostics.note(.contentOperands, "\(opName): \(count) operands expected, \(operands.count) found; skipped")
            return nil
        }
        if operands.count > count, compatibilityDepth == 0 {
            let opName = name(range)
            diagnostics.note(.contentOperands, "\(opName): \(operands.count - count) extra operands ignored")
        }
        return operands[(operands.count - count)...]
    }

    /// Up to six numeric operands, in a fixed-size value (no array per operator).
    struct Numbers {
        var values: (Double, Double, Double, Double, Double, Double) = (0, 0, 0, 0, 0, 0)
        subscript(i: Int) -> Double {
            get {
                switch i {
                case 0: return values.0
                case 1: return values.1
                case 2: return values.2
                case 3: return values.3
                case 4: return values.4
                default: return values.5
                }
            }
            set {
                switch i {
                case 0: values.0 = newValue
                case 1: values.1 = newValue
                case 2: values.2 = newValue
                case 3: values.3 = newValue
                case 4: values.4 = newValue
                default: values.5 = newValue
                }
            }
        }
    }

    /// The last `count` operands (at most six) as numbers; nil, with a diagnostic, when one
    /// is not a number or operands are missing.
    mutating func numbers(_ count: Int, _ range: Range<Int>) -> Numbers? {
        precondition(count <= 6, "numbers(_:_:) reads at most six operands")
        guard let ops = take(count, range) else { return nil }
        var out = Numbers()
        for (k, o) in zip(0..<count, ops) {
            guard let v = o.number else {
                let opName = name(range)
                diagnostics.note(.contentOperands, "\(opName): operand is not a number; skipped")
                return nil
            }
            out[k] = v
        }
        return out
    }

    mutating func typeError(_ range: Range<Int>) -> Operator? {
        let opName = name(range)
        diagnostics.note(.contentOperands, "\(opName): wrong operand type; skipped")
        return nil
    }

    /// Builds the operator from the operand stack; nil when it is skipped.
    mutating func makeOperator(_ code: OpCode, range: Range<Int>) -> Operator? {
        switch code {
        case .BT: operands.removeAll(keepingCapacity: true); return .BT
        case .ET: operands.removeAll(keepingCapacity: true); return .ET
        case .Tstar: operands.removeAll(keepingCapacity: true); return .Tstar
        case .q: operands.removeAll(keepingCapacity: true); return .q
        case .Q: operands.removeAll(keepingCapacity: true); return .Q
        case .h: operands.removeAll(keepingCapacity: true); return .h
        case .S: operands.removeAll(keepingCapacity: true); return .S
        case .s: operands.removeAll(keepingCapacity: true); return .s
        case .f: operands.removeAll(keepingCapacity: true); return .f
        case .F: operands.removeAll(keepingCapacity: true); return .F
        case .fStar: operands.removeAll(keepingCapacity: true); return .fStar
        case .B: operands.removeAll(keepingCapacity: true); return .B
        case .BStar: operands.removeAll(keepingCapacity: true); return .BStar
        case .b: operands.removeAll(keepingCapacity: true); return .b
        case .bStar: operands.removeAll(keepingCapacity: true); return .bStar
        case .n: operands.removeAll(keepingCapacity: true); return .n
        case .W: operands.removeAll(keepingCapacity: true); return .W
        case .WStar: operands.removeAll(keepingCapacity: true); return .WStar
        case .EMC: operands.removeAll(keepingCapacity: true); return .EMC
        case .BX:
            operands.removeAll(keepingCapacity: true)
            compatibilityDepth += 1
            return .BX
        case .EX:
            operands.removeAll(keepingCapacity: true)
            if compatibilityDepth > 0 { compatibilityDepth -= 1 }
            return .EX
        case .J, .j, .M, .d, .ri, .i:
            operands.removeAll(keepingCapacity: true)
            return .otherGraphicsState
        case .Td: return numbers(2, range).map { .Td($0[0], $0[1]) }
        case .TD: return numbers(2, range).map { .TD($0[0], $0[1]) }
        case .Tm: return numbers(6, range).map { .Tm(Matrix(a: $0[0], b: $0[1], c: $0[2], d: $0[3], e: $0[4], f: $0[5])) }
        case .cm: return numbers(6, range).map { .cm(Matrix(a: $0[0], b: $0[1], c: $0[2], d: $0[3], e: $0[4], f: $0[5])) }
        case .Tc: return numbers(1, range).map { .Tc($0[0]) }
        case .Tw: return numbers(1, range).map { .Tw($0[0]) }
        case .Tz: return numbers(1, range).map { .Tz($0[0]) }
        case .TL: return numbers(1, range).map { .TL($0[0]) }
        case .Ts: return numbers(1, range).map { .Ts($0[0]) }
        case .w: return numbers(1, range).map { .w($0[0]) }
        case .Tr:
            guard let v = numbers(1, range) else { return nil }
            let r = v[0]
            guard r >= 0, r <= 7 else { return typeError(range) }
            return .Tr(Int(r))
        case .G: return numbers(1, range).map { .G($0[0]) }
        case .g: return numbers(1, range).map { .g($0[0]) }
        case .RG: return numbers(3, range).map { .RG($0[0], $0[1], $0[2]) }
        case .rg: return numbers(3, range).map { .rg($0[0], $0[1], $0[2]) }
        case .K: return numbers(4, range).map { .K($0[0], $0[1], $0[2], $0[3]) }
        case .k: return numbers(4, range).map { .k($0[0], $0[1], $0[2], $0[3]) }
        case .m: return numbers(2, range).map { .m($0[0], $0[1]) }
        case .l: return numbers(2, range).map { .l($0[0], $0[1]) }
        case .c: return numbers(6, range).map { .c($0[0], $0[1], $0[2], $0[3], $0[4], $0[5]) }
        case .v: return numbers(4, range).map { .v($0[0], $0[1], $0[2], $0[3]) }
        case .y: return numbers(4, range).map { .y($0[0], $0[1], $0[2], $0[3]) }
        case .re: return numbers(4, range).map { .re($0[0], $0[1], $0[2], $0[3]) }
        case .d0: return numbers(2, range).map { .d0($0[0], $0[1]) }
        case .d1: return numbers(6, range).map { .d1($0[0], $0[1], $0[2], $0[3], $0[4], $0[5]) }
        case .Tf:
            guard let ops = take(2, range) else { return nil }
            guard let name = ops.first?.name, let size = ops.last?.number else { return typeError(range) }
            return .Tf(name, size)
        case .Tj, .quote:
            guard let ops = take(1, range) else { return nil }
            guard let s = ops.first?.string else { return typeError(range) }
            return code == .Tj ? .Tj(s.bytes) : .quote(s.bytes)
        case .doubleQuote:
            guard let ops = take(3, range) else { return nil }
            let a = Array(ops)
            guard let aw = a[0].number, let ac = a[1].number, let s = a[2].string else { return typeError(range) }
            return .doubleQuote(wordSpacing: aw, charSpacing: ac, s.bytes)
        case .TJ: return textArrayOperator(range)
        case .gs, .CS, .cs, .Do, .sh, .BMC, .MP: return nameOperator(code, range)
        case .BDC, .DP:
            guard let ops = take(2, range) else { return nil }
            guard let tag = ops.first?.name, let props = ops.last else { return typeError(range) }
            guard props.name != nil || props.dictionary != nil else { return typeError(range) }
            return code == .BDC ? .BDC(tag, props) : .DP(tag, props)
        case .SC, .sc, .SCN, .scn: return colorOperator(code, range)
        case .BI:
            operands.removeAll(keepingCapacity: true)
            return readInlineImage()
        case .ID, .EI:
            operands.removeAll(keepingCapacity: true)
            let opName = name(range)
            diagnostics.note(.contentSyntax, "\(opName) without BI")
            return nil
        case .unknown: return unknownOperator(range)
        }
    }

    /// `TJ`: its strings and adjustments (other elements left out).
    @inline(__always) mutating func textArrayOperator(_ range: Range<Int>) -> Operator? {
        guard let ops = take(1, range) else { return nil }
        guard let array = ops.first?.array else { return typeError(range) }
        var elements: [TextArrayElement] = []
        elements.reserveCapacity(array.count)
        for e in array {
            if let s = e.string { elements.append(.string(s.bytes)) }
            else if let n = e.number { elements.append(.adjustment(n)) }
        }
        return .TJ(TextArray(elements))
    }

    /// An operator whose one operand is a name: `gs`, `CS`, `cs`, `Do`, `sh`, `BMC`, `MP`.
    @inline(__always) mutating func nameOperator(_ code: OpCode, _ range: Range<Int>) -> Operator? {
        guard let ops = take(1, range) else { return nil }
        guard let name = ops.first?.name else { return typeError(range) }
        switch code {
        case .gs: return .gs(name)
        case .CS: return .CS(name)
        case .cs: return .cs(name)
        case .Do: return .Do(name)
        case .sh: return .sh(name)
        case .BMC: return .BMC(name)
        default: return .MP(name)
        }
    }

    /// `SC`, `sc`, `SCN`, `scn`: the colour's components, and for the last two a pattern's
    /// name as the last operand.
    @inline(__always) mutating func colorOperator(_ code: OpCode, _ range: Range<Int>) -> Operator? {
        defer { operands.removeAll(keepingCapacity: true) }
        var pattern: Name? = nil
        var comps: [Double] = []
        comps.reserveCapacity(operands.count)
        for (i, o) in operands.enumerated() {
            if let v = o.number { comps.append(v) }
            else if i == operands.count - 1, let n = o.name, code == .SCN || code == .scn { pattern = n }
            else {
                let opName = name(range)
                diagnostics.note(.contentOperands, "\(opName): operand is not a number; skipped")
                return nil
            }
        }
        switch code {
        case .SC: return .SC(comps)
        case .sc: return .sc(comps)
        case .SCN: return .SCN(comps, pattern)
        default: return .scn(comps, pattern)
        }
    }

    /// An operator this parser does not know: reported outside `BX`…`EX`, kept with its
    /// first 64 bytes.
    @inline(__always) mutating func unknownOperator(_ range: Range<Int>) -> Operator? {
        operands.removeAll(keepingCapacity: true)
        if compatibilityDepth == 0 {
            let opName = name(range)
            diagnostics.note(.contentUnknownOperator, "unknown operator \(opName)")
        }
        return .unknown(Array(bytes[range].prefix(64)))
    }
}
