import ArgumentParser
import Foundation
import PDFCore
import PDFText
import PDFSemantic

/// `pdftext structure`: the structure tree of a tagged PDF as an indented outline, each
/// element with its role (and the standard role it maps to), its properties and its text.
package struct Structure: ParsableCommand {
    package static let configuration = CommandConfiguration(
        commandName: "structure",
        abstract: "Print the structure tree of a tagged PDF, indented, with roles and text.",
        discussion: """
            One line per structure element: its type (with the standard type the role map \
            gives it, after an arrow, when they differ), its namespace (ns=pdf-2.0, \
            ns=mathml, or the URI; the namespace the role map reaches in parentheses when it \
            differs), page, Lang, Alt, ActualText, E and \
            attribute owners, then its own text (the marked content it names directly) in \
            quotes, cut to --width characters. Control and bidirectional formatting \
            characters are shown escaped (\\u{1b}, \\t, \\n). Marked content in form XObjects and object \
            references (annotations) are listed as kids. Exit status 4 when the file has no \
            structure tree.
            """)

    @Argument(help: "PDF file (`-` reads standard input).")
    package var file: String

    @Option(help: "Longest text shown per element, in characters (0: no text).")
    package var width = 80

    @OptionGroup package var passwords: PasswordOptions

    @OptionGroup package var access: TextAccessOptions

    package init() {}

    package func run() throws {
        let document = try Opening.openOrExit(path: file, passwords: passwords, access: width > 0 ? access : nil)
        let tree = StructureTree(document: document)
        guard tree.hasStructureTree else {
            printError("\(file): no structure tree (the PDF is not tagged)")
            throw ExitCode(ExitStatus.findings)
        }
        let texts = width > 0 ? MarkedContentText(document: document) : nil
        let out = ByteWriter()
        // Depth-first in tree order; kids that are not elements become literal lines.
        enum Item { case element(Int, level: Int), line(String) }
        var stack: [Item] = tree.roots.reversed().map { .element($0, level: 0) }
        while let item = stack.popLast() {
            guard case .element(let index, let level) = item else {
                if case .line(let l) = item { out.write(ControlEscaping.escaped(l) + "\n") }
                continue
            }
            let e = tree.elements[index]
            // Types, Lang, Alt, ActualText and text come from the file: shown escaped.
            out.write(ControlEscaping.escaped(Self.line(e, level: level, tree: tree, texts: texts, width: width)) + "\n")
            let indent = String(repeating: "  ", count: level + 1)
            for kid in e.kids.reversed() {
                switch kid {
                case .element(let k): stack.append(.element(k, level: level + 1))
                case .markedContent(_, let mcid, let stream?):
                    stack.append(.line(indent + "[marked content \(mcid) of form XObject \(stream.number)]"))
                case .object(let page, let object):
                    let place = page.map { " p\($0 + 1)" } ?? ""
                    stack.append(.line(indent + "[object \(object.map { String($0.number) } ?? "?")\(place)]"))
                case .markedContent: break
                }
            }
        }
        out.flush()
    }

    static func line(_ e: StructureTree.Element, level: Int, tree: StructureTree, texts: MarkedContentText?, width: Int) -> String {
        var s = String(repeating: "  ", count: level) + (e.type.isEmpty ? "?" : e.type)
        if let std = e.standardType, std != e.type { s += " → \(std)" } else if e.standardType == nil { s += " (non-standard)" }
        if let ns = e.namespace { s += " ns=" + namespaceLabel(ns) }
        if let ns = e.standardNamespace, e.namespace != nil || ns != StructureTree.pdf17Namespace, ns != e.namespace {
            s += " (" + namespaceLabel(ns) + ")"
        }
        if let p = e.pageIndex { s += " p\(p + 1)" }
        if let l = e.language { s += " lang=\(l)" }
        if let a = e.alt { s += " alt=\(quoted(a, width))" }
        if let a = e.actualText { s += " actualText=\(quoted(a, width))" }
        if let x = e.expansion { s += " e=\(quoted(x, width))" }
        if let t = e.title { s += " title=\(quoted(t, width))" }
        let owners = e.attributes.map(\.owner).filter { !$0.isEmpty }
        if !owners.isEmpty { s += " attributes=" + owners.joined(separator: ",") }
        if let texts {
            var own = ""
            for kid in e.kids {
                if case .markedContent(let page?, let mcid, nil) = kid, let t = texts.text(page: page, mcid: mcid) {
                    own += t
                }
            }
            let trimmed = own.trimmingCharacters(in: .whitespacesAndNewlines)
            if !trimmed.isEmpty { s += " " + quoted(trimmed, width) }
        }
        return s
    }

    /// A structure namespace as people say it: `pdf-1.7`, `pdf-2.0`, `mathml`, or its URI.
    static func namespaceLabel(_ uri: String) -> String {
        switch uri {
        case StructureTree.pdf17Namespace: "pdf-1.7"
        case StructureTree.pdf20Namespace: "pdf-2.0"
        case StructureTree.mathMLNamespace: "mathml"
        default: uri
        }
    }

    static func quoted(_ text: String, _ width: Int) -> String {
        let flat = text.replacingOccurrences(of: "\n", with: " ").replacingOccurrences(of: "\"", with: "\\\"")
        let cut = width > 0 && flat.count > width ? String(flat.prefix(width)) + "…" : flat
        return "\"" + cut + "\""
    }
}

/// The text of each marked-content sequence with an MCID, per page, in the layout's reading
/// order with its inferred spaces and line breaks (PDFSemantic's `PageContentMap`); pages
/// are read when first asked for.
final class MarkedContentText {
    let document: PDFDocument
    var pages: [Int: PageContentMap] = [:]

    init(document: Document) {
        self.document = PDFDocument(file: document, options: .commandLine)
    }

    func text(page: Int, mcid: Int) -> String? {
        if pages[page] == nil, let text = document.page(at: page)?.pageText { pages[page] = PageContentMap(text) }
        guard let map = pages[page], let chars = map.charactersByMCID[mcid] else { return nil }
        return map.text(of: chars)
    }
}
