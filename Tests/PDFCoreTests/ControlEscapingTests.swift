import PDFCore
import Testing

struct ControlEscapingTests {
    @Test("controls, C1 controls, bidirectional overrides and isolates are escaped; text and marks are not", arguments: [
        ("plain title", "plain title"),
        ("a\u{1B}[31mred", "a\\u{1b}[31mred"),
        ("bell\u{07}nul\u{00}bs\u{08}", "bell\\u{7}nul\\u{0}bs\\u{8}"),
        ("tab\tnl\ncr\r", "tab\\tnl\\ncr\\r"),
        ("del\u{7F}csi\u{9B}2J nel\u{85}", "del\\u{7f}csi\\u{9b}2J nel\\u{85}"),
        ("\u{202E}gpj.exe", "\\u{202e}gpj.exe"),
        ("\u{202A}\u{202B}\u{202C}\u{202D}", "\\u{202a}\\u{202b}\\u{202c}\\u{202d}"),
        ("\u{2066}x\u{2067}y\u{2068}z\u{2069}", "\\u{2066}x\\u{2067}y\\u{2068}z\\u{2069}"),
        ("line\u{2028}para\u{2029}", "line\\u{2028}para\\u{2029}"),
        ("עברית\u{200F} (1)", "עברית\u{200F} (1)"),
        ("C:\\path é 東京", "C:\\path é 東京"),
    ])
    func escaped(_ input: String, _ expected: String) {
        #expect(ControlEscaping.escaped(input) == expected)
        #expect(!ControlEscaping.escaped(input).unicodeScalars.contains(where: ControlEscaping.needsEscape))
    }

    @Test("tab-separated fields double the backslash so the escapes can be undone")
    func doubling() {
        #expect(ControlEscaping.escaped("a\\tb\tc", doublingBackslashes: true) == "a\\\\tb\\tc")
        #expect(ControlEscaping.escaped("a\\tb", doublingBackslashes: false) == "a\\tb")
    }

    @Test("text drops C0 (but tab, line feed, form feed), DEL and C1, turns a carriage return into a space, keeps bidi marks")
    func textControls() {
        #expect(ControlEscaping.withoutTextControls("a\u{0}b\u{7}c\u{1b}[2Jd\u{7f}e\u{9b}31mf") == "abc[2Jde31mf")
        #expect(ControlEscaping.withoutTextControls("one\rtwo\tthree\nfour\u{0C}five") == "one two\tthree\nfour\u{0C}five")
        #expect(ControlEscaping.withoutTextControls("\u{202E}abc\u{200F}") == "\u{202E}abc\u{200F}")
        let plain = "nothing to drop"
        #expect(ControlEscaping.withoutTextControls(plain) == plain)
    }

    @Test("several lines keep their line feeds and escape the rest")
    func lines() {
        #expect(ControlEscaping.escapedLines("one\u{1B}]0;t\u{07}\ntwo\r\n") == "one\\u{1b}]0;t\\u{7}\ntwo\\r\n")
        #expect(ControlEscaping.escapedLines("a\nb\n") == "a\nb\n")
    }

    @Test("UTF-8 text strings with a byte-order mark keep their controls but drop language escapes")
    func utf8TextString() {
        let s = TextString.decode([0xEF, 0xBB, 0xBF] + Array("A\u{07}\u{1B}en\u{1B}B".utf8))
        #expect(s == "A\u{07}B")
        let u = TextString.decode([0xFE, 0xFF, 0x00, 0x41, 0x00, 0x07, 0x20, 0x2E])
        #expect(u == "A\u{07}\u{202E}")
    }
}
