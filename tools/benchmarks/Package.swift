// swift-tools-version:6.1
import PackageDescription

// Load-and-decode benchmark for the file layer. A separate package so the root manifest stays
// free of benchmark code; build it in release mode through compare.sh (or by hand, see README).
let package = Package(
    name: "pdftext-benchmarks",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(name: "pdftext", path: "../.."),
    ],
    targets: [
        .executableTarget(
            name: "pdftext-load-bench",
            dependencies: [
                .product(name: "PDFFile", package: "pdftext"),
            ]
        ),
    ]
)
