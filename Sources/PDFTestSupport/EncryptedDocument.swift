import PDFCrypto
import PDFSyntax

/// One-page documents with a line of text, encrypted with the standard security handler
/// (through `StandardSecurityWriter`) for given passwords and permissions: fixtures for
/// the permission policy and the password options, made at test time.
package enum EncryptedDocument {
    package enum Handler: Sendable {
        /// Revision 3, RC4 with a 128-bit key (PDF 1.4).
        case rc4
        /// Revision 6, AES-256 (PDF 2.0).
        case aes256
    }

    /// `/P` with every permission except the ones switched off here (bits 1–2 are 0 and the
    /// undefined high bits 1, as ISO 32000-2 Table 22 asks).
    package static func permissions(copying: Bool = true, accessibility: Bool = true, printing: Bool = true) -> Int32 {
        var bits: UInt32 = 0xFFFF_FFFC
        if !printing { bits &= ~(UInt32(1) << 2) }
        if !copying { bits &= ~(UInt32(1) << 4) }
        if !accessibility { bits &= ~(UInt32(1) << 9) }
        return Int32(bitPattern: bits)
    }

    /// The file: catalog 1, pages 2, page 3 with Helvetica 4 and content stream 5 showing
    /// `text` (ASCII, no parentheses or backslashes).
    package static func make(text: String, userPassword: String, ownerPassword: String, permissions p: Int32,
                            handler: Handler = .rc4, version: String = "1.7") -> [UInt8] {
        let documentID: [UInt8] = Array("pdftext-test-id!".utf8)
        let user = Array(userPassword.utf8), owner = Array(ownerPassword.utf8)
        let content = Array("BT /F1 12 Tf 72 720 Td (\(text)) Tj ET".utf8)
        var encrypt: String
        let encrypted: [UInt8]
        switch handler {
        case .rc4:
            let v = StandardSecurityWriter.legacyValues(userPassword: user, ownerPassword: owner, p: p, documentID: documentID,
                                                        revision: 3, keyLength: 16)
            encrypt = "/Filter /Standard /V 2 /R 3 /Length 128 /O \(hex(v.o)) /U \(hex(v.u))"
            encrypted = StandardSecurityWriter.encrypt(content, method: .rc4, fileKey: v.fileKey, objectNumber: 5, generation: 0)
        case .aes256:
            let fileKey = (0..<32).map { UInt8(truncatingIfNeeded: $0 * 29 + 3) }
            let salts = StandardSecurityWriter.Salts(userValidation: Array(1...8), userKey: Array(11...18),
                                                     ownerValidation: Array(21...28), ownerKey: Array(31...38))
            let v = StandardSecurityWriter.modernValues(userPassword: user, ownerPassword: owner, fileKey: fileKey, salts: salts,
                                                        p: p, encryptMetadata: true, revision: 6)
            encrypt = "/Filter /Standard /V 5 /R 6 /Length 256 /CF << /StdCF << /CFM /AESV3 /AuthEvent /DocOpen /Length 32 >> >>"
                + " /StmF /StdCF /StrF /StdCF /O \(hex(v.o)) /U \(hex(v.u)) /OE \(hex(v.oe)) /UE \(hex(v.ue)) /Perms \(hex(v.perms))"
            encrypted = StandardSecurityWriter.encrypt(content, method: .aesV3, fileKey: fileKey, objectNumber: 5, generation: 0)
        }
        encrypt += " /P \(p)"
        var b = PDFBuilder(version: version)
        b.add(1, "<< /Type /Catalog /Pages 2 0 R >>")
        b.add(2, "<< /Type /Pages /Kids [3 0 R] /Count 1 /MediaBox [0 0 612 792] >>")
        b.add(3, "<< /Type /Page /Parent 2 0 R /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>")
        b.add(4, "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>")
        b.addStream(5, data: encrypted)
        let id = hex(documentID)
        return b.build(trailer: "/Encrypt << \(encrypt) >> /ID [\(id) \(id)]").bytes
    }

    /// A hex string object as the file writes it: `<0A1B…>`.
    static func hex(_ bytes: [UInt8]) -> String { PDFString(bytes: bytes, isHex: true).description }
}
