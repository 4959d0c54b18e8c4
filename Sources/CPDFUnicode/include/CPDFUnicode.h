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

/// The ICU version this build links against, as "major.minor".
const char *pdfu_icu_version(void);

#ifdef __cplusplus
}
#endif
#endif
