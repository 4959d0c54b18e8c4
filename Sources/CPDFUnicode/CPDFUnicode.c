#include "CPDFUnicode.h"
#include <unicode/usprep.h>
#include <unicode/unorm2.h>
#include <unicode/uversion.h>
#include <unicode/ubidi.h>
#include <unicode/uchar.h>
#include <unicode/utf16.h>
#include <unicode/ubrk.h>
#include <unicode/uscript.h>
#include <unicode/ustring.h>
#include <unicode/ucnv.h>
#include <unicode/ucnv_err.h>
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// ICU is loaded on first use (dlopen), not linked: text extraction of most documents never
// needs it (bidi, normalisation of accents and presentation forms, search folding), and
// linking it cost every process, `pdftext --version` included, the loader's work on
// libicuuc and libicudata and about half a megabyte of resident memory. The library and the
// symbol names are those of the ICU the shim was compiled against (ICU renames its symbols
// per major version: ubrk_open is ubrk_open_72 in ICU 72).
#define PDFU_STR2(x) #x
#define PDFU_STR(x) PDFU_STR2(x)
#define PDFU_ICU_LIBRARY "libicuuc.so." PDFU_STR(U_ICU_VERSION_MAJOR_NUM)

#define PDFU_ICU_FUNCTIONS(X) \
    X(usprep_openByType) \
    X(usprep_prepare) \
    X(usprep_close) \
    X(unorm2_normalize) \
    X(unorm2_getNFKCCasefoldInstance) \
    X(unorm2_getNFKCInstance) \
    X(unorm2_getNFCInstance) \
    X(unorm2_getNFDInstance) \
    X(u_charDirection) \
    X(u_charMirror) \
    X(ubidi_openSized) \
    X(ubidi_setReorderingMode) \
    X(ubidi_setPara) \
    X(ubidi_close) \
    X(ubidi_writeReordered) \
    X(ubidi_getLevels) \
    X(ubidi_getResultLength) \
    X(ubidi_getVisualMap) \
    X(u_getVersion) \
    X(u_versionToString) \
    X(ubrk_open) \
    X(ubrk_close) \
    X(ubrk_setText) \
    X(ubrk_first) \
    X(ubrk_next) \
    X(ubrk_getRuleStatus) \
    X(uscript_getScript) \
    X(u_charType) \
    X(u_strFoldCase) \
    X(ucnv_open) \
    X(ucnv_close) \
    X(ucnv_fromUChars) \
    X(ucnv_setFromUCallBack) \
    X(UCNV_FROM_U_CALLBACK_SKIP)

// One pointer per function, named icu_<name> (`##` keeps the name from ICU's renaming).
#define PDFU_DECLARE(f) static __typeof__(&f) icu_##f;
PDFU_ICU_FUNCTIONS(PDFU_DECLARE)
#define ICU(f) icu_##f

static pthread_once_t icu_once = PTHREAD_ONCE_INIT;
static int icu_loaded = 0;

static void icu_load(void) {
    void *handle = dlopen(PDFU_ICU_LIBRARY, RTLD_NOW | RTLD_LOCAL);
    if (!handle) {
        fprintf(stderr, "pdftext: warning: ICU (%s) could not be loaded: %s; bidi reordering, "
                "Unicode normalisation and search folding are not available\n", PDFU_ICU_LIBRARY, dlerror());
        return;
    }
    int missing = 0;
#define PDFU_RESOLVE(f) \
    icu_##f = (__typeof__(&f))dlsym(handle, PDFU_STR(f)); \
    if (!icu_##f) missing = 1;
    PDFU_ICU_FUNCTIONS(PDFU_RESOLVE)
#undef PDFU_RESOLVE
    if (missing) {
        fprintf(stderr, "pdftext: warning: %s lacks functions pdftext uses; bidi reordering, "
                "Unicode normalisation and search folding are not available\n", PDFU_ICU_LIBRARY);
        return;
    }
    icu_loaded = 1;
}

/// Whether ICU is available (loaded on the first call).
static int icu(void) {
    pthread_once(&icu_once, icu_load);
    return icu_loaded;
}

static int32_t map_status(UErrorCode status) {
    if (status == U_BUFFER_OVERFLOW_ERROR) return PDFU_BUFFER_TOO_SMALL;
    if (status == U_STRINGPREP_PROHIBITED_ERROR) return PDFU_PROHIBITED;
    if (status == U_STRINGPREP_CHECK_BIDI_ERROR) return PDFU_BIDI_ERROR;
    if (U_FAILURE(status)) return PDFU_FAILURE;
    return PDFU_OK;
}

int32_t pdfu_saslprep(const uint16_t *input, int32_t inputLength,
                      uint16_t *output, int32_t outputCapacity, int32_t *outLength) {
    if (!icu()) return PDFU_FAILURE;
    UErrorCode status = U_ZERO_ERROR;
    UStringPrepProfile *profile = ICU(usprep_openByType)(USPREP_RFC4013_SASLPREP, &status);
    if (U_FAILURE(status)) return PDFU_FAILURE;
    UParseError parseError;
    int32_t n = ICU(usprep_prepare)(profile, (const UChar *)input, inputLength,
                               (UChar *)output, outputCapacity,
                               USPREP_ALLOW_UNASSIGNED, &parseError, &status);
    ICU(usprep_close)(profile);
    if (outLength) *outLength = n;
    return map_status(status);
}

/// Normalises with the instance `get` returns, UTF-16 in and out.
static int32_t normalize(const UNormalizer2 *(*get)(UErrorCode *),
                         const uint16_t *input, int32_t inputLength,
                         uint16_t *output, int32_t outputCapacity, int32_t *outLength) {
    UErrorCode status = U_ZERO_ERROR;
    const UNormalizer2 *norm = get(&status);
    if (U_FAILURE(status)) return PDFU_FAILURE;
    int32_t n = ICU(unorm2_normalize)(norm, (const UChar *)input, inputLength,
                                 (UChar *)output, outputCapacity, &status);
    if (outLength) *outLength = n;
    return map_status(status);
}

int32_t pdfu_nfkc_casefold(const uint16_t *input, int32_t inputLength,
                           uint16_t *output, int32_t outputCapacity, int32_t *outLength) {
    if (!icu()) return PDFU_FAILURE;
    return normalize(ICU(unorm2_getNFKCCasefoldInstance), input, inputLength, output, outputCapacity, outLength);
}

int32_t pdfu_nfkc(const uint16_t *input, int32_t inputLength,
                  uint16_t *output, int32_t outputCapacity, int32_t *outLength) {
    if (!icu()) return PDFU_FAILURE;
    return normalize(ICU(unorm2_getNFKCInstance), input, inputLength, output, outputCapacity, outLength);
}

int32_t pdfu_nfc(const uint16_t *input, int32_t inputLength,
                 uint16_t *output, int32_t outputCapacity, int32_t *outLength) {
    if (!icu()) return PDFU_FAILURE;
    return normalize(ICU(unorm2_getNFCInstance), input, inputLength, output, outputCapacity, outLength);
}

// MARK: Bidi

int32_t pdfu_bidi_class(uint32_t codePoint) {
    if (!icu()) return U_OTHER_NEUTRAL;
    return (int32_t)ICU(u_charDirection)((UChar32)codePoint);
}

uint32_t pdfu_char_mirror(uint32_t codePoint) {
    if (!icu()) return codePoint;
    return (uint32_t)ICU(u_charMirror)((UChar32)codePoint);
}

int32_t pdfu_bidi_dominant_direction(const uint16_t *text, int32_t length) {
    if (!icu()) return PDFU_PARAGRAPH_NONE;
    int32_t ltr = 0, rtl = 0;
    for (int32_t i = 0; i < length;) {
        UChar32 c;
        U16_NEXT(text, i, length, c);
        switch (ICU(u_charDirection)(c)) {
        case U_LEFT_TO_RIGHT: ltr++; break;
        case U_RIGHT_TO_LEFT:
        case U_RIGHT_TO_LEFT_ARABIC: rtl++; break;
        default: break;
        }
    }
    if (ltr == 0 && rtl == 0) return PDFU_PARAGRAPH_NONE;
    return rtl > ltr ? PDFU_PARAGRAPH_RTL : PDFU_PARAGRAPH_LTR;
}

/// Opens a bidi object over `text` with the given reordering mode, or NULL.
static UBiDi *open_bidi(const UChar *text, int32_t length, UBiDiLevel paragraphLevel,
                        UBiDiReorderingMode mode) {
    UErrorCode status = U_ZERO_ERROR;
    UBiDi *bidi = ICU(ubidi_openSized)(length, 0, &status);
    if (U_FAILURE(status)) return NULL;
    ICU(ubidi_setReorderingMode)(bidi, mode);
    ICU(ubidi_setPara)(bidi, text, length, paragraphLevel, NULL, &status);
    if (U_FAILURE(status)) { ICU(ubidi_close)(bidi); return NULL; }
    return bidi;
}

static UBiDiLevel paragraph_level(const uint16_t *text, int32_t length, int32_t direction) {
    if (direction == PDFU_PARAGRAPH_AUTO) direction = pdfu_bidi_dominant_direction(text, length);
    return direction == PDFU_PARAGRAPH_RTL ? 1 : 0;
}

int32_t pdfu_bidi_logical_to_visual(const uint16_t *logical, int32_t length, int32_t direction,
                                    uint16_t *output, int32_t outputCapacity, int32_t *outLength) {
    if (!icu()) return PDFU_FAILURE;
    if (outLength) *outLength = length;
    if (length < 0 || (length > 0 && !logical)) return PDFU_FAILURE;
    if (outputCapacity < length) return PDFU_BUFFER_TOO_SMALL;
    if (length == 0) return PDFU_OK;
    UBiDi *bidi = open_bidi((const UChar *)logical, length, paragraph_level(logical, length, direction), UBIDI_REORDER_DEFAULT);
    if (!bidi) return PDFU_FAILURE;
    UErrorCode status = U_ZERO_ERROR;
    int32_t n = ICU(ubidi_writeReordered)(bidi, (UChar *)output, outputCapacity, UBIDI_DO_MIRRORING, &status);
    ICU(ubidi_close)(bidi);
    if (outLength) *outLength = n;
    return map_status(status);
}

/// Whether `bidi` (an inverse reordering of `visual`) yields a logical text that the
/// standard logical-to-visual algorithm, mirroring included, turns back into `visual`.
static int round_trips(UBiDi *bidi, const UChar *visual, int32_t length, UBiDiLevel paragraphLevel) {
    UChar *logical = malloc(sizeof(UChar) * (size_t)length * 2);
    if (!logical) return 0;
    UChar *again = logical + length;
    UErrorCode status = U_ZERO_ERROR;
    int32_t n = ICU(ubidi_writeReordered)(bidi, logical, length, UBIDI_DO_MIRRORING, &status);
    int ok = 0;
    if (U_SUCCESS(status) && n == length) {
        UBiDi *forward = open_bidi(logical, length, paragraphLevel, UBIDI_REORDER_DEFAULT);
        if (forward) {
            int32_t m = ICU(ubidi_writeReordered)(forward, again, length, UBIDI_DO_MIRRORING, &status);
            ok = U_SUCCESS(status) && m == length && memcmp(again, visual, sizeof(UChar) * (size_t)length) == 0;
            ICU(ubidi_close)(forward);
        }
    }
    free(logical);
    return ok;
}

int32_t pdfu_bidi_visual_to_logical(const uint16_t *visual, int32_t length,
                                    int32_t direction, int32_t mode,
                                    int32_t *logicalToVisual, uint8_t *levels, int32_t capacity,
                                    int32_t *outCount, int32_t *resolvedDirection) {
    if (!icu()) return PDFU_FAILURE;
    if (length < 0 || (length > 0 && !visual)) return PDFU_FAILURE;
    const UChar *text = (const UChar *)visual;
    // Code point index of every code unit (a surrogate pair shares one).
    int32_t *pointIndex = malloc(sizeof(int32_t) * (size_t)(length > 0 ? length : 1));
    if (!pointIndex) return PDFU_FAILURE;
    int32_t points = 0;
    for (int32_t i = 0; i < length;) {
        int32_t start = i;
        UChar32 c;
        U16_NEXT(text, i, length, c);
        (void)c;
        for (int32_t k = start; k < i; k++) pointIndex[k] = points;
        points++;
    }
    if (outCount) *outCount = points;
    UBiDiLevel paragraphLevel = paragraph_level(visual, length, direction);
    if (resolvedDirection) *resolvedDirection = paragraphLevel ? PDFU_PARAGRAPH_RTL : PDFU_PARAGRAPH_LTR;
    if (capacity < points || (points > 0 && !logicalToVisual)) { free(pointIndex); return PDFU_BUFFER_TOO_SMALL; }
    if (length == 0) { free(pointIndex); return PDFU_OK; }

    UBiDi *bidi = NULL;
    if (mode == PDFU_INVERSE_NUMBERS_AS_L || mode == PDFU_INVERSE_VERIFIED) {
        bidi = open_bidi(text, length, paragraphLevel, UBIDI_REORDER_INVERSE_NUMBERS_AS_L);
        if (bidi && mode == PDFU_INVERSE_VERIFIED && !round_trips(bidi, text, length, paragraphLevel)) {
            ICU(ubidi_close)(bidi);
            bidi = NULL;
        }
    }
    if (!bidi) bidi = open_bidi(text, length, paragraphLevel, UBIDI_REORDER_INVERSE_LIKE_DIRECT);
    if (!bidi) { free(pointIndex); return PDFU_FAILURE; }

    UErrorCode status = U_ZERO_ERROR;
    int32_t result = PDFU_FAILURE;
    int32_t *map = malloc(sizeof(int32_t) * (size_t)length);
    const UBiDiLevel *unitLevels = ICU(ubidi_getLevels)(bidi, &status);
    if (map && U_SUCCESS(status) && ICU(ubidi_getResultLength)(bidi) == length) {
        ICU(ubidi_getVisualMap)(bidi, map, &status);
        if (U_SUCCESS(status)) {
            // ICU's map is over code units, and lists a pair reversed inside a
            // right-to-left run; each code point is emitted once, at its first unit.
            int32_t n = 0;
            for (int32_t i = 0; i < length; i++) {
                int32_t unit = map[i];
                if (unit < 0 || unit >= length) { n = -1; break; }
                if (unit > 0 && pointIndex[unit] == pointIndex[unit - 1]) continue;
                if (n < points) logicalToVisual[n] = pointIndex[unit];
                n++;
            }
            if (n == points) {
                if (levels) {
                    for (int32_t unit = 0; unit < length; unit++) {
                        if (unit == 0 || pointIndex[unit] != pointIndex[unit - 1]) levels[pointIndex[unit]] = unitLevels[unit];
                    }
                }
                result = PDFU_OK;
            }
        }
    }
    free(map);
    ICU(ubidi_close)(bidi);
    free(pointIndex);
    return result;
}

const char *pdfu_icu_version(void) {
    if (!icu()) return "unavailable";
    static char buffer[U_MAX_VERSION_STRING_LENGTH];
    UVersionInfo info;
    ICU(u_getVersion)(info);
    ICU(u_versionToString)(info, buffer);
    return buffer;
}

// MARK: Output encodings

int32_t pdfu_encoding_available(const char *encoding) {
    if (!encoding || !icu()) return 0;
    UErrorCode status = U_ZERO_ERROR;
    UConverter *c = ICU(ucnv_open)(encoding, &status);
    if (U_FAILURE(status) || !c) return 0;
    ICU(ucnv_close)(c);
    return 1;
}

int32_t pdfu_encode(const char *encoding, const uint16_t *input, int32_t inputLength,
                    char *output, int32_t capacity) {
    if (!encoding || inputLength < 0 || capacity < 0 || !icu()) return -PDFU_FAILURE;
    UErrorCode status = U_ZERO_ERROR;
    UConverter *c = ICU(ucnv_open)(encoding, &status);
    if (U_FAILURE(status) || !c) return -PDFU_FAILURE;
    ICU(ucnv_setFromUCallBack)(c, ICU(UCNV_FROM_U_CALLBACK_SKIP), NULL, NULL, NULL, &status);
    int32_t n = 0;
    if (U_SUCCESS(status)) n = ICU(ucnv_fromUChars)(c, output, capacity, (const UChar *)input, inputLength, &status);
    ICU(ucnv_close)(c);
    if (status == U_STRING_NOT_TERMINATED_WARNING) status = U_ZERO_ERROR;
    int32_t mapped = map_status(status);
    return mapped == PDFU_OK ? n : -mapped;
}

// MARK: Search

/// One word break iterator per thread and locale (opening one loads rules and dictionaries).
static _Thread_local UBreakIterator *word_iterator = NULL;
static _Thread_local char word_locale[32] = {0};

int32_t pdfu_words(const uint16_t *text, int32_t length, const char *locale,
                   int32_t *starts, int32_t *ends, int32_t *kinds, int32_t capacity,
                   int32_t *outCount) {
    if (!icu()) return PDFU_FAILURE;
    UErrorCode status = U_ZERO_ERROR;
    const char *loc = locale ? locale : "";
    if (word_iterator == NULL || strncmp(word_locale, loc, sizeof word_locale) != 0) {
        if (word_iterator) ICU(ubrk_close)(word_iterator);
        word_iterator = ICU(ubrk_open)(UBRK_WORD, loc, NULL, 0, &status);
        if (U_FAILURE(status)) { word_iterator = NULL; return PDFU_FAILURE; }
        strncpy(word_locale, loc, sizeof word_locale - 1);
    }
    ICU(ubrk_setText)(word_iterator, (const UChar *)text, length, &status);
    if (U_FAILURE(status)) return PDFU_FAILURE;
    int32_t count = 0;
    int32_t start = ICU(ubrk_first)(word_iterator);
    for (int32_t end = ICU(ubrk_next)(word_iterator); end != UBRK_DONE; start = end, end = ICU(ubrk_next)(word_iterator)) {
        int32_t rule = ICU(ubrk_getRuleStatus)(word_iterator);
        int32_t kind = 0;
        if (rule >= UBRK_WORD_IDEO && rule < UBRK_WORD_IDEO_LIMIT) kind = PDFU_WORD_IDEO;
        else if (rule >= UBRK_WORD_KANA && rule < UBRK_WORD_KANA_LIMIT) kind = PDFU_WORD_KANA;
        else if (rule >= UBRK_WORD_LETTER && rule < UBRK_WORD_LETTER_LIMIT) kind = PDFU_WORD_LETTER;
        else if (rule >= UBRK_WORD_NUMBER && rule < UBRK_WORD_NUMBER_LIMIT) kind = PDFU_WORD_NUMBER;
        if (kind == 0) continue;
        if (count < capacity) {
            starts[count] = start;
            ends[count] = end;
            kinds[count] = kind;
        }
        count++;
    }
    if (outCount) *outCount = count;
    return count > capacity ? PDFU_BUFFER_TOO_SMALL : PDFU_OK;
}

/// True for the scripts whose combining marks are diacritics a searcher leaves out.
static int folds_marks(UChar32 base) {
    UErrorCode status = U_ZERO_ERROR;
    UScriptCode script = ICU(uscript_getScript)(base, &status);
    if (U_FAILURE(status)) return 0;
    switch (script) {
    case USCRIPT_LATIN: case USCRIPT_GREEK: case USCRIPT_CYRILLIC:
    case USCRIPT_ARABIC: case USCRIPT_HEBREW: case USCRIPT_COMMON:
        return 1;
    default:
        return 0;
    }
}

static UChar32 fold_letter(UChar32 c) {
    switch (c) {
    case 0x00F8: return 'o';   // ø
    case 0x0142: return 'l';   // ł
    case 0x0111: return 'd';   // đ
    case 0x0127: return 'h';   // ħ
    case 0x0167: return 't';   // ŧ
    case 0x0131: return 'i';   // ı
    default: return c;
    }
}

static int is_token_char(UChar32 c) {
    int8_t t = ICU(u_charType)(c);
    switch (t) {
    case U_UPPERCASE_LETTER: case U_LOWERCASE_LETTER: case U_TITLECASE_LETTER:
    case U_MODIFIER_LETTER: case U_OTHER_LETTER:
    case U_DECIMAL_DIGIT_NUMBER: case U_LETTER_NUMBER: case U_OTHER_NUMBER:
    case U_NON_SPACING_MARK: case U_ENCLOSING_MARK: case U_COMBINING_SPACING_MARK:
    case U_PRIVATE_USE_CHAR:
        return 1;
    default:
        return 0;
    }
}

/// The first step of `pdfu_search_fold`: normalisation and case folding into `a` (`b` is
/// scratch of the same capacity); returns the length.
static int32_t fold_first(const uint16_t *input, int32_t inputLength, int32_t flags, UChar *a, UChar *b,
                          int32_t capacity, const UNormalizer2 *nfd, const UNormalizer2 *nfc, UErrorCode *status) {
    if (flags & PDFU_FOLD_LITERAL) {
        if (flags & PDFU_FOLD_CASE)
            return ICU(u_strFoldCase)(a, capacity, (const UChar *)input, inputLength, U_FOLD_CASE_DEFAULT, status);
        if (inputLength > capacity) { *status = U_BUFFER_OVERFLOW_ERROR; return 0; }
        memcpy(a, input, sizeof(UChar) * inputLength);
        return inputLength;
    }
    if (flags & PDFU_FOLD_CANONICAL) {
        if (!(flags & PDFU_FOLD_CASE))
            return ICU(unorm2_normalize)(nfc, (const UChar *)input, inputLength, a, capacity, status);
        // Canonical caseless matching (Unicode 3.13, D145): NFD(fold(NFD(x))), composed.
        int32_t m = ICU(unorm2_normalize)(nfd, (const UChar *)input, inputLength, b, capacity, status);
        if (U_FAILURE(*status)) return 0;
        int32_t k = ICU(u_strFoldCase)(a, capacity, b, m, U_FOLD_CASE_DEFAULT, status);
        if (U_FAILURE(*status)) return 0;
        int32_t n = ICU(unorm2_normalize)(nfc, a, k, b, capacity, status);
        if (U_FAILURE(*status)) return 0;
        memcpy(a, b, sizeof(UChar) * (size_t)n);
        return n;
    }
    const UNormalizer2 *first = (flags & PDFU_FOLD_CASE) ? ICU(unorm2_getNFKCCasefoldInstance)(status)
                                                         : ICU(unorm2_getNFKCInstance)(status);
    if (U_FAILURE(*status)) return 0;
    return ICU(unorm2_normalize)(first, (const UChar *)input, inputLength, a, capacity, status);
}

int32_t pdfu_search_fold(const uint16_t *input, int32_t inputLength, int32_t flags,
                         uint16_t *output, int32_t outputCapacity, int32_t *outLength) {
    if (!icu()) return PDFU_FAILURE;
    UErrorCode status = U_ZERO_ERROR;
    const UNormalizer2 *nfd = ICU(unorm2_getNFDInstance)(&status);
    const UNormalizer2 *nfc = ICU(unorm2_getNFCInstance)(&status);
    if (U_FAILURE(status)) return PDFU_FAILURE;
    // Normalised text can grow (NFKC expands ligatures and compatibility forms): 18× is the
    // longest NFKC mapping (U+FDFA). Words are short, so the stack buffers usually do.
    int32_t capacity = inputLength * 18 + 16;
    UChar stackA[512], stackB[512];
    UChar *a = capacity <= 512 ? stackA : (UChar *)malloc(sizeof(UChar) * capacity);
    UChar *b = capacity <= 512 ? stackB : (UChar *)malloc(sizeof(UChar) * capacity);
    int32_t result = PDFU_OK;
    if (!a || !b) { result = PDFU_FAILURE; goto done; }
    int32_t n = fold_first(input, inputLength, flags, a, b, capacity, nfd, nfc, &status);
    if (U_FAILURE(status)) { result = PDFU_FAILURE; goto done; }
    if (flags & PDFU_FOLD_DIACRITICS) {
        int32_t m = ICU(unorm2_normalize)(nfd, a, n, b, capacity, &status);
        if (U_FAILURE(status)) { result = PDFU_FAILURE; goto done; }
        // Drop marks whose base folds them, and tatweel; fold the letters above.
        int32_t k = 0;
        UChar32 base = 0;
        for (int32_t i = 0; i < m;) {
            UChar32 c;
            U16_NEXT(b, i, m, c);
            int8_t t = ICU(u_charType)(c);
            if (t == U_NON_SPACING_MARK || t == U_ENCLOSING_MARK) {
                if (base != 0 && folds_marks(base)) continue;
            } else if (c == 0x0640) {
                continue;
            } else {
                base = c;
                c = fold_letter(c);
            }
            U16_APPEND_UNSAFE(a, k, c);
        }
        n = ICU(unorm2_normalize)(nfc, a, k, b, capacity, &status);
        if (U_FAILURE(status)) { result = PDFU_FAILURE; goto done; }
        memcpy(a, b, sizeof(UChar) * n);
    }
    if (flags & PDFU_FOLD_SEPARATORS) {
        int32_t k = 0;
        for (int32_t i = 0; i < n;) {
            UChar32 c;
            U16_NEXT(a, i, n, c);
            if (is_token_char(c)) U16_APPEND_UNSAFE(a, k, c);
        }
        n = k;
    }
    if (outLength) *outLength = n;
    if (n > outputCapacity) { result = PDFU_BUFFER_TOO_SMALL; goto done; }
    memcpy(output, a, sizeof(UChar) * n);
done:
    if (a && a != stackA) free(a);
    if (b && b != stackB) free(b);
    return result;
}
