import Foundation
import PDFCore
import PDFText
import Testing
@testable import PDFTextCLI

/// Numbers written to hurt: NaN, infinities and values past Int.max in files and flags give a
/// result or a one-line usage error, never a trap.
@Suite struct HostileNumberFormatterTests {
    @Test("image coverage of a page of ±1.7e308 is measured on the grid, without overflow")
    func coverageOfHugePage() {
        let page = Rect(x0: -1.7e308, y0: -1.7e308, x1: 1.7e308, y1: 1.7e308)
        #expect(Coverage.share(of: [page], within: page) == 1)
        let rightHalf = Rect(x0: 0, y0: -1.7e308, x1: 1.7e308, y1: 1.7e308)
        #expect(abs(Coverage.share(of: [rightHalf], within: page) - 0.5) < 0.01)
        let nan = Rect(x0: .nan, y0: 0, x1: 1, y1: 1)
        #expect(Coverage.share(of: [nan], within: page) == 0)
        // 2,000+ rectangles take the grid path on a huge page as on a normal one.
        let many = Array(repeating: page, count: 2001)
        #expect(Coverage.share(of: many, within: page) == 1)
        let letter = Rect(x0: 0, y0: 0, x1: 612, y1: 792)
        #expect(Coverage.share(of: [Rect(x0: 0, y0: 0, x1: 306, y1: 792)], within: letter) == 0.5)
    }

    @Test("hOCR sizes and coordinates, and RTF half-points, stay bounded integers")
    func writers() {
        #expect(HOCRFormatter.size(1e30) == "1000000")
        #expect(HOCRFormatter.size(12) == "12")
        #expect(HOCRFormatter.size(10.5) == "10.5")
        #expect(HOCRFormatter.coordinate(1e30) == 0)
        #expect(HOCRFormatter.coordinate(.nan) == 0)
        #expect(HOCRFormatter.coordinate(-72.4) == -72)
        #expect(AttributedRTFFormatter.halfPoints(1e30) == 32767)
        #expect(AttributedRTFFormatter.halfPoints(.nan) == 1)
        #expect(AttributedRTFFormatter.halfPoints(-Double.infinity) == 1)
        #expect(AttributedRTFFormatter.halfPoints(11.5) == 23)
    }

    @Test("select --range takes two non-negative integers that fit an Int")
    func selectRange() {
        let whole = Select.integers("3,9223372036854775807")
        #expect(whole?.location == 3 && whole?.length == Int.max)
        #expect(Select.integers("3,9223372036854775808") == nil)
        #expect(Select.integers("3.5,2") == nil)
        #expect(Select.integers("-1,2") == nil)
        #expect(Select.integers("1e30,1") == nil)
    }
}

@Suite(.enabled(if: CLI.binary != nil, "pdftext binary not found next to the tests; run `swift build` first"))
struct HostileNumberCLITests {
    static func hostile(_ name: String) -> String { CLI.fixture("hostile/\(name).pdf") }

    /// Exit statuses of a signal (128 + n) or of a trap.
    static func trapped(_ r: CLI.Output) -> Bool { r.status >= 128 }

    @Test("a 1e30-point font: hOCR writes a bounded x_fsize, RTF a bounded \\fs, JSON stays JSON")
    func hugeFontSize() throws {
        let file = Self.hostile("numeric-font-size-1e30")
        let hocr = try CLI.run(["text", "--format", "hocr", file])
        #expect(hocr.status == 0, "\(hocr.stderr)")
        // The 1e30-point word's first glyph is on the page (the rest lie far past its edge).
        #expect(hocr.stdout.contains(">G</span>") && hocr.stdout.contains("survivor"))
        #expect(hocr.stdout.contains("x_fsize 1000000"))
        let rtf = try CLI.run(["text", "--attributed", "--format", "rtf", file])
        #expect(rtf.status == 0, "\(rtf.stderr)")
        #expect(rtf.stdout.contains("\\fs32767") && rtf.stdout.contains("survivor"))
        for args in [["text", "--format", "json", file], ["text", "--attributed", "--format", "json", file]] {
            let json = try CLI.run(args)
            #expect(json.status == 0, "\(args): \(json.stderr)")
            #expect((try? JSONSerialization.jsonObject(with: Data(json.stdout.utf8))) != nil, "\(args) is not JSON")
            #expect(!json.stdout.contains("nan") && !json.stdout.contains("inf"))
        }
    }

    @Test("a MediaBox of 1e30 with text at y = 1e30: --layout prints every line, quickly")
    func hugeMediaBoxLayout() throws {
        let start = ContinuousClock.now
        let r = try CLI.run(["text", "--layout", Self.hostile("numeric-mediabox-1e30")])
        #expect(r.status == 0, "\(r.stderr)")
        // At x = 1e30 a glyph's advance is lost to rounding: the last letters fall on one point.
        #expect(r.stdout.contains("Highest") && r.stdout.contains("Rightmo") && r.stdout.contains("Numeric survivor"))
        #expect(ContinuousClock.now - start < .seconds(20))
        let hocr = try CLI.run(["text", "--format", "hocr", Self.hostile("numeric-mediabox-1e30")])
        #expect(hocr.status == 0 && hocr.stdout.contains("Highest"))
    }

    @Test("2,000 image draws on a page of ±1.7e308: diagnose measures coverage")
    func hugeImagePage() throws {
        let r = try CLI.run(["diagnose", "--json", Self.hostile("numeric-images-huge-mediabox")])
        #expect(!Self.trapped(r), "\(r.stderr)")
        #expect(r.status == 0, "\(r.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        #expect(json.description.contains("imageCoverage"))
    }

    @Test("/Widths of 1e30 against an embedded program: audit reports the mismatch with the number")
    func hugeWidths() throws {
        let r = try CLI.run(["audit", Self.hostile("numeric-widths-1e30")])
        #expect(r.status == 4, "\(r.stderr)")
        #expect(r.stdout.contains("7.21.5-1") && r.stdout.contains("1e+30"))
    }

    @Test("tint transforms that compute 1e300 counts or NaN indices give the page's text")
    func tintTransforms() throws {
        for name in ["numeric-type4-exp-copy", "numeric-type4-exp-index", "numeric-type4-exp-roll", "numeric-sampled-huge-domain"] {
            let r = try CLI.run(["text", Self.hostile(name)])
            #expect(r.status == 0, "\(name): \(r.stderr)")
            #expect(r.stdout.contains("Numeric survivor"), "\(name)")
            let html = try CLI.run(["text", "--attributed", "--format", "html", Self.hostile(name)])
            #expect(html.status == 0 && html.stdout.contains("Numeric survivor"), "\(name)")
        }
    }

    @Test("a link and an outline item to page 2^63 − 1: link writers keep the text, without a page link")
    func linkToHugePage() throws {
        let file = Self.hostile("numeric-link-page-int64-max")
        for format in ["html", "markdown", "rtf", "json"] {
            let r = try CLI.run(["text", "--attributed", "--format", format, file])
            #expect(r.status == 0, "\(format): \(r.stderr)")
            #expect(r.stdout.contains("Follow this link") && r.stdout.contains("Numeric survivor"), "\(format)")
            #expect(!r.stdout.contains("#page-") && !r.stdout.contains("page-9223372036854775808"), "\(format)")
        }
        let semantic = try CLI.run(["text", "--format", "html", file])
        #expect(semantic.status == 0 && semantic.stdout.contains("Follow this link"), "\(semantic.stderr)")
    }

    @Test("--jobs past the maximum is a usage error (exit 64) for every subcommand that takes it")
    func hugeJobs() throws {
        let file = try TestDocument(TestDocument.lines(["Jobs"])).write()
        let db = FileManager.default.temporaryDirectory.appendingPathComponent("pdftext-jobs-\(UUID().uuidString).sqlite").path
        defer { try? FileManager.default.removeItem(atPath: db) }
        let commands: [[String]] = [["text"], ["grep", "Jobs"], ["audit"], ["index", "--db", db]]
        for command in commands {
            for jobs in ["9223372036854775807", "1025", "0"] {
                let r = try CLI.run(command + ["--jobs", jobs, file])
                #expect(r.status == 64, "\(command) --jobs \(jobs): \(r.status) \(r.stderr)")
                #expect(r.stderr.contains("--jobs must be between 1 and 1024"), "\(command): \(r.stderr)")
            }
            // The largest accepted value runs (audit exits 4: the test file is not tagged).
            let ok = try CLI.run(command + ["-j", "1024", file])
            #expect(ok.status == (command == ["audit"] ? 4 : 0), "\(command) -j 1024: \(ok.stderr)")
        }
    }

    @Test("page numbers and ranges near Int.max select nothing or run to the end, without overflow")
    func hugePageNumbers() throws {
        let file = try TestDocument(TestDocument.lines(["Numeric survivor"])).write()
        let select = try CLI.run(["select", file, "--page", "1", "--range", "3,9223372036854775807"])
        #expect(select.status == 0, "\(select.stderr)")
        #expect(select.stdout.hasPrefix("eric survivor"))
        let tooBig = try CLI.run(["select", file, "--page", "1", "--range", "3,9223372036854775808"])
        #expect(tooBig.status == 64 && tooBig.stderr.contains("--range"))
        for page in ["--page=-9223372036854775808", "--page=0"] {
            let r = try CLI.run(["select", file, page, "--range", "0,1"])
            #expect(r.status == 64 && r.stderr.contains("--page must be 1 or more"), "\(page): \(r.stderr)")
        }
        let farPage = try CLI.run(["select", file, "--page", "9223372036854775807", "--range", "0,1"])
        #expect(farPage.status == 4 && farPage.stderr.contains("no page 9223372036854775807"))
        // Selections past the last page select nothing (exit 4, "no page in the selection").
        for (args, selects) in [(["-f", "9223372036854775807", "-l", "9223372036854775807"], false), (["--pages", "9223372036854775807-"], false),
                                (["--pages", "1-9223372036854775807"], true), (["-f", "1", "-l", "9223372036854775807"], true)] {
            let r = try CLI.run(["text"] + args + [file])
            #expect(r.status == (selects ? 0 : 4), "\(args): \(r.stderr)")
            #expect(r.stdout.contains("survivor") == selects, "\(args)")
            for sub in ["diagnose", "glyphs", "info"] {
                let s = try CLI.run([sub] + args + [file])
                #expect(!Self.trapped(s), "\(sub) \(args): \(s.status)")
            }
        }
    }
}
