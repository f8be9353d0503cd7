/*
 * GtkSourceView 5 for Swift: the only place that knows its C macros, beside
 * CGtk's shim for GTK itself (which this builds on, so the two share their
 * GTK types). Only the editor's module links it; the scene framework does not.
 */
#ifndef CGTKSOURCE_SHIM_H
#define CGTKSOURCE_SHIM_H

#include "../CGtk/shim.h"
#include <gtksourceview/gtksource.h>

static inline GtkSourceBuffer *cgtk_as_source_buffer(gpointer p) { return GTK_SOURCE_BUFFER(p); }
static inline GtkSourceView *cgtk_as_source_view(gpointer p) { return GTK_SOURCE_VIEW(p); }

/* A tag named `name` setting the font family (gtk_text_buffer_create_tag is variadic). */
static inline GtkTextTag *cgtk_text_buffer_create_family_tag(gpointer buffer, const char *name, const char *family) {
    return gtk_text_buffer_create_tag(GTK_TEXT_BUFFER(buffer), name, "family", family, NULL);
}

/* void handler(GtkSourceBuffer *buffer, GtkTextIter *start, GtkTextIter *end, gpointer data):
 * "highlight-updated", once the styling of a region is up to date. */
typedef void (*CGtkSourceRangeHandler)(gpointer buffer, GtkTextIter *start, GtkTextIter *end, gpointer data);

static inline gulong cgtk_signal_connect_highlight_updated(gpointer buffer, CGtkSourceRangeHandler handler,
                                                           gpointer data, GClosureNotify release) {
    return g_signal_connect_data(buffer, "highlight-updated", G_CALLBACK(handler), data, release, 0);
}

/* GtkSourceView restyles an edited region by taking every style tag it has
 * made off all of the region, then putting back the ones that apply. Taking a
 * tag off text that does not have it changes nothing, yet GTK's own handler
 * lays the region's paragraphs out again (or redraws them) all the same: such
 * a removal is stopped before that handler runs. */
static inline void cgtk_stop_removing_absent_tag(GtkTextBuffer *buffer, GtkTextTag *tag, GtkTextIter *start,
                                                 GtkTextIter *end, gpointer unused) {
    (void)unused;
    if (gtk_text_iter_has_tag(start, tag)) return;
    GtkTextIter toggle = *start;
    if (gtk_text_iter_forward_to_tag_toggle(&toggle, tag) && gtk_text_iter_compare(&toggle, end) < 0) return;
    g_signal_stop_emission_by_name(buffer, "remove-tag");
}

/* Makes `buffer` skip taking off a tag where it is not (before any other "remove-tag" handler). */
static inline void cgtk_text_buffer_skip_removing_absent_tags(gpointer buffer) {
    g_signal_connect(buffer, "remove-tag", G_CALLBACK(cgtk_stop_removing_absent_tag), NULL);
}
#endif
