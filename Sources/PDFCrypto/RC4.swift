/// The RC4 stream cipher (key-scheduling plus keystream generation), as the standard
/// security handler uses it for revisions 2–4 and for the "V2" crypt filter method.
///
/// RC4 is symmetric: the same call encrypts and decrypts. A value keeps its state, so
/// successive calls continue the keystream.
package struct RC4: Sendable {
    private var state: [UInt8]
    private var i: UInt8 = 0
    private var j: UInt8 = 0

    /// Runs the key schedule. An empty key is treated as a single zero byte (RC4 is not
    /// defined for it; this only keeps damaged input from trapping).
    package init<Key: Collection<UInt8>>(key: Key) {
        let keyBytes: [UInt8] = key.isEmpty ? [0] : Array(key)
        var s = [UInt8](repeating: 0, count: 256)
        s.withUnsafeMutableBufferPointer { s in
            for k in 0..<256 { s[k] = UInt8(k) }
            keyBytes.withUnsafeBufferPointer { key in
                var j: UInt8 = 0
                let keyCount = key.count
                for k in 0..<256 {
                    j = j &+ s[k] &+ key[k % keyCount]
                    s.swapAt(k, Int(j))
                }
            }
        }
        state = s
    }

    /// XORs the keystream into `buffer` in place.
    package mutating func apply(to buffer: UnsafeMutableBufferPointer<UInt8>) {
        var i = self.i
        var j = self.j
        state.withUnsafeMutableBufferPointer { s in
            for k in 0..<buffer.count {
                i &+= 1
                let si = s[Int(i)]
                j &+= si
                let sj = s[Int(j)]
                s[Int(i)] = sj
                s[Int(j)] = si
                buffer[k] ^= s[Int(si &+ sj)]
            }
        }
        self.i = i
        self.j = j
    }

    /// Returns `input` XORed with the next `input.count` keystream bytes.
    package mutating func process<Input: Collection<UInt8>>(_ input: Input) -> [UInt8] {
        var out = Array(input)
        out.withUnsafeMutableBufferPointer { apply(to: $0) }
        return out
    }

    /// Discards `count` keystream bytes.
    package mutating func skip(_ count: Int) {
        guard count > 0 else { return }
        var scratch = [UInt8](repeating: 0, count: count)
        scratch.withUnsafeMutableBufferPointer { apply(to: $0) }
    }

    /// One-shot convenience: a fresh cipher with `key` applied to `input`.
    package static func crypt<Key: Collection<UInt8>, Input: Collection<UInt8>>(key: Key, _ input: Input) -> [UInt8] {
        var cipher = RC4(key: key)
        return cipher.process(input)
    }
}
