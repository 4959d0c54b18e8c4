// libFuzzer entry point for CCITT fax data: the first five bytes choose /K, /Columns, /Rows
// and the flags of /DecodeParms, the rest is the data of an image stream with /Filter
// /CCITTFaxDecode, decoded through the file layer (`ObjectStore.ccittFaxImage`).
// The body is `FuzzEntry.ccittFax` in the root package's PDFFuzzing target. libFuzzer supplies `main`.

import PDFFuzzing

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    keep(FuzzEntry.ccittFax(bytes(data, size)))
    return 0
}
