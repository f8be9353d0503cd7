/* A list row's text drawn as one widget (GtkKit's RowText), a GtkWidget
 * subclass: see rowtext.c. The widget travels as a plain pointer, so that
 * this module brings none of GTK's declarations of its own (CGtk has them). */
#ifndef CGTK_ROWTEXT_H
#define CGTK_ROWTEXT_H

/* A new row text (a floating GtkWidget), empty. */
void *cgtk_row_text_new(void);

/* Sets the title (Pango markup), the icon (a symbolic icon's name, or NULL),
 * the badge and trailing texts (or NULL) and the detail (markup if
 * `detail_is_markup`, else plain text). Only what changed is laid out again. */
void cgtk_row_text_set(void *widget, const char *title_markup, const char *icon_name, const char *badge,
                       const char *trailing, const char *detail, int detail_is_markup);

#endif
