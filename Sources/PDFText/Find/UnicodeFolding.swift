import CPDFUnicode

/// The one folding engine behind find (``PDFDocument/findString(_:withOptions:)``,
/// ``TextSearch``), `pdftext grep` and the search index's keys, so that all three match the
/// same words for the same query and options. It runs in ICU, behind the C shim:
///
/// 1. normalisation: compatibility (NFKC: ligatures, full- and half-width forms,
///    superscripts fold to their plain letters), canonical (NFC only), or none;
/// 2. full case folding ("Straße" and "STRASSE" both become "strasse"), if asked;
/// 3. diacritics, if asked: combining marks dropped on Latin, Greek, Cyrillic, Arabic and
///    Hebrew letters (accents, harakat, points), tatweel dropped, and ø ł đ ħ ŧ ı folded to
///    their base letters; marks that make a different letter in other scripts (Devanagari
///    vowel signs, Thai vowels, the kana voicing marks) are kept;
/// 4. separators, if asked: whatever is not a letter, number, mark or private-use character
///    is dropped (for index terms).
package struct UnicodeFolding: Sendable, Hashable {
    package enum Normalization: Sendable, Hashable {
        /// NFKC: compatibility forms fold to their plain letters.
        case compatibility
        /// NFC: canonically equivalent sequences fold alike; compatibility forms do not.
        case canonical
        /// None: code points compare as they are.
        case none
    }

    package var normalization: Normalization
    package var caseFolding: Bool
    package var diacriticFolding: Bool
    package var dropSeparators: Bool

    package init(normalization: Normalization = .compatibility, caseFolding: Bool, diacriticFolding: Bool,
                 dropSeparators: Bool = false) {
        self.normalization = normalization
        self.caseFolding = caseFolding
        self.diacriticFolding = diacriticFolding
        self.dropSeparators = dropSeparators
    }

    /// The shim's `PDFU_FOLD_*` flags.
    package var flags: Int32 {
        var f: Int32 = 0
        if caseFolding { f |= Int32(PDFU_FOLD_CASE) }
        if diacriticFolding { f |= Int32(PDFU_FOLD_DIACRITICS) }
        if dropSeparators { f |= Int32(PDFU_FOLD_SEPARATORS) }
        switch normalization {
        case .compatibility: break
        case .canonical: f |= Int32(PDFU_FOLD_CANONICAL)
        case .none: f |= Int32(PDFU_FOLD_LITERAL)
        }
        return f
    }

    /// `units` (UTF-16) folded, or nil when ICU cannot be loaded (a warning was printed).
    package func fold(_ units: [UInt16]) -> [UInt16]? {
        var capacity = units.count * 3 + 8
        let flags = self.flags
        while true {
            var out = [UInt16](repeating: 0, count: capacity)
            var length: Int32 = 0
            let status = pdfu_search_fold(units, Int32(clamping: units.count), flags, &out, Int32(clamping: capacity), &length)
            if status == Int32(PDFU_BUFFER_TOO_SMALL), Int(length) > capacity { capacity = Int(length); continue }
            guard status == Int32(PDFU_OK) else { return nil }
            return Array(out[0..<Int(length)])
        }
    }
}
