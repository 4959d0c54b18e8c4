import ArgumentParser
import PDFCore
import PDFText

/// `pdftext layout-debug FILE`: the page text with each block's kind and the order source,
/// for developing the layout analysis.
struct LayoutDebug: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "layout-debug", shouldDisplay: false)
    @Argument var file: String
    @Option var pages: String?
    @Flag var blocks = false

    func run() throws {
        guard case .success(let (document, _)) = Opening.open(path: file, passwords: []) else {
            printError("cannot open \(file)"); throw ExitCode(1)
        }
        let x = TextExtractor(document: document)
        for i in 0..<document.pageCount {
            if let p = pages, let n = Int(p), n != i + 1 { continue }
            let t = x.page(i)
            if blocks {
                print("=== page \(i + 1) order=\(t.layout.orderSource) conf=\(t.layout.orderConfidence)")
                for b in t.layout.blocks {
                    let l = t.layout.lines[Int(b.lines.lowerBound)..<Int(b.lines.upperBound)]
                    print("--- \(b.kind) \(b.bounds)")
                    for line in l { print(ControlEscaping.escaped(t.layout.text(line.characters))) }
                }
            } else {
                print(ControlEscaping.escapedLines(t.layout.text), terminator: "\u{0C}")
            }
        }
    }
}
