import Foundation
import Synchronization
@_exported import PDFCore
import PDFCrypto
import PDFContent
@_exported import PDFFile

/// A key of ``PDFDocument/documentAttributes``, as PDFKit's `PDFDocumentAttribute`: a
/// string-backed key whose raw value is the Info dictionary's key.
///
/// As a dictionary key it hashes as its raw value, so that both PDFKit idioms read the same
/// entry: `attributes[PDFDocumentAttribute.titleAttribute]` and `attributes["Title"]`.
public struct PDFDocumentAttribute: RawRepresentable, Hashable, Sendable, _HasCustomAnyHashableRepresentation {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ rawValue: String) { self.rawValue = rawValue }

    public static let titleAttribute = PDFDocumentAttribute(rawValue: "Title")
    public static let authorAttribute = PDFDocumentAttribute(rawValue: "Author")
    public static let subjectAttribute = PDFDocumentAttribute(rawValue: "Subject")
    public static let creatorAttribute = PDFDocumentAttribute(rawValue: "Creator")
    public static let producerAttribute = PDFDocumentAttribute(rawValue: "Producer")
    public static let creationDateAttribute = PDFDocumentAttribute(rawValue: "CreationDate")
    public static let modificationDateAttribute = PDFDocumentAttribute(rawValue: "ModDate")
    public static let keywordsAttribute = PDFDocumentAttribute(rawValue: "Keywords")

    /// The raw value, so that a `String` key finds the same dictionary entry.
    public func _toCustomAnyHashable() -> AnyHashable? { AnyHashable(rawValue) }
}

/// Which password unlocked the document, as PDFKit's `PDFDocumentPermissions`.
public enum PDFDocumentPermissions: Int, Sendable { case none = 0, user = 1, owner = 2 }

/// How a ``PDFDocument`` turns pages into text.
public struct PDFTextOptions: Sendable {
    /// Reading order, spacing, hyphenation and the other layout heuristics. As in PDFKit, a
    /// hyphen at a line end and the line break after it are kept (`hyphenJoining` is
    /// `.never`), so the lines of ``PDFPage/string`` are the lines
    /// ``PDFSelection/selectionsByLine()`` gives; find still matches a word across such a
    /// break. Set `layout.hyphenJoining` to `.evidenced` for the joined text `pdftext` writes.
    public var layout = PDFTextOptions.pdfKitLayout

    /// `LayoutOptions()` with hyphenated line ends kept, as PDFKit keeps them.
    public static var pdfKitLayout: LayoutOptions {
        var layout = LayoutOptions()
        layout.hyphenJoining = .never
        return layout
    }
    /// What the content interpreter collects (annotation appearances are included by default).
    public var extraction = ExtractionOptions.pageText
    /// How many pages' text a document keeps in memory; older pages are dropped first and
    /// rebuilt when asked for again. 0 keeps none.
    public var cachedPages = 256
    /// Reading scanned pages with OCR (Tesseract): none by default, as PDFKit reads none.
    /// With `.auto`, pages of images without text get the characters recognised in them,
    /// as glyphs whose `UnicodeSource` is `.ocr`.
    public var ocr = OCROptions.never
    public init() {}
}

/// What a document shares with its pages: the file, the text pipeline (made on first use,
/// after any unlocking) and the cache of page text.
final class DocumentCore: Sendable {
    let file: Document
    let options: PDFTextOptions
    private struct State {
        var extractor: TextExtractor?
        var models: [Int: PageCharacterIndex] = [:]
        var recent: [Int] = []
    }
    private let state = Mutex(State())
    private let labelCache = Mutex<[String]??>(nil)
    private let structureCache = Mutex<StructureOrder??>(nil)

    /// The structure tree's order and roles (tagged PDFs), read once; nil while locked.
    var structureOrder: StructureOrder? {
        if let cached = structureCache.withLock({ $0 }) { return cached }
        guard let extractor else { return nil }
        let order = extractor.structureOrder ?? StructureOrder(document: file)
        structureCache.withLock { $0 = .some(order) }
        return order
    }

    /// The attributed text of each range of layout characters of page `index`; the page's
    /// links, language and structure roles are read once for all of them.
    func attributedText(page index: Int, model: PageCharacterIndex, ranges: [Range<Int>]) -> [AttributedString] {
        let links = LinkArea.links(in: file, pageIndex: index)
        let language = file.language
        let roles = structureOrder?.roles(forPage: index) ?? [:]
        return ranges.map {
            makeAttributedString(model.text, characters: $0, links: links, documentLanguage: language, roles: roles)
        }
    }

    /// Page labels, read once.
    func label(_ index: Int) -> String? {
        if let cached = labelCache.withLock({ $0 }) { return cached?[safe: index] }
        let labels = file.pageLabels
        labelCache.withLock { $0 = .some(labels) }
        return labels?[safe: index]
    }

    init(file: Document, options: PDFTextOptions) { self.file = file; self.options = options }

    var extractor: TextExtractor? {
        if file.isLocked { return nil }
        if let e = state.withLock({ $0.extractor }) { return e }
        let e = TextExtractor(document: file, extraction: options.extraction, layout: options.layout).withOCR(options.ocr)
        return state.withLock { s in
            if let existing = s.extractor { return existing }
            s.extractor = e
            return e
        }
    }

    /// Page `index` of `document`, or, once the document is gone, a new page object for it.
    func page(at index: Int, document: PDFDocument?) -> PDFPage? {
        if let document { return document.page(at: index) }
        guard index >= 0, index < file.pageCount else { return nil }
        return PDFPage(info: file.pages[index], label: label(index), core: self, document: nil)
    }

    /// The text model of page `index`, built on first use; nil while the file is locked or
    /// for a page that does not exist.
    func model(_ index: Int) -> PageCharacterIndex? {
        guard index >= 0, index < file.pageCount else { return nil }
        if let m = state.withLock({ s -> PageCharacterIndex? in
            guard let m = s.models[index] else { return nil }
            if let k = s.recent.firstIndex(of: index) { s.recent.remove(at: k) }
            s.recent.append(index)
            return m
        }) { return m }
        guard let extractor else { return nil }
        let model = PageCharacterIndex(extractor.page(index))
        let limit = options.cachedPages
        guard limit > 0 else { return model }
        return state.withLock { s in
            if let existing = s.models[index] { return existing }
            s.models[index] = model
            s.recent.append(index)
            while s.recent.count > limit { s.models[s.recent.removeFirst()] = nil }
            return model
        }
    }
}

/// What the document's permissions allow, as PDFKit's `PDFAccessPermissions` (same raw
/// values). Read as the file states them; an unencrypted file, or one opened with its
/// owner password, allows everything.
public struct PDFAccessPermissions: OptionSet, Sendable, Hashable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let allowsLowQualityPrinting = PDFAccessPermissions(rawValue: 1 << 0)
    public static let allowsHighQualityPrinting = PDFAccessPermissions(rawValue: 1 << 1)
    public static let allowsDocumentChanges = PDFAccessPermissions(rawValue: 1 << 2)
    public static let allowsDocumentAssembly = PDFAccessPermissions(rawValue: 1 << 3)
    public static let allowsContentCopying = PDFAccessPermissions(rawValue: 1 << 4)
    public static let allowsContentAccessibility = PDFAccessPermissions(rawValue: 1 << 5)
    public static let allowsCommenting = PDFAccessPermissions(rawValue: 1 << 6)
    public static let allowsFormFieldEntry = PDFAccessPermissions(rawValue: 1 << 7)
    public static let all: PDFAccessPermissions = PDFAccessPermissions(rawValue: 0xFF)
}

/// A PDF document with PDFKit's shape: open by URL or data, unlock, pages, attributes,
/// permissions, outline, text and selections. Failing initialisers return nil as PDFKit's
/// do; the throwing ``init(contentsOf:limits:options:)`` says why.
///
/// A document may be used from many tasks at once: pages are read on demand, each page's
/// text is built once and cached (see ``PDFTextOptions/cachedPages``), and work on
/// different pages runs in parallel.
public final class PDFDocument: Sendable {
    public let documentURL: URL?
    /// The file layer underneath, for what PDFKit does not expose.
    public let file: Document
    let core: DocumentCore
    /// The delegate and the running asynchronous find (Find/DocumentFind.swift).
    let finding = FindState()
    private let pageObjects = Mutex([Int: PDFPage]())
    /// What `documentAttributes` was set to, if it was.
    private let attributeOverride = LockedValue<[AnyHashable: Any]?>(nil)

    public convenience init?(url: URL) {
        guard let doc = try? PDFDocument(contentsOf: url) else { return nil }
        self.init(file: doc.file, url: url, options: PDFTextOptions())
    }

    public convenience init?(data: Data) {
        guard let file = try? Document(bytes: [UInt8](data)) else { return nil }
        self.init(file: file, url: nil, options: PDFTextOptions())
    }

    /// Opens a file, throwing a `PDFError` that names the problem.
    public convenience init(contentsOf url: URL, limits: Limits = .default, options: PDFTextOptions = PDFTextOptions()) throws(PDFError) {
        let bytes = try FileBytes.read(path: url.path, maxBytes: limits.maxInputBytes)
        self.init(file: try Document(bytes: bytes, limits: limits), url: url, options: options)
    }

    /// Opens a file's bytes, throwing a `PDFError` that names the problem.
    public convenience init(bytes: [UInt8], limits: Limits = .default, options: PDFTextOptions = PDFTextOptions()) throws(PDFError) {
        self.init(file: try Document(bytes: bytes, limits: limits), url: nil, options: options)
    }

    /// Wraps an already opened file.
    public init(file: Document, url: URL? = nil, options: PDFTextOptions = PDFTextOptions()) {
        self.file = file
        self.documentURL = url
        self.core = DocumentCore(file: file, options: options)
    }

    public var textOptions: PDFTextOptions { core.options }

    // MARK: Pages

    public var pageCount: Int { file.pageCount }

    /// The page at `index`, or nil out of range. The same object is returned every time.
    public func page(at index: Int) -> PDFPage? {
        guard index >= 0, index < file.pageCount else { return nil }
        if let p = pageObjects.withLock({ $0[index] }) { return p }
        let info = file.pages[index]
        let made = PDFPage(info: info, label: core.label(index), core: core, document: self)
        return pageObjects.withLock { cache in
            if let p = cache[index] { return p }
            cache[index] = made
            return made
        }
    }

    /// The index of `page` in this document, or `NSNotFound` when it belongs to another.
    public func index(for page: PDFPage) -> Int {
        page.core === core ? page.pageIndex : NSNotFound
    }

    // MARK: Text

    /// The text of every page, pages separated by a line feed; nil while the document is
    /// locked. Pages are read in parallel.
    public var string: String? {
        guard !file.isLocked else { return nil }
        let n = pageCount
        let texts = Mutex([String](repeating: "", count: n))
        DispatchQueue.concurrentPerform(iterations: n) { i in
            let s = core.model(i)?.string ?? ""
            texts.withLock { $0[i] = s }
        }
        return texts.withLock { $0.joined(separator: "\n") }
    }

    // MARK: Security

    public var isEncrypted: Bool { file.isEncrypted }
    public var isLocked: Bool { file.isLocked }

    public func unlock(withPassword password: String) -> Bool { file.unlock(password: password) }

    public var permissionsStatus: PDFDocumentPermissions {
        guard file.isEncrypted else { return .owner }
        switch file.unlockedAs {
        case .owner?: return .owner
        case .user?: return .user
        case nil: return .none
        }
    }

    /// The permission bits as PDFKit's option set.
    public var accessPermissions: PDFAccessPermissions {
        guard file.isEncrypted, permissionsStatus != .owner else { return .all }
        let p = file.permissions
        var out: PDFAccessPermissions = []
        if p.allowsPrinting { out.insert(.allowsLowQualityPrinting) }
        if p.allowsHighQualityPrinting { out.insert(.allowsHighQualityPrinting) }
        if p.allowsDocumentChanges { out.insert(.allowsDocumentChanges) }
        if p.allowsDocumentAssembly { out.insert(.allowsDocumentAssembly) }
        if p.allowsCopying { out.insert(.allowsContentCopying) }
        if p.allowsContentAccessibility { out.insert(.allowsContentAccessibility) }
        if p.allowsCommenting { out.insert(.allowsCommenting) }
        if p.allowsFormFieldEntry { out.insert(.allowsFormFieldEntry) }
        return out
    }

    public var allowsPrinting: Bool { file.permissions.allowsPrinting }
    public var allowsCopying: Bool { file.permissions.allowsCopying }
    public var allowsDocumentChanges: Bool { file.permissions.allowsDocumentChanges }
    public var allowsDocumentAssembly: Bool { file.permissions.allowsDocumentAssembly }
    public var allowsContentAccessibility: Bool { file.permissions.allowsContentAccessibility }
    public var allowsCommenting: Bool { file.permissions.allowsCommenting }
    public var allowsFormFieldEntry: Bool { file.permissions.allowsFormFieldEntry }

    // MARK: Metadata

    /// Title, author, subject, creator and producer as `String`, keywords as `[String]`, the
    /// creation and modification dates as `Date`, keyed by ``PDFDocumentAttribute`` (or by
    /// its raw value) as in PDFKit. Empty, not nil, when the file has none of them; while the
    /// document is locked and its strings are encrypted, empty too (never ciphertext).
    ///
    /// Setting it replaces what later reads return, for this object only: nothing is written
    /// to the file (this library does not write PDFs). Setting nil goes back to the file's
    /// own values.
    public var documentAttributes: [AnyHashable: Any]? {
        get {
            if let set = attributeOverride.value { return set }
            let info = file.info
            var out: [AnyHashable: Any] = [:]
            if let v = info.title { out[PDFDocumentAttribute.titleAttribute] = v }
            if let v = info.author { out[PDFDocumentAttribute.authorAttribute] = v }
            if let v = info.subject { out[PDFDocumentAttribute.subjectAttribute] = v }
            if let v = info.creator { out[PDFDocumentAttribute.creatorAttribute] = v }
            if let v = info.producer { out[PDFDocumentAttribute.producerAttribute] = v }
            if let v = info.keywords {
                out[PDFDocumentAttribute.keywordsAttribute] = v.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            }
            if let d = info.creationDate?.date { out[PDFDocumentAttribute.creationDateAttribute] = d }
            if let d = info.modificationDate?.date { out[PDFDocumentAttribute.modificationDateAttribute] = d }
            return out
        }
        set { attributeOverride.value = newValue }
    }

    public var majorVersion: Int { Int(file.version.split(separator: ".").first ?? "1") ?? 1 }
    public var minorVersion: Int { Int(file.version.split(separator: ".").dropFirst().first ?? "0") ?? 0 }

    /// The outline's invisible root, nil when the document has no outline.
    public var outlineRoot: PDFOutline? { PDFOutline.root(of: self) }

    public var diagnostics: DiagnosticLog { file.diagnostics }
}


extension PDFDate {
    /// The moment as a `Date` (UTC when the file gave no offset).
    public var date: Date? {
        var c = DateComponents()
        c.year = year; c.month = month; c.day = day
        c.hour = hour; c.minute = minute; c.second = second
        c.timeZone = TimeZone(secondsFromGMT: (utcOffsetMinutes ?? 0) * 60)
        var cal = Calendar(identifier: .gregorian)
        cal.timeZone = c.timeZone!
        return cal.date(from: c)
    }
}

extension Array {
    subscript(safe i: Int) -> Element? { i >= 0 && i < count ? self[i] : nil }
}

extension PDFDocument {
    /// SHA-256 of a file's bytes, lowercase hex: the fingerprint that `pdftext index`,
    /// `text --hashes` and audit reports record for a file.
    package static func sha256Hex(_ bytes: [UInt8]) -> String { Digests.sha256Hex(bytes) }
}

/// A value that is not `Sendable` (a dictionary of `Any`, a delegate), kept behind a lock
/// in a `Sendable` object: what is read out is a copy (or, for a class, the reference).
final class LockedValue<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Value
    init(_ value: Value) { stored = value }
    var value: Value {
        get { lock.withLock { stored } }
        set { lock.withLock { stored = newValue } }
    }
}
