// pdftext-load-bench: times loading PDF files with the PDFFile layer and decoding every stream.
// See tools/benchmarks/README.md.

import PDFCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

let usage = """
usage: pdftext-load-bench [options] PATH...        (files, or folders searched for *.pdf)
       pdftext-load-bench --linearity [--sizes N,N,...] [--layouts classic,objstm,damaged]
       pdftext-load-bench --write-synthetic DIR [--sizes ...] [--layouts ...]

Per file and repetition it times: reading the bytes, Document(bytes:), document.pages,
loading every in-use object and decoding every stream (store.streamData), and releasing the
document. Encrypted files are
tried with the empty password only; files that stay locked are skipped and counted.

options:
  -r, --repeat N     repetitions per file; the median of each phase is reported (default 3)
  --list FILE        also take paths from FILE, one per line
  -q, --quiet        print only the totals, not one line per file
  --json PATH        write the results as JSON to PATH ('-' for standard output, which then
                     replaces the tables)
  --linearity        time synthetic files of growing size and fit the exponent of time vs size
  --sizes N,N,...    page counts of the synthetic files (default 1000,4000,16000,64000)
  --layouts L,L,...  synthetic layouts: classic, objstm, damaged (default all three)
  --write-synthetic DIR
                     write the synthetic files to DIR (for timing other tools on them)

exit status: 0 when every file loaded (or was skipped as locked), 1 when a file failed to load
or a linearity check failed, 2 on a usage or I/O error.
"""

struct Options {
    var paths: [String] = []
    var listFiles: [String] = []
    var repetitions = 3
    var quiet = false
    var json: String?
    var linearity = false
    var writeSyntheticTo: String?
    var sizes = [1000, 4000, 16000, 64000]
    var layouts = SyntheticLayout.allCases
}

func parseOptions(_ args: [String]) -> Options {
    var o = Options()
    var i = 0
    func value(_ flag: String) -> String {
        i += 1
        guard i < args.count else {
            standardError("\(flag) needs a value\n\n\(usage)")
            exit(2)
        }
        return args[i]
    }
    while i < args.count {
        let a = args[i]
        switch a {
        case "-h", "--help":
            print(usage)
            exit(0)
        case "-r", "--repeat":
            guard let n = Int(value(a)), n >= 1 else { standardError("--repeat needs a positive number"); exit(2) }
            o.repetitions = n
        case "--list": o.listFiles.append(value(a))
        case "-q", "--quiet": o.quiet = true
        case "--json": o.json = value(a)
        case "--linearity": o.linearity = true
        case "--write-synthetic": o.writeSyntheticTo = value(a)
        case "--sizes":
            let parts = value(a).split(separator: ",").map { Int($0) }
            guard !parts.isEmpty, parts.allSatisfy({ ($0 ?? 0) >= 1 }) else { standardError("--sizes takes positive numbers, e.g. 1000,4000"); exit(2) }
            o.sizes = parts.map { $0! }
        case "--layouts":
            let parts = value(a).split(separator: ",").map { SyntheticLayout(rawValue: String($0)) }
            guard !parts.isEmpty, parts.allSatisfy({ $0 != nil }) else { standardError("--layouts takes classic, objstm, damaged"); exit(2) }
            o.layouts = parts.map { $0! }
        default:
            if a.hasPrefix("-"), a.count > 1 {
                standardError("unknown option \(a)\n\n\(usage)")
                exit(2)
            }
            o.paths.append(a)
        }
        i += 1
    }
    return o
}

func collectFiles(_ o: Options) -> [String] {
    var files: [String] = []
    for list in o.listFiles {
        do {
            let text = String(decoding: try readFile(list), as: UTF8.self)
            files += text.split(whereSeparator: { $0 == "\n" || $0 == "\r\n" }).map(String.init).filter { !$0.isEmpty }
        } catch {
            standardError("\(error)")
            exit(2)
        }
    }
    for p in o.paths {
        if isDirectory(p) {
            files += pdfFiles(under: p)
        } else if fileExists(p) {
            files.append(p)
        } else {
            standardError("no such file or folder: \(p)")
            exit(2)
        }
    }
    return files
}

func runFiles(_ files: [String], _ o: Options) -> Int32 {
    let toStdout = o.json == "-"
    let showLines = !o.quiet && !toStdout
    if showLines {
        print(row([("KB", 9), ("read ms", 9), ("open ms", 9), ("pages ms", 10), ("decode ms", 11), ("free ms", 9), ("total ms", 10),
                   ("pages", 7), ("objects", 9), ("streams", 9)]) + "  file")
    }
    var results: [FileResult] = []
    let wallStart = now()
    for path in files {
        let r = measureFile(path: path, bytes: nil, label: path, repetitions: o.repetitions, limits: .default)
        results.append(r)
        guard showLines else { continue }
        let t = r.times
        var line = padLeft(fixed(Double(r.size) / 1024, 1), 9)
        switch r.outcome {
        case .ok:
            line += row([(ms(t.read), 9), (ms(t.open), 9), (ms(t.pages), 10), (ms(t.decode), 11), (ms(t.release), 9), (ms(t.total), 10)])
            line += row([(String(r.facts.pageCount), 7), (String(r.facts.objects), 9), (String(r.facts.streams), 9)])
            line += "  " + path + (r.facts.repaired ? "  (repaired)" : "")
        case .locked:
            line += padLeft("", 74) + "  " + path + "  SKIPPED: locked (needs a password)"
        case .failed(let m):
            line += padLeft("", 74) + "  " + path + "  FAILED: " + m
        }
        print(line)
    }
    let wall = now() - wallStart

    let ok = results.filter { if case .ok = $0.outcome { return true }; return false }
    let locked = results.filter { if case .locked = $0.outcome { return true }; return false }
    let failed = results.filter { if case .failed = $0.outcome { return true }; return false }
    func sum(_ key: KeyPath<PhaseTimes, Double>) -> Double { ok.reduce(0) { $0 + $1.times[keyPath: key] } }
    let bytes = ok.reduce(0) { $0 + $1.size }
    let mb = Double(bytes) / 1_048_576
    let total = sum(\.total)

    if !toStdout {
        print("")
        print("files: \(results.count)   loaded: \(ok.count)   skipped (locked, empty password failed): \(locked.count)   failed to load: \(failed.count)")
        print("repetitions: \(o.repetitions) (median per phase and file; totals are sums of those medians over loaded files)")
        let pageCount = ok.reduce(0) { $0 + $1.facts.pageCount }
        let objectCount = ok.reduce(0) { $0 + $1.facts.objects }
        let streamCount = ok.reduce(0) { $0 + $1.facts.streams }
        let incomplete = ok.reduce(0) { $0 + $1.facts.incompleteStreams }
        let repaired = ok.filter { $0.facts.repaired }.count
        print("loaded bytes: \(fixed(mb, 2)) MB   pages: \(pageCount)   objects: \(objectCount)   streams: \(streamCount)"
            + " (\(incomplete) not fully decoded)   repaired: \(repaired)")
        let phases = "read \(fixed(sum(\.read), 3))   open \(fixed(sum(\.open), 3))   pages \(fixed(sum(\.pages), 3))"
        print("total s: " + phases + "   decode \(fixed(sum(\.decode), 3))   free \(fixed(sum(\.release), 3))   total \(fixed(total, 3))")
        if total > 0 { print("throughput: \(fixed(mb / total, 1)) MB/s") }
        print("wall time of the whole run (all repetitions, all files): \(fixed(wall, 3)) s")
    }

    if let json = o.json {
        var s = "{\n  \"mode\": \"files\",\n  \"repetitions\": \(o.repetitions),\n"
        s += "  \"totals\": {\"files\": \(results.count), \"loaded\": \(ok.count), \"locked\": \(locked.count), \"failed\": \(failed.count), "
        s += "\"bytes\": \(bytes), \"read\": \(jsonNumber(sum(\.read))), \"open\": \(jsonNumber(sum(\.open))), "
        s += "\"pageTree\": \(jsonNumber(sum(\.pages))), \"decode\": \(jsonNumber(sum(\.decode))), \"release\": \(jsonNumber(sum(\.release))), "
        s += "\"total\": \(jsonNumber(total)), \"wall\": \(jsonNumber(wall))},\n"
        s += "  \"files\": [\n"
        s += results.map { r in
            let status: String
            var message = ""
            switch r.outcome {
            case .ok: status = "ok"
            case .locked: status = "locked"
            case .failed(let m): status = "failed"; message = m
            }
            let t = r.times, f = r.facts
            var e = "    {\"path\": \(jsonString(r.path)), \"status\": \(jsonString(status)), \"message\": \(jsonString(message)), "
            e += "\"bytes\": \(r.size), \"read\": \(jsonNumber(t.read)), \"open\": \(jsonNumber(t.open)), "
            e += "\"pageTree\": \(jsonNumber(t.pages)), \"decode\": \(jsonNumber(t.decode)), \"release\": \(jsonNumber(t.release)), "
            e += "\"total\": \(jsonNumber(t.total)), "
            e += "\"pages\": \(f.pageCount), \"objects\": \(f.objects), \"streams\": \(f.streams), \"decodedBytes\": \(f.decodedBytes), "
            e += "\"incompleteStreams\": \(f.incompleteStreams), \"repaired\": \(f.repaired), \"encrypted\": \(f.encrypted)}"
            return e
        }.joined(separator: ",\n")
        s += "\n  ]\n}\n"
        emitJSON(s, to: json)
    }
    return failed.isEmpty ? 0 : 1
}

let options = parseOptions(Array(CommandLine.arguments.dropFirst()))
if let dir = options.writeSyntheticTo {
    exit(writeSynthetic(sizes: options.sizes, layouts: options.layouts, directory: dir))
}
if options.linearity {
    exit(runLinearity(sizes: options.sizes, layouts: options.layouts, repetitions: options.repetitions, limits: .default, json: options.json))
}
let files = collectFiles(options)
if files.isEmpty {
    standardError("no PDF files given\n\n\(usage)")
    exit(2)
}
exit(runFiles(files, options))
