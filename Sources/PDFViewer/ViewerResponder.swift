import Foundation
import Hummingbird
import PDFCore

/// The request context: Hummingbird's core storage and the client's address, for the rate
/// limit.
package struct ViewerRequestContext: RequestContext {
    package var coreContext: CoreRequestContextStorage
    package let client: String

    package init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        client = source.channel.remoteAddress?.ipAddress ?? "local"
    }
}

/// Every route of the viewer (docs/VIEWER.md lists them). Requests are read from the raw
/// target (``RequestTarget``), never from a decoded path; documents are named by id only.
package struct ViewerResponder: HTTPResponder {
    package typealias Context = ViewerRequestContext
    package let viewer: Viewer
    /// Host names a request may name in its Host header (nil: any). A server on the loopback
    /// interface takes only loopback names, so that a web page cannot reach it through a DNS
    /// name of its own that resolves to 127.0.0.1.
    package let allowedHosts: Set<String>?

    package static let loopbackHosts: Set<String> = ["127.0.0.1", "localhost", "[::1]", "::1"]

    /// What a page of ours may load: our scripts and styles, pdf.js and its worker (which
    /// pdf.js 2.14 may start from a blob: URL), fonts that pdf.js makes from the PDF
    /// (FontFace from bytes, or data:/blob: URLs), canvases as images. No other origin, and
    /// no inline script or style: positions are set through element.style, which CSP allows.
    package static let contentSecurityPolicy = [
        "default-src 'none'", "script-src 'self'", "worker-src 'self' blob:", "connect-src 'self'",
        "img-src 'self' data: blob:", "font-src 'self' data: blob:", "style-src 'self'",
        "base-uri 'none'", "form-action 'none'", "frame-ancestors 'none'", "object-src 'none'",
    ].joined(separator: "; ")

    package init(viewer: Viewer, allowedHosts: Set<String>? = ViewerResponder.loopbackHosts) {
        self.viewer = viewer
        self.allowedHosts = allowedHosts
    }

    package func respond(to request: Request, context: Context) async throws -> Response {
        do {
            return try await route(request, context: context)
        } catch let error as ViewerError {
            return Self.error(error)
        } catch {
            return Self.error(ViewerError(500, "internal error"))
        }
    }

    func route(_ request: Request, context: Context) async throws -> Response {
        guard request.method == .get || request.method == .head else { throw ViewerError(405, "only GET and HEAD") }
        guard viewer.limiter.allow(context.client) else { throw ViewerError(429, "too many requests") }
        if let allowed = allowedHosts {
            // The authority and any Host field (a second Host is itself a bad request).
            let hosts = [request.head.authority].compactMap { $0 } + request.headers[values: .init("Host")!]
            guard hosts.count <= 1 || Set(hosts).count == 1, hosts.allSatisfy({ allowed.contains(Self.hostName($0)) }) else {
                throw ViewerError(400, "unexpected Host")
            }
        }
        let target: RequestTarget
        do { target = try RequestTarget.parse(request.uri.string) } catch {
            switch error {
            case .tooLong: throw ViewerError(414, "request target over \(RequestTarget.maxBytes) bytes")
            case .malformed(let why): throw ViewerError(400, why)
            }
        }
        let s = target.segments
        switch s.first {
        case nil:
            return try Self.asset("index.html")
        case "app" where s.count == 2:
            guard s[1] != "index.html" else { throw ViewerError(404, "not found") }
            return try Self.asset(s[1])
        case "pdfjs":
            guard let f = viewer.pdfjs.file(Array(s.dropFirst())) else { throw ViewerError(404, "not found") }
            return Self.ok(f.bytes, type: f.mediaType, cache: "max-age=3600")
        case "api" where s.count >= 2:
            return try await api(Array(s.dropFirst()), query: target.query)
        default:
            throw ViewerError(404, "not found")
        }
    }

    func api(_ s: [String], query: [String: String]) async throws -> Response {
        switch (s[0], s.count) {
        case ("docs", 1):
            return Self.ok(viewer.docsJSON(), type: Self.jsonType)
        case ("search", 1):
            guard let q = query["q"], !q.isEmpty else { throw ViewerError(400, "no query (q)") }
            let limit = try query["limit"].map { try Self.number($0, name: "limit") } ?? 20
            return Self.ok(try viewer.searchJSON(query: q, limit: limit), type: Self.jsonType)
        case ("doc", 2...):
            guard viewer.catalog.byID[s[1]] != nil else { throw ViewerError(404, "no such document") }
            guard let doc = viewer.document(s[1]) else {
                throw ViewerError(404, "the document cannot be opened (damaged, or it needs a password)")
            }
            switch (s.count, s.count > 2 ? s[2] : "") {
            case (2, _):
                return Self.ok(Viewer.json(doc.summary()), type: Self.jsonType)
            case (3, "file.pdf"):
                guard let bytes = viewer.catalog.bytes(of: doc.entry, limits: viewer.settings.limits) else {
                    throw ViewerError(404, "no such document")
                }
                return Self.ok(bytes, type: "application/pdf", cache: "no-cache")
            case (3, "findings"):
                let findings = await doc.findings(wait: .seconds(30))
                return Self.ok(Viewer.json(PageOverlay.documentFindings(findings)), type: Self.jsonType)
            case (4, "page"):
                let n = try Self.number(s[3], name: "page")
                guard let bytes = await viewer.pageJSON(doc, page: n) else { throw ViewerError(404, "no such page") }
                return Self.ok(bytes, type: Self.jsonType)
            default:
                throw ViewerError(404, "not found")
            }
        default:
            throw ViewerError(404, "not found")
        }
    }

    static let jsonType = "application/json; charset=utf-8"

    /// A decimal number of at most 7 digits.
    static func number(_ text: String, name: String) throws(ViewerError) -> Int {
        guard !text.isEmpty, text.utf8.count <= 7, text.utf8.allSatisfy({ (48...57).contains($0) }), let n = Int(text) else {
            throw ViewerError(400, "\(name) must be a number")
        }
        return n
    }

    /// The host name of a Host header value, without its port.
    static func hostName(_ value: String) -> String {
        if value.hasPrefix("["), let end = value.firstIndex(of: "]") { return String(value[...end]) }
        return String(value.split(separator: ":", maxSplits: 1).first ?? "").lowercased()
    }

    static func asset(_ name: String) throws(ViewerError) -> Response {
        guard let type = WebAssets.mediaTypes[name], let bytes = WebAssets.files[name] else { throw ViewerError(404, "not found") }
        return ok(bytes, type: type)
    }

    /// The headers every response carries.
    static func headers(type: String, cache: String) -> HTTPFields {
        var h = HTTPFields()
        h[.contentType] = type
        h[.cacheControl] = cache
        h[.contentSecurityPolicy] = contentSecurityPolicy
        h[.init("X-Content-Type-Options")!] = "nosniff"
        h[.init("Referrer-Policy")!] = "no-referrer"
        h[.init("X-Frame-Options")!] = "DENY"
        h[.init("Cross-Origin-Resource-Policy")!] = "same-origin"
        return h
    }

    static func ok(_ bytes: [UInt8], type: String, cache: String = "no-store") -> Response {
        Response(status: .ok, headers: headers(type: type, cache: cache), body: .init(byteBuffer: ByteBuffer(bytes: bytes)))
    }

    static func error(_ e: ViewerError) -> Response {
        var o = JSONObject()
        o["error"] = .string(e.message)
        var h = headers(type: jsonType, cache: "no-store")
        if e.status == 429 { h[.retryAfter] = "1" }
        if e.status == 405 { h[.allow] = "GET, HEAD" }
        return Response(status: .init(code: e.status), headers: h, body: .init(byteBuffer: ByteBuffer(bytes: Viewer.json(.object(o)))))
    }
}
