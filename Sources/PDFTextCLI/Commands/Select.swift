import ArgumentParser
import Foundation
import PDFCore
import PDFText

/// `pdftext select`: the text of a rectangle or a character range of one page, as PDFKit's
/// `selection(for:)` gives it, with its boxes on request.
package struct Select: ParsableCommand {
    package static let configuration = CommandConfiguration(
        commandName: "select",
        abstract: "Print the text of a rectangle or a character range of a page.",
        discussion: """
            Coordinates are PDF page space, as PDFKit's: points, origin at the lower left, y up, \
            the page's /Rotate not applied. A rectangle selects the characters whose centres lie \
            in it, with the spaces and line breaks between them. A range counts UTF-16 units of \
            the page text (what `pdftext --pages N` prints for the page, without its final line \
            break). Exit status 4 when the selection is empty.
            """)

    @Argument(help: "PDF file (`-` reads standard input).")
    package var file: String

    @Option(help: "Page number (1-based).")
    package var page: Int

    @Option(help: "Rectangle x,y,width,height in points.")
    package var rect: String?

    @Option(help: "Character range location,length (UTF-16 units).")
    package var range: String?

    @Flag(help: "Print JSON: the text, its UTF-16 ranges, its bounds and one quad per line.")
    package var json = false

    @OptionGroup package var passwords: PasswordOptions

    @OptionGroup package var access: TextAccessOptions

    package init() {}

    package func validate() throws {
        guard (rect == nil) != (range == nil) else { throw ValidationError("give exactly one of --rect and --range") }
        if page < 1 { throw ValidationError("--page must be 1 or more") }
        if let rect, Self.numbers(rect, count: 4) == nil { throw ValidationError("--rect wants four numbers x,y,width,height, got '\(rect)'") }
        if let range, Self.integers(range) == nil {
            throw ValidationError("--range wants two whole numbers location,length (0 or more), got '\(range)'")
        }
    }

    static func numbers(_ s: String, count: Int) -> [Double]? {
        let parts = s.split(separator: ",", omittingEmptySubsequences: false).map { Double($0.trimmingCharacters(in: .whitespaces)) }
        guard parts.count == count, parts.allSatisfy({ $0 != nil && $0!.isFinite }) else { return nil }
        return parts.map { $0! }
    }

    /// `location,length` as two non-negative integers that fit an Int; nil otherwise.
    static func integers(_ s: String) -> (location: Int, length: Int)? {
        let parts = s.split(separator: ",", omittingEmptySubsequences: false).map { Int($0.trimmingCharacters(in: .whitespaces)) }
        guard parts.count == 2, let location = parts[0], let length = parts[1], location >= 0, length >= 0 else { return nil }
        return (location, length)
    }

    package func run() throws {
        let document = try Opening.openOrExit(path: file, passwords: passwords, access: access)
        let doc = PDFDocument(file: document, options: .commandLine)
        guard let pdfPage = doc.page(at: page - 1) else {
            printError("\(file): no page \(page) (the document has \(doc.pageCount))")
            throw ExitCode(ExitStatus.findings)
        }
        let selection: PDFSelection?
        if let rect, let n = Self.numbers(rect, count: 4) {
            selection = pdfPage.selection(for: CGRect(x: n[0], y: n[1], width: n[2], height: n[3]))
        } else if let range, let n = Self.integers(range) {
            selection = pdfPage.selection(for: NSRange(location: n.location, length: n.length))
        } else {
            selection = nil
        }
        if json {
            writeOut(Self.json(selection, page: pdfPage, file: file).serialized + "\n")
        } else if let s = selection?.string {
            writeOut(s + "\n")
        }
        if selection == nil { throw ExitCode(ExitStatus.findings) }
    }

    static func json(_ selection: PDFSelection?, page: PDFPage, file: String) -> JSONValue {
        var o = JSONObject()
        o["file"] = .string(file)
        o["page"] = .int(page.pageIndex + 1)
        o["label"] = page.label.map { .string($0) }
        o["text"] = .string(selection?.string ?? "")
        let count = selection?.numberOfTextRanges(on: page) ?? 0
        o["ranges"] = .array((0..<count).map { i in
            let r = selection!.range(at: i, on: page)
            return .array([.int(r.location), .int(r.length)])
        })
        if let selection {
            let b = selection.bounds(for: page)
            o["bounds"] = .array([b.minX, b.minY, b.width, b.height].map { .double((Double($0) * 100).rounded() / 100) })
            o["lines"] = .array(selection.selectionsByLine().map { line in
                var l = JSONObject()
                l["text"] = .string(line.string ?? "")
                l["quads"] = .array(line.quadrilaterals(on: page).map(JSONValue.quad))
                return .object(l)
            })
        }
        return .object(o)
    }
}

extension JSONValue {
    /// A quad as eight numbers: lower left, lower right, upper right, upper left (x, y each).
    static func quad(_ q: Quad) -> JSONValue {
        .array([q.lowerLeft, q.lowerRight, q.upperRight, q.upperLeft].flatMap { [JSONValue.double(($0.x * 100).rounded() / 100), .double(($0.y * 100).rounded() / 100)] })
    }
}
