// swift-tools-version:6.1
import PackageDescription

// The fuzz targets live in their own package so the root manifest stays free of sanitizer
// builds. It depends on the root package by path; see README.md for the build command.
// Each target is an executable whose `main` is libFuzzer's.

// SwiftPM names a path dependency after its folder (the checkout or worktree name), not
// after the manifest's `name`, so the identity is worked out from where this file sits.
let rootFolder = Context.packageDirectory.split(separator: "/").dropLast(2).last.map(String.init) ?? "pdftext"

// The entry points that reach below the text API (glyph extraction, the content-stream
// interpreter, CMaps, CCITT fax images) have their bodies in the root package's PDFFuzzing
// product: they use its `package` declarations, which no other package may see.
let fuzzing: Target.Dependency = .product(name: "PDFFuzzing", package: rootFolder)

let package = Package(
    name: "pdftext-fuzz",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(path: "../.."),
    ],
    targets: [
        .executableTarget(
            name: "FuzzDocumentLoading",
            dependencies: [
                .product(name: "PDFFile", package: rootFolder),
            ],
            path: ".",
            // build.sh creates work/ and crashes/ first, so that these paths exist.
            exclude: ["README.md", "build.sh", "run.sh", "make_seeds.py", "pdf.dict", "content.dict", "cmap.dict", "search.dict",
                      "extract_seeds.py", "seeds",
                      "work", "crashes", "Targets"],
            sources: ["FuzzDocumentLoading.swift"]),
        .executableTarget(name: "FuzzGlyphExtraction", dependencies: [fuzzing], path: "Targets/FuzzGlyphExtraction"),
        .executableTarget(name: "FuzzContentStream", dependencies: [fuzzing], path: "Targets/FuzzContentStream"),
        .executableTarget(name: "FuzzCMap", dependencies: [fuzzing], path: "Targets/FuzzCMap"),
        .executableTarget(name: "FuzzCCITT", dependencies: [fuzzing], path: "Targets/FuzzCCITT"),
        .executableTarget(name: "FuzzWriters",
                          dependencies: [.product(name: "PDFTextCLI", package: rootFolder)],
                          path: "Targets/FuzzWriters"),
        .executableTarget(name: "FuzzSearch",
                          dependencies: [fuzzing, .product(name: "PDFSearch", package: rootFolder)],
                          path: "Targets/FuzzSearch"),
        // The image decoders (DCT, JPX, JBIG2 through the system codecs; raw samples, filters
        // and colour spaces): their bodies are in PDFFuzzing too (FuzzImages.swift).
        .executableTarget(name: "FuzzDCT", dependencies: [fuzzing], path: "Targets/FuzzDCT"),
        .executableTarget(name: "FuzzJPX", dependencies: [fuzzing], path: "Targets/FuzzJPX"),
        .executableTarget(name: "FuzzJBIG2", dependencies: [fuzzing], path: "Targets/FuzzJBIG2"),
        .executableTarget(name: "FuzzImageSamples", dependencies: [fuzzing], path: "Targets/FuzzImageSamples"),
    ]
)
