#include "CPDFUnicode.h"
#include <unicode/usprep.h>
#include <unicode/unorm2.h>
#include <unicode/uversion.h>
#include <stdio.h>

static int32_t map_status(UErrorCode status) {
    if (status == U_BUFFER_OVERFLOW_ERROR) return PDFU_BUFFER_TOO_SMALL;
    if (status == U_STRINGPREP_PROHIBITED_ERROR) return PDFU_PROHIBITED;
    if (status == U_STRINGPREP_CHECK_BIDI_ERROR) return PDFU_BIDI_ERROR;
    if (U_FAILURE(status)) return PDFU_FAILURE;
    return PDFU_OK;
}

int32_t pdfu_saslprep(const uint16_t *input, int32_t inputLength,
                      uint16_t *output, int32_t outputCapacity, int32_t *outLength) {
    UErrorCode status = U_ZERO_ERROR;
    UStringPrepProfile *profile = usprep_openByType(USPREP_RFC4013_SASLPREP, &status);
    if (U_FAILURE(status)) return PDFU_FAILURE;
    UParseError parseError;
    int32_t n = usprep_prepare(profile, (const UChar *)input, inputLength,
                               (UChar *)output, outputCapacity,
                               USPREP_ALLOW_UNASSIGNED, &parseError, &status);
    usprep_close(profile);
    if (outLength) *outLength = n;
    return map_status(status);
}

int32_t pdfu_nfkc_casefold(const uint16_t *input, int32_t inputLength,
                           uint16_t *output, int32_t outputCapacity, int32_t *outLength) {
    UErrorCode status = U_ZERO_ERROR;
    const UNormalizer2 *norm = unorm2_getNFKCCasefoldInstance(&status);
    if (U_FAILURE(status)) return PDFU_FAILURE;
    int32_t n = unorm2_normalize(norm, (const UChar *)input, inputLength,
                                 (UChar *)output, outputCapacity, &status);
    if (outLength) *outLength = n;
    return map_status(status);
}

const char *pdfu_icu_version(void) {
    static char buffer[U_MAX_VERSION_STRING_LENGTH];
    UVersionInfo info;
    u_getVersion(info);
    u_versionToString(info, buffer);
    return buffer;
}
