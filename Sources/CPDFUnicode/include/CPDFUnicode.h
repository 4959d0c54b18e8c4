#ifndef CPDFUNICODE_H
#define CPDFUNICODE_H
// Plain C entry points over ICU. Swift never sees an ICU header: importing ICU next to
// Foundation on Linux clashes with Foundation's bundled ICU module.
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Result codes shared by the functions below.
enum {
    PDFU_OK = 0,
    PDFU_BUFFER_TOO_SMALL = 1,
    PDFU_PROHIBITED = 2,     // input has a character the profile forbids
    PDFU_BIDI_ERROR = 3,     // input breaks the profile's bidi rule
    PDFU_FAILURE = 4         // any other ICU failure (missing data, bad input)
};

/// SASLprep (RFC 4013) with unassigned code points allowed, as ISO 32000-2 §7.6.4.3.3
/// requires for revision 6 passwords. UTF-16 in, UTF-16 out. `*outLength` receives the
/// needed length also when the buffer is too small.
int32_t pdfu_saslprep(const uint16_t *input, int32_t inputLength,
                      uint16_t *output, int32_t outputCapacity, int32_t *outLength);

/// NFKC with case folding (ICU's NFKC_Casefold), UTF-16 in and out.
int32_t pdfu_nfkc_casefold(const uint16_t *input, int32_t inputLength,
                           uint16_t *output, int32_t outputCapacity, int32_t *outLength);

/// NFKC (compatibility decomposition, then canonical composition), UTF-16 in and out.
/// Used to take presentation forms (Arabic, Hebrew) back to their letters.
int32_t pdfu_nfkc(const uint16_t *input, int32_t inputLength,
                  uint16_t *output, int32_t outputCapacity, int32_t *outLength);

/// NFC (canonical decomposition, then canonical composition), UTF-16 in and out. Used to
/// compose a letter with an accent drawn as a separate glyph ("o" + U+0308 → "ö").
int32_t pdfu_nfc(const uint16_t *input, int32_t inputLength,
                 uint16_t *output, int32_t outputCapacity, int32_t *outLength);

// MARK: Bidi

/// Paragraph directions for the bidi functions.
enum {
    PDFU_PARAGRAPH_LTR = 0,
    PDFU_PARAGRAPH_RTL = 1,
    /// Decided from the text by `pdfu_bidi_dominant_direction` (majority of strong
    /// characters; see there). Not the UAX #9 first-strong rule, which suits logical text only.
    PDFU_PARAGRAPH_AUTO = 2,
    /// Returned by `pdfu_bidi_dominant_direction` when the text has no strong character.
    PDFU_PARAGRAPH_NONE = -1
};

/// How visual text is taken back to logical order.
enum {
    /// Numbers-as-L inverse reordering, kept only when reordering its result forward with
    /// the standard algorithm gives the visual text back; otherwise the like-direct inverse.
    /// Best of the three on mixed lines (numbers next to Latin words in right-to-left text
    /// stay with the words; numbers between right-to-left words keep their logical place).
    PDFU_INVERSE_VERIFIED = 0,
    /// ICU's UBIDI_REORDER_INVERSE_LIKE_DIRECT: the standard algorithm applied to the visual
    /// text; picks an unlikely logical text when a Latin word is followed by a number in
    /// right-to-left text ("ISO 32000" → "32000 ISO").
    PDFU_INVERSE_LIKE_DIRECT = 1,
    /// ICU's UBIDI_REORDER_INVERSE_NUMBERS_AS_L (the classic inverse algorithm): numbers
    /// behave like Latin letters; wrong for numbers between right-to-left words
    /// ("1, 2" comes back as "2 ,1").
    PDFU_INVERSE_NUMBERS_AS_L = 2
};

/// Visual-to-logical ("inverse bidi") reordering of one line.
/// - `visual`, `length`: the line in visual order (left to right as drawn), UTF-16.
/// - `direction`: PDFU_PARAGRAPH_LTR, _RTL or _AUTO.
/// - `mode`: one of PDFU_INVERSE_*.
/// - `logicalToVisual`: receives, for each logical position, the index of the visual code
///   point that belongs there. Indices count code points, not code units: a surrogate pair
///   is one position and stays whole.
/// - `levels`: optional; receives the resolved embedding level of each VISUAL code point
///   (odd = right to left). A character with a mirror image (`pdfu_char_mirror`) at an odd
///   level is drawn mirrored: the ")" seen on the page is a logical "(".
/// - `capacity`: entries available in `logicalToVisual` (and `levels`); at least the number
///   of code points. `*outCount` receives that number (also when the buffer is too small).
/// - `resolvedDirection`: optional; receives PDFU_PARAGRAPH_LTR or _RTL.
int32_t pdfu_bidi_visual_to_logical(const uint16_t *visual, int32_t length,
                                    int32_t direction, int32_t mode,
                                    int32_t *logicalToVisual, uint8_t *levels, int32_t capacity,
                                    int32_t *outCount, int32_t *resolvedDirection);

/// The standard logical-to-visual reordering of one line with mirroring (what a renderer
/// following UAX #9 draws, left to right), UTF-16 in and out; `direction` as above. Used to
/// check an inverse reordering and to make visual test lines from logical ones.
int32_t pdfu_bidi_logical_to_visual(const uint16_t *logical, int32_t length, int32_t direction,
                                    uint16_t *output, int32_t outputCapacity, int32_t *outLength);

/// The direction most of the text's strong characters have: counts Bidi_Class L against
/// R and AL. Ties go to PDFU_PARAGRAPH_LTR; PDFU_PARAGRAPH_NONE when nothing is strong.
/// (In visual text the first strong character is the logical LAST one of a right-to-left
/// line, so the UAX #9 first-strong rule does not apply.)
int32_t pdfu_bidi_dominant_direction(const uint16_t *text, int32_t length);

/// The Bidi_Class of a code point, numbered as ICU's UCharDirection: 0 L, 1 R, 2 EN, 3 ES,
/// 4 ET, 5 AN, 6 CS, 7 B, 8 S, 9 WS, 10 ON, 11 LRE, 12 LRO, 13 AL, 14 RLE, 15 RLO, 16 PDF,
/// 17 NSM, 18 BN, 19 FSI, 20 LRI, 21 RLI, 22 PDI.
int32_t pdfu_bidi_class(uint32_t codePoint);

/// The Bidi_Mirroring_Glyph of a code point ("(" for ")"), or the code point itself.
uint32_t pdfu_char_mirror(uint32_t codePoint);

// MARK: Output encodings

/// Whether ICU has a converter for this encoding name (its aliases included: "Latin2",
/// "Shift-JIS", "KOI8-R", "windows-1255"…).
int32_t pdfu_encoding_available(const char *encoding);

/// UTF-16 text in a legacy encoding by ICU's converter; characters the encoding cannot
/// represent are left out (as pdftotext leaves them out). Returns the bytes written, or
/// -PDFU_BUFFER_TOO_SMALL (the output may need up to 4 bytes per UTF-16 unit, more with
/// stateful encodings' escapes), or -PDFU_FAILURE for an unknown encoding or missing ICU.
int32_t pdfu_encode(const char *encoding, const uint16_t *input, int32_t inputLength,
                    char *output, int32_t capacity);

// MARK: Search

/// Kinds of word `pdfu_words` reports (ICU's word-break rule status, by hundreds).
enum {
    PDFU_WORD_NUMBER = 1,   // digits, possibly with separators ("3.14", "1,000")
    PDFU_WORD_LETTER = 2,   // letters of an alphabet or abugida (Latin, Greek, Thai…)
    PDFU_WORD_KANA = 3,     // kana
    PDFU_WORD_IDEO = 4      // ideographs (Han), found with ICU's dictionary
};

/// UAX #29 word segmentation with ICU's dictionaries for Chinese, Japanese, Thai, Lao,
/// Khmer and Burmese. Writes the words (segments that hold a letter, a number, kana or an
/// ideograph; spaces and punctuation are left out) as UTF-16 `[starts[i], ends[i])` with
/// their `kinds`. `locale` may be NULL (root). `*outCount` receives the number of words,
/// also when `capacity` is too small (then PDFU_BUFFER_TOO_SMALL). The break iterator is
/// kept per thread, so calls from several threads are safe.
int32_t pdfu_words(const uint16_t *text, int32_t length, const char *locale,
                   int32_t *starts, int32_t *ends, int32_t *kinds, int32_t capacity,
                   int32_t *outCount);

/// Flags for `pdfu_search_fold`.
enum {
    PDFU_FOLD_CASE = 1,         // full case folding (ß → ss), with NFKC: ICU's NFKC_Casefold
    PDFU_FOLD_DIACRITICS = 2,   // drop combining marks on Latin, Greek, Cyrillic, Arabic and
                                // Hebrew letters, tatweel, and fold ø ł đ ħ ŧ ı to their base
    PDFU_FOLD_SEPARATORS = 4,   // drop what is neither a letter, a number, a mark nor private
                                // use, so that the result is one token for SQLite's unicode61
    PDFU_FOLD_CANONICAL = 8,    // canonical equivalence only (NFC; with CASE, canonical
                                // caseless matching): compatibility forms stay themselves
    PDFU_FOLD_LITERAL = 16      // no normalisation at all (CASE folds by ICU's case folding)
};

/// The folding of find, grep and the search index (one engine for all three): NFKC by
/// default (which also folds full- and half-width forms and ligatures), NFC with
/// PDFU_FOLD_CANONICAL, none with PDFU_FOLD_LITERAL, then the `flags` above; UTF-16 in and
/// out; `*outLength` as for the normalisation functions.
int32_t pdfu_search_fold(const uint16_t *input, int32_t inputLength, int32_t flags,
                         uint16_t *output, int32_t outputCapacity, int32_t *outLength);

/// The version of the ICU loaded, as "major.minor" ("unavailable" when it cannot be loaded).
const char *pdfu_icu_version(void);
// ICU is loaded on the first call of any function here; when it cannot be, a warning is
// printed once and the functions fail: PDFU_FAILURE, or for the per-character queries the
// code point itself and Bidi_Class ON.

#ifdef __cplusplus
}
#endif
#endif
