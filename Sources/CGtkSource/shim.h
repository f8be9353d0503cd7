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
static inline gboolean cgtk_is_source_buffer(gpointer p) { return GTK_SOURCE_IS_BUFFER(p); }

/* A tag named `name` setting the font family (gtk_text_buffer_create_tag is variadic). */
static inline GtkTextTag *cgtk_text_buffer_create_family_tag(gpointer buffer, const char *name, const char *family) {
    return gtk_text_buffer_create_tag(GTK_TEXT_BUFFER(buffer), name, "family", family, NULL);
}

static inline GtkTextTag *cgtk_text_buffer_create_invisible_tag(gpointer buffer, const char *name) {
    return gtk_text_buffer_create_tag(GTK_TEXT_BUFFER(buffer), name, "invisible", TRUE, NULL);
}

/* void handler(GtkSourceBuffer *buffer, GtkTextIter *start, GtkTextIter *end, gpointer data):
 * "highlight-updated", once the styling of a region is up to date. */
typedef void (*CGtkSourceRangeHandler)(gpointer buffer, GtkTextIter *start, GtkTextIter *end, gpointer data);

static inline gulong cgtk_signal_connect_highlight_updated(gpointer buffer, CGtkSourceRangeHandler handler,
                                                           gpointer data, GClosureNotify release) {
    return g_signal_connect_data(buffer, "highlight-updated", G_CALLBACK(handler), data, release, 0);
}

/* Whether `tag` is on all of the text from `start` to `end` (`wholly`), or on any of it. */
static inline gboolean cgtk_text_range_has_tag(const GtkTextIter *start, const GtkTextIter *end, GtkTextTag *tag,
                                               gboolean wholly) {
    gboolean at_start = gtk_text_iter_has_tag(start, tag);
    if (at_start != wholly) return at_start;
    /* What holds at the start holds up to the next toggle: up to the end, or not. */
    GtkTextIter toggle = *start;
    gboolean toggles = gtk_text_iter_forward_to_tag_toggle(&toggle, tag) && gtk_text_iter_compare(&toggle, end) < 0;
    return wholly ? !toggles : toggles;
}

static inline void cgtk_stop_removing_absent_tag(GtkTextBuffer *buffer, GtkTextTag *tag, GtkTextIter *start,
                                                 GtkTextIter *end, gpointer unused) {
    (void)unused;
    if (!cgtk_text_range_has_tag(start, end, tag, FALSE)) g_signal_stop_emission_by_name(buffer, "remove-tag");
}

static inline void cgtk_stop_applying_present_tag(GtkTextBuffer *buffer, GtkTextTag *tag, GtkTextIter *start,
                                                  GtkTextIter *end, gpointer unused) {
    (void)unused;
    if (cgtk_text_range_has_tag(start, end, tag, TRUE)) g_signal_stop_emission_by_name(buffer, "apply-tag");
}

/* Makes `buffer` skip tag changes that change nothing (before any other
 * "apply-tag" or "remove-tag" handler). Taking a tag off text that does not
 * have it, or putting it on text that has it all, leaves the text as it was,
 * yet GTK's own handler lays the range's paragraphs out again (or redraws
 * them) all the same. GtkSourceView restyles an edited region by taking every
 * style tag it has made off all of the region, then putting back the ones
 * that apply: without this, every keystroke would lay its paragraph out twice. */
static inline void cgtk_text_buffer_skip_tag_changes_that_change_nothing(gpointer buffer) {
    g_signal_connect(buffer, "remove-tag", G_CALLBACK(cgtk_stop_removing_absent_tag), NULL);
    g_signal_connect(buffer, "apply-tag", G_CALLBACK(cgtk_stop_applying_present_tag), NULL);
}

/* void handler(GtkWidget *view, gboolean redo, gpointer data): the view's Undo or Redo was asked for. */
typedef void (*CGtkUndoActionHandler)(gpointer view, gboolean redo, gpointer data);

static inline void cgtk_own_undo_view_activate(GtkWidget *widget, const char *name, GVariant *parameter) {
    (void)parameter;
    CGtkUndoActionHandler handler = (CGtkUndoActionHandler)g_object_get_data(G_OBJECT(widget), "cgtk-undo-handler");
    if (handler) handler(widget, g_str_equal(name, "text.redo"), g_object_get_data(G_OBJECT(widget), "cgtk-undo-data"));
}

static inline void cgtk_own_undo_view_class_init(gpointer klass, gpointer unused) {
    (void)unused;
    /* Installed again in the subclass, the text view's actions (its Ctrl+Z
     * and Shift+Ctrl+Z, its context menu's Undo and Redo) are the caller's. */
    gtk_widget_class_install_action(GTK_WIDGET_CLASS(klass), "text.undo", NULL, cgtk_own_undo_view_activate);
    gtk_widget_class_install_action(GTK_WIDGET_CLASS(klass), "text.redo", NULL, cgtk_own_undo_view_activate);
}

/* A GtkSourceView whose "text.undo" and "text.redo" call `handler` (with
 * `data`, released with the view) instead of GTK's own history: for a buffer
 * whose Undo history the caller keeps. */
static inline GtkWidget *cgtk_source_view_new_with_own_undo(CGtkUndoActionHandler handler, gpointer data,
                                                           GDestroyNotify release) {
    GType type = g_type_from_name("CGtkOwnUndoSourceView");
    if (type == 0) {
        type = g_type_register_static_simple(GTK_SOURCE_TYPE_VIEW, g_intern_static_string("CGtkOwnUndoSourceView"),
                                             sizeof(GtkSourceViewClass), cgtk_own_undo_view_class_init,
                                             sizeof(GtkSourceView), NULL, 0);
    }
    GtkWidget *view = g_object_new(type, NULL);
    g_object_set_data(G_OBJECT(view), "cgtk-undo-handler", (gpointer)handler);
    g_object_set_data_full(G_OBJECT(view), "cgtk-undo-data", data, release);
    return view;
}
/* Printing a source buffer: GtkSourceView's print compositor lays the text
 * out in pages (styled as shown) for a GtkPrintOperation, which it owns. */
static inline gboolean cgtk_source_print_paginate(GtkPrintOperation *operation, GtkPrintContext *context,
                                                  gpointer compositor) {
    if (!gtk_source_print_compositor_paginate(GTK_SOURCE_PRINT_COMPOSITOR(compositor), context)) return FALSE;
    gtk_print_operation_set_n_pages(operation,
                                     gtk_source_print_compositor_get_n_pages(GTK_SOURCE_PRINT_COMPOSITOR(compositor)));
    return TRUE;
}

static inline void cgtk_source_print_draw_page(GtkPrintOperation *operation, GtkPrintContext *context, int page,
                                               gpointer compositor) {
    (void)operation;
    gtk_source_print_compositor_draw_page(GTK_SOURCE_PRINT_COMPOSITOR(compositor), context, page);
}

/* Whether the text at `iter` is hidden by one of its tags. */
static inline gboolean cgtk_text_iter_is_hidden(const GtkTextIter *iter) {
    GSList *tags = gtk_text_iter_get_tags(iter);
    gboolean hidden = FALSE;
    for (GSList *link = tags; link != NULL && !hidden; link = link->next) {
        gboolean set = FALSE, invisible = FALSE;
        g_object_get(link->data, "invisible-set", &set, "invisible", &invisible, NULL);
        hidden = set && invisible;
    }
    g_slist_free(tags);
    return hidden;
}

/* A buffer holding what `buffer` shows: its text, styled by the same tags
 * (they share a tag table), with the text a tag hides left out. The print
 * compositor lays out every character, hidden or not, and takes a line's
 * direction from its first letter (a checked task's hidden "x" would turn a
 * right-to-left line); the page should show what the editor shows. */
static inline GtkSourceBuffer *cgtk_source_buffer_shown_copy(gpointer buffer) {
    GtkTextBuffer *from = GTK_TEXT_BUFFER(buffer);
    GtkSourceBuffer *copy = gtk_source_buffer_new(gtk_text_buffer_get_tag_table(from));
    GtkTextBuffer *to = GTK_TEXT_BUFFER(copy);
    GtkTextIter start, end, at;
    gtk_text_buffer_get_bounds(from, &start, &end);
    gtk_text_buffer_get_start_iter(to, &at);
    gtk_text_buffer_insert_range(to, &at, &start, &end);
    GArray *hidden = g_array_new(FALSE, FALSE, sizeof(int));  /* start and end offsets of each hidden run */
    GtkTextIter iter;
    gtk_text_buffer_get_start_iter(to, &iter);
    while (!gtk_text_iter_is_end(&iter)) {
        GtkTextIter next = iter;
        if (!gtk_text_iter_forward_to_tag_toggle(&next, NULL)) gtk_text_buffer_get_end_iter(to, &next);
        if (cgtk_text_iter_is_hidden(&iter)) {
            int bounds[2] = {gtk_text_iter_get_offset(&iter), gtk_text_iter_get_offset(&next)};
            g_array_append_vals(hidden, bounds, 2);
        }
        iter = next;
    }
    for (guint index = hidden->len; index >= 2; index -= 2) {
        GtkTextIter run_start, run_end;
        gtk_text_buffer_get_iter_at_offset(to, &run_start, g_array_index(hidden, int, index - 2));
        gtk_text_buffer_get_iter_at_offset(to, &run_end, g_array_index(hidden, int, index - 1));
        gtk_text_buffer_delete(to, &run_start, &run_end);
    }
    g_array_free(hidden, TRUE);
    return copy;
}

/* A print operation for what `buffer` shows: `header` at the top left of every
 * page (strftime-style: a literal % must be %%), `footer` centred at the
 * bottom (%N: the page's number, %Q: how many), in `font` (a Pango font
 * name; NULL: GtkSourceView's), lines wrapped at words. */
static inline GtkPrintOperation *cgtk_source_print_operation_new(gpointer buffer, const char *header,
                                                                 const char *footer, const char *font) {
    GtkSourceBuffer *shown = cgtk_source_buffer_shown_copy(buffer);
    GtkSourcePrintCompositor *compositor = gtk_source_print_compositor_new(shown);
    g_object_unref(shown);
    gtk_source_print_compositor_set_wrap_mode(compositor, GTK_WRAP_WORD_CHAR);
    gtk_source_print_compositor_set_print_header(compositor, TRUE);
    gtk_source_print_compositor_set_header_format(compositor, TRUE, header, NULL, NULL);
    gtk_source_print_compositor_set_print_footer(compositor, TRUE);
    gtk_source_print_compositor_set_footer_format(compositor, FALSE, NULL, footer, NULL);
    if (font) {
        gtk_source_print_compositor_set_body_font_name(compositor, font);
        gtk_source_print_compositor_set_header_font_name(compositor, font);
        gtk_source_print_compositor_set_footer_font_name(compositor, font);
    }
    GtkPrintOperation *operation = gtk_print_operation_new();
    g_object_set_data_full(G_OBJECT(operation), "cgtk-compositor", compositor, g_object_unref);
    g_signal_connect(operation, "paginate", G_CALLBACK(cgtk_source_print_paginate), compositor);
    g_signal_connect(operation, "draw-page", G_CALLBACK(cgtk_source_print_draw_page), compositor);
    return operation;
}

/* A copy of `settings` (NULL: GTK's defaults) in which Print to File proposes
 * a file named `basename` (GTK adds the format's extension) in the folder the
 * last print to a file went to, or GTK's own (the Documents folder) if none
 * did or that folder is gone. GTK would propose the last file itself,
 * whatever is printed now, and a print of another note would go over it. */
static inline GtkPrintSettings *cgtk_print_settings_proposing_file(GtkPrintSettings *settings, const char *basename) {
    GtkPrintSettings *copy = settings ? gtk_print_settings_copy(settings) : gtk_print_settings_new();
    const char *last = gtk_print_settings_get(copy, GTK_PRINT_SETTINGS_OUTPUT_URI);
    if (last) {
        GFile *file = g_file_new_for_uri(last);
        GFile *folder = g_file_get_parent(file);
        if (folder && g_file_peek_path(folder) && g_file_query_exists(folder, NULL))
            gtk_print_settings_set(copy, GTK_PRINT_SETTINGS_OUTPUT_DIR, g_file_peek_path(folder));
        g_clear_object(&folder);
        g_object_unref(file);
        gtk_print_settings_set(copy, GTK_PRINT_SETTINGS_OUTPUT_URI, NULL);
    }
    gtk_print_settings_set(copy, GTK_PRINT_SETTINGS_OUTPUT_BASENAME, basename);
    return copy;
}

/* void handler(GtkPrintOperation *operation, GtkPrintOperationResult result, gpointer data): "done". */
typedef void (*CGtkPrintDoneHandler)(GtkPrintOperation *operation, GtkPrintOperationResult result, gpointer data);

static inline gulong cgtk_signal_connect_print_done(GtkPrintOperation *operation, CGtkPrintDoneHandler handler,
                                                    gpointer data, GClosureNotify release) {
    return g_signal_connect_data(operation, "done", G_CALLBACK(handler), data, release, 0);
}
#endif
