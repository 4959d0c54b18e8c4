/// Positions of every `endstream` and `endobj` in a file, found in one pass. Looking up the
/// end of a stream whose `/Length` is wrong is then a binary search, not a scan to the end of
/// the file, so a damaged file with many such streams stays linear instead of quadratic.
package final class KeywordIndex: Sendable {
    package let endstream: [Int]
    package let endobj: [Int]

    package init(bytes: [UInt8]) {
        var es: [Int] = []
        var eo: [Int] = []
        bytes.withUnsafeBufferPointer { buf in
            let n = buf.count
            var p = 0
            // Both keywords start with "endo" / "ends"; look for "end" and then decide.
            while p + 6 <= n {
                if buf[p] == 0x65, buf[p + 1] == 0x6E, buf[p + 2] == 0x64 {  // "end"
                    if buf[p + 3] == 0x6F, buf[p + 4] == 0x62, buf[p + 5] == 0x6A {  // "obj"
                        eo.append(p)
                        p += 6
                        continue
                    }
                    if p + 9 <= n, buf[p + 3] == 0x73, buf[p + 4] == 0x74, buf[p + 5] == 0x72,
                       buf[p + 6] == 0x65, buf[p + 7] == 0x61, buf[p + 8] == 0x6D {  // "stream"
                        es.append(p)
                        p += 9
                        continue
                    }
                }
                p += 1
            }
        }
        endstream = es
        endobj = eo
    }

    /// The first position in `list` at or after `from` and before `to`.
    static func first(in list: [Int], from: Int, to: Int) -> Int? {
        var lo = 0, hi = list.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if list[mid] < from { lo = mid + 1 } else { hi = mid }
        }
        return lo < list.count && list[lo] < to ? list[lo] : nil
    }

    package func firstEndstream(from: Int, to: Int) -> Int? { Self.first(in: endstream, from: from, to: to) }
    package func firstEndobj(from: Int, to: Int) -> Int? { Self.first(in: endobj, from: from, to: to) }
}
