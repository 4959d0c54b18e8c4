import PDFCore
import PDFText

/// `pdftotext -tsv`, byte for byte: the header, then per page a `###PAGE###` row (level 1),
/// per block a `###FLOW###` row (level 3), per line a `###LINE###` row (level 4) and per
/// word a row (level 5). Structural rows print coordinates with six decimals and `conf` -1,
/// word rows with two decimals and `conf` 100, as poppler's `%f` and `%.2f` do.
///
/// Numbering follows poppler: `par_num` counts flows on the page, `block_num` blocks in the
/// flow, `line_num` lines in the block and `word_num` words in the line, each from 0. Our
/// layout has no flows above blocks, so each block is a flow of one block: `par_num` is the
/// block's number on the page and `block_num` is 0 — which is also what pdftotext prints
/// for most pages. Coordinates are display space (top-left origin, after /Rotate) measured
/// from `frame` (the command line gives the media box, as pdftotext, or the crop box with
/// `-cropbox`), scaled by `scale` (`-r`); words are measured as pdftotext measures them
/// (`PopplerWordBox`), lines and flows are the unions of their words. The page row's left/top
/// are 0 (current poppler; 22.x repeats the previous page's last word position there).
/// Word text is written as is, except that control and bidirectional formatting characters
/// inside a word are escaped (`\t`, `\n`, `\r`, `\u{1b}`: `ControlEscaping`) so that rows
/// stay rows and fields stay fields; a backslash is left as it is, as pdftotext writes it. Blocks and lines without words are left out.
struct TSVFormatter: PageFormatter {
    /// The box coordinates are measured from (pdftotext: the media box; `-cropbox`: the crop box).
    var frame: DisplayLayout.Frame = .cropBox
    /// Points to output units (pdftotext `-r`: pixels at that resolution; the page row stays in points).
    var scale: Double = 1

    static let header = "level\tpage_num\tpar_num\tblock_num\tline_num\tword_num\tleft\ttop\twidth\theight\tconf\ttext\n"

    func documentStart(_ document: DocumentContext) -> Bytes {
        var b = Bytes(capacity: 128)
        if document.firstOnStream { b.append(Self.header) }
        return b
    }

    func documentEnd(_ document: DocumentContext) -> Bytes { Bytes(capacity: 0) }

    func page(_ page: PageText, _ context: PageContext, _ document: DocumentContext) -> Bytes {
        let tree = DisplayLayout(page.layout, glyphs: page.glyphs, frame: frame)
        var out = Bytes(capacity: 96 * (page.layout.words.count + 4))
        let p = context.number
        let k = scale
        func row(_ level: Int, _ par: Int, _ block: Int, _ line: Int, _ word: Int, _ unscaled: Rect, _ decimals: Int, _ conf: Int) {
            let box = level == 1 || k == 1 ? unscaled : Rect(x0: unscaled.x0 * k, y0: unscaled.y0 * k, x1: unscaled.x1 * k, y1: unscaled.y1 * k)
            out.int(level); out.append(9)
            out.int(p); out.append(9)
            out.int(par); out.append(9)
            out.int(block); out.append(9)
            out.int(line); out.append(9)
            out.int(word); out.append(9)
            out.fixed(box.x0, decimals); out.append(9)
            out.fixed(box.y0, decimals); out.append(9)
            out.fixed(box.width, decimals); out.append(9)
            out.fixed(box.height, decimals); out.append(9)
            out.int(conf); out.append(9)
        }
        row(1, 0, 0, 0, 0, Rect(x0: 0, y0: 0, x1: tree.width, y1: tree.height), 6, -1)
        out.append("###PAGE###\n")
        var flow = 0
        for block in tree.blocks {
            let lines = block.lines.filter { !$0.words.isEmpty }
            guard !lines.isEmpty else { continue }
            // As poppler: words measured as poppler's, each line the union of its words and
            // the flow the union of its lines.
            let wordBoxes = lines.map { $0.words.map { PopplerWordBox.box($0, page) } }
            let lineBoxes = wordBoxes.map(DisplayLayout.union)
            row(3, flow, 0, 0, 0, DisplayLayout.union(lineBoxes), 6, -1)
            out.append("###FLOW###\n")
            for (l, line) in lines.enumerated() {
                row(4, flow, 0, l, 0, lineBoxes[l], 6, -1)
                out.append("###LINE###\n")
                for (k, w) in line.words.enumerated() {
                    row(5, flow, 0, l, k, wordBoxes[l][k], 2, 100)
                    for s in page.scalars(ofWord: w.index) {
                        if ControlEscaping.needsEscape(s) { out.append(ControlEscaping.escape(s)) } else { out.append(s) }
                    }
                    out.append(10)
                }
            }
            flow += 1
        }
        return out
    }
}
