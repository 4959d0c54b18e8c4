// Find a word: every match with its page and box, find-next, whole words, and the first
// match asynchronously.
import Foundation
import PDFText

let arguments = CommandLine.arguments.dropFirst()
let path = arguments.first ?? "Corpus/text/prose-libreoffice.pdf"
let word = arguments.dropFirst().first ?? "the"
guard let document = PDFDocument(url: URL(fileURLWithPath: path)) else {
    print("cannot open \(path)")
    exit(1)
}

// Every match in page order, as PDFKit's findString gives them.
let hits = document.findString(word, withOptions: .caseInsensitive)
print("\(hits.count) matches of \"\(word)\"")
for hit in hits.prefix(3) {
    let page = hit.pages[0]
    let range = hit.range(at: 0, on: page)
    print("  page \(page.label ?? "?"), characters \(range.location)..<\(range.location + range.length): \(hit.string ?? "")")
}

// Find next, as a Find Again button does: nil after the last match, no wrap-around.
var current: PDFSelection? = nil
var visited = 0
while let next = document.findString(word, fromSelection: current, withOptions: .caseInsensitive) {
    current = next
    visited += 1
}
print("find-next visited \(visited)")

// Beyond PDFKit: whole words, and regular expressions.
let whole = document.findString(word, options: FindOptions(.caseInsensitive, wholeWords: true))
print("as a whole word: \(whole.count)")

// Asynchronously: the first match arrives as soon as its page has been read.
for try await event in document.findMatches(word, withOptions: .caseInsensitive) {
    if case .match(let selection, let pageIndex) = event {
        print("first match on page \(pageIndex + 1): \(selection.string ?? "")")
        break
    }
}
