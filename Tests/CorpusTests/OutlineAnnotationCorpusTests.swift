import PDFTestSupport
import Foundation
import PDFFile
import PDFText
import Testing

/// Outlines and annotations of shared-corpus files, against facts read from the files
/// (`mutool show`) and py-pdf's `sample-files/files.json`.
@Suite(.enabled(if: SharedCorpus.isAvailable, SharedCorpus.skipReason))
struct OutlineAnnotationCorpusTests {
    @Test("pdf.js outlines_for_editor.pdf: explicit and named destinations, URI, Named, GoToR, nesting, FitH")
    func outlinesForEditor() throws {
        let doc = try PDFDocument(contentsOf: SharedCorpus.url("pdfjs/outlines_for_editor.pdf"))
        let root = try #require(doc.outlineRoot)
        let top = (0..<root.numberOfChildren).compactMap { root.child(at: $0) }
        #expect(top.map(\.label) == ["Page 1 - explicit dest", "Page 2 - named dest", "External URL", "Next Page action",
                                     "Remote PDF link", "Chapter", "No dest parent"])
        #expect(top[0].destination?.page?.pageIndex == 0 && top[0].destination?.point == .zero)
        #expect(top[1].destination?.pageIndex == 1 && top[1].destination?.name == "page2dest")
        #expect(top[2].url == URL(string: "https://mozilla.org"))
        #expect((top[3].action as? PDFActionNamed)?.name == .nextPage)
        let remote = try #require(top[4].action as? PDFActionRemoteGoTo)
        #expect(remote.type == "GoToR" && remote.pageIndex == 0 && remote.url?.lastPathComponent == "other.pdf")
        let chapter = top[5]
        #expect(!chapter.isOpen && chapter.numberOfChildren == 3 && chapter.destination?.pageIndex == 0)
        let section1 = try #require(chapter.child(at: 0))
        #expect(section1.destination?.view == .fitH && section1.destination?.point.y == 100 && section1.destination?.pageIndex == 1)
        let deep = try #require(chapter.child(at: 2)?.child(at: 0))
        #expect(deep.label == "Deep item" && deep.destination?.pageIndex == 3 && deep.parent?.parent === chapter)
        #expect(top[6].destination == nil && top[6].child(at: 0)?.destination?.pageIndex == 4)
    }

    @Test("pdf.js nested_outline.pdf: three chapters of two sections, page after page")
    func nestedOutline() throws {
        let doc = try PDFDocument(contentsOf: SharedCorpus.url("pdfjs/nested_outline.pdf"))
        let root = try #require(doc.outlineRoot)
        var pages: [Int?] = []
        for i in 0..<root.numberOfChildren {
            let chapter = try #require(root.child(at: i))
            pages.append(chapter.destination?.pageIndex)
            for j in 0..<chapter.numberOfChildren { pages.append(chapter.child(at: j)?.destination?.pageIndex) }
        }
        #expect(pages == Array(0..<9))
    }

    struct SampleFile: Sendable, CustomTestStringConvertible {
        var path: String
        var annotations: [String: Int]
        var testDescription: String { path }
    }

    static var sampleFiles: [SampleFile] {
        guard let json = SharedCorpus.json("sample-files/files.json") as? [String: Any],
              let data = json["data"] as? [[String: Any]] else { return [] }
        return data.compactMap { e in
            guard let path = e["path"] as? String, e["encrypted"] as? Bool == false,
                  let counts = e["annotations"] as? [String: Int],
                  FileManager.default.fileExists(atPath: SharedCorpus.url("sample-files/" + path).path) else { return nil }
            return SampleFile(path: "sample-files/" + path, annotations: counts)
        }
    }

    @Test("sample-files: annotations by subtype as files.json counts them", arguments: sampleFiles)
    func annotationCounts(_ f: SampleFile) throws {
        let doc = try Document(bytes: try SharedCorpus.bytes(f.path))
        var counts: [String: Int] = [:]
        var log = DiagnosticLog()
        for i in 0..<doc.pageCount {
            for a in doc.annotations(pageIndex: i, log: &log) { counts[a.subtype, default: 0] += 1 }
        }
        #expect(counts == f.annotations)
        #expect(log.entries.isEmpty, "\(log.entries)")
    }

    @Test("sample-files forms: every widget has a field name and type")
    func forms() throws {
        for path in ["sample-files/010-pdflatex-forms/pdflatex-forms.pdf", "sample-files/012-libreoffice-form/libreoffice-form.pdf"] {
            let doc = try Document(bytes: try SharedCorpus.bytes(path))
            let widgets = doc.annotations(pageIndex: 0).filter { $0.subtype == "Widget" }
            #expect(!widgets.isEmpty)
            for w in widgets {
                #expect(w.field?.fullName.isEmpty == false, "\(path) \(w.objectNumber ?? -1)")
                #expect(w.field?.type != nil, "\(path) \(w.objectNumber ?? -1)")
            }
        }
    }
}
