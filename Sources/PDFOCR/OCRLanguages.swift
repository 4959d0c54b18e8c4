/// BCP 47 language tags (a document's /Lang) → Tesseract's language names.
enum OCRLanguages {
    /// Tesseract's name for the primary language of `tag` (`en-GB` → `eng`), nil when unknown.
    static func tesseractName(_ tag: String) -> String? {
        let primary = tag.split(whereSeparator: { $0 == "-" || $0 == "_" }).first.map { $0.lowercased() } ?? ""
        if primary.count == 3 { return primary }  // already ISO 639-2/3, as Tesseract names most
        return table[primary]
    }

    static let table: [String: String] = [
        "af": "afr", "ar": "ara", "az": "aze", "be": "bel", "bg": "bul", "bn": "ben", "ca": "cat", "cs": "ces",
        "cy": "cym", "da": "dan", "de": "deu", "el": "ell", "en": "eng", "eo": "epo", "es": "spa", "et": "est",
        "eu": "eus", "fa": "fas", "fi": "fin", "fr": "fra", "ga": "gle", "gl": "glg", "gu": "guj", "he": "heb",
        "hi": "hin", "hr": "hrv", "hu": "hun", "hy": "hye", "id": "ind", "is": "isl", "it": "ita", "ja": "jpn",
        "ka": "kat", "kk": "kaz", "km": "khm", "kn": "kan", "ko": "kor", "la": "lat", "lt": "lit", "lv": "lav",
        "mk": "mkd", "ml": "mal", "mr": "mar", "ms": "msa", "mt": "mlt", "my": "mya", "ne": "nep", "nl": "nld",
        "no": "nor", "nb": "nor", "nn": "nor", "pa": "pan", "pl": "pol", "pt": "por", "ro": "ron", "ru": "rus",
        "sk": "slk", "sl": "slv", "sq": "sqi", "sr": "srp", "sv": "swe", "sw": "swa", "ta": "tam", "te": "tel",
        "th": "tha", "tl": "tgl", "tr": "tur", "uk": "ukr", "ur": "urd", "uz": "uzb", "vi": "vie", "yi": "yid",
        "zh": "chi_sim",
    ]
}
