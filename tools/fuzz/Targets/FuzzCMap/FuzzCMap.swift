// libFuzzer entry point for CMap programs: each input is parsed as a ToUnicode map and as an
// encoding CMap (with `usecmap` resolving Identity-H/V and the predefined CMaps), then codes
// are looked up and the input itself is split into codes by both. libFuzzer supplies `main`.

import PDFCore
import PDFFonts
import FuzzSupport

/// `usecmap` targets: the identities and, when poppler-data is installed, the predefined ones.
func resolve(_ name: String) -> CMap? {
    switch name {
    case "Identity-H": return .identityH
    case "Identity-V": return .identityV
    default: return PredefinedCMaps.isPredefined(name) ? PredefinedCMaps.cmap(named: name) : nil
    }
}

let probes: [(UInt32, Int)] = [(0, 1), (0x20, 1), (0x41, 1), (0xFF, 1), (0, 2), (0x0041, 2), (0x8140, 2),
                               (0xFFFF, 2), (0x8EA1A1, 3), (0xFFFFFF, 3), (0x10000, 4), (0xFFFF_FFFF, 4), (0x41, 0), (1, 9)]

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let input = bytes(data, size)
    var sink = 0
    var log = DiagnosticLog()
    if let map = ToUnicodeMap.parse(input, diagnostics: &log) {
        for (code, length) in probes { sink &+= map.unicode(for: code, length: length)?.count ?? 0 }
        sink &+= map.mappedCodeLengths.reduce(0, &+) &+ map.codespaceRanges.count
        input.withUnsafeBufferPointer { buffer in
            var i = 0
            while i < buffer.count {
                let (code, length) = map.nextCode(buffer, at: i)
                check(length >= 1 && length <= 4, "ToUnicode nextCode length \(length) at \(i)")
                sink &+= map.unicode(for: code, length: length)?.count ?? 0
                let read = map.readCode(buffer, at: i)
                check(read.length >= 1, "ToUnicode readCode length \(read.length) at \(i)")
                i += length
            }
        }
    }
    if let cmap = CMap.parse(input, resolve: resolve, diagnostics: &log) {
        for (code, length) in probes {
            sink &+= Int(cmap.cid(for: code, length: length) ?? 0) & 1
            sink &+= Int(cmap.notdefCID(for: code, length: length) ?? 0) & 1
        }
        sink &+= cmap.writingMode &+ cmap.codespaceRanges.count &+ (cmap.isIdentity ? 1 : 0)
        input.withUnsafeBufferPointer { buffer in
            var i = 0
            while i < buffer.count {
                let (code, length) = cmap.nextCode(buffer, at: i)
                check(length >= 1 && length <= 4, "CMap nextCode length \(length) at \(i)")
                sink &+= Int(cmap.cid(for: code, length: length) ?? 0) & 1
                i += length
            }
        }
        let codes = cmap.codes(in: input)
        check(codes.allSatisfy { $0.length >= 1 && $0.length <= 4 }, "CMap codes(in:) length outside 1...4")
    }
    sink &+= log.count
    keep(sink)
    return 0
}
