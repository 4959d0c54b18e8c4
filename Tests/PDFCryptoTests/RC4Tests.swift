import Testing
import PDFCrypto

@Suite("RC4")
struct RC4Tests {
    /// RFC 6229 §2 keystream excerpts: (offset, 16 bytes).
    static let rfc6229Key40: [(Int, String)] = [
        (0, "b2396305f03dc027ccc3524a0a1118a8"),
        (16, "6982944f18fc82d589c403a47a0d0919"),
        (240, "28cb1132c96ce286421dcaadb8b69eae"),
        (256, "1cfcf62b03eddb641d77dfcf7f8d8c93"),
        (752, "ec10327bde2beefd18f9277680457e22"),
        (768, "eb62638d4f0ba1fe9fca20e05bf8ff2b"),
        (1520, "3294f744d8f9790507e70f62e5bbceea"),
        (1536, "d8729db41882259bee4f825325f5a130"),
        (4080, "068326a2118416d21f9d04b2cd1ca050"),
    ]
    static let rfc6229Key128: [(Int, String)] = [
        (0, "9ac7cc9a609d1ef7b2932899cde41b97"),
        (16, "5248c4959014126a6e8a84f11d1a9e1c"),
        (240, "065902e4b620f6cc36c8589f66432f2b"),
        (256, "d39d566bc6bce3010768151549f3873f"),
        (752, "c5ecf88de897fd57fed301701b82a259"),
        (768, "eccbe13de1fcc91c11a0b26c0bc8fa4d"),
        (1520, "b40110c4190b5622a96116b0017ed297"),
        (1536, "ffa0b514647ec04f6306b892ae661181"),
        (4080, "ff38265c1642c1abe8d3c2fe5e572bf8"),
    ]

    func keystream(key: [UInt8], count: Int) -> [UInt8] {
        RC4.crypt(key: key, [UInt8](repeating: 0, count: count))
    }

    @Test func rfc6229FortyBitKey() {
        let stream = keystream(key: hex("0102030405"), count: 4096)
        for (offset, expected) in Self.rfc6229Key40 {
            #expect(Array(stream[offset..<offset + 16]) == hex(expected), "offset \(offset)")
        }
    }

    @Test func rfc6229HundredTwentyEightBitKey() {
        let stream = keystream(key: hex("0102030405060708090a0b0c0d0e0f10"), count: 4096)
        for (offset, expected) in Self.rfc6229Key128 {
            #expect(Array(stream[offset..<offset + 16]) == hex(expected), "offset \(offset)")
        }
    }

    @Test func skipThenProcessContinuesTheKeystream() {
        var cipher = RC4(key: hex("0102030405"))
        cipher.skip(240)
        #expect(cipher.process([UInt8](repeating: 0, count: 16)) == hex("28cb1132c96ce286421dcaadb8b69eae"))
    }

    @Test func chunkedEqualsOneShot() {
        let key = utf8("chunk key")
        let data = (0..<1000).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        var cipher = RC4(key: key)
        var chunked: [UInt8] = []
        var index = 0
        for size in [1, 7, 100, 256, 636] {
            chunked += cipher.process(data[index..<index + size])
            index += size
        }
        #expect(chunked == RC4.crypt(key: key, data))
    }

    @Test func isItsOwnInverse() {
        let key = utf8("Key")
        let plain = utf8("Plaintext")
        let cipher = RC4.crypt(key: key, plain)
        #expect(cipher == hex("bbf316e8d940af0ad3"))
        #expect(RC4.crypt(key: key, cipher) == plain)
    }

    @Test func emptyKeyAndEmptyDataDoNotTrap() {
        #expect(RC4.crypt(key: [], [1, 2, 3]).count == 3)
        #expect(RC4.crypt(key: [1], []).isEmpty)
    }
}
