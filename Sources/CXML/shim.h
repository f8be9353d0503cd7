/*
 * libxml2 for Swift: its SAX2 parser, for WebDAV's XML answers, and its
 * RelaxNG validation, for the tests that hold Quire's GtkSourceView files to
 * GtkSourceView's schemas. The only place that knows libxml2's C macros.
 */
#ifndef CXML_SHIM_H
#define CXML_SHIM_H

#include <string.h>
#include <libxml/xmlversion.h>
/* Debian's libxml2 is built with ICU, and its encoding header then includes
 * ICU's headers, which clash with the copy of ICU inside Swift's Foundation.
 * Only the end of xmlCharEncodingHandler depends on it, which Swift never
 * reads (it only passes pointers to one along). */
#undef LIBXML_ICU_ENABLED
#include <libxml/parser.h>
#include <libxml/relaxng.h>

/* An empty SAX2 handler, marked as SAX2 so that libxml2 calls its
 * namespace-aware callbacks (`startElementNs`, `endElementNs`) and hands
 * errors to `serror` rather than printing them. */
static inline xmlSAXHandler cxml_sax2_handler(void) {
    xmlSAXHandler handler;
    memset(&handler, 0, sizeof handler);
    handler.initialized = XML_SAX2_MAGIC;
    return handler;
}

#endif
