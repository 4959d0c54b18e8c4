/// Writes small synthetic PDF files for tests: classic tables, cross-reference streams,
/// object streams, hybrids and incremental updates, and deliberately damaged variants.
/// Object bodies are written as PDF syntax text, so a test reads like the file it makes.
package struct PDFBuilder {
    package enum XRefStyle {
        case table, stream, none
        /// A classic table of the uncompressed objects whose trailer's `/XRefStm` points to a
        /// cross-reference stream holding the compressed ones (ISO 32000-2 §7.5.8.4).
        case hybrid
    }

    package struct Object {
        package var number: Int
        package var generation: Int
        package var body: [UInt8]
        /// Put into an object stream instead of the file body.
        package var compressed: Bool
    }

    package var header = "%PDF-1.7\n%\u{E2}\u{E3}\u{CF}\u{D3}\n"
    package private(set) var objects: [Object] = []

    package init(version: String = "1.7") {
        header = "%PDF-\(version)\n%\u{E2}\u{E3}\u{CF}\u{D3}\n"
    }

    package mutating func add(_ number: Int, _ body: String, generation: Int = 0, compressed: Bool = false) {
        objects.append(Object(number: number, generation: generation, body: Array(body.utf8), compressed: compressed))
    }

    /// A stream object; `/Length` is added to the dictionary text unless `length` says otherwise.
    package mutating func addStream(_ number: Int, dictionary: String = "", data: [UInt8], length: String? = nil, generation: Int = 0) {
        let len = length ?? String(data.count)
        var body = Array("<< \(dictionary) /Length \(len) >>\nstream\n".utf8)
        body += data
        body += Array("\nendstream".utf8)
        objects.append(Object(number: number, generation: generation, body: body, compressed: false))
    }

    package mutating func addStream(_ number: Int, dictionary: String = "", text: String, length: String? = nil) {
        addStream(number, dictionary: dictionary, data: Array(text.utf8), length: length)
    }

    /// A minimal document: catalog 1, page tree 2, pages from 3 on, each with an empty content stream.
    package static func simpleDocument(pages: Int = 1, catalogExtras: String = "", version: String = "1.7") -> PDFBuilder {
        var b = PDFBuilder(version: version)
        b.add(1, "<< /Type /Catalog /Pages 2 0 R \(catalogExtras) >>")
        let kids = (0..<pages).map { "\(3 + $0) 0 R" }.joined(separator: " ")
        b.add(2, "<< /Type /Pages /Kids [\(kids)] /Count \(pages) /MediaBox [0 0 612 792] >>")
        for i in 0..<pages {
            b.add(3 + i, "<< /Type /Page /Parent 2 0 R >>")
        }
        return b
    }

    package struct Output {
        package var bytes: [UInt8]
        /// Offset of each object header by number (the last one written).
        package var offsets: [Int: Int]
        /// Offset of the cross-reference section (what `startxref` says).
        package var xrefOffset: Int
    }

    /// Writes the file.
    /// - Parameters:
    ///   - xref: the cross-reference form; `.none` writes no table and no startxref.
    ///   - trailer: extra trailer entries (text), e.g. "/Info 9 0 R".
    ///   - root: the catalog's number.
    ///   - objectStreamNumber: the number of the object stream holding `compressed` objects.
    package func build(xref: XRefStyle = .table, trailer: String = "", root: Int = 1, objectStreamNumber: Int? = nil) -> Output {
        var out = Array(header.utf8)
        var offsets: [Int: Int] = [:]
        var entries: [Int: (type: Int, f2: Int, f3: Int)] = [:]
        for o in objects where !o.compressed {
            offsets[o.number] = out.count
            entries[o.number] = (1, out.count, o.generation)
            out += Array("\(o.number) \(o.generation) obj\n".utf8) + o.body + Array("\nendobj\n".utf8)
        }
        let compressed = objects.filter(\.compressed)
        if !compressed.isEmpty {
            let stmNumber = objectStreamNumber ?? ((objects.map(\.number).max() ?? 0) + 1)
            var headerPart: [UInt8] = []
            var bodyPart: [UInt8] = []
            for (i, o) in compressed.enumerated() {
                headerPart += Array("\(o.number) \(bodyPart.count) ".utf8)
                bodyPart += o.body + [0x0A]
                entries[o.number] = (2, stmNumber, i)
            }
            let data = headerPart + bodyPart
            offsets[stmNumber] = out.count
            entries[stmNumber] = (1, out.count, 0)
            out += Array("\(stmNumber) 0 obj\n<< /Type /ObjStm /N \(compressed.count) /First \(headerPart.count) /Length \(data.count) >>\nstream\n".utf8)
            out += data + Array("\nendstream\nendobj\n".utf8)
        }
        let size = (entries.keys.max() ?? 0) + 2
        let xrefOffset = out.count
        switch xref {
        case .table:
            out += Array(Self.table(entries: entries, size: size).utf8)
            out += Array("trailer\n<< /Size \(size) /Root \(root) 0 R \(trailer) >>\nstartxref\n\(xrefOffset)\n%%EOF\n".utf8)
        case .stream:
            let xrefNumber = size - 1
            var all = entries
            all[xrefNumber] = (1, xrefOffset, 0)
            let data = Self.xrefStreamData(entries: all, size: size)
            out += Array("\(xrefNumber) 0 obj\n<< /Type /XRef /Size \(size) /W [1 4 2] /Root \(root) 0 R \(trailer) /Length \(data.count) >>\nstream\n".utf8)
            out += data + Array("\nendstream\nendobj\nstartxref\n\(xrefOffset)\n%%EOF\n".utf8)
        case .none:
            out += Array("%%EOF\n".utf8)
        case .hybrid:
            let xrefNumber = size - 1
            let streamOffset = out.count
            let data = Self.xrefStreamData(entries: entries, size: size)
            out += Array("\(xrefNumber) 0 obj\n<< /Type /XRef /Size \(size) /W [1 4 2] /Length \(data.count) >>\nstream\n".utf8)
            out += data + Array("\nendstream\nendobj\n".utf8)
            // The table leaves the compressed objects out (readers without xref-stream
            // support see them as missing), and lists the xref stream itself.
            var tableEntries = entries.filter { $0.value.type == 1 }
            tableEntries[xrefNumber] = (1, streamOffset, 0)
            let tableOffset = out.count
            out += Array(Self.table(entries: tableEntries, size: size).utf8)
            out += Array("trailer\n<< /Size \(size) /Root \(root) 0 R /XRefStm \(streamOffset) \(trailer) >>\nstartxref\n\(tableOffset)\n%%EOF\n".utf8)
            return Output(bytes: out, offsets: offsets, xrefOffset: tableOffset)
        }
        return Output(bytes: out, offsets: offsets, xrefOffset: xrefOffset)
    }

    /// Cross-reference stream rows with `/W [1 4 2]`; numbers without an entry are free.
    static func xrefStreamData(entries: [Int: (type: Int, f2: Int, f3: Int)], size: Int) -> [UInt8] {
        var data: [UInt8] = []
        for n in 0..<size {
            let e = entries[n] ?? (0, 0, n == 0 ? 65535 : 0)
            data.append(UInt8(e.type))
            data += [UInt8(truncatingIfNeeded: e.f2 >> 24), UInt8(truncatingIfNeeded: e.f2 >> 16), UInt8(truncatingIfNeeded: e.f2 >> 8), UInt8(truncatingIfNeeded: e.f2)]
            data += [UInt8(truncatingIfNeeded: e.f3 >> 8), UInt8(truncatingIfNeeded: e.f3)]
        }
        return data
    }

    /// A classic table with one subsection per run of consecutive numbers and entry 0 free.
    static func table(entries: [Int: (type: Int, f2: Int, f3: Int)], size: Int) -> String {
        var s = "xref\n0 \(size)\n"
        for n in 0..<size {
            if let e = entries[n], e.type == 1 {
                s += pad(e.f2, 10) + " " + pad(e.f3, 5) + " n\r\n"
            } else {
                s += "0000000000 " + (n == 0 ? "65535" : "00000") + " f\r\n"
            }
        }
        return s
    }

    /// An offset as a table entry writes it: ten digits.
    package static func padded(_ offset: Int) -> String { pad(offset, 10) }

    static func pad(_ v: Int, _ w: Int) -> String {
        let s = String(v)
        return String(repeating: "0", count: max(0, w - s.count)) + s
    }

    /// Appends an incremental update to `base`: the given objects, then a table whose
    /// trailer points back with `/Prev`.
    package static func appendUpdate(to base: Output, objects: [(Int, String)], size: Int, root: Int = 1, trailer: String = "") -> Output {
        var out = base.bytes
        var offsets = base.offsets
        var lines: [(Int, Int)] = []
        for (n, body) in objects {
            offsets[n] = out.count
            lines.append((n, out.count))
            out += Array("\(n) 0 obj\n\(body)\nendobj\n".utf8)
        }
        let xrefOffset = out.count
        var s = "xref\n"
        for (n, off) in lines.sorted(by: { $0.0 < $1.0 }) {
            s += "\(n) 1\n" + pad(off, 10) + " 00000 n\r\n"
        }
        s += "trailer\n<< /Size \(size) /Root \(root) 0 R /Prev \(base.xrefOffset) \(trailer) >>\nstartxref\n\(xrefOffset)\n%%EOF\n"
        out += Array(s.utf8)
        return Output(bytes: out, offsets: offsets, xrefOffset: xrefOffset)
    }
}
