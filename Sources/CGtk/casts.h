/* Checked casts from gpointer to each GObject type Swift uses. Part of shim.h: include that, not this. */
#ifndef QUIRE_CGTK_CASTS_H
#define QUIRE_CGTK_CASTS_H

/* ---- Checked casts ------------------------------------------------------ */

static inline GObject *quire_as_object(gpointer p) { return G_OBJECT(p); }
static inline GtkWidget *quire_as_widget(gpointer p) { return GTK_WIDGET(p); }
static inline GtkWindow *quire_as_window(gpointer p) { return GTK_WINDOW(p); }
static inline GtkApplication *quire_as_gtk_application(gpointer p) { return GTK_APPLICATION(p); }
static inline GApplication *quire_as_application(gpointer p) { return G_APPLICATION(p); }
static inline GActionMap *quire_as_action_map(gpointer p) { return G_ACTION_MAP(p); }
static inline GAction *quire_as_action(gpointer p) { return G_ACTION(p); }
static inline GtkTextView *quire_as_text_view(gpointer p) { return GTK_TEXT_VIEW(p); }
static inline GtkScrolledWindow *quire_as_scrolled_window(gpointer p) { return GTK_SCROLLED_WINDOW(p); }
static inline GtkTextBuffer *quire_as_text_buffer(gpointer p) { return GTK_TEXT_BUFFER(p); }
static inline GtkLabel *quire_as_label(gpointer p) { return GTK_LABEL(p); }
static inline GtkMenuButton *quire_as_menu_button(gpointer p) { return GTK_MENU_BUTTON(p); }
static inline GtkBox *quire_as_box(gpointer p) { return GTK_BOX(p); }
static inline GtkRevealer *quire_as_revealer(gpointer p) { return GTK_REVEALER(p); }
static inline GtkProgressBar *quire_as_progress_bar(gpointer p) { return GTK_PROGRESS_BAR(p); }
static inline GtkPaned *quire_as_paned(gpointer p) { return GTK_PANED(p); }
static inline GtkEditable *quire_as_editable(gpointer p) { return GTK_EDITABLE(p); }
static inline GtkListView *quire_as_list_view(gpointer p) { return GTK_LIST_VIEW(p); }
static inline GtkActionable *quire_as_actionable(gpointer p) { return GTK_ACTIONABLE(p); }
static inline GtkAdjustment *quire_as_adjustment(gpointer p) { return GTK_ADJUSTMENT(p); }
static inline GtkToggleButton *quire_as_toggle_button(gpointer p) { return GTK_TOGGLE_BUTTON(p); }
static inline GtkButton *quire_as_button(gpointer p) { return GTK_BUTTON(p); }
static inline AdwToast *quire_as_toast(gpointer p) { return ADW_TOAST(p); }
static inline AdwToastOverlay *quire_as_toast_overlay(gpointer p) { return ADW_TOAST_OVERLAY(p); }
static inline AdwClampScrollable *quire_as_clamp_scrollable(gpointer p) { return ADW_CLAMP_SCROLLABLE(p); }
static inline AdwStatusPage *quire_as_status_page(gpointer p) { return ADW_STATUS_PAGE(p); }
static inline AdwMessageDialog *quire_as_message_dialog(gpointer p) { return ADW_MESSAGE_DIALOG(p); }
static inline AdwApplicationWindow *quire_as_adw_application_window(gpointer p) { return ADW_APPLICATION_WINDOW(p); }
static inline AdwHeaderBar *quire_as_adw_header_bar(gpointer p) { return ADW_HEADER_BAR(p); }
static inline AdwLeaflet *quire_as_leaflet(gpointer p) { return ADW_LEAFLET(p); }

static inline gboolean quire_is_object(gpointer p) { return p != NULL && G_IS_OBJECT(p); }
static inline gboolean quire_is_window(gpointer p) { return p != NULL && GTK_IS_WINDOW(p); }

static inline const char *quire_object_type_name(gpointer p) { return G_OBJECT_TYPE_NAME(p); }

#endif
