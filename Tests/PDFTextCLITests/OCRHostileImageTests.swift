import Foundation
import PDFText
import PDFTestSupport
import Testing
@testable import PDFTextCLI

/// `pdftext --ocr always` run in this process on pages whose only image is hostile (a size
/// past every limit, a JPEG cut short, a JBIG2 page claiming 2^31 × 2^31): it exits 0, and
/// `glyphs --ocr always --diagnostics` names the image's diagnostic on standard error.
@Suite(.serialized, .enabled(if: OCREngineInfo.unavailableReason == nil, "Tesseract is not installed"))
struct OCRHostileImageTests {
    /// A one-page document whose page paints image object 5.
    static func document(_ dictionary: String, data: [UInt8]) -> [UInt8] {
        var b = PDFBuilder.simpleDocument()
        b.add(3, "<< /Type /Page /Parent 2 0 R /Resources << /XObject << /Im1 5 0 R >> >> /Contents 4 0 R >>")
        b.addStream(4, text: "q 612 0 0 792 0 0 cm /Im1 Do Q")
        b.addStream(5, dictionary: "/Type /XObject /Subtype /Image " + dictionary, data: data)
        return b.build().bytes
    }

    static let jpeg: [UInt8] = {
        let url = CLI.projectRoot.appendingPathComponent("tools/fuzz/seeds/dct/gray.bin")
        return Array(((try? Data(contentsOf: url)) ?? Data()).dropFirst(2))
    }()

    /// An embedded JBIG2 stream: page information for 2^31 × 2^31 pixels, end of page.
    static let jbig2: [UInt8] = [0, 0, 0, 0, 48, 0, 1, 0, 0, 0, 19, 0x80, 0, 0, 0, 0x80, 0, 0, 0]
        + [UInt8](repeating: 0, count: 11) + [0, 0, 0, 1, 49, 0, 1, 0, 0, 0, 0]

    /// Runs `arguments` as `pdftext` does, here; returns the exit code and what went to
    /// standard error meanwhile (file descriptors 1 and 2 pointed at files for the run).
    static func run(_ arguments: [String]) throws -> (status: Int32, stderr: String) {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("pdftext-ocr-hostile-\(getpid())").path
        fflush(nil)
        let saved = [dup(1), dup(2)]
        for (target, path) in [(Int32(1), base + ".out"), (2, base + ".err")] {
            let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
            dup2(fd, target)
            close(fd)
        }
        var status: Int32 = 0
        do {
            var command = try PDFTextCommand.parseAsRoot(arguments)
            try command.run()
        } catch {
            status = PDFTextCommand.exitCode(for: error).rawValue
        }
        fflush(nil)
        for (target, fd) in zip([Int32(1), 2], saved) {
            dup2(fd, target)
            close(fd)
        }
        defer { for ext in [".out", ".err"] { try? FileManager.default.removeItem(atPath: base + ext) } }
        return (status, (try? String(contentsOfFile: base + ".err", encoding: .utf8)) ?? "")
    }

    @Test("text --ocr always exits 0 and glyphs --diagnostics names the image's diagnostic", arguments: [
        ("/Width 2147483648 /Height 2147483648 /ColorSpace /DeviceGray /BitsPerComponent 8", "imageTooLarge", "size"),
        ("/Width 16 /Height 16 /ColorSpace /DeviceRGB /BitsPerComponent 64", "imageUndecodable", "depth"),
        ("/Width 16 /Height 16 /ColorSpace /DeviceGray /BitsPerComponent 8 /Filter /DCTDecode", "imageTruncated", "jpeg"),
        ("/Width 16 /Height 16 /ImageMask true /Filter /JBIG2Decode", "imageTooLarge", "jbig2"),
    ])
    func hostileImage(_ dictionary: String, _ code: String, _ data: String) throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("pdftext-ocr-hostile-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let bytes: [UInt8] = switch data {
        case "jpeg": Array(Self.jpeg.dropLast(20))
        case "jbig2": Self.jbig2
        default: [1, 2, 3]
        }
        let input = directory.appendingPathComponent("hostile.pdf").path
        try Data(Self.document(dictionary, data: bytes)).write(to: URL(fileURLWithPath: input))
        let output = directory.appendingPathComponent("out.txt").path
        let text = try Self.run(["text", "--ocr", "always", "-j", "1", input, output])
        #expect(text.status == 0, "\(text.stderr)")
        #expect(FileManager.default.fileExists(atPath: output))
        let glyphs = try Self.run(["glyphs", "--ocr", "always", "--diagnostics", input])
        #expect(glyphs.status == 0, "\(glyphs.stderr)")
        #expect(glyphs.stderr.contains("[\(code)]"), "\(glyphs.stderr)")
    }
}
