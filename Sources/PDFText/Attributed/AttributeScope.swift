import Foundation
import PDFLayout
import PDFGlyphs

// The attributes of pdftext's attributed strings. Linux Foundation has no `.font` or
// `.foregroundColor` (they live in the AppKit, UIKit and SwiftUI scopes), so styles travel in
// a scope of their own; the URL of a link and the language use Foundation's `.link` and
// `.languageIdentifier`, which every platform has.

extension AttributeScopes {
    /// pdftext's attributes, plus Foundation's. Use with `AttributedString`'s dynamic member
    /// lookup (`string.runs[\.fontSize]`, `run.isBold`) or by key type.
    public struct PDFTextAttributes: AttributeScope {
        public let fontFamily: FontFamilyAttribute
        public let postScriptName: PostScriptNameAttribute
        public let fontSize: FontSizeAttribute
        public let isBold: IsBoldAttribute
        public let isItalic: IsItalicAttribute
        public let isMonospace: IsMonospaceAttribute
        public let foregroundColor: ForegroundColorAttribute
        public let baselineOffset: BaselineOffsetAttribute
        public let underline: UnderlineAttribute
        public let strikethrough: StrikethroughAttribute
        public let destinationPageIndex: DestinationPageIndexAttribute
        public let structureRole: StructureRoleAttribute
        public let foundation: FoundationAttributes

        /// The font family, without a subset prefix (`Times`, `CMR10`).
        public enum FontFamilyAttribute: CodableAttributedStringKey {
            public typealias Value = String
            public static let name = "PDFTextFontFamily"
        }

        /// The font's PostScript name (`Times-Bold`).
        public enum PostScriptNameAttribute: CodableAttributedStringKey {
            public typealias Value = String
            public static let name = "PDFTextPostScriptName"
        }

        /// The size the text is shown at, in points.
        public enum FontSizeAttribute: CodableAttributedStringKey {
            public typealias Value = Double
            public static let name = "PDFTextFontSize"
        }

        /// Set (true) on bold text, real or synthetic; absent otherwise.
        public enum IsBoldAttribute: CodableAttributedStringKey {
            public typealias Value = Bool
            public static let name = "PDFTextBold"
        }

        /// Set (true) on italic or slanted text; absent otherwise.
        public enum IsItalicAttribute: CodableAttributedStringKey {
            public typealias Value = Bool
            public static let name = "PDFTextItalic"
        }

        /// Set (true) on text in a fixed-pitch font; absent otherwise.
        public enum IsMonospaceAttribute: CodableAttributedStringKey {
            public typealias Value = Bool
            public static let name = "PDFTextMonospace"
        }

        /// The colour the glyphs are painted with.
        public enum ForegroundColorAttribute: CodableAttributedStringKey {
            public typealias Value = PDFColor
            public static let name = "PDFTextForegroundColor"
        }

        /// Points above (positive) or below (negative) the line's main baseline; absent on it.
        public enum BaselineOffsetAttribute: CodableAttributedStringKey {
            public typealias Value = Double
            public static let name = "PDFTextBaselineOffset"
        }

        /// Set (true) on text with a rule under it; absent otherwise.
        public enum UnderlineAttribute: CodableAttributedStringKey {
            public typealias Value = Bool
            public static let name = "PDFTextUnderline"
        }

        /// Set (true) on text with a rule through it; absent otherwise.
        public enum StrikethroughAttribute: CodableAttributedStringKey {
            public typealias Value = Bool
            public static let name = "PDFTextStrikethrough"
        }

        /// The 0-based page a link on the text leads to (the URL of a link is Foundation's `.link`).
        public enum DestinationPageIndexAttribute: CodableAttributedStringKey {
            public typealias Value = Int
            public static let name = "PDFTextDestinationPageIndex"
        }

        /// The structure type of the text's marked content (`P`, `H1`, `Span`, …).
        public enum StructureRoleAttribute: CodableAttributedStringKey {
            public typealias Value = String
            public static let name = "PDFTextStructureRole"
        }
    }

    public var pdfText: PDFTextAttributes.Type { PDFTextAttributes.self }
}

extension AttributeDynamicLookup {
    public subscript<T: AttributedStringKey>(dynamicMember keyPath: KeyPath<AttributeScopes.PDFTextAttributes, T>) -> T {
        self[T.self]
    }
}

extension AttributeContainer {
    /// The attributes of a style: pdftext's keys, and Foundation's `.link` (a URL link) and
    /// `.languageIdentifier`. Flags that are false and a zero baseline offset are left out.
    public init(_ style: TextStyle) {
        self.init()
        typealias A = AttributeScopes.PDFTextAttributes
        self[A.FontFamilyAttribute.self] = style.fontFamily
        self[A.PostScriptNameAttribute.self] = style.postScriptName
        self[A.FontSizeAttribute.self] = style.fontSize
        self[A.ForegroundColorAttribute.self] = style.foregroundColor
        if style.isBold { self[A.IsBoldAttribute.self] = true }
        if style.isItalic { self[A.IsItalicAttribute.self] = true }
        if style.isMonospace { self[A.IsMonospaceAttribute.self] = true }
        if style.baselineOffset != 0 { self[A.BaselineOffsetAttribute.self] = style.baselineOffset }
        if style.isUnderlined { self[A.UnderlineAttribute.self] = true }
        if style.isStrikethrough { self[A.StrikethroughAttribute.self] = true }
        if let p = style.linkPageIndex { self[A.DestinationPageIndexAttribute.self] = p }
        if let r = style.structureRole { self[A.StructureRoleAttribute.self] = r }
        if let u = style.linkURL, let url = URL(string: u) { self.link = url }
        if let l = style.language { self.languageIdentifier = l }
    }
}

/// The attributed text of `characters` (a range of `text.layout.characters`, clamped to it):
/// its characters are the layout's, one attribute run per change of style (see
/// ``PageTextStyles`` for what is detected and how made-up spaces and line breaks are styled,
/// `AttributeContainer.init(_:)` for the attributes set).
///
/// - Parameters:
///   - text: the page's glyphs and layout.
///   - characters: the layout characters to include.
///   - links: the page's link areas (its link annotations).
///   - documentLanguage: the catalog's `/Lang` (`Document.language`), for text whose
///     marked content gives none.
///   - roles: the structure type of each MCID on the page (`StructureOrder.roles(forPage:)`).
///   - options: the detection thresholds.
public func makeAttributedString(_ text: PageText, characters: Range<Int>, links: [LinkArea] = [],
                                 documentLanguage: String? = nil, roles: [Int: String] = [:],
                                 options: TextStyleOptions = TextStyleOptions()) -> AttributedString {
    let styles = PageTextStyles(text, characters: characters, links: links, documentLanguage: documentLanguage,
                                roles: roles, options: options)
    return makeAttributedString(text.layout, styles: styles)
}

/// The attributed text of the characters `styles` describes.
public func makeAttributedString(_ layout: PageLayout, styles: PageTextStyles) -> AttributedString {
    var scalars = String.UnicodeScalarView()
    scalars.reserveCapacity(styles.characters.count)
    for c in layout.characters[styles.characters] { scalars.append(c.scalar) }
    var result = AttributedString(String(scalars))
    var start = result.startIndex
    for run in styles.runs {
        let end = result.unicodeScalars.index(start, offsetBy: run.characters.count)
        result[start..<end].setAttributes(AttributeContainer(run.style))
        start = end
    }
    return result
}

extension PageText {
    /// The characters of the page string as PDFKit gives it (``PDFPage/string``): the
    /// layout's characters without the line breaks the layout added at the end.
    public var pageStringCharacters: Range<Int> { layout.pageStringCharacters }
}

extension NSAttributedString.Key {
    public static let pdfTextFontFamily = NSAttributedString.Key(AttributeScopes.PDFTextAttributes.FontFamilyAttribute.name)
    public static let pdfTextPostScriptName = NSAttributedString.Key(AttributeScopes.PDFTextAttributes.PostScriptNameAttribute.name)
    public static let pdfTextFontSize = NSAttributedString.Key(AttributeScopes.PDFTextAttributes.FontSizeAttribute.name)
    public static let pdfTextBold = NSAttributedString.Key(AttributeScopes.PDFTextAttributes.IsBoldAttribute.name)
    public static let pdfTextItalic = NSAttributedString.Key(AttributeScopes.PDFTextAttributes.IsItalicAttribute.name)
    public static let pdfTextMonospace = NSAttributedString.Key(AttributeScopes.PDFTextAttributes.IsMonospaceAttribute.name)
    public static let pdfTextForegroundColor = NSAttributedString.Key(AttributeScopes.PDFTextAttributes.ForegroundColorAttribute.name)
    public static let pdfTextBaselineOffset = NSAttributedString.Key(AttributeScopes.PDFTextAttributes.BaselineOffsetAttribute.name)
    public static let pdfTextUnderline = NSAttributedString.Key(AttributeScopes.PDFTextAttributes.UnderlineAttribute.name)
    public static let pdfTextStrikethrough = NSAttributedString.Key(AttributeScopes.PDFTextAttributes.StrikethroughAttribute.name)
    public static let pdfTextDestinationPageIndex = NSAttributedString.Key(AttributeScopes.PDFTextAttributes.DestinationPageIndexAttribute.name)
    public static let pdfTextStructureRole = NSAttributedString.Key(AttributeScopes.PDFTextAttributes.StructureRoleAttribute.name)
    /// A link's URL, under AppKit's name for `.link` ("NSLink"), which Linux Foundation does
    /// not predefine.
    public static let pdfTextLink = NSAttributedString.Key("NSLink")
    /// The language, under Foundation's attribute name for `.languageIdentifier`.
    public static let pdfTextLanguage = NSAttributedString.Key(AttributeScopes.FoundationAttributes.LanguageIdentifierAttribute.name)
}

extension AttributedString {
    /// The string as an `NSAttributedString` (Linux Foundation has no
    /// `NSAttributedString(AttributedString)`): every run's pdftext attributes under the
    /// `NSAttributedString.Key.pdfText…` keys, whose raw values are the attribute names
    /// ("PDFTextFontFamily", "PDFTextFontSize", …); values are `String`, `Double`, `Bool`, `Int`
    /// and ``PDFColor``; `.link` as a `URL` under "NSLink"; `.languageIdentifier` as a `String`.
    /// Ranges are UTF-16, as `NSString`'s.
    public func nsAttributedString() -> NSAttributedString {
        typealias A = AttributeScopes.PDFTextAttributes
        let result = NSMutableAttributedString(string: String(characters))
        var location = 0
        for run in runs {
            let length = String(self[run.range].characters).utf16.count
            defer { location += length }
            var attributes: [NSAttributedString.Key: Any] = [:]
            if let v = run[A.FontFamilyAttribute.self] { attributes[.pdfTextFontFamily] = v }
            if let v = run[A.PostScriptNameAttribute.self] { attributes[.pdfTextPostScriptName] = v }
            if let v = run[A.FontSizeAttribute.self] { attributes[.pdfTextFontSize] = v }
            if let v = run[A.IsBoldAttribute.self] { attributes[.pdfTextBold] = v }
            if let v = run[A.IsItalicAttribute.self] { attributes[.pdfTextItalic] = v }
            if let v = run[A.IsMonospaceAttribute.self] { attributes[.pdfTextMonospace] = v }
            if let v = run[A.ForegroundColorAttribute.self] { attributes[.pdfTextForegroundColor] = v }
            if let v = run[A.BaselineOffsetAttribute.self] { attributes[.pdfTextBaselineOffset] = v }
            if let v = run[A.UnderlineAttribute.self] { attributes[.pdfTextUnderline] = v }
            if let v = run[A.StrikethroughAttribute.self] { attributes[.pdfTextStrikethrough] = v }
            if let v = run[A.DestinationPageIndexAttribute.self] { attributes[.pdfTextDestinationPageIndex] = v }
            if let v = run[A.StructureRoleAttribute.self] { attributes[.pdfTextStructureRole] = v }
            if let v = run.link { attributes[.pdfTextLink] = v }
            if let v = run.languageIdentifier { attributes[.pdfTextLanguage] = v }
            if !attributes.isEmpty, length > 0 {
                result.setAttributes(attributes, range: NSRange(location: location, length: length))
            }
        }
        return result
    }
}
