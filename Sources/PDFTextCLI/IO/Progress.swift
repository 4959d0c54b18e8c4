import ArgumentParser
import PDFCore
import Foundation

/// When to show the progress bar.
package enum ProgressMode: String, Sendable, CaseIterable, ExpressibleByArgument {
    /// Only when standard error is a terminal and there is more than one input.
    case auto
    case always
    case never
}

/// A one-line progress report on standard error, rewritten in place on a terminal
/// (`[ 3/12]  25.0% name.pdf  page 4/10`), plain lines otherwise. Never on standard output.
final class ProgressBar {
    let total: Int
    let terminal: Bool
    /// Whether pages are counted (false: `audit`, which sees whole files).
    var countsPages = true
    private var lastDraw = Date.distantPast
    private var drawn = false
    private var finishedFiles = 0
    private var pages = 0
    private let start = Date()

    init(total: Int, terminal: Bool) {
        self.total = total
        self.terminal = terminal
    }

    /// Whether to show progress (`ProgressMode.enabled`) for a command whose report does not
    /// go to standard output.
    static func enabled(_ mode: ProgressMode, inputs: Int, quiet: Bool) -> Bool {
        mode.enabled(inputs: inputs, quiet: quiet, stderrIsTerminal: isatty(2) != 0)
    }

    /// A bar for `inputs` files when `mode` and the streams call for one (`ProgressMode.enabled`).
    static func make(_ mode: ProgressMode, inputs: Int, quiet: Bool = false, reportOnTerminal: Bool,
                     facts: TerminalFacts = .current) -> ProgressBar? {
        mode.enabled(inputs: inputs, quiet: quiet, stderrIsTerminal: facts.stderrIsTerminal, reportOnTerminal: reportOnTerminal)
            ? ProgressBar(total: inputs, terminal: facts.stderrIsTerminal) : nil
    }

    private func emit(_ s: String) {
        FileHandle.standardError.write(Data(s.utf8))
    }

    /// A page of file `index` (0-based) was written.
    func page(file index: Int, name: String, page: Int, of pageCount: Int) {
        pages += 1
        guard terminal else { return }
        let now = Date()
        guard now.timeIntervalSince(lastDraw) > 0.1 || page == pageCount else { return }
        lastDraw = now
        draw(file: index, name: name, detail: "page \(page)/\(pageCount)")
    }

    /// File `index` is done (written or failed).
    func finished(file index: Int, name: String, pages pageCount: Int, failed: Bool) {
        finishedFiles += 1
        let detail = failed ? "failed" : countsPages ? "\(pageCount) page\(pageCount == 1 ? "" : "s")" : "done"
        if terminal {
            draw(file: index, name: name, detail: detail)
        } else {
            emit("[\(pad(index + 1))/\(total)] \(ControlEscaping.escaped(name))  \(detail)\n")
        }
    }

    /// Clears the bar so that a message can be printed on a line of its own.
    func clear() {
        if terminal && drawn { emit("\r\u{1B}[K") }
        drawn = false
    }

    func done(failed: Int) {
        let seconds = Date().timeIntervalSince(start)
        clear()
        emit("\(total) files\(countsPages ? ", \(pages) pages" : "")\(failed > 0 ? ", \(failed) failed" : ""), \(String(format: "%.1f", seconds)) s\n")
    }

    private func pad(_ n: Int) -> String {
        let s = String(n), w = String(total).count
        return String(repeating: " ", count: max(0, w - s.count)) + s
    }

    private func draw(file index: Int, name: String, detail: String) {
        let percent = Double(finishedFiles) / Double(max(1, total)) * 100
        var shown = ControlEscaping.escaped(name)
        if shown.count > 40 { shown = "…" + String(shown.suffix(39)) }
        emit("\r\u{1B}[K[\(pad(index + 1))/\(total)] \(String(format: "%5.1f", percent))% \(shown)  \(detail)")
        drawn = true
    }
}
