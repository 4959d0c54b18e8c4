// libFuzzer entry point for search keys: each input, read as UTF-8 (invalid bytes become
// U+FFFD), is split into words and index terms by the ICU tokenizer, with and without
// diacritic folding, and parsed as a search query. libFuzzer supplies `main`.

import PDFFuzzing
import PDFSearch

let folded = Tokenizer()
let exact = Tokenizer(folding: SearchFolding(caseFolding: false, diacriticFolding: false))

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    let scalars = Array(text.unicodeScalars)
    for tokenizer in [folded, exact] {
        let words = tokenizer.words(in: scalars)
        var end = 0
        for w in words {
            check(w.range.lowerBound >= end && w.range.lowerBound < w.range.upperBound && w.range.upperBound <= scalars.count,
                  "word range \(w.range) after \(end) in \(scalars.count) scalars")
            check(!w.key.isEmpty, "empty key")
            check(!w.key.unicodeScalars.contains { $0 == " " || $0 == "\"" }, "key with a space or a quote: \(w.key.debugDescription)")
            end = w.range.upperBound
        }
        let terms = IndexTerm.terms(of: words, in: scalars, tokenizer: tokenizer)
        var last = 0
        for t in terms {
            check(t.range.lowerBound >= last && !t.range.isEmpty && !t.key.isEmpty, "term \(t.range) after \(last)")
            last = t.range.upperBound
        }
        if let query = try? SearchQuery(text, tokenizer: tokenizer) {
            let expression = query.ftsExpression
            // Quotes come in pairs: every term is one quoted string.
            check(expression.unicodeScalars.filter { $0 == "\"" }.count % 2 == 0, "unbalanced quotes in \(expression.debugDescription)")
            check(!query.keys.isEmpty, "a query without terms")
        }
    }
    return 0
}
