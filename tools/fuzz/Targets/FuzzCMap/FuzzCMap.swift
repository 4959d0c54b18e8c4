// libFuzzer entry point for CMap programs: each input is parsed as a ToUnicode map and as an
// encoding CMap (with `usecmap` resolving Identity-H/V and the predefined CMaps), then codes
// are looked up and the input itself is split into codes by both.
// The body is `FuzzEntry.cmap` in the root package's PDFFuzzing target. libFuzzer supplies `main`.

import PDFFuzzing

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    _ = FuzzEntry.cmap(bytes(data, size))
    return 0
}
