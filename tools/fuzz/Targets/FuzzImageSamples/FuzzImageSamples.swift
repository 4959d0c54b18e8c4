// libFuzzer entry point for raw image samples: the first six bytes choose the image dictionary
// (width, height, BitsPerComponent 1/2/4/8/16 or a wrong one, one of 18 colour spaces among
// them Indexed, Separation, DeviceN, ICCBased, Lab and Pattern, ImageMask, /Decode, the filter:
// Flate or LZW with or without a predictor, RunLength, none; inline image or XObject).
// The body is `FuzzEntry.imageSamples` in the root package's PDFFuzzing target. libFuzzer supplies `main`.

import PDFFuzzing

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    keep(FuzzEntry.imageSamples(bytes(data, size)).codes.count)
    return 0
}
