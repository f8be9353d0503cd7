/*
 * Text leaving a text buffer as plain text (Copy, Cut, the primary selection,
 * a drag into another program) with every character, text a tag hides too.
 *
 * GTK turns a buffer's selection into text/plain with only its visible text,
 * so a character hidden for display (the "x" of a checked task in a
 * right-to-left line) would be missing from what another program pastes.
 * GDK uses the first serializer registered for a type and a MIME type, and
 * GTK registers its own when the text buffer class is first made: these are
 * registered before that, with the same MIME types and conversions.
 */
#ifndef CGTK_TRANSFERS_H
#define CGTK_TRANSFERS_H

static inline void cgtk_text_buffer_text_written(GObject *stream, GAsyncResult *result, gpointer serializer) {
    GError *error = NULL;
    if (!g_output_stream_write_all_finish(G_OUTPUT_STREAM(stream), result, NULL, &error)) {
        gdk_content_serializer_return_error(serializer, error);
    } else {
        gdk_content_serializer_return_success(serializer);
    }
}

/* The buffer's selection, every character of it, in the charset named by the serializer's user data. */
static inline void cgtk_text_buffer_serialize_text(GdkContentSerializer *serializer) {
    GError *error = NULL;
    GCharsetConverter *converter = g_charset_converter_new(gdk_content_serializer_get_user_data(serializer), "utf-8", &error);
    if (converter == NULL) {
        gdk_content_serializer_return_error(serializer, error);
        return;
    }
    g_charset_converter_set_use_fallback(converter, TRUE);
    GOutputStream *filter = g_converter_output_stream_new(gdk_content_serializer_get_output_stream(serializer),
                                                          G_CONVERTER(converter));
    g_object_unref(converter);
    GtkTextBuffer *buffer = g_value_get_object(gdk_content_serializer_get_value(serializer));
    GtkTextIter start, end;
    char *text = gtk_text_buffer_get_selection_bounds(buffer, &start, &end) ? gtk_text_iter_get_text(&start, &end)
                                                                              : g_strdup("");
    gdk_content_serializer_set_task_data(serializer, text, g_free);
    g_output_stream_write_all_async(filter, text, strlen(text), gdk_content_serializer_get_priority(serializer),
                                    gdk_content_serializer_get_cancellable(serializer),
                                    cgtk_text_buffer_text_written, serializer);
    g_object_unref(filter);
}

/* Registers the serializers, once; false if GTK's were registered first (then GTK's are used). */
static inline gboolean cgtk_text_buffer_keep_hidden_text_in_transfers(void) {
    static gboolean registered = FALSE;
    static gboolean first = FALSE;
    if (registered) return first;
    registered = TRUE;
    first = g_type_class_peek(GTK_TYPE_TEXT_BUFFER) == NULL;
    gdk_content_register_serializer(GTK_TYPE_TEXT_BUFFER, "text/plain;charset=utf-8",
                                    cgtk_text_buffer_serialize_text, (gpointer)"utf-8", NULL);
    gdk_content_register_serializer(GTK_TYPE_TEXT_BUFFER, "text/plain",
                                    cgtk_text_buffer_serialize_text, (gpointer)"ASCII", NULL);
    const char *charset = NULL;
    if (!g_get_charset(&charset)) {
        char *mime = g_strdup_printf("text/plain;charset=%s", charset);
        gdk_content_register_serializer(GTK_TYPE_TEXT_BUFFER, mime, cgtk_text_buffer_serialize_text,
                                        (gpointer)charset, NULL);
        g_free(mime);
    }
    return first;
}

#endif
