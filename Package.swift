// swift-tools-version:6.1
import PackageDescription

// Layering (a target depends only on targets listed above it):
//   CZlib, CFreeType, CPDFUnicode, CPDFImaging — C shims over system libraries
//   PDFCore     — bytes, diagnostics, errors, limits, geometry
//   PDFSyntax   — lexer, object model, parser, cross-reference reading and repair
//   PDFFilters  — stream decoders (Flate, LZW, ASCII85, ASCIIHex, RunLength, predictors)
//   PDFCrypto   — standard security handler R2–R6
//   PDFFile     — the resolved file: object store, page tree, metadata, outlines
//   PDFGlyphs   — boundary values: the per-page glyph arena (PageGlyphs) and its parts
//   PDFFonts    — font loading: encodings, glyph list, standard-14 metrics, CMaps,
//                 ToUnicode, embedded programs via FreeType
//   PDFContent  — the content-stream interpreter and the glyph collector
//   PDFImages   — image decoding (DCT, JPX, JBIG2, CCITT, samples, colour) and page rasters
//   PDFOCR      — scanned pages read by Tesseract into the glyph arena (UnicodeSource.ocr)
//   PDFLayout   — reading order: words, lines, blocks, columns, tables, bidi, hyphenation
//   PDFText     — the public PDFKit-shaped API (the first Foundation user)
//   PDFAudit    — the PDF/UA-1 audit: rules, content scan, XMP, rule catalogue, corpus
//                 scoring, and the report model and writers (text, JSON, SARIF, JUnit).
//                 It needs nothing from the layout or the text API; it is listed after
//                 PDFText only because its reports use Foundation (dates, number format)
//   PDFSemantic — tagged PDF above the text API: the tagged-text linking, the semantic
//                 tree (tagged or inferred) and its HTML and accessible-text writers
//   PDFSearch   — search keys: ICU word breaking, folding, index terms with boxes, queries
//   PDFSearchIndex — the SQLite FTS5 page index (GRDB), kept apart so that library users
//                 who only extract text never build SQLite bindings
//   PDFViewer   — the local web viewer behind `pdftext serve` and `pdftext view` (Hummingbird):
//                 routes and their security, the per-page overlay JSON (words, lines,
//                 blocks, glyphs, structure, audit findings) from a page cache, the static
//                 export; its web files (Web/) are embedded by EmbedWebAssetsPlugin, whose
//                 tool EmbedWebAssets writes them into a generated Swift source
//   PDFFuzzing  — the bodies of tools/fuzz's entry points that reach below the text API, and
//                 their invariant checks (a product only because tools/fuzz is another package)
//   PDFTextCLI  — `pdftext` subcommands as a library, so they are testable in-process
// See docs/ARCHITECTURE.md for why the cuts are where they are.

let package = Package(
    name: "pdftext",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "PDFText", targets: ["PDFText"]),
        .library(name: "PDFFile", targets: ["PDFFile"]),
        .library(name: "PDFSearch", targets: ["PDFSearch"]),
        .library(name: "PDFSearchIndex", targets: ["PDFSearchIndex"]),
        // The subcommands as a library, for programs that run them in-process (the writers'
        // fuzz target, tools/fuzz/Targets/FuzzWriters).
        .library(name: "PDFTextCLI", targets: ["PDFTextCLI"]),
        // The fuzz entry points' bodies, for tools/fuzz (a package of its own).
        .library(name: "PDFFuzzing", targets: ["PDFFuzzing"]),
        .executable(name: "pdftext", targets: ["pdftext"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-crypto.git", "3.12.3"..<"5.0.0"),
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2"),
        .package(url: "https://github.com/groue/GRDB.swift.git", from: "7.10.0"),
        // The web viewer's HTTP server (`pdftext serve`); brings swift-service-lifecycle.
        .package(url: "https://github.com/hummingbird-project/hummingbird.git", from: "2.28.1"),
        // Hummingbird's logger type, for a server that logs only warnings.
        .package(url: "https://github.com/apple/swift-log.git", from: "1.14.0"),
        // Only for `swift package generate-documentation` (tools/docs.sh); adds no code.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    ],
    targets: [
        .systemLibrary(
            name: "CZlib", pkgConfig: "zlib",
            providers: [.apt(["zlib1g-dev"]), .brew(["zlib"])]),
        .systemLibrary(
            name: "CFreeType", pkgConfig: "freetype2",
            providers: [.apt(["libfreetype-dev"]), .brew(["freetype"])]),
        // ICU stays behind plain C functions: importing ICU headers into Swift next to
        // Foundation clashes with Foundation's bundled ICU (see docs/ARCHITECTURE.md). The
        // shim loads libicuuc with dlopen on first use instead of linking it, so that a
        // process that needs no bidi, normalisation or search folding never loads it.
        .target(
            name: "CPDFUnicode",
            linkerSettings: [.linkedLibrary("dl")]),

        // Image codecs (libjpeg-turbo, OpenJPEG, jbig2dec) and Tesseract, each loaded with
        // dlopen on first use: the package builds and runs without them (see the header).
        .target(
            name: "CPDFImaging",
            linkerSettings: [.linkedLibrary("dl")]),

        .target(name: "PDFCore"),
        .target(name: "PDFSyntax", dependencies: ["PDFCore"]),
        .target(name: "PDFFilters", dependencies: ["PDFCore", "CZlib"]),
        .target(
            name: "PDFCrypto",
            dependencies: [
                "PDFCore", "CPDFUnicode",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "_CryptoExtras", package: "swift-crypto"),
            ]),
        .target(name: "PDFFile", dependencies: ["PDFCore", "PDFSyntax", "PDFFilters", "PDFCrypto"]),
        .target(name: "PDFGlyphs", dependencies: ["PDFCore"]),
        .target(name: "PDFFonts", dependencies: ["PDFCore", "PDFSyntax", "PDFFile", "PDFGlyphs", "CFreeType"]),
        .target(name: "PDFContent", dependencies: ["PDFCore", "PDFSyntax", "PDFFile", "PDFGlyphs", "PDFFonts"]),
        .target(name: "PDFLayout", dependencies: ["PDFCore", "PDFGlyphs", "CPDFUnicode"]),
        .target(name: "PDFImages", dependencies: ["PDFCore", "PDFSyntax", "PDFFile", "PDFFilters", "PDFGlyphs", "PDFContent", "CPDFImaging"]),
        .target(name: "PDFOCR", dependencies: ["PDFCore", "PDFSyntax", "PDFFile", "PDFGlyphs", "PDFContent", "PDFImages", "CPDFImaging"]),
        .target(name: "PDFText", dependencies: ["PDFCore", "PDFCrypto", "PDFFile", "PDFGlyphs", "PDFFonts", "PDFContent", "PDFLayout", "PDFOCR", "CPDFUnicode"]),
        .target(name: "PDFAudit", dependencies: ["PDFCore", "PDFSyntax", "PDFCrypto", "PDFFile", "PDFGlyphs", "PDFFonts", "PDFContent", "PDFLayout"]),
        .target(name: "PDFSemantic", dependencies: ["PDFCore", "PDFSyntax", "PDFFile", "PDFGlyphs", "PDFLayout", "PDFText", "PDFAudit"]),
        .target(name: "PDFSearch", dependencies: ["PDFCore", "CPDFUnicode", "PDFText"]),
        .target(
            name: "PDFSearchIndex",
            dependencies: ["PDFCore", "PDFFile", "PDFText", "PDFSearch", .product(name: "GRDB", package: "GRDB.swift")]),
        // The viewer's web files (Sources/PDFViewer/Web) become a Swift source at build time,
        // so that the binary serves them with nothing installed beside it.
        .executableTarget(name: "EmbedWebAssets"),
        .plugin(name: "EmbedWebAssetsPlugin", capability: .buildTool(), dependencies: ["EmbedWebAssets"]),
        .target(
            name: "PDFViewer",
            dependencies: [
                "PDFCore", "PDFFile", "PDFGlyphs", "PDFText", "PDFAudit", "PDFSearch", "PDFSearchIndex",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
            ],
            exclude: ["Web"],
            plugins: ["EmbedWebAssetsPlugin"]),
        .target(name: "PDFFuzzing", dependencies: ["PDFCore", "PDFSyntax", "PDFFile", "PDFGlyphs", "PDFFonts", "PDFContent", "PDFImages"]),
        // The CLI reads pages through PDFText (which re-exports the file's, the layout's and
        // the glyph arena's types). Stages below it are imported only by `glyphs` (PDFContent,
        // PDFFonts, PDFGlyphs: it shows the glyph stage).
        .target(
            name: "PDFTextCLI",
            dependencies: [
                "CPDFUnicode", "PDFCore", "PDFSyntax", "PDFGlyphs", "PDFFonts", "PDFContent", "PDFOCR", "PDFText", "PDFAudit",
                "PDFSemantic", "PDFSearch", "PDFSearchIndex", "PDFViewer",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]),
        .executableTarget(name: "pdftext", dependencies: ["PDFTextCLI"]),
        .target(name: "PDFTestSupport", dependencies: ["PDFCore", "PDFSyntax", "PDFCrypto"]),

        .testTarget(name: "PDFCoreTests", dependencies: ["PDFCore"]),
        .testTarget(name: "PDFSyntaxTests", dependencies: ["PDFCore", "PDFSyntax", "PDFTestSupport"]),
        .testTarget(name: "PDFFiltersTests", dependencies: ["PDFCore", "PDFFilters", "CZlib"]),
        .testTarget(name: "PDFCryptoTests", dependencies: ["PDFCore", "PDFCrypto"]),
        .testTarget(name: "PDFFileTests", dependencies: ["PDFCore", "PDFCrypto", "PDFSyntax", "PDFFile", "PDFTestSupport"]),
        .testTarget(name: "PDFFontsTests", dependencies: ["PDFCore", "PDFFile", "PDFSyntax", "PDFGlyphs", "PDFFonts", "PDFTestSupport"], resources: [.copy("Fixtures")]),
        .testTarget(name: "PDFContentTests", dependencies: ["PDFCore", "PDFFile", "PDFSyntax", "PDFGlyphs", "PDFContent", "PDFFonts", "PDFTestSupport"]),
        .testTarget(name: "PDFLayoutTests", dependencies: ["CPDFUnicode", "PDFCore", "PDFLayout", "PDFGlyphs", "PDFTestSupport"]),
        .testTarget(name: "PDFTextTests", dependencies: ["PDFContent", "PDFCore", "PDFFonts", "PDFGlyphs", "PDFLayout", "PDFText", "PDFFile", "PDFImages", "PDFOCR", "PDFSyntax", "PDFTestSupport"]),
        .testTarget(name: "PDFAuditTests", dependencies: ["PDFCore", "PDFSyntax", "PDFAudit", "PDFFile", "PDFTestSupport"]),
        .testTarget(name: "PDFSemanticTests", dependencies: ["PDFCore", "PDFSemantic", "PDFFile", "PDFText", "PDFTestSupport"]),
        .testTarget(name: "PDFTextCLITests", dependencies: ["PDFCore", "PDFLayout", "PDFGlyphs", "PDFTextCLI", "PDFText", "PDFAudit", "PDFSearch", "PDFSearchIndex", "PDFTestSupport", .product(name: "GRDB", package: "GRDB.swift")],
                    exclude: ["allocation-baseline.json"]),
        .testTarget(name: "PDFSearchTests", dependencies: ["PDFCore", "PDFSearch", "PDFSearchIndex", "PDFText", "PDFFile", "PDFTestSupport", .product(name: "GRDB", package: "GRDB.swift")]),
        .testTarget(name: "CorpusTests", dependencies: ["PDFCore", "PDFSyntax", "PDFText", "PDFFile", "PDFContent", "PDFFonts", "PDFGlyphs", "PDFLayout", "PDFTestSupport"]),
        .testTarget(name: "PDFFuzzingTests", dependencies: ["PDFFuzzing"]),
        .testTarget(
            name: "PDFViewerTests",
            dependencies: [
                "PDFCore", "PDFFile", "PDFText", "PDFSearch", "PDFSearchIndex", "PDFViewer", "PDFTestSupport",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
            ]),
        // Code written for Apple's PDFKit, ported by changing its import (idioms, and every
        // text-API signature of PDFKit's documentation used once).
        .testTarget(name: "PDFKitCompatibilityTests", dependencies: ["PDFText"]),
        .testTarget(name: "PDFKitSignatureTests", dependencies: ["PDFText"]),
        .testTarget(name: "SystemLibraryTests", dependencies: ["CZlib", "CFreeType", "CPDFUnicode"]),
    ]
)
