// swift-tools-version:6.1
import PackageDescription

// The fuzz target lives in its own package so the root manifest stays free of sanitizer
// builds. It depends on the root package by path; see README.md for the build command.

// SwiftPM names a path dependency after its folder (the checkout or worktree name), not
// after the manifest's `name`, so the identity is worked out from where this file sits.
let rootFolder = Context.packageDirectory.split(separator: "/").dropLast(2).last.map(String.init) ?? "pdftext"

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
            exclude: ["README.md", "build.sh", "run.sh", "make_seeds.py", "pdf.dict", "seeds", "work", "crashes"],
            sources: ["FuzzDocumentLoading.swift"]),
    ]
)
