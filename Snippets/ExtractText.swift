// Print the text of every page of a PDF, in reading order, with how the order was decided.
import Foundation
import PDFText

let path = CommandLine.arguments.dropFirst().first ?? "Corpus/basic/three-pages.pdf"
let document: PDFDocument
do {
    document = try PDFDocument(contentsOf: URL(fileURLWithPath: path))
} catch {
    print("cannot open \(path): \(error.message)")
    exit(1)
}
if document.isLocked && !document.unlock(withPassword: "") {
    print("\(path) needs a password")
    exit(3)
}
for index in 0..<document.pageCount {
    guard let page = document.page(at: index), let text = page.string else { continue }
    let order = page.pageText?.layout.orderSource.rawValue ?? "?"
    print("— page \(page.label ?? String(index + 1)) (\(order)) —")
    print(text)
}
