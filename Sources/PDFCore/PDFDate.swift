/// A date as PDF writes it, `D:YYYYMMDDHHmmSSOHH'mm'` (ISO 32000-2 §7.9.4), parsed leniently:
/// every field after the year is optional, the `D:` prefix too, and trailing junk is ignored.
public struct PDFDate: Sendable, Hashable, CustomStringConvertible {
    public var year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int
    /// Offset from UTC in minutes, nil when the string gave none.
    public var utcOffsetMinutes: Int?

    public init(year: Int, month: Int = 1, day: Int = 1, hour: Int = 0, minute: Int = 0, second: Int = 0, utcOffsetMinutes: Int? = nil) {
        self.year = year; self.month = month; self.day = day
        self.hour = hour; self.minute = minute; self.second = second
        self.utcOffsetMinutes = utcOffsetMinutes
    }

    public init?(_ string: String) {
        var chars = Array(string.utf8)
        while let f = chars.first, f == 0x20 { chars.removeFirst() }
        if chars.starts(with: Array("D:".utf8)) { chars.removeFirst(2) }
        var i = 0
        func digits(_ n: Int) -> Int? {
            guard i + n <= chars.count else { return nil }
            var v = 0
            for k in 0..<n {
                let c = chars[i + k]
                guard c >= 0x30, c <= 0x39 else { return nil }
                v = v * 10 + Int(c - 0x30)
            }
            i += n
            return v
        }
        guard let y = digits(4) else { return nil }
        year = y
        month = digits(2) ?? 1
        day = digits(2) ?? 1
        hour = digits(2) ?? 0
        minute = digits(2) ?? 0
        second = digits(2) ?? 0
        guard (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60, second < 62 else { return nil }
        if i < chars.count {
            let c = chars[i]
            if c == UInt8(ascii: "Z") {
                utcOffsetMinutes = 0
            } else if c == UInt8(ascii: "+") || c == UInt8(ascii: "-") {
                i += 1
                let hh = digits(2) ?? 0
                if i < chars.count, chars[i] == UInt8(ascii: "'") { i += 1 }
                let mm = digits(2) ?? 0
                utcOffsetMinutes = (hh * 60 + mm) * (c == UInt8(ascii: "-") ? -1 : 1)
            }
        }
    }

    /// ISO 8601, as `pdfinfo -isodates` prints it.
    public var iso8601: String {
        func p(_ v: Int, _ w: Int = 2) -> String {
            let s = String(v)
            return String(repeating: "0", count: max(0, w - s.count)) + s
        }
        var s = "\(p(year, 4))-\(p(month))-\(p(day))T\(p(hour)):\(p(minute)):\(p(second))"
        if let off = utcOffsetMinutes {
            if off == 0 { s += "Z" } else {
                let a = abs(off)
                s += (off < 0 ? "-" : "+") + p(a / 60) + ":" + p(a % 60)
            }
        }
        return s
    }

    public var description: String { iso8601 }
}
