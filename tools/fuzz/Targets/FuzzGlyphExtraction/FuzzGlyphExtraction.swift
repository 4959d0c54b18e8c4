// libFuzzer entry point for glyph extraction: opens the input as a PDF with the fuzzing
// limits and interprets up to 20 pages, annotations included, with small budgets so that
// each input stays fast. libFuzzer supplies `main`; see README.md.
// The body is `FuzzEntry.glyphExtraction` in the root package's PDFFuzzing target. libFuzzer supplies `main`.

import PDFFuzzing

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    _ = FuzzEntry.glyphExtraction(bytes(data, size))
    return 0
}
