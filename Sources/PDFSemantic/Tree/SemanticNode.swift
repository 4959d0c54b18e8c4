import PDFCore

/// A document's meaning as a small tree, built from its tags (or inferred from the layout
/// of an untagged document), that the accessible HTML and the accessible text writers walk.
package struct SemanticNode: Sendable, Hashable {
    package enum Kind: Sendable, Hashable {
        /// One page's content: a landmark named "Page N" (1-based `page + 1`).
        case page(Int)
        case heading(level: Int)
        case paragraph
        case list(ordered: Bool)
        case listItem
        /// A list item's label, kept when the list's numbering cannot say it.
        case label
        case table
        case tableHead, tableBody, tableFoot
        case row
        /// `scope` is `row`, `col` or nil.
        case headerCell(scope: String?)
        case dataCell
        case caption
        case figure
        /// An image with its alternate text; nil when the PDF gives none, "" when decorative.
        case image(alt: String?)
        case link(href: String?)
        case note(id: String?)
        /// A citation of a note (PDF 2.0 `/Ref` to an FENote): a link to the note's `id`.
        case noteReference(target: String)
        /// A complementary region (PDF 2.0 `Aside`).
        case aside
        /// A MathML element (its name: `math`, `mi`, `mfrac`, …), from the MathML namespace.
        case mathML(String)
        case blockQuote
        case quote
        case code
        case emphasis
        case strong
        case span
        /// An abbreviation with its expansion.
        case abbreviation(expansion: String)
        case formula(alt: String?)
        case navigation
        /// A grouping with no meaning of its own (Sect, Div, Art, Part).
        case group(section: Bool)
        /// Content no structure element claims, on a tagged page.
        case untagged
        case text(String)
        case lineBreak
    }

    package var kind: Kind
    package var children: [SemanticNode]
    /// The language when it differs from the enclosing node's.
    package var language: String?
    /// `id` for notes and table headers.
    package var id: String?
    package var headers: [String]
    package var rowSpan: Int
    package var columnSpan: Int
    /// Inferred from the layout, not read from tags.
    package var inferred: Bool

    package init(_ kind: Kind, children: [SemanticNode] = [], language: String? = nil, id: String? = nil,
                headers: [String] = [], rowSpan: Int = 1, columnSpan: Int = 1, inferred: Bool = false) {
        self.kind = kind; self.children = children; self.language = language; self.id = id
        self.headers = headers; self.rowSpan = rowSpan; self.columnSpan = columnSpan; self.inferred = inferred
    }

    /// All text below the node, as read (no separators added).
    package var plainText: String {
        if case .text(let s) = kind { return s }
        if case .lineBreak = kind { return "\n" }
        return children.map(\.plainText).joined()
    }

    /// Whether the node holds inline content (text and phrase elements) rather than blocks.
    package var isInline: Bool {
        switch kind {
        case .text, .lineBreak, .link, .emphasis, .strong, .span, .abbreviation, .code, .quote, .formula, .image, .label,
             .noteReference, .mathML: true
        default: false
        }
    }
}

/// The semantic document: title, language, and one `.page` node per page.
package struct SemanticDocument: Sendable {
    package var title: String
    package var language: String?
    package var pages: [SemanticNode]
    /// Whether the structure came from tags (false: inferred from the layout).
    package var tagged: Bool
}
