// libFuzzer entry point for the content-stream interpreter: each input is run as the content
// of a fixed synthetic page whose resources hold a standard Helvetica (/F1), a Type 0
// Identity-H font with a ToUnicode map and /W widths (/T0), a Type 3 font (/T3), a TrueType
// font with a damaged embedded program (/TT), a form XObject that shows text and draws
// itself (/X1), an image (/Im1), ExtGStates (/GS1 sets a font), colour spaces, marked-content
// properties and an optional content group that is off.
// The body is `FuzzEntry.contentStream` in the root package's PDFFuzzing target. libFuzzer supplies `main`.

import PDFFuzzing

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    _ = FuzzEntry.contentStream(bytes(data, size))
    return 0
}
