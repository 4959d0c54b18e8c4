import PDFCore

/// One size of one layout in the linearity run.
struct LinearityPoint {
    var layout: SyntheticLayout
    var pages: Int
    var bytes: Int
    var objects: Int
    var times: PhaseTimes
    var problems: [String]
}

/// Generates synthetic files of growing size, times open + pages + decode-all on each (from
/// memory: no disk read), and fits the exponent k in time ≈ c·size^k per layout.
func runLinearity(sizes: [Int], layouts: [SyntheticLayout], repetitions: Int, limits: Limits, json: String?) -> Int32 {
    var points: [LinearityPoint] = []
    var fits: [(SyntheticLayout, [String: Double?])] = []
    var anyProblem = false
    print("Linearity: synthetic files, \(repetitions) repetition(s) each, median times; the file is in memory (no read).")
    for layout in layouts {
        print("")
        print("layout \(layout.rawValue)")
        print(row([("pages", 8), ("objects", 10), ("MB", 8), ("open ms", 10), ("pages ms", 10), ("decode ms", 11),
                   ("free ms", 9), ("total ms", 10), ("ms/MB", 9), ("µs/object", 11)]))
        var layoutPoints: [LinearityPoint] = []
        for n in sizes {
            let file = SyntheticWriter.make(layout: layout, pages: n)
            let r = measureFile(path: nil, bytes: file.bytes, label: "synthetic-\(layout.rawValue)-\(n)", repetitions: repetitions, limits: limits)
            var problems: [String] = []
            switch r.outcome {
            case .ok: break
            case .locked: problems.append("locked")
            case .failed(let m): problems.append("failed: \(m)")
            }
            if r.facts.pageCount != file.pages { problems.append("pages \(r.facts.pageCount), expected \(file.pages)") }
            if r.facts.objects != file.objects { problems.append("objects \(r.facts.objects), expected \(file.objects)") }
            if r.facts.streams != file.streams { problems.append("streams \(r.facts.streams), expected \(file.streams)") }
            if r.facts.incompleteStreams != 0 { problems.append("\(r.facts.incompleteStreams) streams not fully decoded") }
            if r.facts.repaired != (layout == .damaged) {
                problems.append(layout == .damaged ? "not repaired (repair path not measured)" : "unexpectedly repaired")
            }
            let mb = Double(file.bytes.count) / 1_048_576
            let t = r.times
            var line = row([(String(n), 8), (String(file.objects), 10), (fixed(mb, 2), 8)])
            line += row([(ms(t.open), 10), (ms(t.pages), 10), (ms(t.decode), 11), (ms(t.release), 9), (ms(t.total), 10)])
            line += row([(fixed(t.total * 1000 / mb, 1), 9), (fixed(t.total * 1e6 / Double(file.objects), 2), 11)])
            if !problems.isEmpty { line += "   CHECK FAILED: " + problems.joined(separator: "; ") }
            print(line)
            if !problems.isEmpty { anyProblem = true }
            let p = LinearityPoint(layout: layout, pages: n, bytes: file.bytes.count, objects: file.objects, times: t, problems: problems)
            layoutPoints.append(p)
            points.append(p)
        }
        let xs = layoutPoints.map { Double($0.bytes) }
        let fit: [String: Double?] = [
            "open": logLogSlope(xs, layoutPoints.map(\.times.open)),
            "pages": logLogSlope(xs, layoutPoints.map(\.times.pages)),
            "decode": logLogSlope(xs, layoutPoints.map(\.times.decode)),
            "free": logLogSlope(xs, layoutPoints.map(\.times.release)),
            "total": logLogSlope(xs, layoutPoints.map(\.times.total)),
        ]
        fits.append((layout, fit))
        func show(_ k: String) -> String { fit[k]!.map { fixed($0, 2) } ?? "n/a" }
        print("exponent (log-log slope of time against file size): total \(show("total"))"
            + "   open \(show("open"))   pages \(show("pages"))   decode \(show("decode"))   free \(show("free"))")
    }
    print("")
    print("An exponent near 1.0 is linear; 2.0 would be quadratic. Small sizes are noisy, so judge the total.")

    if let json {
        var s = "{\n  \"mode\": \"linearity\",\n  \"repetitions\": \(repetitions),\n  \"points\": [\n"
        s += points.map { p in
            var e = "    {\"layout\": \(jsonString(p.layout.rawValue)), \"pages\": \(p.pages), \"bytes\": \(p.bytes), "
            e += "\"objects\": \(p.objects), \"open\": \(jsonNumber(p.times.open)), \"pageTree\": \(jsonNumber(p.times.pages)), "
            e += "\"decode\": \(jsonNumber(p.times.decode)), \"release\": \(jsonNumber(p.times.release)), \"total\": \(jsonNumber(p.times.total)), "
            e += "\"problems\": [\(p.problems.map(jsonString).joined(separator: ", "))]}"
            return e
        }.joined(separator: ",\n")
        s += "\n  ],\n  \"exponents\": {\n"
        s += fits.map { layout, fit in
            "    \(jsonString(layout.rawValue)): {" + ["total", "open", "pages", "decode", "free"].map { k in
                "\(jsonString(k == "pages" ? "pageTree" : k == "free" ? "release" : k)): \(fit[k]!.map(jsonNumber) ?? "null")"
            }.joined(separator: ", ") + "}"
        }.joined(separator: ",\n")
        s += "\n  }\n}\n"
        emitJSON(s, to: json)
    }
    return anyProblem ? 1 : 0
}

/// Writes the synthetic files to `directory` as `synthetic-<layout>-<pages>.pdf`, so that other
/// tools can be timed on exactly the same bytes.
func writeSynthetic(sizes: [Int], layouts: [SyntheticLayout], directory: String) -> Int32 {
    makeDirectory(directory)
    for layout in layouts {
        for n in sizes {
            let file = SyntheticWriter.make(layout: layout, pages: n)
            let path = directory + "/synthetic-\(layout.rawValue)-\(zeroPadded(n, 6)).pdf"
            do { try writeFile(path, file.bytes) } catch {
                standardError("\(error)")
                return 2
            }
            print(path)
        }
    }
    return 0
}

func emitJSON(_ s: String, to destination: String) {
    if destination == "-" {
        print(s, terminator: "")
    } else {
        do { try writeFile(destination, Array(s.utf8)) } catch { standardError("\(error)") }
    }
}
