/*
 * The system's ICU (libicuuc, which libxml2 already brings into the process)
 * for the two things Quire needs of it: text folded for matching (without
 * case or accents) and languages' names. ICU's headers rename every function
 * with its version (u_strFoldCase is u_strFoldCase_72), so Swift calls these
 * instead. Text is UTF-16, as ICU keeps it; each function returns the length
 * of its result, more than `capacity` if that did not fit (call it again with
 * room for that many), or -1 on failure.
 */
#ifndef CICU_SHIM_H
#define CICU_SHIM_H

#include <stdlib.h>
#include <unicode/uchar.h>
#include <unicode/utf16.h>
#include <unicode/uloc.h>
#include <unicode/unorm2.h>
#include <unicode/ustring.h>

/* `text` without case (folded, as for comparing) and without accents: each
 * character decomposed (NFD) and the marks laid over letters dropped. */
static inline int32_t cicu_fold(const UChar *text, int32_t length, UChar *result, int32_t capacity) {
    UErrorCode status = U_ZERO_ERROR;
    const UNormalizer2 *decomposition = unorm2_getNFDInstance(&status);
    if (U_FAILURE(status)) return -1;
    int32_t decomposedLength = unorm2_normalize(decomposition, text, length, NULL, 0, &status);
    if (status != U_BUFFER_OVERFLOW_ERROR && U_FAILURE(status)) return -1;
    UChar *decomposed = (UChar *)malloc(sizeof(UChar) * (size_t)(decomposedLength + 1));
    if (decomposed == NULL) return -1;
    status = U_ZERO_ERROR;
    unorm2_normalize(decomposition, text, length, decomposed, decomposedLength + 1, &status);
    if (U_FAILURE(status)) { free(decomposed); return -1; }
    int32_t kept = 0;
    for (int32_t index = 0; index < decomposedLength;) {
        UChar32 character;
        int32_t start = index;
        U16_NEXT(decomposed, index, decomposedLength, character);
        if (u_charType(character) == U_NON_SPACING_MARK) continue;
        for (int32_t unit = start; unit < index; unit++) decomposed[kept++] = decomposed[unit];
    }
    status = U_ZERO_ERROR;
    int32_t foldedLength = u_strFoldCase(result, capacity, decomposed, kept, U_FOLD_CASE_DEFAULT, &status);
    free(decomposed);
    if (status == U_BUFFER_OVERFLOW_ERROR || status == U_STRING_NOT_TERMINATED_WARNING) return foldedLength;
    return U_FAILURE(status) ? -1 : foldedLength;
}

/* The name of the language `tag` ("en_US") in the language of `displayTag`
 * (NULL: the person's, from the environment), as "English (United States)". */
static inline int32_t cicu_language_name(const char *tag, const char *displayTag, UChar *result, int32_t capacity) {
    UErrorCode status = U_ZERO_ERROR;
    int32_t length = uloc_getDisplayName(tag, displayTag, result, capacity, &status);
    if (status == U_BUFFER_OVERFLOW_ERROR || status == U_STRING_NOT_TERMINATED_WARNING) return length;
    return U_FAILURE(status) ? -1 : length;
}

#endif
