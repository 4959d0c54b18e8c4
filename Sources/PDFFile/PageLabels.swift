import PDFCore
import PDFSyntax

/// Page labels from the catalog's `/PageLabels` number tree (ISO 32000-2 §12.4.2).
enum PageLabels {
    struct Range {
        var start: Int
        var style: Name?
        var prefix: String
        var first: Int
    }

    static func labels(store: ObjectStore, catalog: PDFDictionary, pageCount: Int) -> [String]? {
        guard let tree = catalog["PageLabels"], pageCount > 0 else { return nil }
        var ranges: [Range] = []
        for (key, value) in NumberTree.entries(store: store, root: tree) {
            guard key >= 0, let d = store.dictionary(value) else { continue }
            ranges.append(Range(
                start: key, style: store.name(d["S"]),
                prefix: store.text(d["P"]) ?? "",
                // Clamped so that numbering the pages of the range cannot overflow.
                first: max(1, min(store.integer(d["St"]) ?? 1, Int.max - pageCount))))
        }
        guard !ranges.isEmpty else { return nil }
        ranges.sort { $0.start < $1.start }
        var out: [String] = []
        out.reserveCapacity(pageCount)
        var r = 0
        for page in 0..<pageCount {
            while r + 1 < ranges.count, ranges[r + 1].start <= page { r += 1 }
            let range = ranges[r]
            guard range.start <= page else {
                out.append(String(page + 1))
                continue
            }
            let n = range.first + (page - range.start)
            out.append(range.prefix + format(n, style: range.style))
        }
        return out
    }

    static func format(_ n: Int, style: Name?) -> String {
        switch style {
        case "D"?: return String(n)
        case "R"?: return roman(n)
        case "r"?: return roman(n).lowercased()
        case "A"?: return letters(n)
        case "a"?: return letters(n).lowercased()
        default: return ""
        }
    }

    static func roman(_ n: Int) -> String {
        guard n > 0, n < 100_000 else { return String(n) }
        let table: [(Int, String)] = [(1000, "M"), (900, "CM"), (500, "D"), (400, "CD"), (100, "C"), (90, "XC"),
                                      (50, "L"), (40, "XL"), (10, "X"), (9, "IX"), (5, "V"), (4, "IV"), (1, "I")]
        var v = n
        var s = ""
        for (value, sym) in table {
            while v >= value { s += sym; v -= value }
        }
        return s
    }

    /// A..Z, then AA..ZZ, AAA..ZZZ (§12.4.2).
    static func letters(_ n: Int) -> String {
        guard n > 0 else { return "" }
        let letter = Character(Unicode.Scalar(UInt8(65 + (n - 1) % 26)))
        let count = min((n - 1) / 26 + 1, 1000)
        return String(repeating: letter, count: count)
    }
}

/// Number trees and name trees (ISO 32000-2 §7.9.6, §7.9.7), read with loop and depth guards.
enum NumberTree {
    static func entries(store: ObjectStore, root: PDFObject) -> [(Int, PDFObject)] {
        var out: [(Int, PDFObject)] = []
        var visited: Set<Int> = []
        func walk(_ node: PDFObject, depth: Int) {
            guard depth <= store.limits.maxRecursionDepth, out.count < store.limits.maxObjectCount else { return }
            if let r = node.reference, !visited.insert(r.number).inserted { return }
            guard let d = store.dictionary(node) else { return }
            if let nums = store.array(d["Nums"]) {
                var i = 0
                while i + 1 < nums.count {
                    if let k = store.integer(nums[i]) { out.append((k, nums[i + 1])) }
                    i += 2
                }
            }
            for kid in store.array(d["Kids"]) ?? [] { walk(kid, depth: depth + 1) }
        }
        walk(root, depth: 0)
        return out
    }
}

enum NameTree {
    /// Every (key, value) pair, keys as raw string bytes.
    static func entries(store: ObjectStore, root: PDFObject) -> [([UInt8], PDFObject)] {
        var out: [([UInt8], PDFObject)] = []
        var visited: Set<Int> = []
        func walk(_ node: PDFObject, depth: Int) {
            guard depth <= store.limits.maxRecursionDepth, out.count < store.limits.maxObjectCount else { return }
            if let r = node.reference, !visited.insert(r.number).inserted { return }
            guard let d = store.dictionary(node) else { return }
            if let names = store.array(d["Names"]) {
                var i = 0
                while i + 1 < names.count {
                    if let k = store.resolve(names[i]).string { out.append((k.bytes, names[i + 1])) }
                    i += 2
                }
            }
            for kid in store.array(d["Kids"]) ?? [] { walk(kid, depth: depth + 1) }
        }
        walk(root, depth: 0)
        return out
    }
}
