import Foundation
import Hummingbird
import HummingbirdTesting
import Testing
import PDFTestSupport
@testable import PDFViewer

/// The refusals issue 23 asks for, each through the HTTP interface in-process: traversal in
/// every spelling, absolute paths, links out of the roots, listing, headers, escaping of
/// PDF-derived text, request size and rate limits.
@Suite struct ViewerSecurityTests {
    /// A root with one PDF, a link to a PDF outside it, and that outside PDF.
    struct Setup {
        var root: URL
        var outside: URL
        var viewer: Viewer
        var docID: String
    }

    static func setup(settings: Viewer.Settings = Viewer.Settings()) throws -> Setup {
        let outside = try Fixtures.folder("outside", ["secret.pdf": Fixtures.textPDF(["Secret outside the root"])])
        let root = try Fixtures.folder("root", ["inside.pdf": Fixtures.textPDF(["Hello inside"])])
        try FileManager.default.createSymbolicLink(atPath: root.appendingPathComponent("link.pdf").path,
                                                   withDestinationPath: outside.appendingPathComponent("secret.pdf").path)
        let catalog = DocumentCatalog(paths: [root.path])
        let viewer = Viewer(catalog: catalog, settings: settings)
        return Setup(root: root, outside: outside, viewer: viewer, docID: try #require(catalog.entries.first?.id))
    }

    @Test("the request target reader refuses .., encodings, empty segments, controls and long targets")
    func targetReader() throws {
        #expect(try RequestTarget.parse("/api/doc/ab12/page/3").segments == ["api", "doc", "ab12", "page", "3"])
        #expect(try RequestTarget.parse("/api/search?q=caf%C3%A9+au+lait&limit=5").query == ["q": "café au lait", "limit": "5"])
        #expect(try RequestTarget.parse("/").segments == [])
        #expect(ViewerResponder.hostName("LocalHost:8080") == "localhost" && ViewerResponder.hostName("[::1]:80") == "[::1]")
        for bad in ["/../etc/passwd", "/pdfjs/../../etc/passwd", "/pdfjs/./build", "/pdfjs/%2e%2e/%2e%2e/etc/passwd",
                    "/pdfjs/build%2fpdf.js", "/pdfjs/%252e%252e/x", "//etc/passwd", "/pdfjs//etc/passwd", "/pdfjs/a\\b",
                    "etc/passwd", "/api/doc/x%00", "/api/search?q=a%00b", "/api/search?q=%zz", "/api/search?q=%C3", "/a b"] {
            #expect(throws: RequestTarget.Refusal.self, "\(bad)") { try RequestTarget.parse(bad) }
        }
        let long = "/api/search?q=" + String(repeating: "a", count: RequestTarget.maxBytes)
        #expect(throws: RequestTarget.Refusal.tooLong) { try RequestTarget.parse(long) }
    }

    @Test("traversal, encoded traversal, absolute paths and NUL bytes are refused with a JSON error")
    func traversal() async throws {
        let s = try Self.setup()
        try await Fixtures.app(s.viewer).test(.router) { client in
            for uri in ["/api/doc/../../etc/passwd", "/pdfjs/../../../etc/passwd", "/pdfjs/%2e%2e/%2e%2e/%2e%2e/etc/passwd",
                        "/pdfjs/..%2f..%2f..%2fetc%2fpasswd", "/pdfjs/%252e%252e/%252e%252e/etc/passwd", "//etc/passwd",
                        "/api/doc//etc/passwd/file.pdf", "/app/..%2fapp.js", "/api/doc/\(s.docID)%00/file.pdf",
                        "/pdfjs/build/pdf.js%00.txt"] {
                try await client.execute(uri: uri, method: .get) { response in
                    #expect(response.status == .badRequest, "\(uri)")
                    let body = try Fixtures.json(response)
                    #expect(body["error"] is String, "\(uri)")
                    #expect(!String(buffer: response.body).contains(s.root.path), "\(uri)")
                }
            }
            // A path in place of an id names nothing.
            for uri in ["/api/doc/etc/file.pdf", "/api/doc/\(s.root.lastPathComponent)/file.pdf", "/etc/passwd"] {
                try await client.execute(uri: uri, method: .get) { #expect($0.status == .notFound, "\(uri)") }
            }
        }
    }

    @Test("a link out of the root is not served: not listed, and its id names nothing")
    func linkOutOfRoot() async throws {
        let s = try Self.setup()
        #expect(s.viewer.catalog.entries.map(\.name) == ["inside.pdf"])
        let outsideID = DocumentCatalog.id(of: try #require(DocumentCatalog.canonical(s.outside.appendingPathComponent("secret.pdf").path)))
        try await Fixtures.app(s.viewer).test(.router) { client in
            try await client.execute(uri: "/api/docs", method: .get) { response in
                let docs = try #require(try Fixtures.json(response)["docs"] as? [[String: Any]])
                #expect(docs.map { $0["name"] as? String } == ["inside.pdf"])
                #expect(docs.first?["pages"] as? Int == 1)
            }
            for uri in ["/api/doc/\(outsideID)", "/api/doc/\(outsideID)/file.pdf", "/api/doc/\(outsideID)/page/1"] {
                try await client.execute(uri: uri, method: .get) { #expect($0.status == .notFound, "\(uri)") }
            }
            // The file served is the one inside.
            try await client.execute(uri: "/api/doc/\(s.docID)/file.pdf", method: .get) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.contentType] == "application/pdf")
                #expect(String(buffer: response.body).hasPrefix("%PDF-"))
            }
        }
    }

    @Test("a file of the root swapped for a link out of it after the start is refused")
    func swappedLink() async throws {
        let s = try Self.setup()
        let inside = s.root.appendingPathComponent("inside.pdf").path
        try FileManager.default.removeItem(atPath: inside)
        try FileManager.default.createSymbolicLink(atPath: inside, withDestinationPath: s.outside.appendingPathComponent("secret.pdf").path)
        try await Fixtures.app(s.viewer).test(.router) { client in
            try await client.execute(uri: "/api/doc/\(s.docID)/file.pdf", method: .get) { #expect($0.status == .notFound) }
        }
    }

    @Test("pdf.js: regular files inside its folder only; no listing, no link out, no other types")
    func pdfjsFiles() async throws {
        let secret = try Fixtures.folder("pdfjs-outside", ["secret.js": Array("secret".utf8)])
        let root = try Fixtures.folder("pdfjs", ["build/pdf.js": Array("// pdf.js".utf8), "build/notes.txt": Array("x".utf8)])
        try FileManager.default.createSymbolicLink(atPath: root.appendingPathComponent("build/evil.js").path,
                                                   withDestinationPath: secret.appendingPathComponent("secret.js").path)
        var settings = Viewer.Settings()
        settings.pdfjsRoot = root.path
        let s = try Self.setup(settings: settings)
        try await Fixtures.app(s.viewer).test(.router) { client in
            try await client.execute(uri: "/pdfjs/build/pdf.js", method: .get) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.contentType] == "text/javascript; charset=utf-8")
                #expect(String(buffer: response.body) == "// pdf.js")
            }
            for uri in ["/pdfjs/build/evil.js", "/pdfjs/build", "/pdfjs", "/pdfjs/build/notes.txt", "/pdfjs/build/missing.js"] {
                try await client.execute(uri: uri, method: .get) { response in
                    #expect(response.status == .notFound, "\(uri)")
                    #expect(!String(buffer: response.body).contains("secret"), "\(uri)")
                }
            }
            try await client.execute(uri: "/pdfjs/build/", method: .get) { #expect($0.status == .badRequest) }
            // Only the app's own names under /app.
            for uri in ["/app/index.html", "/app/Package.swift", "/app/"] {
                try await client.execute(uri: uri, method: .get) { #expect($0.status != .ok, "\(uri)") }
            }
        }
    }

    @Test("every response carries the CSP, nosniff and no-referrer, errors too")
    func headers() async throws {
        let s = try Self.setup()
        try await Fixtures.app(s.viewer).test(.router) { client in
            for uri in ["/", "/app/app.js", "/app/app.css", "/api/docs", "/api/doc/\(s.docID)", "/nope", "/../x"] {
                try await client.execute(uri: uri, method: .get) { response in
                    let csp = try #require(response.headers[.contentSecurityPolicy], "\(uri)")
                    #expect(csp.contains("default-src 'none'") && csp.contains("script-src 'self'") && csp.contains("worker-src 'self' blob:"))
                    #expect(!csp.contains("unsafe-eval") && !csp.contains("unsafe-inline"))
                    #expect(response.headers[.init("X-Content-Type-Options")!] == "nosniff", "\(uri)")
                    #expect(response.headers[.init("Referrer-Policy")!] == "no-referrer", "\(uri)")
                }
            }
            try await client.execute(uri: "/", method: .get) { response in
                #expect(response.headers[.contentType] == "text/html; charset=utf-8")
                #expect(String(buffer: response.body).lowercased().contains("<html"))
            }
            try await client.execute(uri: "/api/docs", method: .post) { #expect($0.status == .methodNotAllowed) }
        }
        // A Host that is not a loopback name (DNS rebinding) is refused; a loopback one is not.
        try await Fixtures.app(s.viewer).test(.live) { client in
            try await client.execute(uri: "/api/docs", method: .get, headers: [.init("Host")!: "attacker.example:8080"]) {
                #expect($0.status == .badRequest)
            }
            // The test client names localhost.
            try await client.execute(uri: "/api/docs", method: .get) { #expect($0.status == .ok) }
        }
    }

    @Test("text holding <script> comes out as escaped JSON strings, never as markup")
    func scriptInText() async throws {
        let hostile = "<script>alert(1)</script> & \"quoted\""
        let root = try Fixtures.folder("hostile", ["<b>name</b>.pdf": Fixtures.textPDF([hostile])])
        let viewer = Viewer(catalog: DocumentCatalog(paths: [root.path]))
        let id = try #require(viewer.catalog.entries.first?.id)
        try await Fixtures.app(viewer).test(.router) { client in
            for uri in ["/api/docs", "/api/doc/\(id)", "/api/doc/\(id)/page/1"] {
                try await client.execute(uri: uri, method: .get) { response in
                    let text = String(buffer: response.body)
                    #expect(response.headers[.contentType] == "application/json; charset=utf-8")
                    #expect(!text.contains("<"), "\(uri)")
                    #expect(!text.contains(">"), "\(uri)")
                }
            }
            try await client.execute(uri: "/api/doc/\(id)/page/1", method: .get) { response in
                let text = String(buffer: response.body)
                #expect(text.contains("\\u003cscript\\u003ealert(1)\\u003c/script\\u003e"))
                // Decoded, the JSON gives the page's text back as it is.
                let words = try #require(try Fixtures.json(response)["words"] as? [[String: Any]])
                #expect(words.compactMap { $0["text"] as? String }.joined(separator: " ") == hostile)
            }
        }
    }

    @Test("request targets over 8 KiB are refused (414); a 1 MB one is cut off by the HTTP parser")
    func requestSize() async throws {
        let s = try Self.setup()
        try await Fixtures.app(s.viewer).test(.router) { client in
            let uri = "/api/search?q=" + String(repeating: "a", count: 9000)
            try await client.execute(uri: uri, method: .get) { response in
                #expect(response.status == .uriTooLong)
                let body = try Fixtures.json(response)
                #expect(body["error"] is String)
            }
        }
        try await Fixtures.app(s.viewer).test(.live) { client in
            let huge = "/api/search?q=" + String(repeating: "a", count: 1 << 20)
            let status = try? await client.execute(uri: huge, method: .get) { $0.status }
            // Either an error status or the connection closed before any answer.
            #expect(status.map { [.badRequest, .uriTooLong, .requestHeaderFieldsTooLarge].contains($0) } ?? true, "\(String(describing: status))")
        }
        // The server still answers afterwards.
        try await Fixtures.app(s.viewer).test(.live) { client in
            try await client.execute(uri: "/api/docs", method: .get) { #expect($0.status == .ok) }
        }
    }

    @Test("a client over its rate gets 429 with Retry-After, and tokens come back with time")
    func rateLimit() async throws {
        var settings = Viewer.Settings()
        settings.burst = 3
        settings.perSecond = 0.01
        let s = try Self.setup(settings: settings)
        try await Fixtures.app(s.viewer).test(.router) { client in
            for _ in 0..<3 { try await client.execute(uri: "/app/app.css", method: .get) { #expect($0.status == .ok) } }
            try await client.execute(uri: "/app/app.css", method: .get) { response in
                #expect(response.status == .tooManyRequests)
                #expect(response.headers[.retryAfter] == "1")
                let body = try Fixtures.json(response)
                #expect(body["error"] as? String == "too many requests")
            }
        }
        let limiter = RateLimiter(burst: 2, perSecond: 0)
        #expect(limiter.allow("a") && limiter.allow("a") && !limiter.allow("a"))
        // Tokens come back with time: one every 20 ms here.
        let refilling = RateLimiter(burst: 1, perSecond: 50)
        #expect(refilling.allow("a"))
        try await Task.sleep(for: .milliseconds(100))
        #expect(refilling.allow("a"))
        #expect(limiter.allow("b"), "each client has its own bucket")
    }
}
