import ArgumentParser
import Foundation
import PDFCore
import PDFText

/// `pdftext info`: what `pdfinfo` shows, as text or JSON.
package struct Info: ParsableCommand {
    package static let configuration = CommandConfiguration(
        commandName: "info",
        abstract: "Show document information: metadata, pages, page size, encryption and permissions.")

    @Argument(help: "PDF files (`-` reads standard input).")
    package var files: [String]

    @Flag(help: "Print one JSON object per file, one per line.")
    package var json = false

    @OptionGroup package var range: FirstLastOptions

    @Flag(name: [.customLong("box"), .customLong("box", withSingleDash: true)],
          help: "Also print MediaBox, CropBox, BleedBox, TrimBox and ArtBox.")
    package var box = false

    @Flag(name: [.customLong("meta"), .customLong("meta", withSingleDash: true)], help: "Print the XMP metadata packet.")
    package var meta = false

    @Flag(name: .customLong("isodates", withSingleDash: true), help: .hidden)
    package var isoDates = false

    @Flag(help: "List the diagnostics (repairs, damaged streams) met while reading.")
    package var diagnostics = false

    @OptionGroup package var passwords: PasswordOptions

    package init() {}

    package func run() throws {
        var status = ExitStatus.success
        for (i, path) in files.enumerated() {
            switch Opening.open(path: path, passwords: passwords.candidates) {
            case .failure(let f):
                printError(f.message)
                status = max(status, f.exitCode)
            case .success(let (document, size)):
                var report = InfoReport(path: path, document: document, fileSize: size, boxes: box)
                report.pageRange = pageRange(count: report.pages.count)
                if json {
                    writeOut(report.json(includeXMP: meta, includeDiagnostics: diagnostics) + "\n")
                } else {
                    if files.count > 1 { writeOut((i > 0 ? "\n" : "") + "File:           \(ControlEscaping.escaped(path))\n") }
                    writeOut(report.text(includeXMP: meta, includeDiagnostics: diagnostics))
                }
            }
        }
        if status != ExitStatus.success { throw ExitCode(status) }
    }

    /// The pages to print sizes of: page 1 unless -f or -l ask for a range (as pdfinfo).
    func pageRange(count: Int) -> ClosedRange<Int>? {
        guard range.firstPage != nil || range.lastPage != nil else { return nil }
        let first = max(1, range.firstPage ?? 1)
        let last = min(count, range.lastPage ?? count)
        return first <= last ? first...last : nil
    }
}

func writeOut(_ s: String) {
    FileHandle.standardOutput.write(Data(s.utf8))
}

/// The facts `info` prints, gathered once so text and JSON agree.
struct InfoReport {
    var path: String
    var info: DocumentInfo
    var customKeys: [String]
    var hasXMP: Bool
    var xmp: String?
    var tagged: Bool
    var userProperties: Bool
    var suspects: Bool
    var form: FormKind
    var javaScript: Bool
    var pages: [PageInfo]
    var labels: [String]?
    var encrypted: Bool
    var encryption: EncryptionSummary?
    /// Read for its permissions (their type belongs to the security handler's module).
    let document: Document
    var fileSize: Int
    var linearized: Bool
    var version: String
    var repaired: Bool
    var outlineItems: Int
    var diagnostics: DiagnosticLog
    var boxes: Bool
    /// Pages whose sizes are printed one by one (`-f`/`-l`); nil prints page 1 only.
    var pageRange: ClosedRange<Int>? = nil

    init(path: String, document: Document, fileSize: Int, boxes: Bool) {
        self.path = path
        info = document.info
        customKeys = info.customKeys
        xmp = document.xmpMetadata
        hasXMP = xmp != nil
        tagged = document.isTagged
        userProperties = document.hasUserProperties
        suspects = document.hasSuspects
        form = document.formKind
        javaScript = document.hasJavaScript
        pages = document.pages
        labels = document.pageLabels
        encrypted = document.isEncrypted
        encryption = document.encryption
        self.document = document
        self.fileSize = fileSize
        linearized = document.isLinearized
        version = document.version
        repaired = document.store.wasRepaired
        outlineItems = Self.count(document.outline)
        diagnostics = document.diagnostics
        self.boxes = boxes
    }

    static func count(_ items: [OutlineItem]) -> Int { items.reduce(0) { $0 + 1 + count($1.children) } }

    func text(includeXMP: Bool, includeDiagnostics: Bool) -> String {
        var lines: [(String, String)] = []
        func add(_ k: String, _ v: String?) { if let v { lines.append((k, v)) } }
        add("Title", info.title)
        add("Subject", info.subject)
        add("Keywords", info.keywords)
        add("Author", info.author)
        add("Creator", info.creator)
        add("Producer", info.producer)
        add("CreationDate", info.creationDate?.iso8601 ?? info.creationDateString)
        add("ModDate", info.modificationDate?.iso8601 ?? info.modificationDateString)
        add("Custom Metadata", customKeys.isEmpty ? "no" : "yes")
        add("Metadata Stream", hasXMP ? "yes" : "no")
        add("Tagged", tagged ? "yes" : "no")
        add("UserProperties", userProperties ? "yes" : "no")
        add("Suspects", suspects ? "yes" : "no")
        add("Form", form.rawValue)
        add("JavaScript", javaScript ? "yes" : "no")
        add("Pages", String(pages.count))
        if encrypted {
            let p = document.permissions
            add("Encrypted", "yes (print:\(yn(p.allowsPrinting)) copy:\(yn(p.allowsCopying)) change:\(yn(p.allowsDocumentChanges)) addNotes:\(yn(p.allowsCommenting)) algorithm:\(encryption?.algorithm ?? "unknown"))")
            add("Permissions", "printing:\(yn(p.allowsPrinting)) highQualityPrinting:\(yn(p.allowsHighQualityPrinting)) copying:\(yn(p.allowsCopying)) contentAccessibility:\(yn(p.allowsContentAccessibility)) documentChanges:\(yn(p.allowsDocumentChanges)) documentAssembly:\(yn(p.allowsDocumentAssembly)) commenting:\(yn(p.allowsCommenting)) formFieldEntry:\(yn(p.allowsFormFieldEntry))")
            add("Opened as", encryption?.openedAsOwner == true ? "owner" : "user")
        } else {
            add("Encrypted", "no")
        }
        var boxLines: [String] = []
        if let range = pageRange {
            for n in range {
                let page = pages[n - 1]
                add("Page \(pad(n)) size", sizeText(page.cropBox))
                add("Page \(pad(n)) rot", String(page.rotation))
                if boxes { boxLines += boxText(page, prefix: "Page \(pad(n)) ") }
            }
        } else if let first = pages.first {
            add("Page size", sizeText(first.cropBox))
            add("Page rot", String(first.rotation))
            if boxes { boxLines += boxText(first, prefix: "") }
        }
        let sizeLines = lines.count
        add("File size", "\(fileSize) bytes")
        add("Optimized", linearized ? "yes" : "no")
        add("PDF version", version)
        if outlineItems > 0 { add("Outline items", String(outlineItems)) }
        if repaired { add("Repaired", "yes (cross-reference data rebuilt)") }
        // Values from the file (Info strings, the version) are shown escaped: one line each,
        // no control or bidirectional formatting character reaching the terminal.
        var formatted = lines.map { k, v in (k + ":").padding(toLength: max(17, k.count + 2), withPad: " ", startingAt: 0) + ControlEscaping.escaped(v) }
        formatted.insert(contentsOf: boxLines, at: sizeLines)
        var out = formatted.joined(separator: "\n") + "\n"
        if includeDiagnostics {
            for d in diagnostics { out += "Diagnostic:     \(ControlEscaping.escaped("\(d)"))\n" }
        }
        if includeXMP, let xmp { out += "Metadata:\n" + ControlEscaping.escapedLines(xmp) + (xmp.hasSuffix("\n") ? "" : "\n") }
        return out
    }

    /// The five boxes as pdfinfo's -box prints them: label, then four numbers as %8.2f.
    func boxText(_ page: PageInfo, prefix: String) -> [String] {
        let boxes: [(String, Rect)] = [
            ("MediaBox:", page.mediaBox), ("CropBox:", page.cropBox), ("BleedBox:", page.bleedBox ?? page.cropBox),
            ("TrimBox:", page.trimBox ?? page.cropBox), ("ArtBox:", page.artBox ?? page.cropBox),
        ]
        return boxes.map { label, r in
            prefix + label.padding(toLength: prefix.isEmpty ? 16 : 10, withPad: " ", startingAt: 0) + " "
                + [r.x0, r.y0, r.x1, r.y1].map { String(format: "%8.2f", $0) }.joined(separator: " ")
        }
    }

    func pad(_ n: Int) -> String {
        let s = String(n)
        return String(repeating: " ", count: max(0, 4 - s.count)) + s
    }

    func yn(_ b: Bool) -> String { b ? "yes" : "no" }

    func sizeText(_ r: Rect) -> String {
        let w = r.width, h = r.height
        return "\(num(w)) x \(num(h)) pts" + (Self.paperName(w, h).map { " (\($0))" } ?? "")
    }

    /// Letter (within a point), or the A-series size within 0.3 % (as pdfinfo names them).
    static func paperName(_ w: Double, _ h: Double) -> String? {
        if (abs(w - 612) < 1 && abs(h - 792) < 1) || (abs(w - 792) < 1 && abs(h - 612) < 1) { return "letter" }
        var hISO = (2.0).squareRoot().squareRoot() * 7200 / 2.54
        var wISO = hISO / (2.0).squareRoot()
        var threshold = hISO * 0.003
        for i in 0...6 {
            if (abs(w - wISO) < threshold && abs(h - hISO) < threshold) || (abs(w - hISO) < threshold && abs(h - wISO) < threshold) {
                return "A\(i)"
            }
            hISO = wISO
            wISO /= (2.0).squareRoot()
            threshold /= (2.0).squareRoot()
        }
        return nil
    }

    func json(includeXMP: Bool, includeDiagnostics: Bool) -> String {
        var o = JSONObject()
        o["file"] = .string(path)
        o["pages"] = .int(pages.count)
        o["pdfVersion"] = .string(version)
        o["fileSize"] = .int(fileSize)
        o["title"] = info.title.map { .string($0) }
        o["author"] = info.author.map { .string($0) }
        o["subject"] = info.subject.map { .string($0) }
        o["keywords"] = info.keywords.map { .string($0) }
        o["creator"] = info.creator.map { .string($0) }
        o["producer"] = info.producer.map { .string($0) }
        o["creationDate"] = (info.creationDate?.iso8601 ?? info.creationDateString).map { .string($0) }
        o["modificationDate"] = (info.modificationDate?.iso8601 ?? info.modificationDateString).map { .string($0) }
        if !customKeys.isEmpty {
            var c = JSONObject()
            for k in customKeys { c[k] = info.custom[k].map { .string($0) } ?? .null }
            o["customMetadata"] = .object(c)
        }
        o["metadataStream"] = .bool(hasXMP)
        o["tagged"] = .bool(tagged)
        o["userProperties"] = .bool(userProperties)
        o["suspects"] = .bool(suspects)
        o["form"] = .string(form.rawValue)
        o["javaScript"] = .bool(javaScript)
        o["linearized"] = .bool(linearized)
        o["repaired"] = .bool(repaired)
        o["outlineItems"] = .int(outlineItems)
        o["encrypted"] = .bool(encrypted)
        if encrypted, let s = encryption {
            var e = JSONObject()
            e["algorithm"] = .string(s.algorithm)
            e["keyBits"] = s.keyBits.map { .int($0) }
            e["version"] = .int(s.version)
            e["revision"] = .int(s.revision)
            e["openedAs"] = .string(s.openedAsOwner ? "owner" : "user")
            e["encryptsMetadata"] = .bool(s.encryptsMetadata)
            o["encryption"] = .object(e)
        }
        let p = document.permissions
        var perm = JSONObject()
        perm["allowsPrinting"] = .bool(p.allowsPrinting)
        perm["allowsHighQualityPrinting"] = .bool(p.allowsHighQualityPrinting)
        perm["allowsCopying"] = .bool(p.allowsCopying)
        perm["allowsContentAccessibility"] = .bool(p.allowsContentAccessibility)
        perm["allowsDocumentChanges"] = .bool(p.allowsDocumentChanges)
        perm["allowsDocumentAssembly"] = .bool(p.allowsDocumentAssembly)
        perm["allowsCommenting"] = .bool(p.allowsCommenting)
        perm["allowsFormFieldEntry"] = .bool(p.allowsFormFieldEntry)
        o["permissions"] = .object(perm)
        if let first = pages.first {
            var size = JSONObject()
            size["width"] = .double(first.cropBox.width)
            size["height"] = .double(first.cropBox.height)
            size["name"] = Self.paperName(first.cropBox.width, first.cropBox.height).map { .string($0) }
            o["pageSize"] = .object(size)
            o["pageRotation"] = .int(first.rotation)
        }
        if boxes || pageRange != nil {
            let range = pageRange ?? (pages.isEmpty ? 1...0 : 1...1)
            o["pageBoxes"] = .array(pages[(range.lowerBound - 1)..<range.upperBound].map { page in
                var b = JSONObject()
                b["page"] = .int(page.index + 1)
                b["rotation"] = .int(page.rotation)
                b["mediaBox"] = .rect(page.mediaBox)
                b["cropBox"] = .rect(page.cropBox)
                b["bleedBox"] = page.bleedBox.map { .rect($0) }
                b["trimBox"] = page.trimBox.map { .rect($0) }
                b["artBox"] = page.artBox.map { .rect($0) }
                b["label"] = labels.map { .string($0[page.index]) }
                return .object(b)
            })
        }
        if let labels { o["pageLabels"] = .array(labels.prefix(10_000).map { .string($0) }) }
        if includeXMP { o["xmp"] = xmp.map { .string($0) } }
        if includeDiagnostics {
            o["diagnostics"] = .array(diagnostics.map { d in
                var j = JSONObject()
                j["code"] = .string(d.code.rawValue)
                j["severity"] = .string(d.severity.description)
                j["message"] = .string(d.message)
                j["offset"] = d.offset.map { .int($0) }
                j["object"] = d.objectNumber.map { .int($0) }
                return .object(j)
            })
        }
        return JSONValue.object(o).serialized
    }
}

extension String {
    func leftPad(_ n: Int) -> String { String(repeating: " ", count: max(0, n - count)) + self }
}

/// Formats like C's `%g` for the sizes pdfinfo prints.
func num(_ v: Double) -> String {
    if v == v.rounded(), abs(v) < 1e15 { return String(Int64(v)) }
    var s = String(format: "%.6g", v)
    if s.contains("e") { s = String(v) }
    return s
}
