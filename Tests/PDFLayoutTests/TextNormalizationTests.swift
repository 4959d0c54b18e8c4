import CPDFUnicode
import Testing
@testable import PDFLayout

@Suite struct TextNormalizationTests {
    func text(_ scalars: [Unicode.Scalar]?) -> String? {
        scalars.map { String(String.UnicodeScalarView($0)) }
    }

    /// NFKC through ICU, for cross-checks.
    func nfkc(_ s: String) -> String {
        let input = Array(s.utf16)
        var out = [UInt16](repeating: 0, count: input.count * 18 + 8)  // NFKC grows a character at most 18-fold (U+FDFA)
        var n: Int32 = 0
        #expect(pdfu_nfkc(input, Int32(input.count), &out, Int32(out.count), &n) == Int32(PDFU_OK))
        return String(decoding: out[0..<Int(n)], as: UTF16.self)
    }

    @Test("Latin ligatures expand to their letters")
    func latinLigatures() {
        let expected = ["ff", "fi", "fl", "ffi", "ffl", "\u{017F}t", "st"]
        for (i, letters) in expected.enumerated() {
            #expect(text(TextNormalization.expandLigature(Unicode.Scalar(0xFB00 + UInt32(i))!)) == letters)
        }
        // The same letters as NFKC, once long s is folded (NFKC folds it too).
        for v in UInt32(0xFB00)...0xFB06 {
            let lig = String(Unicode.Scalar(v)!)
            #expect(nfkc(text(TextNormalization.expandLigature(Unicode.Scalar(v)!))!) == nfkc(lig))
        }
    }

    @Test("Armenian ligatures expand to their letters, as NFKC has them")
    func armenianLigatures() {
        #expect(text(TextNormalization.expandLigature("\u{FB13}")) == "\u{0574}\u{0576}")  // մն
        for v in UInt32(0xFB13)...0xFB17 {
            let s = Unicode.Scalar(v)!
            #expect(text(TextNormalization.expandLigature(s)) == nfkc(String(s)))
        }
    }

    @Test("other scalars are not ligatures")
    func notLigatures() {
        for s: Unicode.Scalar in ["f", "\u{FB07}", "\u{FB12}", "\u{FB18}", "\u{FB1D}", "\u{00E6}", "\u{0133}", "\u{1F600}"] {
            #expect(TextNormalization.expandLigature(s) == nil)
        }
    }

    @Test("Arabic presentation forms give their letters")
    func arabicForms() {
        #expect(text(TextNormalization.basePresentationForm("\u{FEFB}")) == "\u{0644}\u{0627}")  // lam-alef isolated
        #expect(text(TextNormalization.basePresentationForm("\u{FEF7}")) == "\u{0644}\u{0623}")  // lam, alef with hamza (composed)
        #expect(text(TextNormalization.basePresentationForm("\u{FE8D}")) == "\u{0627}")  // alef isolated
        #expect(text(TextNormalization.basePresentationForm("\u{FEEB}")) == "\u{0647}")  // heh initial
        #expect(text(TextNormalization.basePresentationForm("\u{FB8A}")) == "\u{0698}")  // jeh isolated (form A)
        #expect(text(TextNormalization.basePresentationForm("\u{FDF2}")) == "\u{0627}\u{0644}\u{0644}\u{0647}")  // Allah
        #expect(TextNormalization.basePresentationForm("\u{FDFA}")?.count == 18)  // a whole phrase
        // A spacing mark form gives the mark without NFKC's space; the tatweel form keeps its tatweel.
        #expect(text(TextNormalization.basePresentationForm("\u{FE72}")) == "\u{064C}")
        #expect(text(TextNormalization.basePresentationForm("\u{FC5E}")) == "\u{064C}\u{0651}")
        #expect(text(TextNormalization.basePresentationForm("\u{FE71}")) == "\u{0640}\u{064B}")
    }

    @Test("Hebrew presentation forms give letters and points")
    func hebrewForms() {
        #expect(text(TextNormalization.basePresentationForm("\u{FB4F}")) == "\u{05D0}\u{05DC}")  // alef-lamed ligature
        #expect(text(TextNormalization.basePresentationForm("\u{FB2C}")) == "\u{05E9}\u{05BC}\u{05C1}")  // shin, dagesh, shin dot
        #expect(text(TextNormalization.basePresentationForm("\u{FB1D}")) == "\u{05D9}\u{05B4}")  // yod with hiriq
        #expect(text(TextNormalization.basePresentationForm("\u{FB23}")) == "\u{05D4}")  // wide he
        #expect(text(TextNormalization.basePresentationForm("\u{FB29}")) == "+")  // alternative plus sign
    }

    @Test("characters NFKC leaves alone, and those outside the blocks, give nil")
    func notPresentationForms() {
        for s: Unicode.Scalar in ["a", "\u{05D0}", "\u{0627}", "\u{FB01}", "\u{FD3E}", Unicode.Scalar(0xFDD0)!, "\u{FE73}", "\u{FEFF}", "\u{FE10}", "\u{FE50}", "\u{FF21}"] {
            #expect(TextNormalization.basePresentationForm(s) == nil, "\(String(s.value, radix: 16))")
        }
    }

    @Test("every presentation form answered is NFKC, up to a dropped leading space")
    func tableMatchesNFKC() {
        var answered = 0
        for v in UInt32(0xFB1D)...0xFEFF {
            let s = Unicode.Scalar(v)!
            guard let letters = text(TextNormalization.basePresentationForm(s)) else { continue }
            answered += 1
            let n = nfkc(String(s))
            #expect(n == letters || n == " " + letters, "\(String(v, radix: 16))")
        }
        // The Hebrew and Arabic blocks hold several hundred forms.
        #expect(answered > 700)
    }

    @Test("the common case costs little: a million Latin characters")
    func speed() {
        let sample = Array("The quick brown fox jumps over the lazy dog, 0123456789.".unicodeScalars)
        let clock = ContinuousClock()
        var hits = 0
        let elapsed = clock.measure {
            for i in 0..<1_000_000 {
                let s = sample[i % sample.count]
                if TextNormalization.expandLigature(s) != nil || TextNormalization.basePresentationForm(s) != nil { hits += 1 }
            }
        }
        #expect(hits == 0)
        print("TextNormalization: 1M Latin characters in \(elapsed)")
    }
}
