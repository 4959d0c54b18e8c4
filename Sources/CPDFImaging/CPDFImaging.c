#include "CPDFImaging.h"
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// Every library is loaded on first use with dlopen (see the header): a process that reads
// no image never loads one, and the package builds where none is installed. The pointers
// take their types from the libraries' own headers (`__typeof__`), so a wrong signature is
// a compile error, not a crash.

static void copy_message(char *to, size_t capacity, const char *from) {
    if (!to || capacity == 0) return;
    snprintf(to, capacity, "%s", from ? from : "");
}

void pdfi_image_free(pdfi_image *image) {
    if (!image) return;
    free(image->pixels);
    image->pixels = NULL;
}

/// Opens `library`, or says why not.
static void *open_library(const char *library, char *why, size_t capacity) {
    void *handle = dlopen(library, RTLD_NOW | RTLD_LOCAL);
    if (!handle) {
        const char *e = dlerror();
        snprintf(why, capacity, "%s could not be loaded (%s)", library, e ? e : "not found");
    }
    return handle;
}

/// Resolves `name` into `*slot`; 0 (and the reason in `why`) when the library lacks it.
static int resolve(void *handle, const char *library, const char *name, void *slot, char *why, size_t capacity) {
    void *f = dlsym(handle, name);
    if (!f) {
        snprintf(why, capacity, "%s has no %s", library, name);
        return 0;
    }
    memcpy(slot, &f, sizeof f);
    return 1;
}

/// A size that fits in size_t and in the limit, or 0.
static size_t checked_size(uint64_t a, uint64_t b, uint64_t c, uint64_t limit) {
    if (a == 0 || b == 0 || c == 0) return 0;
    if (a > UINT64_MAX / b) return 0;
    uint64_t ab = a * b;
    if (ab > UINT64_MAX / c) return 0;
    uint64_t n = ab * c;
    if (n > limit || n > (uint64_t)SIZE_MAX) return 0;
    return (size_t)n;
}

// MARK: JPEG (TurboJPEG)

#if __has_include(<turbojpeg.h>)
#include <turbojpeg.h>
#define PDFI_HAS_JPEG 1
#define JPEG_FUNCTIONS(X) X(tjInitDecompress) X(tjDecompressHeader3) X(tjDecompress2) X(tjDestroy) \
    X(tjGetErrorStr2) X(tjGetErrorCode) X(tjGetScalingFactors)
#define JPEG_DECLARE(f) static __typeof__(&f) jpeg_##f;
JPEG_FUNCTIONS(JPEG_DECLARE)
#endif

static pthread_once_t jpeg_once = PTHREAD_ONCE_INIT;
static int jpeg_loaded = 0;
static char jpeg_why[200] = "libjpeg-turbo's TurboJPEG (libturbojpeg0-dev) was not installed when pdftext was built";

static void jpeg_load(void) {
#ifdef PDFI_HAS_JPEG
    const char *lib = "libturbojpeg.so.0";
    void *h = open_library(lib, jpeg_why, sizeof jpeg_why);
    if (!h) return;
#define JPEG_RESOLVE(f) if (!resolve(h, lib, #f, &jpeg_##f, jpeg_why, sizeof jpeg_why)) return;
    JPEG_FUNCTIONS(JPEG_RESOLVE)
    jpeg_loaded = 1;
#endif
}

int pdfi_jpeg_available(char *why, size_t capacity) {
    pthread_once(&jpeg_once, jpeg_load);
    if (!jpeg_loaded) copy_message(why, capacity, jpeg_why);
    return jpeg_loaded;
}

/// Whether the JPEG's header segments hold an Adobe APP14 marker.
static int jpeg_has_adobe_marker(const uint8_t *d, size_t n) {
    size_t p = 2;
    while (p + 4 <= n) {
        if (d[p] != 0xFF) return 0;
        uint8_t m = d[p + 1];
        if (m == 0xFF) { p++; continue; }
        if (m == 0xDA || m == 0xD9) return 0;  // start of scan, end of image
        size_t len = ((size_t)d[p + 2] << 8) | d[p + 3];
        if (m == 0xEE && len >= 7 && p + 9 <= n && memcmp(d + p + 4, "Adobe", 5) == 0) return 1;
        p += 2 + len;
    }
    return 0;
}

int pdfi_jpeg_decode(const uint8_t *data, size_t length, uint64_t maxPixels, pdfi_image *out) {
    memset(out, 0, sizeof(*out));
    if (!pdfi_jpeg_available(out->message, sizeof(out->message))) return PDFI_UNAVAILABLE;
#ifdef PDFI_HAS_JPEG
    if (length < 4 || length > 0x7FFFFFFFu) { copy_message(out->message, sizeof(out->message), "not JPEG data"); return PDFI_ERROR; }
    tjhandle h = jpeg_tjInitDecompress();
    if (!h) { copy_message(out->message, sizeof(out->message), "TurboJPEG could not start"); return PDFI_ERROR; }
    int w = 0, ht = 0, subsamp = 0, cs = 0;
    if (jpeg_tjDecompressHeader3(h, data, (unsigned long)length, &w, &ht, &subsamp, &cs) != 0 || w <= 0 || ht <= 0) {
        copy_message(out->message, sizeof(out->message), jpeg_tjGetErrorStr2(h));
        jpeg_tjDestroy(h);
        return PDFI_ERROR;
    }
    int components = 3, format = TJPF_RGB;
    if (cs == TJCS_GRAY) { components = 1; format = TJPF_GRAY; }
    else if (cs == TJCS_CMYK || cs == TJCS_YCCK) { components = 4; format = TJPF_CMYK; }
    // The largest scale (1/1 first) whose pixels fit the limit.
    int count = 0, sw = w, sh = ht, fits = (uint64_t)w * (uint64_t)ht <= maxPixels;
    tjscalingfactor *factors = jpeg_tjGetScalingFactors(&count);
    if (!fits && factors) {
        double best = 0;
        for (int i = 0; i < count; i++) {
            int fw = TJSCALED(w, factors[i]), fh = TJSCALED(ht, factors[i]);
            double scale = (double)factors[i].num / factors[i].denom;
            if (scale <= 1 && fw > 0 && fh > 0 && (uint64_t)fw * (uint64_t)fh <= maxPixels && scale > best) {
                best = scale; sw = fw; sh = fh; fits = 1;
            }
        }
    }
    size_t bytes = fits ? checked_size((uint64_t)sw, (uint64_t)sh, (uint64_t)components, UINT64_MAX) : 0;
    if (!bytes) {
        snprintf(out->message, sizeof(out->message), "%d × %d pixels is over the limit", w, ht);
        jpeg_tjDestroy(h);
        return PDFI_TOO_LARGE;
    }
    uint8_t *pixels = malloc(bytes);
    if (!pixels) { jpeg_tjDestroy(h); copy_message(out->message, sizeof(out->message), "out of memory"); return PDFI_TOO_LARGE; }
    // Warnings (a truncated file) still give an image: rows not in the data are left gray.
    memset(pixels, components == 4 ? 0 : 0x80, bytes);
    int flags = TJFLAG_LIMITSCANS;
    int rc = jpeg_tjDecompress2(h, data, (unsigned long)length, pixels, sw, sw * components, sh, format, flags);
    if (rc != 0) {
        copy_message(out->message, sizeof(out->message), jpeg_tjGetErrorStr2(h));
        if (jpeg_tjGetErrorCode(h) != TJERR_WARNING) {
            free(pixels);
            jpeg_tjDestroy(h);
            return PDFI_ERROR;
        }
    }
    jpeg_tjDestroy(h);
    out->width = sw; out->height = sh; out->components = components; out->bits = 8;
    out->stride = sw * components; out->pixels = pixels;
    out->colorInfo = jpeg_has_adobe_marker(data, length);
    out->reduced = (sw != w);
    return PDFI_OK;
#else
    return PDFI_UNAVAILABLE;
#endif
}

// MARK: JPEG 2000 (OpenJPEG)

#if __has_include(<openjpeg-2.5/openjpeg.h>)
#include <openjpeg-2.5/openjpeg.h>
#define PDFI_HAS_JPX 1
#elif __has_include(<openjpeg.h>)
#include <openjpeg.h>
#define PDFI_HAS_JPX 1
#endif

#ifdef PDFI_HAS_JPX
#define JPX_FUNCTIONS(X) X(opj_stream_create) X(opj_stream_set_read_function) X(opj_stream_set_skip_function) \
    X(opj_stream_set_seek_function) X(opj_stream_set_user_data) X(opj_stream_set_user_data_length) \
    X(opj_stream_destroy) X(opj_create_decompress) X(opj_set_default_decoder_parameters) X(opj_setup_decoder) \
    X(opj_set_error_handler) X(opj_set_warning_handler) X(opj_set_info_handler) X(opj_read_header) \
    X(opj_set_decoded_resolution_factor) X(opj_decode) X(opj_end_decompress) X(opj_destroy_codec) X(opj_image_destroy)
#define JPX_DECLARE(f) static __typeof__(&f) jpx_##f;
JPX_FUNCTIONS(JPX_DECLARE)
#endif

static pthread_once_t jpx_once = PTHREAD_ONCE_INIT;
static int jpx_loaded = 0;
static char jpx_why[200] = "OpenJPEG (libopenjp2-7-dev) was not installed when pdftext was built";

static void jpx_load(void) {
#ifdef PDFI_HAS_JPX
    const char *lib = "libopenjp2.so.7";
    void *h = open_library(lib, jpx_why, sizeof jpx_why);
    if (!h) return;
#define JPX_RESOLVE(f) if (!resolve(h, lib, #f, &jpx_##f, jpx_why, sizeof jpx_why)) return;
    JPX_FUNCTIONS(JPX_RESOLVE)
    jpx_loaded = 1;
#endif
}

int pdfi_jpx_available(char *why, size_t capacity) {
    pthread_once(&jpx_once, jpx_load);
    if (!jpx_loaded) copy_message(why, capacity, jpx_why);
    return jpx_loaded;
}

#ifdef PDFI_HAS_JPX
typedef struct { const uint8_t *data; size_t length, position; } jpx_source;

static OPJ_SIZE_T jpx_read(void *buffer, OPJ_SIZE_T count, void *user) {
    jpx_source *s = user;
    size_t left = s->length - s->position;
    if (left == 0) return (OPJ_SIZE_T)-1;
    size_t n = count < left ? count : left;
    memcpy(buffer, s->data + s->position, n);
    s->position += n;
    return n;
}

static OPJ_OFF_T jpx_skip(OPJ_OFF_T count, void *user) {
    jpx_source *s = user;
    if (count < 0) {
        uint64_t back = (uint64_t)(-(count + 1)) + 1;
        if (back > s->position) return -1;
        s->position -= (size_t)back;
        return count;
    }
    size_t left = s->length - s->position;
    size_t n = (uint64_t)count < left ? (size_t)count : left;
    s->position += n;
    return (OPJ_OFF_T)n;
}

static OPJ_BOOL jpx_seek(OPJ_OFF_T to, void *user) {
    jpx_source *s = user;
    if (to < 0 || (uint64_t)to > s->length) return OPJ_FALSE;
    s->position = (size_t)to;
    return OPJ_TRUE;
}

static void jpx_message(const char *msg, void *user) {
    pdfi_image *out = user;
    if (out->message[0] == 0 && msg) {
        copy_message(out->message, sizeof(out->message), msg);
        size_t n = strlen(out->message);
        if (n > 0 && out->message[n - 1] == '\n') out->message[n - 1] = 0;
    }
}

static void jpx_quiet(const char *msg, void *user) { (void)msg; (void)user; }

/// 8-bit samples of `image`'s first `components` components, interleaved, on the first
/// component's grid.
static int jpx_convert(opj_image_t *image, int components, pdfi_image *out) {
    opj_image_comp_t *c0 = &image->comps[0];
    uint32_t w = c0->w, h = c0->h;
    size_t bytes = checked_size(w, h, (uint64_t)components, (uint64_t)1 << 34);
    if (!bytes) return PDFI_TOO_LARGE;
    for (int k = 0; k < components; k++) {
        opj_image_comp_t *c = &image->comps[k];
        if (!c->data || c->w == 0 || c->h == 0 || c->prec == 0 || c->prec > 31) {
            copy_message(out->message, sizeof(out->message), "JPEG 2000 component without samples");
            return PDFI_ERROR;
        }
    }
    uint8_t *pixels = malloc(bytes);
    if (!pixels) return PDFI_TOO_LARGE;
    for (int k = 0; k < components; k++) {
        opj_image_comp_t *c = &image->comps[k];
        int64_t offset = c->sgnd ? ((int64_t)1 << (c->prec - 1)) : 0;
        int64_t maxValue = ((int64_t)1 << c->prec) - 1;
        for (uint32_t y = 0; y < h; y++) {
            uint32_t sy = (uint32_t)((uint64_t)y * c->h / h);
            const OPJ_INT32 *row = c->data + (size_t)sy * c->w;
            uint8_t *to = pixels + ((size_t)y * w) * components + k;
            for (uint32_t x = 0; x < w; x++) {
                uint32_t sx = (uint32_t)((uint64_t)x * c->w / w);
                int64_t v = (int64_t)row[sx] + offset;
                if (v < 0) v = 0;
                if (v > maxValue) v = maxValue;
                to[(size_t)x * components] = (uint8_t)((v * 255 + maxValue / 2) / maxValue);
            }
        }
    }
    out->width = (int32_t)w; out->height = (int32_t)h; out->components = components; out->bits = 8;
    out->stride = (int32_t)(w * (uint32_t)components); out->pixels = pixels;
    return PDFI_OK;
}
#endif

int pdfi_jpx_decode(const uint8_t *data, size_t length, uint64_t maxPixels, pdfi_image *out) {
    memset(out, 0, sizeof(*out));
    if (!pdfi_jpx_available(out->message, sizeof(out->message))) return PDFI_UNAVAILABLE;
#ifdef PDFI_HAS_JPX
    if (length < 12) { copy_message(out->message, sizeof(out->message), "too short for JPEG 2000"); return PDFI_ERROR; }
    int raw = data[0] == 0xFF && data[1] == 0x4F && data[2] == 0xFF && data[3] == 0x51;
    opj_codec_t *codec = jpx_opj_create_decompress(raw ? OPJ_CODEC_J2K : OPJ_CODEC_JP2);
    if (!codec) return PDFI_ERROR;
    jpx_opj_set_error_handler(codec, jpx_message, out);
    jpx_opj_set_warning_handler(codec, jpx_quiet, out);
    jpx_opj_set_info_handler(codec, jpx_quiet, out);
    opj_dparameters_t parameters;
    jpx_opj_set_default_decoder_parameters(&parameters);
    jpx_source source = { data, length, 0 };
    opj_stream_t *stream = jpx_opj_stream_create(1 << 16, OPJ_TRUE);
    int rc = PDFI_ERROR;
    opj_image_t *image = NULL;
    if (!stream || !jpx_opj_setup_decoder(codec, &parameters)) goto done;
    jpx_opj_stream_set_read_function(stream, jpx_read);
    jpx_opj_stream_set_skip_function(stream, jpx_skip);
    jpx_opj_stream_set_seek_function(stream, jpx_seek);
    jpx_opj_stream_set_user_data(stream, &source, NULL);
    jpx_opj_stream_set_user_data_length(stream, length);
    if (!jpx_opj_read_header(stream, codec, &image) || !image || image->numcomps == 0 || !image->comps) goto done;
    uint64_t w = image->x1 > image->x0 ? image->x1 - image->x0 : 0;
    uint64_t h = image->y1 > image->y0 ? image->y1 - image->y0 : 0;
    if (w == 0 || h == 0) goto done;
    // Halve the resolution until the image fits the limit (each level halves both sides).
    int reduce = 0;
    while (w * h > maxPixels && reduce < 12) { w = (w + 1) / 2; h = (h + 1) / 2; reduce++; }
    if (w * h > maxPixels) { rc = PDFI_TOO_LARGE; snprintf(out->message, sizeof(out->message), "JPEG 2000 image over the pixel limit"); goto done; }
    if (reduce > 0 && !jpx_opj_set_decoded_resolution_factor(codec, (OPJ_UINT32)reduce)) {
        rc = PDFI_TOO_LARGE;
        snprintf(out->message, sizeof(out->message), "JPEG 2000 image over the pixel limit and not reducible");
        goto done;
    }
    if (!jpx_opj_decode(codec, stream, image)) goto done;
    jpx_opj_end_decompress(codec, stream);
    int components = (int)image->numcomps;
    if (image->color_space == OPJ_CLRSPC_CMYK && components >= 4) components = 4;
    else if (components >= 3) components = 3;
    else components = 1;  // gray, or gray and alpha
    out->colorInfo = (int32_t)image->color_space;
    out->reduced = reduce;
    rc = jpx_convert(image, components, out);
done:
    if (image) jpx_opj_image_destroy(image);
    if (stream) jpx_opj_stream_destroy(stream);
    jpx_opj_destroy_codec(codec);
    if (rc == PDFI_ERROR && out->message[0] == 0) copy_message(out->message, sizeof(out->message), "not decodable as JPEG 2000");
    return rc;
#else
    return PDFI_UNAVAILABLE;
#endif
}

// MARK: JBIG2 (jbig2dec)

#if __has_include(<jbig2.h>)
#include <jbig2.h>
#define PDFI_HAS_JBIG2 1
#define JBIG2_FUNCTIONS(X) X(jbig2_ctx_new_imp) X(jbig2_ctx_free) X(jbig2_make_global_ctx) X(jbig2_global_ctx_free) \
    X(jbig2_data_in) X(jbig2_page_out) X(jbig2_release_page) X(jbig2_complete_page)
#define JBIG2_DECLARE(f) static __typeof__(&f) jb_##f;
JBIG2_FUNCTIONS(JBIG2_DECLARE)
#endif

static pthread_once_t jbig2_once = PTHREAD_ONCE_INIT;
static int jbig2_loaded = 0;
static char jbig2_why[200] = "jbig2dec (libjbig2dec0-dev) was not installed when pdftext was built";

static void jbig2_load(void) {
#ifdef PDFI_HAS_JBIG2
    const char *lib = "libjbig2dec.so.0";
    void *h = open_library(lib, jbig2_why, sizeof jbig2_why);
    if (!h) return;
#define JBIG2_RESOLVE(f) if (!resolve(h, lib, #f, &jb_##f, jbig2_why, sizeof jbig2_why)) return;
    JBIG2_FUNCTIONS(JBIG2_RESOLVE)
    jbig2_loaded = 1;
#endif
}

int pdfi_jbig2_available(char *why, size_t capacity) {
    pthread_once(&jbig2_once, jbig2_load);
    if (!jbig2_loaded) copy_message(why, capacity, jbig2_why);
    return jbig2_loaded;
}

#ifdef PDFI_HAS_JBIG2
/// An allocator that keeps a running total and refuses to pass its limit. Each block
/// carries its size in a 16-byte header.
typedef struct {
    Jbig2Allocator base;
    uint64_t used, limit;
    int refused;
} jbig2_budget;

static void *jb_alloc(Jbig2Allocator *a, size_t size) {
    jbig2_budget *b = (jbig2_budget *)a;
    if (size > b->limit - b->used || size > SIZE_MAX - 16) { b->refused = 1; return NULL; }
    uint8_t *p = malloc(size + 16);
    if (!p) { b->refused = 1; return NULL; }
    memcpy(p, &size, sizeof size);
    b->used += size;
    return p + 16;
}

static void jb_free(Jbig2Allocator *a, void *p) {
    if (!p) return;
    jbig2_budget *b = (jbig2_budget *)a;
    uint8_t *block = (uint8_t *)p - 16;
    size_t size;
    memcpy(&size, block, sizeof size);
    b->used -= size;
    free(block);
}

static void *jb_realloc(Jbig2Allocator *a, void *p, size_t size) {
    if (!p) return jb_alloc(a, size);
    jbig2_budget *b = (jbig2_budget *)a;
    uint8_t *block = (uint8_t *)p - 16;
    size_t old;
    memcpy(&old, block, sizeof old);
    if (size > old && (size - old > b->limit - b->used || size > SIZE_MAX - 16)) { b->refused = 1; return NULL; }
    uint8_t *q = realloc(block, size + 16);
    if (!q) { b->refused = 1; return NULL; }
    memcpy(q, &size, sizeof size);
    b->used = b->used - old + size;
    return q + 16;
}

static void jb_error(void *data, const char *msg, Jbig2Severity severity, uint32_t segment) {
    (void)segment;
    pdfi_image *out = data;
    if ((severity == JBIG2_SEVERITY_FATAL || severity == JBIG2_SEVERITY_WARNING) && out->message[0] == 0 && msg)
        copy_message(out->message, sizeof(out->message), msg);
}
#endif

int pdfi_jbig2_decode(const uint8_t *data, size_t length, const uint8_t *globals, size_t globalsLength,
                      uint64_t maxBytes, pdfi_image *out) {
    memset(out, 0, sizeof(*out));
    if (!pdfi_jbig2_available(out->message, sizeof(out->message))) return PDFI_UNAVAILABLE;
#ifdef PDFI_HAS_JBIG2
    jbig2_budget budget = { { jb_alloc, jb_free, jb_realloc }, 0, maxBytes, 0 };
    Jbig2GlobalCtx *global = NULL;
    if (globals && globalsLength > 0) {
        Jbig2Ctx *g = jb_jbig2_ctx_new_imp(&budget.base, JBIG2_OPTIONS_EMBEDDED, NULL, jb_error, out,
                                           JBIG2_VERSION_MAJOR, JBIG2_VERSION_MINOR);
        if (g) {
            jb_jbig2_data_in(g, globals, globalsLength);
            global = jb_jbig2_make_global_ctx(g);
        }
    }
    Jbig2Ctx *ctx = jb_jbig2_ctx_new_imp(&budget.base, JBIG2_OPTIONS_EMBEDDED, global, jb_error, out,
                                         JBIG2_VERSION_MAJOR, JBIG2_VERSION_MINOR);
    int rc = PDFI_ERROR;
    if (ctx) {
        jb_jbig2_data_in(ctx, data, length);
        jb_jbig2_complete_page(ctx);
        Jbig2Image *page = jb_jbig2_page_out(ctx);
        if (page && page->width > 0 && page->height > 0 && page->data) {
            size_t rowBytes = ((size_t)page->width + 7) / 8;
            size_t bytes = checked_size(rowBytes, page->height, 1, maxBytes);
            uint8_t *pixels = bytes ? malloc(bytes) : NULL;
            if (pixels) {
                for (uint32_t y = 0; y < page->height; y++)
                    memcpy(pixels + (size_t)y * rowBytes, page->data + (size_t)y * page->stride, rowBytes);
                out->width = (int32_t)page->width; out->height = (int32_t)page->height;
                out->components = 1; out->bits = 1; out->stride = (int32_t)rowBytes; out->pixels = pixels;
                rc = PDFI_OK;
            } else {
                rc = PDFI_TOO_LARGE;
            }
        }
        if (page) jb_jbig2_release_page(ctx, page);
        jb_jbig2_ctx_free(ctx);
    }
    if (global) jb_jbig2_global_ctx_free(global);
    if (rc != PDFI_OK && budget.refused) {
        rc = PDFI_TOO_LARGE;
        copy_message(out->message, sizeof(out->message), "JBIG2 image needs more memory than the limit");
    }
    if (rc == PDFI_ERROR && out->message[0] == 0) copy_message(out->message, sizeof(out->message), "JBIG2 data gave no page");
    return rc;
#else
    return PDFI_UNAVAILABLE;
#endif
}

// MARK: OCR (Tesseract)

#if __has_include(<tesseract/capi.h>)
#include <tesseract/capi.h>
#define PDFI_HAS_OCR 1
#define OCR_FUNCTIONS(X) X(TessVersion) X(TessDeleteText) X(TessBaseAPICreate) X(TessBaseAPIDelete) \
    X(TessBaseAPIInit3) X(TessBaseAPISetVariable) X(TessBaseAPISetPageSegMode) X(TessBaseAPISetImage) \
    X(TessBaseAPISetSourceResolution) X(TessBaseAPIRecognize) X(TessBaseAPIGetIterator) X(TessBaseAPIClear) \
    X(TessBaseAPIEnd) X(TessResultIteratorDelete) X(TessResultIteratorGetPageIterator) X(TessResultIteratorNext) \
    X(TessResultIteratorGetUTF8Text) X(TessResultIteratorConfidence) X(TessPageIteratorIsAtBeginningOf) \
    X(TessPageIteratorBoundingBox) X(TessPageIteratorBaseline) X(TessMonitorCreate) X(TessMonitorDelete) \
    X(TessMonitorSetDeadlineMSecs) X(TessBaseAPIDetectOrientationScript)
#define OCR_DECLARE(f) static __typeof__(&f) ocr_##f;
OCR_FUNCTIONS(OCR_DECLARE)
#endif

static pthread_once_t ocr_once = PTHREAD_ONCE_INIT;
static int ocr_loaded = 0;
static char ocr_why[200] = "Tesseract (libtesseract-dev) was not installed when pdftext was built";

static void ocr_load(void) {
#ifdef PDFI_HAS_OCR
    // Tesseract parallelises one page with OpenMP; pdftext runs pages in parallel instead,
    // and both at once oversubscribe the cores (ocrmypdf sets the same limit). A limit the
    // user set is kept.
    setenv("OMP_THREAD_LIMIT", "1", 0);
    const char *lib = "libtesseract.so.5";
    void *h = open_library(lib, ocr_why, sizeof ocr_why);
    if (!h) return;
#define OCR_RESOLVE(f) if (!resolve(h, lib, #f, &ocr_##f, ocr_why, sizeof ocr_why)) return;
    OCR_FUNCTIONS(OCR_RESOLVE)
    ocr_loaded = 1;
#endif
}

int pdfi_ocr_available(char *why, size_t capacity) {
    pthread_once(&ocr_once, ocr_load);
    if (!ocr_loaded) copy_message(why, capacity, ocr_why);
    return ocr_loaded;
}

const char *pdfi_ocr_version(void) {
#ifdef PDFI_HAS_OCR
    if (pdfi_ocr_available(NULL, 0)) return ocr_TessVersion();
#endif
    return NULL;
}

struct pdfi_ocr {
#ifdef PDFI_HAS_OCR
    TessBaseAPI *api;
#else
    int unused;
#endif
};

pdfi_ocr *pdfi_ocr_create(const char *dataPath, const char *languages, char *why, size_t capacity) {
    if (!pdfi_ocr_available(why, capacity)) return NULL;
#ifdef PDFI_HAS_OCR
    TessBaseAPI *api = ocr_TessBaseAPICreate();
    if (!api) { copy_message(why, capacity, "Tesseract could not start"); return NULL; }
    if (ocr_TessBaseAPIInit3(api, dataPath, languages) != 0) {
        snprintf(why, capacity, "Tesseract could not load the language data for %s", languages ? languages : "eng");
        ocr_TessBaseAPIDelete(api);
        return NULL;
    }
    // No debug output on the terminal.
    ocr_TessBaseAPISetVariable(api, "debug_file", "/dev/null");
    pdfi_ocr *engine = calloc(1, sizeof *engine);
    if (!engine) { ocr_TessBaseAPIEnd(api); ocr_TessBaseAPIDelete(api); return NULL; }
    engine->api = api;
    return engine;
#else
    return NULL;
#endif
}

void pdfi_ocr_destroy(pdfi_ocr *engine) {
    if (!engine) return;
#ifdef PDFI_HAS_OCR
    ocr_TessBaseAPIEnd(engine->api);
    ocr_TessBaseAPIDelete(engine->api);
#endif
    free(engine);
}

void pdfi_ocr_result_free(pdfi_ocr_result *result) {
    if (!result) return;
    free(result->items);
    free(result->text);
    memset(result, 0, sizeof *result);
}

#ifdef PDFI_HAS_OCR
typedef struct { size_t itemCapacity, textCapacity; int failed; } ocr_growth;

/// Appends an item with `text` (a string Tesseract allocated; deleted here).
static void ocr_append(pdfi_ocr_result *r, ocr_growth *g, pdfi_ocr_item item, char *text) {
    if (g->failed) { if (text) ocr_TessDeleteText(text); return; }
    size_t n = text ? strlen(text) : 0;
    if (r->count == g->itemCapacity) {
        size_t cap = g->itemCapacity ? g->itemCapacity * 2 : 256;
        pdfi_ocr_item *items = realloc(r->items, cap * sizeof *items);
        if (!items) { g->failed = 1; if (text) ocr_TessDeleteText(text); return; }
        r->items = items; g->itemCapacity = cap;
    }
    if (r->textLength + n + 1 > g->textCapacity) {
        size_t cap = g->textCapacity ? g->textCapacity * 2 : 4096;
        while (cap < r->textLength + n + 1) cap *= 2;
        char *t = realloc(r->text, cap);
        if (!t) { g->failed = 1; if (text) ocr_TessDeleteText(text); return; }
        r->text = t; g->textCapacity = cap;
    }
    item.textOffset = (int32_t)r->textLength;
    item.textLength = (int32_t)n;
    if (n) memcpy(r->text + r->textLength, text, n);
    r->textLength += n;
    r->text[r->textLength] = 0;
    r->items[r->count++] = item;
    if (text) ocr_TessDeleteText(text);
}
#endif

int pdfi_ocr_recognize(pdfi_ocr *engine, const uint8_t *gray, int32_t width, int32_t height, int32_t stride,
                       int32_t ppi, int32_t psm, int32_t timeoutMilliseconds, pdfi_ocr_result *out,
                       char *why, size_t capacity) {
    memset(out, 0, sizeof *out);
    if (!engine) { copy_message(why, capacity, "no OCR engine"); return PDFI_UNAVAILABLE; }
#ifdef PDFI_HAS_OCR
    if (width <= 0 || height <= 0 || stride < width) { copy_message(why, capacity, "empty image"); return PDFI_ERROR; }
    TessBaseAPI *api = engine->api;
    ocr_TessBaseAPISetPageSegMode(api, (TessPageSegMode)psm);
    ocr_TessBaseAPISetImage(api, gray, width, height, 1, stride);
    ocr_TessBaseAPISetSourceResolution(api, ppi > 0 ? ppi : 300);
    ETEXT_DESC *monitor = ocr_TessMonitorCreate();
    if (monitor && timeoutMilliseconds > 0) ocr_TessMonitorSetDeadlineMSecs(monitor, timeoutMilliseconds);
    int rc = ocr_TessBaseAPIRecognize(api, monitor);
    if (monitor) ocr_TessMonitorDelete(monitor);
    if (rc != 0) {
        copy_message(why, capacity, timeoutMilliseconds > 0 ? "Tesseract gave up (time limit, or an unreadable image)" : "Tesseract could not read the image");
        ocr_TessBaseAPIClear(api);
        return PDFI_ERROR;
    }
    TessResultIterator *it = ocr_TessBaseAPIGetIterator(api);
    ocr_growth growth = { 0, 0, 0 };
    if (it) {
        TessPageIterator *pi = ocr_TessResultIteratorGetPageIterator(it);
        do {
            pdfi_ocr_item item;
            memset(&item, 0, sizeof item);
            if (ocr_TessPageIteratorIsAtBeginningOf(pi, RIL_WORD)) {
                char *text = ocr_TessResultIteratorGetUTF8Text(it, RIL_WORD);
                if (!text) continue;
                if (!ocr_TessPageIteratorBoundingBox(pi, RIL_WORD, &item.left, &item.top, &item.right, &item.bottom)) {
                    ocr_TessDeleteText(text);
                    continue;
                }
                item.confidence = ocr_TessResultIteratorConfidence(it, RIL_WORD);
                item.level = 0;
                item.starts = (ocr_TessPageIteratorIsAtBeginningOf(pi, RIL_BLOCK) ? 1 : 0)
                            | (ocr_TessPageIteratorIsAtBeginningOf(pi, RIL_PARA) ? 2 : 0)
                            | (ocr_TessPageIteratorIsAtBeginningOf(pi, RIL_TEXTLINE) ? 4 : 0);
                ocr_TessPageIteratorBaseline(pi, RIL_WORD, &item.baseline[0], &item.baseline[1], &item.baseline[2], &item.baseline[3]);
                ocr_append(out, &growth, item, text);
                memset(&item, 0, sizeof item);
            }
            char *symbol = ocr_TessResultIteratorGetUTF8Text(it, RIL_SYMBOL);
            if (!symbol) continue;
            if (!ocr_TessPageIteratorBoundingBox(pi, RIL_SYMBOL, &item.left, &item.top, &item.right, &item.bottom)) {
                ocr_TessDeleteText(symbol);
                continue;
            }
            item.confidence = ocr_TessResultIteratorConfidence(it, RIL_SYMBOL);
            item.level = 1;
            ocr_append(out, &growth, item, symbol);
        } while (ocr_TessResultIteratorNext(it, RIL_SYMBOL));
        ocr_TessResultIteratorDelete(it);
    }
    ocr_TessBaseAPIClear(api);
    if (growth.failed) {
        pdfi_ocr_result_free(out);
        copy_message(why, capacity, "out of memory for the OCR result");
        return PDFI_TOO_LARGE;
    }
    return PDFI_OK;
#else
    (void)gray; (void)width; (void)height; (void)stride; (void)ppi; (void)psm; (void)timeoutMilliseconds;
    return PDFI_UNAVAILABLE;
#endif
}

int pdfi_ocr_orientation(pdfi_ocr *engine, const uint8_t *gray, int32_t width, int32_t height, int32_t stride,
                         int32_t ppi, int32_t *degrees, float *confidence) {
    *degrees = 0;
    *confidence = 0;
    if (!engine) return PDFI_UNAVAILABLE;
#ifdef PDFI_HAS_OCR
    if (width <= 0 || height <= 0 || stride < width) return PDFI_ERROR;
    TessBaseAPI *api = engine->api;
    // Tesseract loads its orientation model only in an orientation-detecting mode.
    ocr_TessBaseAPISetPageSegMode(api, PSM_OSD_ONLY);
    ocr_TessBaseAPISetImage(api, gray, width, height, 1, stride);
    ocr_TessBaseAPISetSourceResolution(api, ppi > 0 ? ppi : 300);
    int deg = 0;
    float conf = 0, scriptConf = 0;
    const char *script = NULL;
    BOOL ok = ocr_TessBaseAPIDetectOrientationScript(api, &deg, &conf, &script, &scriptConf);
    ocr_TessBaseAPIClear(api);
    if (!ok) return PDFI_ERROR;
    *degrees = deg;
    *confidence = conf;
    return PDFI_OK;
#else
    (void)gray; (void)width; (void)height; (void)stride; (void)ppi;
    return PDFI_UNAVAILABLE;
#endif
}
