import PDFCore
import PDFText
import PDFSemantic

/// `--attributed --format markdown` (CommonMark with GitHub's `~~strike~~`): blocks as
/// paragraphs separated by blank lines, headings as `#`…`######` (as in the HTML output),
/// `**bold**`, `*italic*`, `` `code` ``, `~~strike~~`, `[text](url)` (`#page-N` for pages
/// of the document; a URI only when ``LinkPolicy`` allows it, with parentheses percent-encoded,
/// else the text stays plain); underline, superscript and subscript as inline HTML (`<u>`, `<sup>`,
/// `<sub>`), which CommonMark passes through. Markdown's special characters in the text are
/// backslash-escaped. Each page starts with an HTML comment `<!-- page N -->`. Untagged
/// structure is inferred as the accessible HTML infers it: lines that start with a bullet or
/// an enumerator are list items (`- `, `1. `), and a block of two or more lines all in a
/// monospaced font is a fenced code block, written as it reads.
struct AttributedMarkdownFormatter: PageFormatter {
    enum Element: Equatable {
        case link(String)
        case bold, italic, strike, underline, superscript, `subscript`
        /// A code span with its backtick fence.
        case code(String)
    }

    func documentStart(_ document: DocumentContext) -> Bytes { Bytes(capacity: 0) }
    func documentEnd(_ document: DocumentContext) -> Bytes { Bytes(capacity: 0) }

    func page(_ page: PageText, _ context: PageContext, _ document: DocumentContext) -> Bytes {
        guard let source = document.styling else { return Bytes(capacity: 0) }
        let styled = StyledPage(page, styles: source.styles(page), number: context.number, label: context.label)
        var out = Bytes(capacity: 2 * page.layout.characters.count + 64)
        if !(context.ordinal == 0 && document.firstOnStream) { out.append("\n") }
        out.append("<!-- page \(context.number) -->\n")
        for original in styled.blocks {
            out.append("\n")
            if Self.isCode(original) {
                let lines = original.lines.map { $0.map(\.text).joined() }
                let fence = Self.blockFence(for: lines)
                out.append(fence + "\n")
                for line in lines { out.append(line.replacingOccurrences(of: "\r", with: "") + "\n") }
                out.append(fence + "\n")
                continue
            }
            let (block, itemPrefixes) = Self.listItems(original)
            var lineIndex = 0
            if let level = block.headingLevel { out.append(String(repeating: "#", count: level) + " ") }
            let heading = block.headingLevel != nil
            let segments = InlineSegment<Element>.cut(block, breaksClose: block.kind == .table,
                                                       elements: { style, text in Self.elements(style, heading: heading, text: text) },
                                                       continuesOverSpace: { if case .code = $0 { false } else { true } })
            var stack = InlineStack<Element>()
            var atLineStart = !heading
            if let prefix = itemPrefixes[0] { out.append(prefix) }
            for segment in segments {
                if segment.isLineBreak {
                    // Item markers stand outside the inline elements of the line before.
                    if itemPrefixes[lineIndex + 1] != nil { stack.closeAll { close($0, &out) } }
                }
                stack.move(to: segment.elements, close: { close($0, &out) }, opening: { open($0, &out) })
                if segment.isLineBreak {
                    // Headings are one line; table rows end with a hard break.
                    out.append(heading ? " " : block.kind == .table ? "\\\n" : "\n")
                    atLineStart = !heading
                    lineIndex += 1
                    if let prefix = itemPrefixes[lineIndex] { out.append(prefix) }
                    continue
                }
                if case .code? = segment.elements.last {
                    out.append(segment.text)
                } else {
                    out.append(Self.escaped(segment.text, atLineStart: atLineStart))
                }
                atLineStart = false
            }
            stack.closeAll { close($0, &out) }
            out.append("\n")
        }
        return out
    }

    /// A block of two or more lines whose every visible character is monospaced.
    static func isCode(_ block: StyledPage.Block) -> Bool {
        guard block.headingLevel == nil, block.kind != .table, block.lines.count >= 2 else { return false }
        var any = false
        for line in block.lines {
            for piece in line where piece.text.unicodeScalars.contains(where: { !$0.properties.isWhitespace }) {
                if !piece.style.isMonospace { return false }
                any = true
            }
        }
        return any
    }

    /// The fence of a code block holding `lines`: three backticks, or one more than the
    /// longest run of backticks that starts a line.
    static func blockFence(for lines: [String]) -> String {
        var longest = 0
        for line in lines {
            let run = line.unicodeScalars.prefix { $0 == "`" }.count
            longest = max(longest, run)
        }
        return String(repeating: "`", count: max(3, longest + 1))
    }

    /// The block with the markers of its list items taken out of their lines, and per line
    /// index the prefix to write: `- ` or `3. ` for an item, three spaces for a line that
    /// continues one (indented past the item's marker, as the accessible HTML reads it), a
    /// blank line before paragraph text that follows a list. Headings and tables are left
    /// alone.
    static func listItems(_ block: StyledPage.Block) -> (StyledPage.Block, [Int: String]) {
        guard block.headingLevel == nil, block.kind != .table else { return (block, [:]) }
        var block = block
        var prefixes: [Int: String] = [:]
        var number = 0
        var itemStart: Double?
        for (i, line) in block.lines.enumerated() {
            let text = line.map(\.text).joined()
            let trimmed = text.trimmingCharacters(in: .whitespaces)
            guard let m = Inference.marker(trimmed), !m.rest.isEmpty else {
                if let x0 = itemStart, i < block.lineStarts.count {
                    // Past the marker's edge: the item goes on; at or before it: a paragraph.
                    if block.lineStarts[i] > x0 + block.size * 0.5 { prefixes[i] = "   " } else {
                        prefixes[i] = "\n"
                        itemStart = nil
                    }
                }
                continue
            }
            itemStart = i < block.lineStarts.count ? block.lineStarts[i] : 0
            // Drop the characters before the item's text from the line's pieces.
            var drop = text.unicodeScalars.count - m.rest.unicodeScalars.count - (text.unicodeScalars.count - trimmed.unicodeScalars.count - leadingSpaces(text))
            var pieces = line
            var k = 0
            while drop > 0, k < pieces.count {
                let n = pieces[k].text.unicodeScalars.count
                if n <= drop { drop -= n; pieces[k].text = "" } else {
                    pieces[k].text = String(String.UnicodeScalarView(pieces[k].text.unicodeScalars.dropFirst(drop)))
                    drop = 0
                }
                k += 1
            }
            block.lines[i] = pieces.filter { !$0.text.isEmpty }
            if m.ordered {
                number += 1
                prefixes[i] = "\(number). "
            } else {
                prefixes[i] = "- "
            }
        }
        return (block, prefixes)
    }

    static func leadingSpaces(_ s: String) -> Int { s.unicodeScalars.prefix { $0 == " " || $0 == "\t" }.count }

    static func elements(_ s: TextStyle, heading: Bool, text: String) -> [Element] {
        var e: [Element] = []
        if let target = LinkPolicy.target(url: s.linkURL, pageIndex: s.linkPageIndex) { e.append(.link(target)) }
        if s.isBold && !heading { e.append(.bold) }
        if s.isItalic { e.append(.italic) }
        if s.isStrikethrough { e.append(.strike) }
        if s.isUnderlined { e.append(.underline) }
        if s.baselineOffset > 0 { e.append(.superscript) } else if s.baselineOffset < 0 { e.append(.subscript) }
        if s.isMonospace { e.append(.code(codeFence(for: text))) }
        return e
    }

    func open(_ e: Element, _ out: inout Bytes) {
        switch e {
        case .link: out.append("[")
        case .bold: out.append("**")
        case .italic: out.append("*")
        case .strike: out.append("~~")
        case .underline: out.append("<u>")
        case .superscript: out.append("<sup>")
        case .subscript: out.append("<sub>")
        case .code(let fence): out.append(fence)
        }
    }

    func close(_ e: Element, _ out: inout Bytes) {
        switch e {
        case .link(let target):
            out.append("](" + Self.destination(target) + ")")
        case .bold: out.append("**")
        case .italic: out.append("*")
        case .strike: out.append("~~")
        case .underline: out.append("</u>")
        case .superscript: out.append("</sup>")
        case .subscript: out.append("</sub>")
        case .code(let fence): out.append(String(fence.reversed()))
        }
    }

    /// A link destination: the target (already ``LinkPolicy/target(for:)``'s, so without
    /// spaces, controls, `<` or `>`) with parentheses percent-encoded and `&` backslash-escaped
    /// (CommonMark decodes entities in a destination), so that it ends where the link does.
    static func destination(_ target: String) -> String {
        var out = ""
        for c in target.unicodeScalars {
            if c == "&" {
                out += "\\&"
            } else if "() <>\\".unicodeScalars.contains(c) || ControlEscaping.needsEscape(c) {
                out += LinkPolicy.percentEncoded(c)
            } else {
                out.unicodeScalars.append(c)
            }
        }
        return out
    }

    /// The opening fence of a code span holding `text`: one backtick more than its longest
    /// run of backticks (so that no run inside closes the span), and a space inside the
    /// fence when it holds any (so that a backtick at either end is not part of the fence).
    /// The closing fence is the opening one reversed.
    static func codeFence(for text: String) -> String {
        var longest = 0, run = 0
        for b in text.utf8 {
            if b == UInt8(ascii: "`") { run += 1; longest = max(longest, run) } else { run = 0 }
        }
        let fence = String(repeating: "`", count: longest + 1)
        return longest > 0 ? fence + " " : fence
    }

    /// Characters that would start markup anywhere in a line.
    static let special: Set<Unicode.Scalar> = ["\\", "`", "*", "_", "[", "]", ">", "#", "|", "~", "&", "!"]

    /// Text with Markdown's special characters escaped; at the start of a line also what would
    /// start a list, a heading underline or a quote (`-`, `+`, `=`, `1.`, `1)`). `<` is written
    /// `&lt;` (no autolink, no raw HTML), and a `(` after a `]` is escaped as well, so that the
    /// text never reads as link syntax, even to a tool that ignores backslashes. By scalars,
    /// not characters: a combining or prepended mark must not hide a bracket.
    static func escaped(_ text: String, atLineStart: Bool) -> String {
        var out = String.UnicodeScalarView()
        var leading = atLineStart, digits = 0
        var previous: Unicode.Scalar?
        for c in text.unicodeScalars {
            if c == "<" {
                out.append(contentsOf: "&lt;".unicodeScalars)
                leading = false
                previous = c
                continue
            }
            if special.contains(c) || (c == "(" && previous == "]") {
                out.append("\\")
            } else if leading && digits == 0 && (c == "-" || c == "+" || c == "=") {
                out.append("\\")
            } else if leading && digits > 0 && (c == "." || c == ")") {
                out.append("\\")
            }
            if leading && ("0"..."9").contains(c) { digits += 1 } else { leading = false }
            out.append(c)
            previous = c
        }
        return String(out)
    }
}
