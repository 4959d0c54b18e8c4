import Testing
@testable import PDFFonts

@Suite struct FontNameSearchTests {
    @Test("the byte search gives String.contains's answer, ASCII or not, for every word the loader asks")
    func sameAsStringContains() {
        let names = ["", "courier", "abcdef+couriernew-bold", "timesnewromanps-boldmt", "dejavusansmono", "mon", "monospace",
                     "cmtt10", "sfmono-regular", "inconsolata", "adobeheitistd-regular", "ms mincho", "monó", "mono\u{301}",
                     "zapfdingbats", "uni-ucs2-h", "unigb-utf16-h", "unijis-ucs2-hw-h", "gothic\r\nmono", "ＭＯＮＯ", "itc-zapf"]
        let words = ["mono", "courier", "consol", "typewriter", "dingbats", "bold", "black", "heavy", "demi", "italic",
                     "oblique", "slanted", "UCS2", "UTF16", "ucs2", "o\u{301}", "-", ""]
        for name in names {
            for word in words {
                #expect(FontNames.contains(name, word) == name.contains(word), "\(name) / \(word)")
            }
        }
    }
}
