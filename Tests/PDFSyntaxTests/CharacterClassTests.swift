import PDFSyntax
import Testing

/// The byte classes, read from bit masks, against the lists of ISO 32000-2 §7.2.3.
@Suite struct CharacterClassTests {
    @Test("every byte: whitespace, delimiter or regular, as the specification lists them")
    func allBytes() {
        let whitespace: Set<UInt8> = [0x00, 0x09, 0x0A, 0x0C, 0x0D, 0x20]
        let delimiters: Set<UInt8> = Set("()<>[]{}/%".utf8)
        var regular = 0
        for b in 0...255 {
            let c = UInt8(b)
            #expect(CharacterClass.isWhitespace(c) == whitespace.contains(c), "\(b)")
            #expect(CharacterClass.isDelimiter(c) == delimiters.contains(c), "\(b)")
            #expect(CharacterClass.isRegular(c) == !(whitespace.contains(c) || delimiters.contains(c)), "\(b)")
            if CharacterClass.isRegular(c) { regular += 1 }
        }
        #expect(regular == 256 - 16)
    }
}
