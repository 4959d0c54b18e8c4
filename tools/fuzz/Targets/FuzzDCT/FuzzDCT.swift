// libFuzzer entry point for DCT (JPEG) data, the data of an image stream with /Filter
// /DCTDecode: the first two bytes choose the image dictionary (colour space, /Decode, ImageMask,
// inline image or XObject, an outer /FlateDecode, BitsPerComponent, declared size, /DecodeParms).
// The body is `FuzzEntry.imageCodec` in the root package's PDFFuzzing target. libFuzzer supplies `main`.

import PDFFuzzing

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    keep(FuzzEntry.imageCodec(.dct, bytes(data, size)).codes.count)
    return 0
}
