import CZlib

/// How a synthetic file stores its cross-reference data.
enum SyntheticLayout: String, CaseIterable {
    /// Every object in the file body, a classic `xref` table, `trailer` and `startxref`.
    case classic
    /// Content streams in the body; every other object in object streams of 100; a
    /// Flate-compressed cross-reference stream (PDF 1.5).
    case objstm
    /// The classic body and a trailer, but no `xref` table and no `startxref`: the reader has to
    /// rebuild the cross-reference data by scanning the file (the repair path).
    case damaged
}

/// A generated PDF and what it holds, so the bench can check what it read.
struct SyntheticFile {
    var bytes: [UInt8]
    var layout: SyntheticLayout
    var pages: Int
    /// In-use object numbers (what `store.objectNumbers` should list).
    var objects: Int
    /// Stream objects among them (content streams, plus object and xref streams).
    var streams: Int
}

/// zlib-wrapped deflate (what `/FlateDecode` reads).
func deflate(_ input: [UInt8]) -> [UInt8] {
    var length = compressBound(uLong(input.count))
    var out = [UInt8](repeating: 0, count: Int(length))
    let rc = input.withUnsafeBufferPointer { src in
        out.withUnsafeMutableBufferPointer { dst in
            compress2(dst.baseAddress, &length, src.baseAddress, uLong(input.count), 6)
        }
    }
    precondition(rc == Z_OK, "compress2 failed: \(rc)")
    out.removeSubrange(Int(length)...)
    return out
}

/// Writes a PDF with `pages` pages: a catalog, one shared font, a balanced page tree (fan-out
/// 32) and, per page, a page dictionary and a small Flate-compressed content stream.
struct SyntheticWriter {
    enum Body {
        case dictionary(String)
        case stream(dictionary: String, data: [UInt8])
    }

    static let fanOut = 32
    static let objectStreamSize = 100

    static func make(layout: SyntheticLayout, pages: Int) -> SyntheticFile {
        precondition(pages >= 1)
        var bodies: [Body?] = [nil]  // index = object number; 0 is the free head
        func set(_ n: Int, _ b: Body) {
            while bodies.count <= n { bodies.append(nil) }
            bodies[n] = b
        }
        let catalog = 1, font = 2, root = 3
        var next = 4 + 2 * pages
        var parent: [Int: Int] = [:]
        var leafCount: [Int: Int] = [:]
        var level: [Int] = (0..<pages).map { 4 + 2 * $0 }
        for p in level { leafCount[p] = 1 }
        while level.count > fanOut {
            var upper: [Int] = []
            var i = 0
            while i < level.count {
                let kids = Array(level[i..<min(i + fanOut, level.count)])
                let node = next
                next += 1
                var count = 0
                for k in kids {
                    parent[k] = node
                    count += leafCount[k]!
                }
                leafCount[node] = count
                upper.append(node)
                i += fanOut
            }
            level = upper
        }
        for k in level { parent[k] = root }
        leafCount[root] = pages
        // Kids of each intermediate node, by parent.
        var kidsOf: [Int: [Int]] = [:]
        for p in 0..<pages { kidsOf[parent[4 + 2 * p]!, default: []].append(4 + 2 * p) }
        for n in 4 + 2 * pages..<next { kidsOf[parent[n]!, default: []].append(n) }
        func kidsArray(_ node: Int) -> String {
            "[" + kidsOf[node]!.sorted().map { "\($0) 0 R" }.joined(separator: " ") + "]"
        }

        set(catalog, .dictionary("<< /Type /Catalog /Pages \(root) 0 R >>"))
        set(font, .dictionary("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>"))
        set(root, .dictionary("<< /Type /Pages /Kids \(kidsArray(root)) /Count \(pages) >>"))
        for node in 4 + 2 * pages..<next {
            set(node, .dictionary("<< /Type /Pages /Parent \(parent[node]!) 0 R /Kids \(kidsArray(node)) /Count \(leafCount[node]!) >>"))
        }
        for i in 0..<pages {
            let page = 4 + 2 * i, content = page + 1
            set(page, .dictionary("<< /Type /Page /Parent \(parent[page]!) 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 \(font) 0 R >> >> /Contents \(content) 0 R >>"))
            set(content, .stream(dictionary: "/Filter /FlateDecode", data: deflate(Array(contentStream(page: i).utf8))))
        }

        switch layout {
        case .classic, .damaged:
            return writeClassic(bodies, layout: layout, pages: pages)
        case .objstm:
            return writeCompressed(bodies, pages: pages)
        }
    }

    static func contentStream(page i: Int) -> String {
        var s = "BT /F1 12 Tf 72 720 Td (Synthetic page \(i + 1) of the load benchmark) Tj ET\n"
        s += "0.5 w\n"
        for k in 0..<6 {
            s += "\(72 + k * 10) \(700 - ((i + k) % 50) * 4) m \(540 - k * 10) \(690 - k * 7) l S\n"
        }
        s += "q 0.\(i % 10) g 72 \(100 + i % 300) 200 50 re f Q\n"
        return s
    }

    static func header() -> [UInt8] {
        Array("%PDF-1.7\n%".utf8) + [0xE2, 0xE3, 0xCF, 0xD3, 0x0A]
    }

    static func appendObject(_ out: inout [UInt8], _ n: Int, _ body: Body) {
        out += Array("\(n) 0 obj\n".utf8)
        switch body {
        case .dictionary(let d):
            out += Array(d.utf8)
        case .stream(let d, let data):
            out += Array("<< \(d) /Length \(data.count) >>\nstream\n".utf8)
            out += data
            out += Array("\nendstream".utf8)
        }
        out += Array("\nendobj\n".utf8)
    }

    static func writeClassic(_ bodies: [Body?], layout: SyntheticLayout, pages: Int) -> SyntheticFile {
        var out = header()
        var offsets = [Int](repeating: 0, count: bodies.count)
        var streams = 0
        for n in 1..<bodies.count {
            guard let b = bodies[n] else { continue }
            offsets[n] = out.count
            if case .stream = b { streams += 1 }
            appendObject(&out, n, b)
        }
        let size = bodies.count
        if layout == .classic {
            let xref = out.count
            var table = "xref\n0 \(size)\n0000000000 65535 f \n"
            table.reserveCapacity(20 * size + 32)
            for n in 1..<size { table += zeroPadded(offsets[n], 10) + " 00000 n \n" }
            out += Array(table.utf8)
            out += Array("trailer\n<< /Size \(size) /Root 1 0 R >>\nstartxref\n\(xref)\n%%EOF\n".utf8)
        } else {
            out += Array("trailer\n<< /Size \(size) /Root 1 0 R >>\n%%EOF\n".utf8)
        }
        return SyntheticFile(bytes: out, layout: layout, pages: pages, objects: size - 1, streams: streams)
    }

    static func writeCompressed(_ bodies: [Body?], pages: Int) -> SyntheticFile {
        var out = header()
        // Entry per object number: (type, field 2, field 3) as in a cross-reference stream.
        var entries: [(Int, Int, Int)] = Array(repeating: (0, 0, 0), count: bodies.count)
        entries[0] = (0, 0, 0xFFFF)
        var streams = 0
        var compressible: [Int] = []
        for n in 1..<bodies.count {
            guard let b = bodies[n] else { continue }
            if case .stream = b {
                entries[n] = (1, out.count, 0)
                appendObject(&out, n, b)
                streams += 1
            } else {
                compressible.append(n)
            }
        }
        var objectNumber = bodies.count
        var start = 0
        while start < compressible.count {
            let group = compressible[start..<min(start + objectStreamSize, compressible.count)]
            var headerText = ""
            var data: [UInt8] = []
            for (index, n) in group.enumerated() {
                headerText += "\(n) \(data.count) "
                guard case .dictionary(let d)? = bodies[n] else { continue }
                data += Array(d.utf8)
                data.append(0x0A)
                entries[n] = (2, objectNumber, index)
            }
            let headerBytes = Array(headerText.utf8)
            let stream = Body.stream(
                dictionary: "/Type /ObjStm /N \(group.count) /First \(headerBytes.count) /Filter /FlateDecode",
                data: deflate(headerBytes + data))
            entries.append((1, out.count, 0))
            appendObject(&out, objectNumber, stream)
            streams += 1
            objectNumber += 1
            start += objectStreamSize
        }
        // The cross-reference stream lists itself.
        let xrefNumber = objectNumber
        let xrefOffset = out.count
        entries.append((1, xrefOffset, 0))
        var raw: [UInt8] = []
        raw.reserveCapacity(entries.count * 7)
        for (t, f2, f3) in entries {
            raw.append(UInt8(t))
            for shift in stride(from: 24, through: 0, by: -8) { raw.append(UInt8((f2 >> shift) & 0xFF)) }
            raw.append(UInt8((f3 >> 8) & 0xFF))
            raw.append(UInt8(f3 & 0xFF))
        }
        let size = xrefNumber + 1
        appendObject(&out, xrefNumber, .stream(
            dictionary: "/Type /XRef /Size \(size) /W [1 4 2] /Root 1 0 R /Filter /FlateDecode",
            data: deflate(raw)))
        streams += 1
        out += Array("startxref\n\(xrefOffset)\n%%EOF\n".utf8)
        return SyntheticFile(bytes: out, layout: .objstm, pages: pages, objects: size - 1, streams: streams)
    }
}
