// libFuzzer entry point for glyph extraction: opens the input as a PDF with the fuzzing
// limits and interprets up to 20 pages, annotations included, with small budgets so that
// each input stays fast. libFuzzer supplies `main`; see README.md.

import PDFCore
import PDFFile
import PDFFonts
import PDFContent
import FuzzSupport

let options = fuzzingOptions(includeAnnotations: true)

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard let document = try? Document(bytes: bytes(data, size), limits: .fuzzing) else { return 0 }
    let fonts = FontCache(store: document.store)
    var sink = 0
    for index in 0..<min(document.pages.count, 20) {
        let page = extractGlyphs(document: document, pageIndex: index, fonts: fonts, options: options)
        check(page.pageIndex == index, "page \(page.pageIndex) for index \(index)")
        sink &+= touch(page)
    }
    keep(sink)
    return 0
}
