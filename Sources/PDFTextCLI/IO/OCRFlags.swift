import ArgumentParser
import PDFOCR
import PDFText
import Synchronization

extension OCRMode: ExpressibleByArgument {}

/// `--ocr`, `--ocr-lang` and `--ocr-dpi`: reading scanned pages with Tesseract, for the
/// subcommands that extract text. A subcommand adds `@OptionGroup var ocr: OCRFlags` and
/// applies ``options`` to its extractor with `TextExtractor.withOCR(_:)`.
package struct OCRFlags: ParsableArguments {
    @Option(name: .customLong("ocr"), help: ArgumentHelp(
        "Read scanned pages with OCR (Tesseract): auto (pages with images and no text, those `diagnose` calls needs-ocr), always (every page's images, except where the page has text), or never.",
        valueName: "auto|always|never"))
    package var mode: OCRMode = .auto

    @Option(name: .customLong("ocr-lang"), help: ArgumentHelp(
        "Tesseract languages for OCR, e.g. eng or deu+eng (default: the document's /Lang when its data is installed, else eng).",
        valueName: "LANGS"))
    package var languages: String?

    @Option(name: .customLong("ocr-dpi"), help: ArgumentHelp("The resolution pages are drawn at for OCR, 70 to 1200.", valueName: "DPI"))
    package var resolution: Int = 300

    package init() {}

    package var options: OCROptions {
        var o = OCROptions(mode: mode, languages: languages)
        o.resolution = Double(resolution)
        return o
    }

    package func validate() throws {
        guard (70...1200).contains(resolution) else { throw ValidationError("--ocr-dpi takes 70 to 1200, not \(resolution)") }
        if let languages {
            let names = languages.split(separator: "+", omittingEmptySubsequences: false)
            guard !names.isEmpty, names.allSatisfy({ !$0.isEmpty && $0.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" } }) else {
                throw ValidationError("--ocr-lang takes Tesseract language names joined by +, such as eng or deu+eng, not '\(languages)'")
            }
        }
        // Asked for on purpose: say now when it cannot run, rather than page by page.
        guard mode == .always || (mode == .auto && languages != nil) else { return }
        if let why = OCRAvailability.problem(languages: languages) { throw ValidationError("OCR cannot run: \(why)") }
    }
}

/// Whether Tesseract and the language data asked for are here.
package enum OCRAvailability {
    /// nil when OCR can run in `languages` (nil: English); else what is missing and how to
    /// install it.
    package static func problem(languages: String?) -> String? {
        if let why = OCREngineInfo.unavailableReason {
            return "\(why); install it with tools/install-deps.sh (Debian: apt-get install libtesseract5 tesseract-ocr-eng)"
        }
        let path = OCREngineInfo.dataPath(nil)
        let installed = OCREngineInfo.installedLanguages(dataPath: path)
        let missing = (languages ?? "eng").split(separator: "+").map(String.init).filter { !installed.contains($0) }
        guard missing.isEmpty else {
            let have = installed.sorted().filter { $0 != "osd" }.joined(separator: ", ")
            return "no language data for \(missing.joined(separator: ", ")) in \(path) (installed: \(have.isEmpty ? "none" : have)); Debian packages them as tesseract-ocr-LANG"
        }
        return nil
    }
}

/// Says once per file, on standard error, that a page needed OCR and it could not run
/// (Tesseract or its language data missing, or Tesseract failing): the page's text is then
/// empty, and the user should know why.
package final class OCRWarnings: Sendable {
    let reported = Mutex<Set<String>>([])
    let quiet: Bool

    package init(quiet: Bool) { self.quiet = quiet }

    package func check(_ page: PageGlyphs, path: String, number: Int) {
        guard !quiet, let d = page.diagnostics.entries.first(where: { $0.code == .ocrFailed }) else { return }
        guard reported.withLock({ $0.insert(path).inserted }) else { return }
        let message = d.message.hasPrefix("page ") ? String(d.message.drop { $0 != " " }.dropFirst().drop { $0 != " " }.dropFirst()) : d.message
        printError("\(path): page \(number): \(message) (other pages of this file are not reported)")
    }
}
