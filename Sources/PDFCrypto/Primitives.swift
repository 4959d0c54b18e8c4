import Crypto
import _CryptoExtras

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

// Thin byte-array wrappers over swift-crypto. swift-crypto's AES-CBC API speaks `Data`,
// so this is the one file of the module that imports (the essentials of) Foundation.

/// Message digests over byte arrays.
package enum Digests {
    package static func md5(_ parts: [UInt8]...) -> [UInt8] { md5(parts: parts) }

    package static func md5(parts: [[UInt8]]) -> [UInt8] {
        var hasher = Insecure.MD5()
        for part in parts { part.withUnsafeBytes { hasher.update(bufferPointer: $0) } }
        return Array(hasher.finalize())
    }

    package static func sha256(_ parts: [UInt8]...) -> [UInt8] {
        var hasher = SHA256()
        for part in parts { part.withUnsafeBytes { hasher.update(bufferPointer: $0) } }
        return Array(hasher.finalize())
    }

    /// SHA-256 of `bytes` in lower-case hexadecimal (file digests and finding fingerprints).
    package static func sha256Hex(_ bytes: [UInt8]) -> String {
        let hex = Array("0123456789abcdef".utf8)
        var out: [UInt8] = []
        out.reserveCapacity(64)
        for b in sha256(bytes) {
            out.append(hex[Int(b >> 4)])
            out.append(hex[Int(b & 15)])
        }
        return String(decoding: out, as: UTF8.self)
    }

    package static func sha384(_ bytes: [UInt8]) -> [UInt8] {
        var hasher = SHA384()
        bytes.withUnsafeBytes { hasher.update(bufferPointer: $0) }
        return Array(hasher.finalize())
    }

    package static func sha512(_ bytes: [UInt8]) -> [UInt8] {
        var hasher = SHA512()
        bytes.withUnsafeBytes { hasher.update(bufferPointer: $0) }
        return Array(hasher.finalize())
    }
}

/// AES in the modes PDF uses: CBC without padding (the caller handles padding) and single
/// blocks (ECB, for /Perms). Every function returns nil instead of throwing when the key
/// or data has an unusable size.
package enum AESBlocks {
    package static let blockSize = 16

    private static func isValidKeyLength(_ n: Int) -> Bool { n == 16 || n == 24 || n == 32 }

    /// CBC decryption of whole blocks, no padding removed. `data.count` must be a multiple of 16.
    package static func cbcDecrypt(_ data: ArraySlice<UInt8>, key: [UInt8], iv: ArraySlice<UInt8>) -> [UInt8]? {
        guard isValidKeyLength(key.count), iv.count == blockSize, data.count % blockSize == 0 else { return nil }
        if data.isEmpty { return [] }
        do {
            let symmetricKey = SymmetricKey(data: key)
            let cbcIV = try AES._CBC.IV(ivBytes: iv)
            let plain = try AES._CBC.decrypt(data, using: symmetricKey, iv: cbcIV, noPadding: true)
            return [UInt8](plain)
        } catch {
            return nil
        }
    }

    /// CBC encryption of whole blocks, no padding added. `data.count` must be a multiple of 16.
    package static func cbcEncrypt(_ data: [UInt8], key: ArraySlice<UInt8>, iv: ArraySlice<UInt8>) -> [UInt8]? {
        guard isValidKeyLength(key.count), iv.count == blockSize, data.count % blockSize == 0 else { return nil }
        if data.isEmpty { return [] }
        do {
            let symmetricKey = SymmetricKey(data: Array(key))
            let cbcIV = try AES._CBC.IV(ivBytes: iv)
            let cipher = try AES._CBC.encrypt(data, using: symmetricKey, iv: cbcIV, noPadding: true)
            return [UInt8](cipher)
        } catch {
            return nil
        }
    }

    /// Decrypts one 16-byte block with no chaining.
    package static func decryptBlock(_ block: [UInt8], key: [UInt8]) -> [UInt8]? {
        guard isValidKeyLength(key.count), block.count == blockSize else { return nil }
        var out = block
        do {
            try AES.inversePermute(&out, key: SymmetricKey(data: key))
            return out
        } catch {
            return nil
        }
    }

    /// Encrypts one 16-byte block with no chaining.
    package static func encryptBlock(_ block: [UInt8], key: [UInt8]) -> [UInt8]? {
        guard isValidKeyLength(key.count), block.count == blockSize else { return nil }
        var out = block
        do {
            try AES.permute(&out, key: SymmetricKey(data: key))
            return out
        } catch {
            return nil
        }
    }

    /// Removes PKCS#7 padding when it is well formed: the last byte is 1...16, no larger
    /// than the data, and the bytes it covers all equal it. Otherwise the data is kept whole
    /// (damaged or unpadded data is more useful intact than cut).
    package static func stripPaddingLeniently(_ bytes: inout [UInt8]) {
        guard let last = bytes.last else { return }
        let n = Int(last)
        guard n >= 1, n <= blockSize, n <= bytes.count else { return }
        for k in (bytes.count - n)..<bytes.count where bytes[k] != last { return }
        bytes.removeLast(n)
    }

    /// Decrypts PDF AES data: a 16-byte IV, then CBC blocks, then lenient padding removal.
    /// Data shorter than one block after the IV gives an empty result; a trailing partial
    /// block is ignored.
    package static func decryptWithLeadingIV(_ data: ArraySlice<UInt8>, key: [UInt8]) -> [UInt8] {
        guard data.count > blockSize else { return [] }
        let iv = data.prefix(blockSize)
        let body = data.dropFirst(blockSize)
        let whole = body.count - body.count % blockSize
        guard whole > 0 else { return [] }
        guard var plain = cbcDecrypt(body.prefix(whole), key: key, iv: iv) else { return [] }
        stripPaddingLeniently(&plain)
        return plain
    }
}
