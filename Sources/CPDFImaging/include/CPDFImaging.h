#ifndef CPDFIMAGING_H
#define CPDFIMAGING_H
// Plain C entry points over the image codecs and the OCR engine that Debian provides:
// libjpeg-turbo's TurboJPEG API (DCTDecode), OpenJPEG (JPXDecode), jbig2dec (JBIG2Decode)
// and Tesseract's C API. Each library is loaded with dlopen on first use, never linked, so
// that the package builds and runs without any of them: a codec that is missing reports
// PDFI_UNAVAILABLE and says why (`pdfi_*_available`). The headers are only needed at build
// time; a build without one compiles that codec as unavailable.
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

enum {
    PDFI_OK = 0,
    /// The library (or, at build time, its header) is not installed.
    PDFI_UNAVAILABLE = -1,
    /// The data could not be decoded at all (`message` says why).
    PDFI_ERROR = -2,
    /// The image is larger than the limit given.
    PDFI_TOO_LARGE = -3
};

/// A decoded image: `components` interleaved 8-bit samples per pixel (1 gray, 3 RGB, 4 CMYK),
/// or, for JBIG2, 1 bit per pixel packed rows with 1 = black (`bits` 1). `pixels` is
/// malloc'd; free it with `pdfi_image_free`.
typedef struct {
    int32_t width, height, components, bits;
    /// Bytes per row.
    int32_t stride;
    /// For JPEG: 1 when the file has an Adobe APP14 marker (CMYK then is stored inverted).
    /// For JPX: the colour space OpenJPEG reports (0 unknown, 1 sRGB, 2 gray, 3 sYCC, 4 eYCC, 5 CMYK).
    int32_t colorInfo;
    /// For JPX: how many times the image was halved to stay under the limit (0 full size).
    int32_t reduced;
    uint8_t *pixels;
    /// The first error or warning message, NUL-terminated ("" when none).
    char message[200];
} pdfi_image;

void pdfi_image_free(pdfi_image *image);

/// Whether the codec's library can be used; when not, `why` (if given) receives the reason.
int pdfi_jpeg_available(char *why, size_t capacity);
int pdfi_jpx_available(char *why, size_t capacity);
int pdfi_jbig2_available(char *why, size_t capacity);

/// Decodes a JPEG (DCTDecode). Gray and colour images come out as 1 or 3 components, CMYK
/// and YCCK ones as 4 (CMYK). Images with more than `maxPixels` pixels are decoded scaled
/// down by the largest factor TurboJPEG offers that fits (1/2 … 1/8), else PDFI_TOO_LARGE.
int pdfi_jpeg_decode(const uint8_t *data, size_t length, uint64_t maxPixels, pdfi_image *out);

/// Decodes a JPEG 2000 codestream or JP2 file (JPXDecode) to 8 bits per component, each
/// component resampled to the image grid when subsampled. Images over `maxPixels` pixels are
/// decoded at a reduced resolution level. `maxComponents` bounds the components kept.
int pdfi_jpx_decode(const uint8_t *data, size_t length, uint64_t maxPixels, pdfi_image *out);

/// Decodes an embedded JBIG2 stream (JBIG2Decode) with its optional /JBIG2Globals data.
/// jbig2dec allocates through an allocator that refuses to go over `maxBytes` in all.
int pdfi_jbig2_decode(const uint8_t *data, size_t length, const uint8_t *globals, size_t globalsLength,
                      uint64_t maxBytes, pdfi_image *out);

// MARK: OCR (Tesseract)

typedef struct pdfi_ocr pdfi_ocr;

/// Whether libtesseract can be loaded; when not, `why` receives the reason.
int pdfi_ocr_available(char *why, size_t capacity);
/// Tesseract's version string, or NULL.
const char *pdfi_ocr_version(void);

/// An engine for `languages` ("eng", "deu+eng"), with trained data from `dataPath` (NULL:
/// Tesseract's default, or TESSDATA_PREFIX). NULL on failure, with the reason in `why`. An
/// engine is used by one thread at a time.
pdfi_ocr *pdfi_ocr_create(const char *dataPath, const char *languages, char *why, size_t capacity);
void pdfi_ocr_destroy(pdfi_ocr *engine);

/// One recognised word (level 0) or one of its characters (level 1, following its word).
typedef struct {
    int32_t left, top, right, bottom;
    float confidence;
    int32_t level;
    /// Bit 0: the word begins a block; bit 1: a paragraph; bit 2: a text line.
    int32_t starts;
    /// The UTF-8 text: `textLength` bytes at `textOffset` in the result's `text`.
    int32_t textOffset, textLength;
    /// For words: the line's baseline through (x1, y1)–(x2, y2), image pixels.
    int32_t baseline[4];
} pdfi_ocr_item;

typedef struct {
    pdfi_ocr_item *items;
    size_t count;
    char *text;
    size_t textLength;
} pdfi_ocr_result;

/// Recognises an 8-bit gray image (`stride` bytes per row) at `ppi` pixels per inch with
/// page segmentation mode `psm` (3: automatic, keeps columns), giving up after
/// `timeoutMilliseconds` (0: none). Fills `out` (free with `pdfi_ocr_result_free`).
int pdfi_ocr_recognize(pdfi_ocr *engine, const uint8_t *gray, int32_t width, int32_t height, int32_t stride,
                       int32_t ppi, int32_t psm, int32_t timeoutMilliseconds, pdfi_ocr_result *out,
                       char *why, size_t capacity);
void pdfi_ocr_result_free(pdfi_ocr_result *result);

/// Tesseract's orientation detection (needs `osd.traineddata`): `degrees` receives how far
/// the text is turned (0, 90, 180 or 270, counter-clockwise), `confidence` how sure it is.
int pdfi_ocr_orientation(pdfi_ocr *engine, const uint8_t *gray, int32_t width, int32_t height, int32_t stride,
                         int32_t ppi, int32_t *degrees, float *confidence);

#ifdef __cplusplus
}
#endif
#endif
