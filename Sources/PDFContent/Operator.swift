import PDFCore
import PDFSyntax

extension Diagnostic.Code {
    /// A content-stream operator with missing or wrongly typed operands (skipped).
    package static let contentOperands = Diagnostic.Code("contentOperands")
    /// Content-stream syntax that had to be recovered (unclosed array, stray token, …).
    package static let contentSyntax = Diagnostic.Code("contentSyntax")
    /// An operator the interpreter does not know (outside `BX`/`EX`).
    package static let contentUnknownOperator = Diagnostic.Code("contentUnknownOperator")
    /// A page exceeded a budget of `ExtractionOptions` (operators, glyphs, nesting).
    package static let contentBudget = Diagnostic.Code("contentBudget")
    /// An inline image whose end (`EI`) could not be found reliably.
    package static let inlineImageDamaged = Diagnostic.Code("inlineImageDamaged")
}

/// One element of a `TJ` array.
package enum TextArrayElement: Sendable, Hashable {
    /// A string to show.
    case string([UInt8])
    /// A position adjustment in thousandths of text space (subtracted from the position).
    case adjustment(Double)
}

/// A `TJ` array: its strings' bytes one after another in one buffer, and its items in
/// order, each a string (a range of the buffer) or an adjustment. Read this way, an array
/// of many short strings (TeX writes a kern between every few letters) makes no array per
/// string. Two text arrays are equal when their elements are.
package struct TextArray: Sendable, Hashable {
    /// One item: a string, `bytes[start..<end]`, or (when `start` is negative) an
    /// adjustment.
    package struct Item: Sendable, Hashable {
        /// Where a string's bytes start in ``TextArray/bytes``; negative for an adjustment.
        package var start: Int32
        /// Where a string's bytes end in ``TextArray/bytes``.
        package var end: Int32
        /// An adjustment's value in thousandths of text space (0 for a string).
        package var adjustment: Double

        /// A string whose bytes are `range` of ``TextArray/bytes``.
        package static func string(_ range: Range<Int>) -> Item {
            Item(start: Int32(truncatingIfNeeded: range.lowerBound), end: Int32(truncatingIfNeeded: range.upperBound), adjustment: 0)
        }
        /// A position adjustment of `n` thousandths of text space.
        package static func adjustment(_ n: Double) -> Item { Item(start: -1, end: -1, adjustment: n) }
        /// Whether the item is a string (else an adjustment).
        package var isString: Bool { start >= 0 }
    }

    /// The strings' bytes, one after another.
    package internal(set) var bytes: [UInt8]
    /// The items in order.
    package internal(set) var items: [Item]

    init(bytes: [UInt8], items: [Item]) {
        self.bytes = bytes
        self.items = items
    }

    /// A text array holding `elements` in order (strings past 2 GiB of bytes in all are
    /// left out: item ranges are 32-bit).
    package init(_ elements: [TextArrayElement]) {
        var bytes: [UInt8] = [], items: [Item] = []
        for e in elements {
            switch e {
            case .string(let s):
                guard bytes.count + s.count <= Int(Int32.max) else { continue }
                let start = bytes.count
                bytes.append(contentsOf: s)
                items.append(.string(start..<bytes.count))
            case .adjustment(let n):
                items.append(.adjustment(n))
            }
        }
        self.init(bytes: bytes, items: items)
    }

    /// The items as elements, each string an array of its own.
    package var elements: [TextArrayElement] {
        items.map { $0.isString ? .string(Array(bytes[range(of: $0)])) : .adjustment($0.adjustment) }
    }

    /// A string item's bytes in ``bytes``, clamped to them (an item made by hand may point
    /// anywhere).
    package func range(of item: Item) -> Range<Int> {
        let upper = min(max(0, Int(item.end)), bytes.count)
        return min(max(0, Int(item.start)), upper)..<upper
    }

    package static func == (a: TextArray, b: TextArray) -> Bool { a.elements == b.elements }
    package func hash(into hasher: inout Hasher) { hasher.combine(elements) }
}

/// An inline image (`BI … ID <data> EI`).
package struct InlineImage: Sendable, Hashable {
    /// The image dictionary, abbreviated keys as written (`/W`, `/H`, `/CS`, …).
    package var dictionary: PDFDictionary
    /// Where the image data lies in the content bytes.
    package var dataRange: Range<Int>
}

/// A content-stream operator with its operands decoded (ISO 32000-2 Annex A).
package enum Operator: Sendable, Hashable {
    // Text objects and positioning.
    case BT, ET
    case Td(Double, Double), TD(Double, Double), Tm(Matrix), Tstar
    // Text state.
    case Tc(Double), Tw(Double), Tz(Double), TL(Double), Tf(Name, Double), Tr(Int), Ts(Double)
    // Text showing.
    case Tj([UInt8]), TJ(TextArray), quote([UInt8])
    /// `aw ac string "`.
    case doubleQuote(wordSpacing: Double, charSpacing: Double, [UInt8])
    // Graphics state.
    case q, Q, cm(Matrix), gs(Name)
    /// `w`, the line width.
    case w(Double)
    /// `J j M d ri i`: graphics-state operators that do not matter to text extraction.
    case otherGraphicsState
    // Colour.
    case CS(Name), cs(Name)
    case SC([Double]), sc([Double])
    /// Components, and the pattern name when the last operand is one.
    case SCN([Double], Name?), scn([Double], Name?)
    case G(Double), g(Double)
    case RG(Double, Double, Double), rg(Double, Double, Double)
    case K(Double, Double, Double, Double), k(Double, Double, Double, Double)
    // Path construction.
    case m(Double, Double), l(Double, Double)
    case c(Double, Double, Double, Double, Double, Double)
    case v(Double, Double, Double, Double), y(Double, Double, Double, Double)
    case h
    case re(Double, Double, Double, Double)
    // Path painting.
    case S, s, f, F, fStar, B, BStar, b, bStar, n
    // Clipping.
    case W, WStar
    // XObjects, images, shadings.
    case Do(Name)
    case inlineImage(InlineImage)
    case sh(Name)
    // Marked content.
    case BMC(Name)
    /// Properties inline (a dictionary) or by name (a `/Properties` resource).
    case BDC(Name, PDFObject)
    case EMC
    case MP(Name), DP(Name, PDFObject)
    // Compatibility.
    case BX, EX
    // Type 3 glyph metrics.
    case d0(Double, Double)
    case d1(Double, Double, Double, Double, Double, Double)
    /// An operator not known (its bytes).
    case unknown([UInt8])
}

/// Operator codes without operands, classified from the operator bytes.
enum OpCode: UInt8 {
    case BT, ET, Td, TD, Tm, Tstar, Tc, Tw, Tz, TL, Tf, Tr, Ts, Tj, TJ, quote, doubleQuote
    case q, Q, cm, gs, w, J, j, M, d, ri, i
    case CS, cs, SC, sc, SCN, scn, G, g, RG, rg, K, k
    case m, l, c, v, y, h, re, S, s, f, F, fStar, B, BStar, b, bStar, n, W, WStar
    case Do, BI, ID, EI, sh, BMC, BDC, EMC, MP, DP, BX, EX, d0, d1
    case unknown

    /// Classifies operator bytes by length and bytes, without making a string.
    static func classify(_ p: UnsafeBufferPointer<UInt8>) -> OpCode {
        switch p.count {
        case 1:
            switch p[0] {
            case UInt8(ascii: "q"): return .q
            case UInt8(ascii: "Q"): return .Q
            case UInt8(ascii: "w"): return .w
            case UInt8(ascii: "J"): return .J
            case UInt8(ascii: "j"): return .j
            case UInt8(ascii: "M"): return .M
            case UInt8(ascii: "d"): return .d
            case UInt8(ascii: "i"): return .i
            case UInt8(ascii: "G"): return .G
            case UInt8(ascii: "g"): return .g
            case UInt8(ascii: "K"): return .K
            case UInt8(ascii: "k"): return .k
            case UInt8(ascii: "m"): return .m
            case UInt8(ascii: "l"): return .l
            case UInt8(ascii: "c"): return .c
            case UInt8(ascii: "v"): return .v
            case UInt8(ascii: "y"): return .y
            case UInt8(ascii: "h"): return .h
            case UInt8(ascii: "S"): return .S
            case UInt8(ascii: "s"): return .s
            case UInt8(ascii: "f"): return .f
            case UInt8(ascii: "F"): return .F
            case UInt8(ascii: "B"): return .B
            case UInt8(ascii: "b"): return .b
            case UInt8(ascii: "n"): return .n
            case UInt8(ascii: "W"): return .W
            case UInt8(ascii: "'"): return .quote
            case UInt8(ascii: "\""): return .doubleQuote
            default: return .unknown
            }
        case 2:
            let a = p[0], z = p[1]
            switch (a, z) {
            case (UInt8(ascii: "B"), UInt8(ascii: "T")): return .BT
            case (UInt8(ascii: "E"), UInt8(ascii: "T")): return .ET
            case (UInt8(ascii: "T"), UInt8(ascii: "d")): return .Td
            case (UInt8(ascii: "T"), UInt8(ascii: "D")): return .TD
            case (UInt8(ascii: "T"), UInt8(ascii: "m")): return .Tm
            case (UInt8(ascii: "T"), UInt8(ascii: "*")): return .Tstar
            case (UInt8(ascii: "T"), UInt8(ascii: "c")): return .Tc
            case (UInt8(ascii: "T"), UInt8(ascii: "w")): return .Tw
            case (UInt8(ascii: "T"), UInt8(ascii: "z")): return .Tz
            case (UInt8(ascii: "T"), UInt8(ascii: "L")): return .TL
            case (UInt8(ascii: "T"), UInt8(ascii: "f")): return .Tf
            case (UInt8(ascii: "T"), UInt8(ascii: "r")): return .Tr
            case (UInt8(ascii: "T"), UInt8(ascii: "s")): return .Ts
            case (UInt8(ascii: "T"), UInt8(ascii: "j")): return .Tj
            case (UInt8(ascii: "T"), UInt8(ascii: "J")): return .TJ
            case (UInt8(ascii: "c"), UInt8(ascii: "m")): return .cm
            case (UInt8(ascii: "g"), UInt8(ascii: "s")): return .gs
            case (UInt8(ascii: "r"), UInt8(ascii: "i")): return .ri
            case (UInt8(ascii: "C"), UInt8(ascii: "S")): return .CS
            case (UInt8(ascii: "c"), UInt8(ascii: "s")): return .cs
            case (UInt8(ascii: "S"), UInt8(ascii: "C")): return .SC
            case (UInt8(ascii: "s"), UInt8(ascii: "c")): return .sc
            case (UInt8(ascii: "R"), UInt8(ascii: "G")): return .RG
            case (UInt8(ascii: "r"), UInt8(ascii: "g")): return .rg
            case (UInt8(ascii: "r"), UInt8(ascii: "e")): return .re
            case (UInt8(ascii: "f"), UInt8(ascii: "*")): return .fStar
            case (UInt8(ascii: "B"), UInt8(ascii: "*")): return .BStar
            case (UInt8(ascii: "b"), UInt8(ascii: "*")): return .bStar
            case (UInt8(ascii: "W"), UInt8(ascii: "*")): return .WStar
            case (UInt8(ascii: "D"), UInt8(ascii: "o")): return .Do
            case (UInt8(ascii: "B"), UInt8(ascii: "I")): return .BI
            case (UInt8(ascii: "I"), UInt8(ascii: "D")): return .ID
            case (UInt8(ascii: "E"), UInt8(ascii: "I")): return .EI
            case (UInt8(ascii: "s"), UInt8(ascii: "h")): return .sh
            case (UInt8(ascii: "M"), UInt8(ascii: "P")): return .MP
            case (UInt8(ascii: "D"), UInt8(ascii: "P")): return .DP
            case (UInt8(ascii: "B"), UInt8(ascii: "X")): return .BX
            case (UInt8(ascii: "E"), UInt8(ascii: "X")): return .EX
            case (UInt8(ascii: "d"), UInt8(ascii: "0")): return .d0
            case (UInt8(ascii: "d"), UInt8(ascii: "1")): return .d1
            default: return .unknown
            }
        case 3:
            let a = p[0], b2 = p[1], z = p[2]
            switch (a, b2, z) {
            case (UInt8(ascii: "S"), UInt8(ascii: "C"), UInt8(ascii: "N")): return .SCN
            case (UInt8(ascii: "s"), UInt8(ascii: "c"), UInt8(ascii: "n")): return .scn
            case (UInt8(ascii: "B"), UInt8(ascii: "M"), UInt8(ascii: "C")): return .BMC
            case (UInt8(ascii: "B"), UInt8(ascii: "D"), UInt8(ascii: "C")): return .BDC
            case (UInt8(ascii: "E"), UInt8(ascii: "M"), UInt8(ascii: "C")): return .EMC
            default: return .unknown
            }
        default:
            return .unknown
        }
    }

    /// The operand count an operator takes (nil: variable or none to check).
    var operandCount: Int? {
        switch self {
        case .BT, .ET, .Tstar, .q, .Q, .h, .S, .s, .f, .F, .fStar, .B, .BStar, .b, .bStar, .n, .W, .WStar,
             .EMC, .BX, .EX, .BI, .ID, .EI: return 0
        case .Tc, .Tw, .Tz, .TL, .Tr, .Ts, .Tj, .TJ, .quote, .gs, .w, .J, .j, .M, .ri, .i, .CS, .cs, .G, .g,
             .Do, .sh, .BMC, .MP: return 1
        case .Td, .TD, .Tf, .d, .m, .l, .BDC, .DP, .d0: return 2
        case .doubleQuote, .RG, .rg: return 3
        case .K, .k, .v, .y, .re: return 4
        case .Tm, .cm, .c, .d1: return 6
        case .SC, .sc, .SCN, .scn, .unknown: return nil
        }
    }
}
