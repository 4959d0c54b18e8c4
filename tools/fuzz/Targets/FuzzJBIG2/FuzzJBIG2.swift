// libFuzzer entry point for JBIG2 data, the data of an image stream with /Filter /JBIG2Decode:
// the first two bytes choose the image dictionary (as for FuzzDCT), the next two the length of
// the /JBIG2Globals data that follows; the rest is the page's data.
// The body is `FuzzEntry.imageCodec` in the root package's PDFFuzzing target. libFuzzer supplies `main`.

import PDFFuzzing

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    keep(FuzzEntry.imageCodec(.jbig2, bytes(data, size)).codes.count)
    return 0
}
