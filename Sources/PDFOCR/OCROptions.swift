import PDFCore

/// Which pages OCR reads.
public enum OCRMode: String, Sendable, Hashable, CaseIterable {
    /// Pages that `pdftext diagnose` would call needs-ocr because images cover them and
    /// they hold (almost) no text: scans without a text layer.
    case auto
    /// Every page's images, except where the page already has text (visible, or an
    /// invisible OCR layer).
    case always
    /// None.
    case never
}

/// How pages are read with OCR (Tesseract). Every heuristic here is a named option.
public struct OCROptions: Sendable, Hashable {
    public var mode: OCRMode
    /// Tesseract languages, `+`-separated (`eng`, `deu+eng`); nil: from the document's
    /// /Lang (the catalog's), else `eng`.
    public var languages: String?
    /// The resolution page images are drawn at for OCR, in pixels per inch.
    public var resolution: Double = 300
    /// Draw a page whose largest image has fewer pixels per inch than `resolution` at the
    /// image's own resolution (not below `lowestResolution`), and tell Tesseract so, instead
    /// of scaling it up: Tesseract reads a 150 dpi scan better as it is, and a noisy one far
    /// better (its specks, smoothed into gray blots by the upscaling, merge with letters).
    public var keepsImageResolution = true
    /// The lowest resolution a page is drawn at when `keepsImageResolution` follows its image.
    public var lowestResolution: Double = 100
    /// Tesseract's page segmentation mode: 3 (automatic, the default) finds blocks and keeps
    /// columns apart; 1 adds orientation detection (needs `osd.traineddata`); 6 reads one
    /// uniform block.
    public var pageSegmentationMode: Int = 3
    /// Where Tesseract's `*.traineddata` are; nil: `TESSDATA_PREFIX`, else Debian's
    /// `/usr/share/tesseract-ocr/5/tessdata`.
    public var dataPath: String?
    /// Detect pages scanned sideways or upside down (Tesseract's orientation detection, with
    /// `osd.traineddata`) and read them upright.
    public var detectsOrientation = true
    /// The least confidence of that detection that turns a page.
    public var orientationConfidence: Float = 2
    /// From this confidence the detection is trusted alone; below it (and from
    /// `orientationConfidence`) the page is read both as it is and turned, and the reading
    /// with the higher mean word confidence kept.
    public var trustedOrientationConfidence: Float = 10
    /// Seconds Tesseract may spend on one page before it gives up (with a diagnostic).
    public var timeoutSeconds: Double = 120
    /// Words read with less confidence (0…100) are left out: specks and noise that Tesseract
    /// reads as stray letters come with low confidence.
    public var minimumWordConfidence: Float = 0
    /// `auto`: a page needs OCR when it has at most this many visible text characters …
    public var autoMaxTextCharacters = 10
    /// … and images cover at least this share of it (the values of `diagnose`'s rule).
    public var autoImageCoverage = 0.5
    /// The most pixels of one page raster (a larger page is drawn at a lower resolution).
    public var maxRasterPixels = 64 << 20
    /// Find the scan's ruled lines (table grids, underlines, separators: dark bands at least
    /// `ruleMinimumLength` inches long and at most `ruleMaximumThickness` points thick along
    /// the raster's rows or columns), erase them before the OCR reads the page, and give them
    /// to the layout as painted paths. The OCR then does not read a column rule as "|", and
    /// the layout finds a ruled table's rows on a scan as on a vector page.
    public var findsRules = true
    /// The shortest ruled line, in inches.
    public var ruleMinimumLength = 0.5
    /// The thickest ruled line, in points.
    public var ruleMaximumThickness = 2.5

    public init(mode: OCRMode = .auto, languages: String? = nil) {
        self.mode = mode
        self.languages = languages
    }

    /// No OCR.
    public static let never = OCROptions(mode: .never)
}

/// What is installed for OCR, for programs that want to say so before they start.
public enum OCREngineInfo {
    /// Why Tesseract cannot be loaded, or nil when it can.
    public static var unavailableReason: String? { OCREngines.unavailableReason }
    /// Tesseract's version, when it can be loaded.
    public static var version: String? { OCREngines.version }
    /// The trained-data folder: `explicit`, else `TESSDATA_PREFIX`, else Debian's.
    public static func dataPath(_ explicit: String?) -> String { OCREngines.dataPath(explicit) }
    /// The languages whose trained data `dataPath` holds.
    public static func installedLanguages(dataPath: String) -> Set<String> { OCREngines.installedLanguages(dataPath: dataPath) }
}
