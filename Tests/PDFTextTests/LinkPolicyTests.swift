import PDFText
import Testing

struct LinkPolicyTests {
    @Test("script-capable, local, unknown and relative URIs are not links", arguments: [
        "javascript:alert(1)", " JavaScript:alert(1)", "\u{01}\u{20}javascript:x", "JAVASCRIPT:x",
        "java\tscript:alert(1)", "java\nscript:x", "j\ra\tvascript:x", "javascript\t:x",
        "data:text/html,<script>alert(1)</script>", "DATA:text/html;base64,PHNjcmlwdD4=",
        "vbscript:msgbox(1)", "VBScript:x", "file:///etc/passwd", "FILE://host/share",
        "&#106;avascript:alert(1)", "&#x6A;avascript:x", "%6Aavascript:alert(1)", "javascript%3Aalert(1)",
        "\u{A0}javascript:x", "ｊavascript:x", "//evil.example/x", "../etc/passwd", "page.html", "#top",
        "", ":", "1http://x", "blob:https://example.org/uuid", "about:blank", "chrome://settings",
        "intent://x#Intent;end", "ms-settings:", "tel:123",
    ])
    func refused(_ uri: String) {
        #expect(!LinkPolicy.allows(uri))
        #expect(LinkPolicy.target(for: uri) == nil)
        #expect(LinkPolicy.target(url: uri, pageIndex: nil) == nil)
    }

    @Test("http, https, mailto and ftp are links, in any case and after what browsers strip", arguments: [
        ("https://example.org/ok", "https://example.org/ok"),
        ("HTTP://Example.org/", "HTTP://Example.org/"),
        ("  https://example.org/x\u{01}", "https://example.org/x"),
        ("ht\ttps://example.org/", "https://example.org/"),
        ("mailto:a@example.org?subject=hi", "mailto:a@example.org?subject=hi"),
        ("ftp://ftp.example.org/pub", "ftp://ftp.example.org/pub"),
        ("https://example.org/a b", "https://example.org/a%20b"),
        ("https://example.org/a\"b\n>c<d\\e{f}|g^h`i", "https://example.org/a%22b%3Ec%3Cd%5Ce%7Bf%7D%7Cg%5Eh%60i"),
        ("https://example.org/\u{202E}x\u{1B}y\u{85}", "https://example.org/%E2%80%AEx%1By%C2%85"),
        ("https://example.org/wiki/A_(b)", "https://example.org/wiki/A_(b)"),
        ("https://example.org/東京", "https://example.org/東京"),
    ])
    func allowed(_ uri: String, _ target: String) {
        #expect(LinkPolicy.allows(uri))
        #expect(LinkPolicy.target(for: uri) == target)
    }

    @Test("the scheme is read as a browser reads it")
    func scheme() {
        #expect(LinkPolicy.scheme(of: " \tJava\nScript:x") == "javascript")
        #expect(LinkPolicy.scheme(of: "a+b-c.d:x") == "a+b-c.d")
        #expect(LinkPolicy.scheme(of: "/path:x") == nil)
        #expect(LinkPolicy.scheme(of: "no-colon") == nil)
    }

    @Test("page links are internal; a refused URI falls back to the link's page, else to no link")
    func pages() {
        #expect(LinkPolicy.pageTarget(0) == "#page-1")
        #expect(LinkPolicy.target(url: nil, pageIndex: 4) == "#page-5")
        #expect(LinkPolicy.target(url: "javascript:x", pageIndex: 2) == "#page-3")
        #expect(LinkPolicy.target(url: "https://example.org", pageIndex: 2) == "https://example.org")
        #expect(LinkPolicy.isPageTarget("#page-12"))
        #expect(!LinkPolicy.isPageTarget("#page-"))
        #expect(!LinkPolicy.isPageTarget("#page-1x"))
        #expect(LinkPolicy.writableTarget("#page-3") == "#page-3")
        #expect(LinkPolicy.writableTarget("#page-3\"><script>") == nil)
        #expect(LinkPolicy.writableTarget("javascript:x") == nil)
        #expect(LinkPolicy.writableTarget("https://e.org/ x") == "https://e.org/%20x")
    }
}
