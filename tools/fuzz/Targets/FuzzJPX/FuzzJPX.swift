// libFuzzer entry point for JPEG 2000 data (a codestream or a JP2 file), the data of an image
// stream with /Filter /JPXDecode: the first two bytes choose the image dictionary (colour space,
// /Decode, ImageMask, inline image or XObject, an outer /FlateDecode, BitsPerComponent, size).
// The body is `FuzzEntry.imageCodec` in the root package's PDFFuzzing target. libFuzzer supplies `main`.

import PDFFuzzing

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    keep(FuzzEntry.imageCodec(.jpx, bytes(data, size)).codes.count)
    return 0
}
