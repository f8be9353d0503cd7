/* A list row's text drawn as one widget (GtkKit's RowText), a GtkWidget
 * subclass: see rowtext.c. */
#ifndef CGTK_ROWTEXT_H
#define CGTK_ROWTEXT_H

#include <gtk/gtk.h>

#define CGTK_TYPE_ROW_TEXT (cgtk_row_text_get_type())
G_DECLARE_FINAL_TYPE(CGtkRowText, cgtk_row_text, CGTK, ROW_TEXT, GtkWidget)

/* A new row text, empty. */
GtkWidget *cgtk_row_text_new(void);

/* Sets the title (Pango markup), the icon (a symbolic icon's name, or NULL),
 * the badge and trailing texts (or NULL) and the detail (markup if
 * `detail_is_markup`, else plain text). Only what changed is laid out again. */
void cgtk_row_text_set(GtkWidget *widget, const char *title_markup, const char *icon_name, const char *badge,
                       const char *trailing, const char *detail, gboolean detail_is_markup);

#endif
