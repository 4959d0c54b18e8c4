// Print each styled run of a page's text with its font, size, traits, colour and link.
import Foundation
import PDFText

let path = CommandLine.arguments.dropFirst().first ?? "Corpus/text/styles-pdflatex.pdf"
guard let document = PDFDocument(url: URL(fileURLWithPath: path)),
      let page = document.page(at: 0), let text = page.attributedText else {
    print("cannot read \(path)")
    exit(1)
}
for run in text.runs {
    let piece = String(text[run.range].characters).replacingOccurrences(of: "\n", with: "⏎")
    guard !piece.trimmingCharacters(in: .whitespaces).isEmpty else { continue }
    var traits: [String] = []
    if run.isBold == true { traits.append("bold") }
    if run.isItalic == true { traits.append("italic") }
    if run.isMonospace == true { traits.append("mono") }
    if run.underline == true { traits.append("underline") }
    if run.strikethrough == true { traits.append("strike") }
    if let shift = run.baselineOffset, shift != 0 { traits.append(shift > 0 ? "superscript" : "subscript") }
    if let url = run.link { traits.append("link \(url.absoluteString)") }
    let size = run.fontSize.map { String(format: "%.1f", $0) } ?? "?"
    let colour = run.foregroundColor.map { "\($0)" } ?? ""
    print("[\(run.fontFamily ?? "?") \(size)pt \(colour) \(traits.joined(separator: ", "))] \(piece)")
}
