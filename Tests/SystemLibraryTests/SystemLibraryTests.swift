import CFreeType
import CPDFUnicode
import CZlib
import Testing

/// The C shims link and call into the system libraries the toolkit depends on.
@Suite struct SystemLibraryTests {
    @Test("zlib round-trips a buffer through compress and uncompress")
    func zlibRoundTrip() {
        let input = Array("The quick brown fox jumps over the lazy dog. ".utf8) + Array(repeating: 0x41, count: 500)
        var compressedLength = compressBound(uLong(input.count))
        var compressed = [UInt8](repeating: 0, count: Int(compressedLength))
        #expect(compress(&compressed, &compressedLength, input, uLong(input.count)) == Z_OK)
        #expect(Int(compressedLength) < input.count)
        var outLength = uLongf(input.count)
        var out = [UInt8](repeating: 0, count: input.count)
        #expect(uncompress(&out, &outLength, compressed, compressedLength) == Z_OK)
        #expect(out == input)
    }

    @Test("FreeType initialises and reports a 2.x version")
    func freetypeVersion() {
        var library: FT_Library?
        #expect(FT_Init_FreeType(&library) == 0)
        var major: FT_Int = 0, minor: FT_Int = 0, patch: FT_Int = 0
        FT_Library_Version(library, &major, &minor, &patch)
        #expect(major == 2)
        FT_Done_FreeType(library)
    }

    @Test("ICU shim folds case and compatibility forms")
    func icuCasefold() {
        let input = Array("ﬁSTRASSE".utf16)
        var out = [UInt16](repeating: 0, count: 32)
        var n: Int32 = 0
        #expect(pdfu_nfkc_casefold(input, Int32(input.count), &out, 32, &n) == Int32(PDFU_OK))
        #expect(String(decoding: out[0..<Int(n)], as: UTF16.self) == "fistrasse")
        #expect(String(cString: pdfu_icu_version()).split(separator: ".").first.flatMap { Int($0) }.map { $0 >= 60 } == true)
    }

    @Test("ICU shim applies SASLprep: soft hyphen removed, ordinal indicator NFKC-mapped")
    func icuSASLprep() {
        let input = Array("S\u{AA}SL\u{AD}prep".utf16)
        var out = [UInt16](repeating: 0, count: 32)
        var n: Int32 = 0
        #expect(pdfu_saslprep(input, Int32(input.count), &out, 32, &n) == Int32(PDFU_OK))
        #expect(String(decoding: out[0..<Int(n)], as: UTF16.self) == "SaSLprep")
        let bad = Array("a\u{7}b".utf16)  // control characters are prohibited
        #expect(pdfu_saslprep(bad, Int32(bad.count), &out, 32, &n) == Int32(PDFU_PROHIBITED))
    }
}
