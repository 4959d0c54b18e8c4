// Select text by range, rectangle and point, and print what each selection covers.
import Foundation
import PDFText

let path = CommandLine.arguments.dropFirst().first ?? "Corpus/basic/hello.pdf"
guard let document = PDFDocument(url: URL(fileURLWithPath: path)),
      let page = document.page(at: 0), let text = page.string, !text.isEmpty else {
    print("no text on the first page of \(path)")
    exit(1)
}

// The first word, by character range (UTF-16 units, as NSRange).
let firstWord = (text as NSString).range(of: " ").location
let range = NSRange(location: 0, length: firstWord == NSNotFound ? (text as NSString).length : firstWord)
if let selection = page.selection(for: range) {
    print("range \(range.location),\(range.length): \(selection.string ?? "")")
    print("  bounds: \(selection.bounds(for: page))")
}

// Everything in the upper half of the page.
let box = page.bounds(for: .cropBox)
let upperHalf = CGRect(x: box.minX, y: box.midY, width: box.width, height: box.height / 2)
print("upper half: \(page.selection(for: upperHalf)?.string ?? "(nothing)")")

// The word and the line under the first character's centre, and where each line lies.
let b = page.characterBounds(at: 0)
let point = CGPoint(x: b.midX, y: b.midY)
print("character at \(point): \(page.characterIndex(at: point))")
print("word: \(page.selectionForWord(at: point)?.string ?? "-")")
print("line: \(page.selectionForLine(at: point)?.string ?? "-")")
for line in page.selectionForEntirePage?.selectionsByLine() ?? [] {
    let quad = line.quadrilaterals(on: page).first
    print("  \(line.string ?? "") @ \(quad.map { "(\($0.lowerLeft.x), \($0.lowerLeft.y))" } ?? "-")")
}
