// Code as programs written for Apple's PDFKit write it, with `import PDFKit` replaced by
// `import PDFText` and nothing else changed: the idioms of command-line extractors, e-reader
// search and outline models, and line-building libraries. It compiles in the Swift 6
// language mode (this package's), and each idiom is checked on a fixture.

import Foundation
import PDFText
import Testing

let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Corpus")

/// A search model as e-readers write it: a main-actor class, conforming with
/// `@preconcurrency` as PDFKit code does, that collects matches and resumes a continuation
/// when the find ends.
@MainActor
final class SearchModel: NSObject, @preconcurrency PDFDocumentDelegate {
    var results: [PDFSelection] = []
    var began = 0
    var ended: CheckedContinuation<Void, Never>?

    func documentDidBeginDocumentFind(_ notification: Notification) { began += 1 }

    func didMatchString(_ instance: PDFSelection) {
        MainActor.assertIsolated()
        results.append(instance)
    }

    func documentDidEndDocumentFind(_ notification: Notification) {
        ended?.resume()
        ended = nil
    }
}

@Suite struct PortedIdiomTests {
    @Test("documentAttributes with optional chaining and PDFDocumentAttribute keys")
    func attributes() throws {
        let document = try #require(PDFDocument(url: corpus.appendingPathComponent("basic/hello.pdf")))
        let title = document.documentAttributes?[PDFDocumentAttribute.titleAttribute] as? String
        let author = document.documentAttributes?[PDFDocumentAttribute.authorAttribute] as? String ?? "Unknown"
        #expect(title == document.file.info.title)
        #expect(!author.isEmpty)
        if let attributes = document.documentAttributes {
            for (key, value) in attributes { #expect(!(String(describing: key)).isEmpty && !(String(describing: value)).isEmpty) }
        }
    }

    @Test("beginFindString with a @MainActor delegate: matches arrive on the main actor, no trap")
    @MainActor
    func mainActorDelegate() async throws {
        let document = try #require(PDFDocument(url: corpus.appendingPathComponent("basic/three-pages.pdf")))
        let model = SearchModel()
        document.delegate = model
        await withCheckedContinuation { continuation in
            model.ended = continuation
            document.beginFindString("page", withOptions: .caseInsensitive)
        }
        #expect(model.began == 1)
        #expect(model.results.count == document.findString("page", withOptions: .caseInsensitive).count)
        #expect(!model.results.isEmpty)
    }

    @Test("a program that blocks its thread while it waits gets its events on the find thread, and ends")
    func blockingWaiter() throws {
        let document = try #require(PDFDocument(url: corpus.appendingPathComponent("basic/three-pages.pdf")))
        final class Counter: PDFDocumentDelegate, @unchecked Sendable {
            let done = DispatchSemaphore(value: 0)
            var matches = 0
            var onMain = false
            func didMatchString(_ instance: PDFSelection) { matches += 1; onMain = onMain || Thread.isMainThread }
            func documentDidEndDocumentFind(_ notification: Notification) { done.signal() }
        }
        let counter = Counter()
        document.delegate = counter
        document.beginFindString("page", withOptions: .caseInsensitive)
        #expect(counter.done.wait(timeout: .now() + 60) == .success, "the find never ended")
        #expect(counter.matches > 0 && !counter.onMain)
        #expect(!document.isFinding)
    }

    @Test("NotificationCenter observers for .PDFDocumentDidFindMatch")
    func notifications() throws {
        let document = try #require(PDFDocument(url: corpus.appendingPathComponent("basic/three-pages.pdf")))
        let found = LockedBox<[PDFSelection]>([])
        let observer = NotificationCenter.default.addObserver(forName: .PDFDocumentDidFindMatch, object: document, queue: nil) { note in
            if let selection = note.userInfo?["PDFDocumentFoundSelection"] as? PDFSelection { found.mutate { $0.append(selection) } }
        }
        defer { NotificationCenter.default.removeObserver(observer) }
        let results = document.findString("page", withOptions: .caseInsensitive)
        #expect(found.value.count == results.count && !results.isEmpty)
    }

    @Test("selectionsByLine loops see the lines of page.string, hyphenated line ends included")
    func lines() throws {
        for name in ["text/hyphenated-pdflatex.pdf", "text/footnotes-pdflatex.pdf", "basic/three-pages.pdf"] {
            let document = try #require(PDFDocument(url: corpus.appendingPathComponent(name)))
            for i in 0..<document.pageCount {
                guard let page = document.page(at: i), let text = page.string, let all = page.selection(for: NSRange(location: 0, length: (text as NSString).length)) else { continue }
                var lines: [String] = []
                for line in all.selectionsByLine() {
                    guard let s = line.string?.trimmingCharacters(in: .whitespacesAndNewlines), !s.isEmpty else { continue }
                    lines.append(s)
                }
                let stringLines = text.components(separatedBy: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
                #expect(lines == stringLines, "\(name) page \(i + 1): \(lines.count) selection lines, \(stringLines.count) string lines")
            }
        }
        // Hyphens at line ends stay, as PDFKit keeps them; find still matches across them.
        let hyphenated = try #require(PDFDocument(url: corpus.appendingPathComponent("text/hyphenated-pdflatex.pdf")))
        let text = try #require(hyphenated.page(at: 0)?.string)
        #expect(text.contains("-\n"))
    }

    @Test("characterBounds walks, page(at:)/index(for:) round trips, copy() as? PDFSelection")
    func geometry() throws {
        let document = try #require(PDFDocument(url: corpus.appendingPathComponent("basic/three-pages.pdf")))
        for i in 0..<document.pageCount {
            guard let page = document.page(at: i) else { continue }
            #expect(document.index(for: page) == i)
            var union = CGRect.null
            for c in 0..<page.numberOfCharacters {
                let r = page.characterBounds(at: c)
                if !r.isEmpty { union = union.union(r) }
            }
            #expect(!union.isNull && page.bounds(for: .mediaBox).contains(union))
            let selection = page.selection(for: NSRange(location: 0, length: page.numberOfCharacters))
            let copied = selection?.copy() as? PDFSelection
            #expect(copied?.string == selection?.string)
        }
    }

    @Test("outline recursion with child(at:)")
    func outline() throws {
        let fixtures = (FileManager.default.enumerator(at: corpus, includingPropertiesForKeys: nil)?.allObjects as? [URL] ?? [])
            .filter { $0.pathExtension == "pdf" && !$0.path.contains("/hostile/") }
        var seen = 0
        for url in fixtures {
            guard let document = PDFDocument(url: url), let root = document.outlineRoot else { continue }
            func walk(_ node: PDFOutline, depth: Int) -> Int {
                var n = 0
                for i in 0..<node.numberOfChildren {
                    guard let child = node.child(at: i) else { continue }
                    #expect(child.parent === node && child.index == i && child.label != nil)
                    n += 1 + walk(child, depth: depth + 1)
                }
                return n
            }
            seen += walk(root, depth: 0)
        }
        #expect(seen > 0, "no fixture under Corpus has an outline")
    }

    @Test("unlock(withPassword:) flows on every encrypted fixture")
    func unlock() throws {
        for name in ["aes-128", "aes-256", "rc4-128", "rc4-40"] {
            let document = try #require(PDFDocument(url: corpus.appendingPathComponent("encrypted/\(name).pdf")))
            if document.isLocked {
                #expect(document.page(at: 0)?.string == nil || document.page(at: 0)?.string == "")
                #expect(!document.unlock(withPassword: "wrong"))
                #expect(document.unlock(withPassword: "user"))
            }
            #expect(!document.isLocked)
            #expect(document.page(at: 0)?.string?.contains("Hello") == true)
            #expect(document.permissionsStatus == .user)
        }
    }

    @Test("dataRepresentation() and write(to:) give back the file as opened")
    func dataAndWrite() throws {
        let url = corpus.appendingPathComponent("basic/hello.pdf")
        let document = try #require(PDFDocument(url: url))
        let original = try Data(contentsOf: url)
        #expect(document.dataRepresentation() == original)
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("pdftext-write-\(UUID().uuidString).pdf")
        defer { try? FileManager.default.removeItem(at: out) }
        #expect(document.write(to: out))
        #expect(try Data(contentsOf: out) == original)
        #expect(!document.write(to: out, withOptions: [.userPasswordOption: "secret"]))
        #expect(document.write(to: out, withOptions: nil))
    }
}

/// A value behind a lock, for observers called on other threads.
final class LockedBox<T>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: T
    init(_ value: T) { stored = value }
    var value: T { lock.withLock { stored } }
    func mutate(_ body: (inout T) -> Void) { lock.withLock { body(&stored) } }
}
