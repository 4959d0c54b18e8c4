import ArgumentParser
import Foundation
import PDFCore
import PDFSyntax
import PDFContent
import PDFFonts
import PDFGlyphs
import PDFText

/// `pdftext fonts`: the fonts of a document as `pdffonts` lists them, and where the text
/// of each font's glyphs comes from.
package struct Fonts: ParsableCommand {
    package static let configuration = CommandConfiguration(
        commandName: "fonts",
        abstract: "List the fonts of a document, as pdffonts does, with the Unicode source of their glyphs.",
        discussion: """
            The table is pdffonts' own, byte for byte in layout: name, type, encoding, emb, sub, uni, \
            object ID (number and generation, or [none] for a font written inside its resource \
            dictionary), so that scripts that read pdffonts' columns by position read ours. The fonts \
            are those of the pages' resources, of the form XObjects and tiling patterns they use \
            (at any depth), and of annotation appearances, each once. \
            --details interprets the pages and adds three columns: the glyphs painted with the font, \
            the share of them with no Unicode, and the Unicode sources (tounicode, encoding, glyphname, \
            fontprogram, actualtext, guessed, none) with their counts; fonts met only while painting \
            (which the resource walk misses) are added, marked "(found while painting)". --json prints \
            one object per file, one per line, with every column and those counts (unicodeSources, \
            glyphs, unmappedShare). Differences from pdffonts: docs/POPPLER-COMPAT.md. \
            Exit codes: 0 success; 1 a file could not be opened; 3 a password is missing or wrong; \
            4 the first page is past the document's end; 64 bad usage. With several files, the \
            highest code of any file.
            """)

    @Argument(help: "PDF files (`-` reads standard input).")
    package var files: [String]

    @OptionGroup package var range: FirstLastOptions

    @Flag(help: "Print one JSON object per file, one per line, with the glyph counts.")
    package var json = false

    @Flag(name: [.customLong("details"), .customLong("wide")],
          help: "Interpret the pages and add the glyph count, the unmapped share and the Unicode sources to each row.")
    package var details = false

    @Flag(name: [.customLong("subst"), .customLong("subst", withSingleDash: true)],
          help: "List the fonts that are not embedded with the standard font whose metrics stand in for them (pdffonts -subst).")
    package var subst = false

    @OptionGroup package var passwords: PasswordOptions

    package init() {}

    package func validate() throws {
        if let f = range.firstPage, let l = range.lastPage, l < f {
            throw ValidationError("the first page (\(f)) can not be after the last page (\(l))")
        }
    }

    package func run() throws {
        var status = ExitStatus.success
        var out = ""
        for (i, path) in files.enumerated() {
            switch Opening.open(path: path, passwords: passwords.candidates) {
            case .failure(let f):
                flush(&out)
                printError(f.message)
                status = max(status, f.exitCode)
            case .success(let (document, _)):
                let count = document.pageCount
                let first = range.firstPage ?? 1
                if count > 0, first > count {
                    flush(&out)
                    printError("\(path): the first page (\(first)) is after the last page (\(count))")
                    status = max(status, ExitStatus.findings)
                    continue
                }
                let last = min(count, range.lastPage ?? count)
                let pages = first <= last ? first...last : nil
                if !json && files.count > 1 { out += (i > 0 ? "\n" : "") + "File: \(ControlEscaping.escaped(path))\n" }
                out += report(document: document, path: path, pages: pages)
                flush(&out)
            }
        }
        flush(&out)
        if status != ExitStatus.success { throw ExitCode(status) }
    }

    func flush(_ out: inout String) {
        if !out.isEmpty { writeOut(out) }
        out = ""
    }

    /// The table, the -subst table or the JSON of one document.
    func report(document: Document, path: String, pages: ClosedRange<Int>?) -> String {
        var inventory = FontInventory(document: document)
        inventory.scan(pages: pages.map(Array.init) ?? [])
        var rows = inventory.entries.map {
            FontRow(classification: $0.classification, reference: $0.reference, resourceName: $0.resourceName, firstPage: $0.firstPage)
        }
        var diagnostics = inventory.diagnostics.entries.map { "\($0)" }
        let counting = json || details
        var unattributed = 0
        if counting, let pages {
            var counter = FontGlyphCounter(document: document, rows: rows)
            counter.count(pages: pages)
            rows = counter.rows
            unattributed = counter.unattributed
            diagnostics += counter.diagnostics
        }
        if json {
            return FontsFormat.json(path: path, pages: pages, rows: rows, glyphsCounted: counting,
                                    unattributed: unattributed, diagnostics: diagnostics) + "\n"
        }
        if subst {
            let classifier = FontClassifier(store: document.store)
            var s = FontsFormat.substHeader
            for (row, entry) in zip(rows, inventory.entries) where !row.classification.isEmbedded {
                s += FontsFormat.substRow(row, substitute: classifier.substitute(for: entry.dictionary) ?? "[none]") + "\n"
            }
            return s
        }
        if details { return FontsFormat.detailsHeader + rows.map { FontsFormat.detailsRow($0) + "\n" }.joined() }
        return FontsFormat.header + rows.map { FontsFormat.row($0) + "\n" }.joined()
    }
}

/// Counts each font's glyphs by Unicode source over the pages, interpreting them as the
/// text pipeline does (annotation appearances included; none made up for fields without
/// one, whose fonts the resource walk cannot list), under the same budgets.
struct FontGlyphCounter {
    let document: Document
    var rows: [FontRow]
    /// Glyphs whose font is neither listed nor an object to list (a missing resource the
    /// interpreter stood a fallback font in for).
    var unattributed = 0
    var diagnostics: [String] = []
    var rowByObject: [Int: Int] = [:]
    let classifier: FontClassifier

    init(document: Document, rows: [FontRow]) {
        self.document = document
        self.rows = rows
        classifier = FontClassifier(store: document.store)
        for (i, r) in rows.enumerated() {
            if let n = r.reference?.number, rowByObject[n] == nil { rowByObject[n] = i }
        }
    }

    mutating func count(pages: ClosedRange<Int>) {
        var options = ExtractionOptions()
        options.includeAnnotations = true
        options.synthesizeAppearances = false
        let extractor = PageExtractor(document: document, fonts: FontCache(store: document.store), options: options)
        for n in pages {
            let page = extractor.extract(pageIndex: n - 1)
            count(page, pageNumber: n)
            for d in page.diagnostics.entries where d.code == .contentBudget || d.code == .decodeBudget {
                diagnostics.append("page \(n): \(d)")
            }
        }
    }

    mutating func count(_ page: PageGlyphs, pageNumber: Int) {
        var rowOfFont = [Int?](repeating: nil, count: page.fonts.count)
        var resolved = [Bool](repeating: false, count: page.fonts.count)
        for g in page.glyphs {
            let run = Int(g.run)
            guard run >= 0, run < page.runs.count else { unattributed += 1; continue }
            let f = Int(page.runs[run].font)
            guard f >= 0, f < page.fonts.count else { unattributed += 1; continue }
            if !resolved[f] {
                rowOfFont[f] = row(for: page.fonts[f], pageNumber: pageNumber)
                resolved[f] = true
            }
            guard let r = rowOfFont[f] else { unattributed += 1; continue }
            rows[r].sources[Int(g.unicodeSource.rawValue)] += 1
        }
    }

    /// The row of a font the interpreter used: the listed one with its object, a new row
    /// for an object the walk missed, the listed direct font of the same name.
    mutating func row(for font: FontSummary, pageNumber: Int) -> Int? {
        if let n = font.objectNumber {
            if let r = rowByObject[n] { return r }
            guard rows.count < FontInventory.maxFonts,
                  let dict = document.store.resolve(.reference(ObjectID(n))).dictionary else { return nil }
            rows.append(FontRow(classification: classifier.classify(dict), reference: ObjectID(n), resourceName: nil,
                                firstPage: pageNumber, foundWhilePainting: true))
            rowByObject[n] = rows.count - 1
            return rows.count - 1
        }
        return rows.firstIndex { $0.reference == nil && $0.classification.name == font.baseFont }
    }
}
