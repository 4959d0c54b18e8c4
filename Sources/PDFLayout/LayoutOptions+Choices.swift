// The choices of `LayoutOptions` that are not numbers or switches.

extension LayoutOptions {
    /// How the reading order is decided.
    public enum ReadingOrder: String, Sendable, Hashable, CaseIterable {
        /// The structure tree when the page is tagged and its order agrees with the geometry;
        /// otherwise geometry.
        case automatic
        /// The structure tree whenever the page has marked content it can order.
        case structure
        /// Geometry only: lines, blocks, columns.
        case geometry
        /// The content stream's painting order (pdftotext `-raw`).
        case contentStream
    }

    /// What to do with a hyphen at the end of a line.
    public enum HyphenJoining: String, Sendable, Hashable, CaseIterable {
        /// Join when the page supports it: the next line starts with a lower-case letter and
        /// the joined word occurs elsewhere on the page, or the hyphenated compound does not.
        case evidenced
        /// Always join a letter-hyphen-line-break-lower-case-letter sequence.
        case always
        /// Keep the hyphen and the line break.
        case never
    }
}
