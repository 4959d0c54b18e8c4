import Foundation
import PDFCore

/// `index --json`: one JSON object per line on standard output.
final class IndexReport {
    private let writer = ByteWriter(fd: 1)

    /// `{"path","action","pages"?,"sha256"?,"from"?,"target"?,"error"?,"exitCode"?,
    /// "truncated"?:{"fromPage","words","characters","limit"}}`
    func file(_ path: String, action: String, pages: Int?, sha256: String?, from: String? = nil, target: String? = nil,
              error: String? = nil, exitCode: Int32? = nil,
              truncated: (fromPage: Int, words: Int, characters: Int, limit: String)? = nil) {
        var out = Bytes(capacity: 256)
        out.append("{\"path\":")
        out.jsonString(path.unicodeScalars)
        out.append(",\"action\":\"\(action)\"")
        if let pages { out.append(",\"pages\":"); out.int(pages) }
        if let sha256 { out.append(",\"sha256\":\"\(sha256)\"") }
        if let from { out.append(",\"from\":"); out.jsonString(from.unicodeScalars) }
        if let target { out.append(",\"target\":"); out.jsonString(target.unicodeScalars) }
        if let error { out.append(",\"error\":"); out.jsonString(error.unicodeScalars) }
        if let exitCode { out.append(",\"exitCode\":"); out.int(Int(exitCode)) }
        if let t = truncated {
            out.append(",\"truncated\":{\"fromPage\":"); out.int(t.fromPage)
            out.append(",\"words\":"); out.int(t.words)
            out.append(",\"characters\":"); out.int(t.characters)
            out.append(",\"limit\":\"\(t.limit)\"}")
        }
        out.append("}\n")
        writer.bytes(out.data)
        writer.flushIfFull()
    }

    /// `{"summary":{…counts…,"seconds"}}`
    func summary(_ counts: [String: Int], seconds: Double) {
        var out = Bytes(capacity: 256)
        out.append("{\"summary\":{")
        for (k, key) in counts.keys.sorted().enumerated() {
            if k > 0 { out.append(UInt8(ascii: ",")) }
            out.append("\"\(key)\":")
            out.int(counts[key]!)
        }
        out.append(",\"seconds\":")
        out.append(String(format: "%.3f", seconds))
        out.append("}}\n")
        writer.bytes(out.data)
        writer.flush()
    }
}
