// libFuzzer entry point for the output writers: the input is written to a file and run
// through `pdftext` subcommands in this process, as a user would run them: hOCR, RTF,
// styled and accessible HTML, Markdown, TSV, JSON, the physical layout, diagnose, audit,
// structure, info and glyphs. Output goes to standard output, which run.sh discards with
// libFuzzer's `-close_fd_mask=3` (crash reports still reach the terminal). A refusal
// (`ExitCode`, a validation error) is an accepted outcome; a trap, a sanitizer report, a
// timeout or running out of memory is a bug.

import Foundation
import PDFTextCLI

let path: String = {
    let dir = FileManager.default.temporaryDirectory.path
    return "\(dir)/pdftext-fuzz-writers-\(getpid()).pdf"
}()

/// One command line per writer; `@` is the input file. `-j 1` keeps one thread per run.
let commands: [[String]] = [
    ["text", "-q", "-j", "1", "-F", "hocr", "@", "-"],
    ["text", "-q", "-j", "1", "-F", "rtf", "@", "-"],
    ["text", "-q", "-j", "1", "--attributed", "@", "-"],
    ["text", "-q", "-j", "1", "-F", "html", "@", "-"],
    ["text", "-q", "-j", "1", "-F", "markdown", "@", "-"],
    ["text", "-q", "-j", "1", "-F", "tsv", "@", "-"],
    ["text", "-q", "-j", "1", "--attributed", "-F", "json", "@", "-"],
    ["text", "-q", "-j", "1", "-F", "jsonl", "@", "-"],
    ["text", "-q", "-j", "1", "--layout", "@", "-"],
    ["diagnose", "--json", "@"],
    ["diagnose", "@"],
    ["audit", "-j", "1", "@"],
    ["structure", "@"],
    ["info", "--box", "--meta", "@"],
    ["glyphs", "--annotations", "@"],
]

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard FileManager.default.createFile(atPath: path, contents: Data(bytes: data, count: size)) else { return 0 }
    for line in commands {
        let args = line.map { $0 == "@" ? path : $0 }
        guard var command = try? PDFTextCommand.parseAsRoot(args) else { continue }
        try? command.run()
    }
    return 0
}
