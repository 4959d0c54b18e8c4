import Foundation
import PDFCore
import PDFText

/// `diagnose`'s output: the human-readable lines of a page and the summary line of a
/// document, and their JSON objects (docs/DIAGNOSE.md).
extension PageDiagnosis {
    /// The human-readable lines of this page (font names as the file gives them: the
    /// writer escapes control characters, `ControlEscaping`).
    var text: String {
        var s = "  page \(number): \(verdict.rawValue)"
        if !reasons.isEmpty { s += " — " + reasons.joined(separator: "; ") }
        s += "\n    glyphs \(glyphs)"
        let named = UnicodeSource.allCases.filter { sources[Int($0.rawValue)] > 0 }.map { "\($0) \(sources[Int($0.rawValue)])" }
        if !named.isEmpty { s += " (" + named.joined(separator: ", ") + ")" }
        s += "; unmapped \(unmapped); invisible \(invisible); duplicate \(duplicate)"
        s += "; images \(Self.percent(imageCoverage)); order \(orderSource.rawValue) \(String(format: "%.2f", orderConfidence))"
        s += "; garbled \(Self.percent(garble.share))\n"
        return s
    }

    var json: JSONValue {
        var o = JSONObject()
        o["page"] = .int(number)
        o["verdict"] = .string(verdict.rawValue)
        o["reasons"] = .array(reasons.map { .string($0) })
        o["glyphs"] = .int(glyphs)
        var src = JSONObject()
        for s in UnicodeSource.allCases { src[s.description] = .int(sources[Int(s.rawValue)]) }
        o["sources"] = .object(src)
        o["textGlyphs"] = .int(textGlyphs)
        o["unmapped"] = .int(unmapped)
        o["unmappedShare"] = .double(unmappedShare)
        o["unmappedFonts"] = .array(unmappedFonts.map { f in
            var j = JSONObject()
            j["font"] = .string(f.name)
            j["glyphs"] = .int(f.glyphs)
            return .object(j)
        })
        o["guessed"] = .int(guessed)
        o["invisible"] = .int(invisible)
        o["duplicate"] = .int(duplicate)
        o["visibleCharacters"] = .int(visibleCharacters)
        o["invisibleCharacters"] = .int(invisibleCharacters)
        o["imageCoverage"] = .double(imageCoverage)
        o["orderSource"] = .string(orderSource.rawValue)
        o["orderConfidence"] = .double(orderConfidence)
        var gj = JSONObject()
        gj["characters"] = .int(garble.characters)
        gj["suspicious"] = .int(garble.suspicious)
        gj["implausibleWords"] = .int(garble.implausibleWords)
        gj["implausibleCharacters"] = .int(garble.implausibleCharacters)
        gj["share"] = .double(garble.share)
        o["garbled"] = .object(gj)
        return .object(o)
    }
}

extension DocumentDiagnosis {
    var line: String {
        "\(pages) page\(pages == 1 ? "" : "s"): \(ok) ok, \(degraded) degraded, \(needsOCR) needs-ocr; verdict \(verdict.rawValue)"
    }

    var json: JSONValue {
        var o = JSONObject()
        o["pages"] = .int(pages)
        o["ok"] = .int(ok)
        o["degraded"] = .int(degraded)
        o["needsOCR"] = .int(needsOCR)
        o["verdict"] = .string(verdict.rawValue)
        return .object(o)
    }
}
