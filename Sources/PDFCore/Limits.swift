/// Resource limits for reading untrusted files, passed down from the document to every
/// stage. Passing a limit gives a diagnostic (the value is cut short) or a
/// ``PDFError/Code/limitExceeded`` error, never a crash or unbounded memory. Fuzzers and
/// tests lower them.
public struct Limits: Sendable, Hashable {
    /// The largest decoded size of one stream, in bytes. Decoding stops here with a
    /// diagnostic (decompression bombs).
    public var maxDecodedStreamBytes: Int = 256 << 20
    /// The most decoded stream data one document holds at once, in bytes: every stream
    /// being decoded or still held (a page's content, its forms, fonts, CMaps, object
    /// streams), over all the pages processed in parallel, intermediate buffers of a filter
    /// chain included (see ``DocumentBudget``). Past it decoding is cut short with a
    /// `decodeBudget` diagnostic, so that peak memory does not grow with the number of
    /// pages in flight. Twice ``maxDecodedStreamBytes`` by default: one stream at its
    /// limit, with the buffer it was inflated from, still fits.
    public var maxDecodedBytesInFlight: Int = 512 << 20
    /// The most bytes read from one input: a file, standard input, a pipe or a device.
    /// Regular files are refused up front by size; other inputs are read until they pass
    /// it and then refused (``PDFError/Code/limitExceeded``), so that an endless input
    /// (`/dev/zero`, a pipe that never closes) stops with an error. The whole file is held
    /// in memory; 1 GiB is far beyond real documents and leaves the decode budget room
    /// within the memory of a small machine.
    public var maxInputBytes: Int = 1 << 30
    /// The most content-stream work interpreted over a whole document, summed over its
    /// pages (and every pass over them: text, audit, glyphs), in operators: every operator
    /// of a page, its forms and annotation appearances, each form or appearance run
    /// counting `ExtractionOptions.formRunCost` more. Past it, pages stop where they are
    /// with a `contentBudget` diagnostic (the text read before is kept). The per-page
    /// budget is `ExtractionOptions.maxOperators`; this one bounds a file whose many pages
    /// each reach theirs (forms drawn from every page).
    public var maxOperatorsPerDocument: Int = 1_000_000_000
    /// The deepest nesting of arrays and dictionaries the parser accepts.
    public var maxNestingDepth: Int = 256
    /// The most indirect objects a cross-reference section (or a rescan) may declare.
    public var maxObjectCount: Int = 8_000_000
    /// The deepest recursion through references: reference chains, page-tree depth,
    /// outline depth, number-tree depth.
    public var maxRecursionDepth: Int = 256
    /// The most entries in a `/Prev` chain of cross-reference sections.
    public var maxXRefSections: Int = 4096
    /// The most pages a page tree may yield.
    public var maxPages: Int = 1_000_000
    /// The most outline items read.
    public var maxOutlineItems: Int = 100_000
    /// The most annotations read from one page's `/Annots`; the rest are left out with a
    /// diagnostic.
    public var maxAnnotationsPerPage: Int = 10_000
    /// The most diagnostics kept per log; later ones are counted, not stored.
    public var maxDiagnostics: Int = 1000
    /// The most filters applied to one stream.
    public var maxFilterChain: Int = 16

    // MARK: Images (OCR)

    /// The most pixels of one decoded image. JPEG and JPEG 2000 images over it are decoded
    /// at a reduced size (halved until they fit); other images are left out with a
    /// diagnostic. 128 Mi pixels: a letter page scanned at 1,200 dpi in colour fits.
    public var maxImagePixels: Int = 1 << 27
    /// The most bytes one image decoder (JBIG2, CCITT, raw samples) may hold while decoding.
    /// Past it the image is left out with a diagnostic.
    public var maxImageDecodeBytes: Int = 512 << 20

    // MARK: Search index and queries (`pdftext index`, `pdftext search`)

    /// The most index terms (words; a Chinese or Japanese character counts as one) a search
    /// index keeps of one file; the rest of the page that reaches it and the pages after are
    /// left out, and the file is recorded as truncated. A kept word costs about 56 bytes of
    /// index (its text, its key, its box, its postings), so the default, 1.6 times the words
    /// of a 1,000-page book, bounds one file's share at about 45 MB, however often its pages
    /// repeat one content stream.
    public var maxIndexedTermsPerFile: Int = 800_000
    /// The most characters (Unicode scalars) of page text a search index keeps of one file,
    /// with the same effect: eight characters per kept word (text averages six), and a
    /// bound on pages of text with no words in it.
    public var maxIndexedCharactersPerFile: Int = 6_400_000
    /// The longest search query, in UTF-8 bytes. A query is parsed and matched in time that
    /// grows with its length; a pasted paragraph fits many times over.
    public var maxQueryBytes: Int = 8192
    /// The most words (terms, after splitting and folding: a Chinese or Japanese character
    /// counts as one) a search query may hold.
    public var maxQueryTerms: Int = 256
    /// The deepest nesting of parentheses in a search query (the parser recurses into
    /// each).
    public var maxQueryDepth: Int = 32

    public init() {}

    public static let `default` = Limits()

    /// Small limits for fuzzing: fast and low-memory.
    public static var fuzzing: Limits {
        var l = Limits()
        l.maxDecodedStreamBytes = 16 << 20
        l.maxDecodedBytesInFlight = 32 << 20
        l.maxInputBytes = 64 << 20
        l.maxOperatorsPerDocument = 20_000_000
        l.maxNestingDepth = 64
        l.maxObjectCount = 200_000
        l.maxRecursionDepth = 64
        l.maxXRefSections = 256
        l.maxPages = 10_000
        l.maxOutlineItems = 10_000
        l.maxAnnotationsPerPage = 1000
        l.maxDiagnostics = 200
        l.maxImagePixels = 1 << 22
        l.maxImageDecodeBytes = 32 << 20
        return l
    }
}
