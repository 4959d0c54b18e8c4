import Testing
import PDFCrypto

@Suite("AES helpers")
struct AESTests {
    @Test func fips197BlockVectors() throws {
        // FIPS-197 Appendix C.1 (AES-128) and C.3 (AES-256).
        let plain = hex("00112233445566778899aabbccddeeff")
        let key128 = hex("000102030405060708090a0b0c0d0e0f")
        let key256 = hex("000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f")
        #expect(AESBlocks.encryptBlock(plain, key: key128) == hex("69c4e0d86a7b0430d8cdb78070b4c55a"))
        #expect(AESBlocks.encryptBlock(plain, key: key256) == hex("8ea2b7ca516745bfeafc49904b496089"))
        #expect(AESBlocks.decryptBlock(hex("8ea2b7ca516745bfeafc49904b496089"), key: key256) == plain)
    }

    @Test func cbcRoundTrip() throws {
        let key = [UInt8](repeating: 7, count: 32)
        let iv = [UInt8](0..<16)
        let data = (0..<64).map { UInt8($0) }
        let cipher = try #require(AESBlocks.cbcEncrypt(data, key: key[...], iv: iv[...]))
        #expect(cipher.count == 64)
        #expect(AESBlocks.cbcDecrypt(cipher[...], key: key, iv: iv[...]) == data)
    }

    @Test func badSizesGiveNil() {
        #expect(AESBlocks.cbcDecrypt([1, 2, 3][...], key: [UInt8](repeating: 0, count: 16), iv: [UInt8](repeating: 0, count: 16)[...]) == nil)
        #expect(AESBlocks.cbcDecrypt([UInt8](repeating: 0, count: 16)[...], key: [1, 2, 3, 4, 5], iv: [UInt8](repeating: 0, count: 16)[...]) == nil)
        #expect(AESBlocks.decryptBlock([1, 2, 3], key: [UInt8](repeating: 0, count: 16)) == nil)
    }

    @Test(arguments: [
        // (input, expected)
        ([0x41, 0x42, 0x03, 0x03, 0x03], [0x41, 0x42]),
        ([UInt8](repeating: 16, count: 16), []),
        ([0x41] + [UInt8](repeating: 16, count: 16), [0x41]),
        ([0x41, 0x42, 0x01], [0x41, 0x42]),
    ] as [([UInt8], [UInt8])])
    func wellFormedPaddingIsStripped(input: [UInt8], expected: [UInt8]) {
        var bytes = input
        AESBlocks.stripPaddingLeniently(&bytes)
        #expect(bytes == expected)
    }

    @Test(arguments: [
        [0x41, 0x42, 0x00],  // zero is not a padding length
        [0x41, 0x42, 0x11],  // 17 is too long
        [0x41, 0x02, 0x03, 0x03],  // inconsistent padding bytes
        [0x05, 0x05],  // longer than the data
        [],
    ] as [[UInt8]])
    func badPaddingIsKept(input: [UInt8]) {
        var bytes = input
        AESBlocks.stripPaddingLeniently(&bytes)
        #expect(bytes == input)
    }

    @Test func leadingIVEdgeCases() throws {
        let key = [UInt8](repeating: 9, count: 16)
        #expect(AESBlocks.decryptWithLeadingIV([][...], key: key).isEmpty)
        #expect(AESBlocks.decryptWithLeadingIV([UInt8](repeating: 1, count: 10)[...], key: key).isEmpty)
        #expect(AESBlocks.decryptWithLeadingIV([UInt8](repeating: 1, count: 16)[...], key: key).isEmpty)
        #expect(AESBlocks.decryptWithLeadingIV([UInt8](repeating: 1, count: 31)[...], key: key).isEmpty)

        // A stream with a truncated last block: the whole blocks still decrypt.
        let plain = (0..<40).map { UInt8($0 + 0x40) }
        let encrypted = StandardSecurityWriter.encrypt(plain, method: .aesV3, fileKey: [UInt8](repeating: 3, count: 32), objectNumber: 1, generation: 0)
        #expect(encrypted.count == 16 + 48)
        let truncated = encrypted.dropLast(5)
        let out = AESBlocks.decryptWithLeadingIV(truncated, key: [UInt8](repeating: 3, count: 32))
        #expect(out == Array(plain.prefix(32)))

        // A wrong key gives garbage of the right size (padding kept when malformed), never a trap.
        let garbage = AESBlocks.decryptWithLeadingIV(encrypted[...], key: [UInt8](repeating: 4, count: 32))
        #expect(garbage.count <= 48 && garbage.count >= 32)
    }

    @Test func unpaddedDataIsKeptWhole() throws {
        // A writer that did not pad: 32 bytes whose last byte is not a padding length.
        let key = [UInt8](repeating: 1, count: 16)
        let iv = [UInt8](repeating: 2, count: 16)
        var plain = [UInt8](repeating: 0x61, count: 32)
        plain[31] = 0x7A
        let cipher = try #require(AESBlocks.cbcEncrypt(plain, key: key[...], iv: iv[...]))
        #expect(AESBlocks.decryptWithLeadingIV((iv + cipher)[...], key: key) == plain)
    }
}
