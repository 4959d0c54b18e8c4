import PDFFile

/// A small, forgiving XML reader for XMP packets: elements with their namespace URIs and
/// prefixes, attributes, and text. Byte level; no DTDs, no external entities. Damaged input
/// gives whatever was read: unclosed elements are closed at the end, a stray end tag is
/// ignored, and reading stops at ``maxNodes`` elements or ``maxDepth`` levels.
struct XMLTree: Sendable {
    /// Elements read at most.
    static let maxNodes = 100_000
    /// Element nesting followed at most; deeper elements are skipped.
    static let maxDepth = 256

    struct Attribute: Sendable, Hashable {
        var prefix: String
        var name: String
        /// The namespace URI the prefix is bound to ("" when unbound or no prefix).
        var namespace: String
        var value: String
    }

    struct Element: Sendable, Hashable {
        var prefix: String
        var name: String
        var namespace: String
        var attributes: [Attribute] = []
        var children: [Int] = []
        /// The text directly inside the element (character data and CDATA, entities decoded).
        var text: String = ""
        var parent: Int?

        func attribute(_ namespace: String, _ name: String) -> String? {
            attributes.first { $0.namespace == namespace && $0.name == name }?.value
        }
    }

    static let xmlNamespace = "http://www.w3.org/XML/1998/namespace"
    static let xmlnsNamespace = "http://www.w3.org/2000/xmlns/"

    private(set) var elements: [Element] = []
    /// Top-level elements.
    private(set) var roots: [Int] = []

    init(bytes: [UInt8]) {
        var r = Reader(bytes: bytes)
        r.parse()
        elements = r.elements
        roots = r.roots
    }

    private struct Reader {
        let bytes: [UInt8]
        var i = 0
        var elements: [Element] = []
        var roots: [Int] = []
        /// Open elements (indexes) and, per level, the prefix bindings in effect.
        var open: [Int] = []
        var scopes: [[String: String]] = [["xml": XMLTree.xmlNamespace]]
        /// Levels of elements skipped for depth.
        var skippedDepth = 0
        var text: [UInt8] = []

        init(bytes: [UInt8]) { self.bytes = bytes }

        mutating func parse() {
            while i < bytes.count {
                if bytes[i] == UInt8(ascii: "<") {
                    flushText()
                    markup()
                } else {
                    text.append(bytes[i])
                    i += 1
                }
            }
            flushText()
        }

        func starts(with s: String, at p: Int) -> Bool {
            var k = p
            for c in s.utf8 {
                guard k < bytes.count, bytes[k] == c else { return false }
                k += 1
            }
            return true
        }

        /// Moves past the first `terminator` at or after `i` (to the end when missing).
        mutating func skip(past terminator: String) {
            let t = Array(terminator.utf8)
            while i < bytes.count {
                if bytes[i] == t[0], starts(with: terminator, at: i) { i += t.count; return }
                i += 1
            }
        }

        mutating func markup() {
            if starts(with: "<!--", at: i) { skip(past: "-->"); return }
            if starts(with: "<![CDATA[", at: i) {
                i += 9
                let start = i
                var end = bytes.count
                var k = start
                while k + 2 < bytes.count {
                    if bytes[k] == UInt8(ascii: "]"), bytes[k + 1] == UInt8(ascii: "]"), bytes[k + 2] == UInt8(ascii: ">") { end = k; break }
                    k += 1
                }
                i = min(bytes.count, end + 3)
                if skippedDepth == 0, let e = open.last { elements[e].text += String(decoding: bytes[start..<end], as: UTF8.self) }
                return
            }
            if starts(with: "<?", at: i) { skip(past: "?>"); return }
            if starts(with: "<!", at: i) { skipDeclaration(); return }
            if starts(with: "</", at: i) { endTag(); return }
            startTag()
        }

        /// `<!DOCTYPE …>` with an optional internal subset in brackets.
        mutating func skipDeclaration() {
            var bracket = 0
            while i < bytes.count {
                let c = bytes[i]
                i += 1
                if c == UInt8(ascii: "[") { bracket += 1 }
                else if c == UInt8(ascii: "]") { bracket -= 1 }
                else if c == UInt8(ascii: ">"), bracket <= 0 { return }
            }
        }

        static func isSpace(_ c: UInt8) -> Bool { c == 0x20 || c == 0x09 || c == 0x0A || c == 0x0D }
        static func isNameEnd(_ c: UInt8) -> Bool {
            isSpace(c) || c == UInt8(ascii: ">") || c == UInt8(ascii: "/") || c == UInt8(ascii: "=")
        }

        mutating func name() -> String {
            let start = i
            while i < bytes.count, !Self.isNameEnd(bytes[i]) { i += 1 }
            return String(decoding: bytes[start..<i], as: UTF8.self)
        }

        mutating func skipSpaces() { while i < bytes.count, Self.isSpace(bytes[i]) { i += 1 } }

        static func split(_ qname: String) -> (prefix: String, name: String) {
            guard let colon = qname.firstIndex(of: ":") else { return ("", qname) }
            return (String(qname[..<colon]), String(qname[qname.index(after: colon)...]))
        }

        mutating func endTag() {
            i += 2
            let qname = name()
            skip(past: ">")
            if skippedDepth > 0 { skippedDepth -= 1; return }
            // Close up to the matching open element; a stray end tag is ignored.
            let (prefix, local) = Self.split(qname)
            guard let k = open.lastIndex(where: { elements[$0].prefix == prefix && elements[$0].name == local }) else { return }
            open.removeSubrange(k...)
            scopes.removeSubrange((k + 1)...)
        }

        mutating func startTag() {
            i += 1
            let qname = name()
            var raw: [(String, String)] = []
            var selfClosing = false
            while i < bytes.count {
                skipSpaces()
                guard i < bytes.count else { break }
                if bytes[i] == UInt8(ascii: ">") { i += 1; break }
                if bytes[i] == UInt8(ascii: "/") {
                    i += 1
                    if i < bytes.count, bytes[i] == UInt8(ascii: ">") { i += 1; selfClosing = true; break }
                    continue
                }
                let attrName = name()
                if attrName.isEmpty { i += 1; continue }
                skipSpaces()
                guard i < bytes.count, bytes[i] == UInt8(ascii: "=") else { raw.append((attrName, "")); continue }
                i += 1
                skipSpaces()
                guard i < bytes.count else { break }
                let quote = bytes[i]
                if quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") {
                    i += 1
                    let start = i
                    while i < bytes.count, bytes[i] != quote { i += 1 }
                    raw.append((attrName, Self.decodeEntities(bytes[start..<i])))
                    if i < bytes.count { i += 1 }
                } else {
                    let start = i
                    while i < bytes.count, !Self.isSpace(bytes[i]), bytes[i] != UInt8(ascii: ">") { i += 1 }
                    raw.append((attrName, Self.decodeEntities(bytes[start..<i])))
                }
            }
            if skippedDepth > 0 || open.count >= XMLTree.maxDepth || elements.count >= XMLTree.maxNodes {
                if !selfClosing { skippedDepth += 1 }
                return
            }
            var scope = scopes[scopes.count - 1]
            for (n, v) in raw {
                if n == "xmlns" { scope[""] = v }
                else if n.hasPrefix("xmlns:") { scope[String(n.dropFirst(6))] = v }
            }
            let (prefix, local) = Self.split(qname)
            var e = Element(prefix: prefix, name: local, namespace: scope[prefix] ?? "", parent: open.last)
            for (n, v) in raw {
                let (p, l) = Self.split(n)
                if n == "xmlns" || p == "xmlns" {
                    e.attributes.append(Attribute(prefix: p, name: l, namespace: XMLTree.xmlnsNamespace, value: v))
                } else {
                    // Unprefixed attributes have no namespace (XML Namespaces §6.2).
                    e.attributes.append(Attribute(prefix: p, name: l, namespace: p.isEmpty ? "" : scope[p] ?? "", value: v))
                }
            }
            let index = elements.count
            elements.append(e)
            if let parent = open.last { elements[parent].children.append(index) } else { roots.append(index) }
            if !selfClosing {
                open.append(index)
                scopes.append(scope)
            }
        }

        mutating func flushText() {
            guard !text.isEmpty else { return }
            if skippedDepth == 0, let e = open.last { elements[e].text += Self.decodeEntities(text[...]) }
            text.removeAll(keepingCapacity: true)
        }

        /// The five predefined entities and character references; anything else is kept.
        static func decodeEntities(_ s: ArraySlice<UInt8>) -> String {
            guard s.contains(UInt8(ascii: "&")) else { return String(decoding: s, as: UTF8.self) }
            var out: [UInt8] = []
            out.reserveCapacity(s.count)
            var k = s.startIndex
            while k < s.endIndex {
                let c = s[k]
                guard c == UInt8(ascii: "&"), let semi = s[k...].prefix(12).firstIndex(of: UInt8(ascii: ";")) else {
                    out.append(c); k += 1; continue
                }
                let entity = String(decoding: s[(k + 1)..<semi], as: UTF8.self)
                var scalar: Unicode.Scalar?
                switch entity {
                case "lt": scalar = "<"
                case "gt": scalar = ">"
                case "amp": scalar = "&"
                case "quot": scalar = "\""
                case "apos": scalar = "'"
                default:
                    if entity.hasPrefix("#x") || entity.hasPrefix("#X") {
                        scalar = UInt32(entity.dropFirst(2), radix: 16).flatMap(Unicode.Scalar.init)
                    } else if entity.hasPrefix("#") {
                        scalar = UInt32(entity.dropFirst(1)).flatMap(Unicode.Scalar.init)
                    }
                }
                if let scalar {
                    out.append(contentsOf: Array(String(Character(scalar)).utf8))
                    k = semi + 1
                } else {
                    out.append(c); k += 1
                }
            }
            return String(decoding: out, as: UTF8.self)
        }
    }
}

/// The properties of an XMP packet (ISO 16684-1): the top-level properties of every
/// `rdf:Description` under `rdf:RDF`, as elements or as attributes, with their namespace
/// and the prefix the packet wrote.
struct XMPPacket: Sendable {
    static let rdfNamespace = "http://www.w3.org/1999/02/22-rdf-syntax-ns#"
    static let dcNamespace = "http://purl.org/dc/elements/1.1/"
    static let pdfuaNamespace = "http://www.aiim.org/pdfua/ns/id/"

    struct Property: Sendable, Hashable {
        var namespace: String
        var prefix: String
        var name: String
        /// A simple property's text, trimmed; nil for arrays and structures.
        var value: String?
        /// The items of an array (`rdf:Alt`, `rdf:Bag`, `rdf:Seq`); nil for other values.
        var items: [Item]?

        /// An array item: its `xml:lang` (nil when it has none) and text.
        struct Item: Sendable, Hashable {
            var language: String?
            var value: String
        }

        /// An array whose every item has a language (XMP's language alternative).
        var isLanguageAlternative: Bool {
            guard let items, !items.isEmpty else { return false }
            return items.allSatisfy { $0.language != nil }
        }

        /// A language alternative's `x-default` item, else its first item.
        var languageAlternative: String? {
            guard isLanguageAlternative, let items else { return nil }
            return items.first { $0.language?.lowercased() == "x-default" }?.value ?? items.first?.value
        }

        /// A language alternative with exactly one item, in `x-default`: its language is
        /// only what the document declares.
        var isDefaultLanguageOnly: Bool {
            guard isLanguageAlternative, let items, items.count == 1 else { return false }
            return items[0].language?.lowercased() == "x-default"
        }
    }

    private(set) var properties: [Property] = []
    /// The `pdfd:conformsTo` values of the PDF Declarations (ISO/TS 24654-style
    /// `pdfd:declarations`), wherever they sit in the packet.
    private(set) var declarations: [String] = []

    static let declarationsNamespace = "http://pdfa.org/declarations/"

    init(bytes: [UInt8]) {
        let tree = XMLTree(bytes: bytes)
        for e in tree.elements where e.namespace == Self.declarationsNamespace && e.name == "conformsTo" {
            let v = Self.trimmed(e.attribute(Self.rdfNamespace, "resource") ?? e.text)
            if !v.isEmpty { declarations.append(v) }
        }
        let rdf = Self.rdfNamespace
        for (index, e) in tree.elements.enumerated() where e.namespace == rdf && e.name == "Description" {
            // Only descriptions directly under rdf:RDF hold top-level properties.
            guard let p = e.parent, tree.elements[p].namespace == rdf, tree.elements[p].name == "RDF" else { continue }
            for a in e.attributes where a.namespace != rdf && a.namespace != XMLTree.xmlnsNamespace
                && a.namespace != XMLTree.xmlNamespace && !a.prefix.isEmpty {
                properties.append(Property(namespace: a.namespace, prefix: a.prefix, name: a.name, value: Self.trimmed(a.value)))
            }
            for c in tree.elements[index].children {
                properties.append(Self.property(tree, c))
            }
        }
    }

    static func property(_ tree: XMLTree, _ index: Int) -> Property {
        let e = tree.elements[index]
        var p = Property(namespace: e.namespace, prefix: e.prefix, name: e.name)
        let containers = e.children.filter {
            let c = tree.elements[$0]
            return c.namespace == rdfNamespace && (c.name == "Alt" || c.name == "Bag" || c.name == "Seq")
        }
        if let array = containers.first {
            p.items = tree.elements[array].children.compactMap { li in
                let item = tree.elements[li]
                guard item.namespace == rdfNamespace, item.name == "li" else { return nil }
                return Property.Item(language: item.attribute(XMLTree.xmlNamespace, "lang"), value: trimmed(item.text))
            }
        } else if e.children.isEmpty {
            p.value = e.attribute(rdfNamespace, "resource") ?? trimmed(e.text)
        }
        return p
    }

    /// Properties in `namespace` named `name`, in packet order.
    func properties(_ namespace: String, _ name: String) -> [Property] {
        properties.filter { $0.namespace == namespace && $0.name == name }
    }

    static func trimmed(_ s: String) -> String {
        let blank: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" || $0 == "\r\n" }
        guard let first = s.firstIndex(where: { !blank($0) }), let last = s.lastIndex(where: { !blank($0) }) else { return "" }
        return String(s[first...last])
    }
}

/// What the audit reads from the catalog's XMP metadata packet.
package struct XMPFacts: Sendable {
    /// The packet's properties; nil when the catalog has no readable metadata stream.
    var packet: XMPPacket?

    package init(document: Document) {
        guard let xmp = document.xmpMetadata else { return }
        packet = XMPPacket(bytes: Array(xmp.utf8))
    }

    init(bytes: [UInt8]) { packet = XMPPacket(bytes: bytes) }

    /// Whether any top-level property is in the PDF/UA identification namespace.
    var hasPDFUAIdentification: Bool {
        packet?.properties.contains { $0.namespace == XMPPacket.pdfuaNamespace } ?? false
    }

    /// A PDF/UA identification property (`part`, `amd`, `corr`), whatever its prefix.
    func pdfuaProperty(_ name: String) -> XMPPacket.Property? {
        packet?.properties(XMPPacket.pdfuaNamespace, name).first
    }

    /// `pdfuaid:part`, when present and an integer.
    var pdfuaPart: Int? { pdfuaProperty("part")?.value.flatMap { Int($0) } }

    /// The PDF Declarations the packet makes (`pdfd:conformsTo` URIs).
    var declarations: [String] { packet?.declarations ?? [] }

    static let wtpdfAccessibility = "http://pdfa.org/declarations/wtpdf#accessibility1.0"
    static let wtpdfReuse = "http://pdfa.org/declarations/wtpdf#reuse1.0"

    /// `dc:title` (namespace Dublin Core, written with prefix `dc`, as veraPDF reads it):
    /// its `x-default` text, else its first item; nil when absent or not a language
    /// alternative.
    package var title: String? {
        packet?.properties(XMPPacket.dcNamespace, "title").first { $0.prefix == "dc" }?.languageAlternative
    }
}
