/* Checked casts from gpointer to each GObject type Swift uses. Part of shim.h: include that, not this. */
#ifndef CGTK_CASTS_H
#define CGTK_CASTS_H

/* ---- Checked casts ------------------------------------------------------ */

static inline GObject *cgtk_as_object(gpointer p) { return G_OBJECT(p); }
static inline GtkWidget *cgtk_as_widget(gpointer p) { return GTK_WIDGET(p); }
static inline GtkWindow *cgtk_as_window(gpointer p) { return GTK_WINDOW(p); }
static inline GtkApplication *cgtk_as_gtk_application(gpointer p) { return GTK_APPLICATION(p); }
static inline GApplication *cgtk_as_application(gpointer p) { return G_APPLICATION(p); }
static inline GActionMap *cgtk_as_action_map(gpointer p) { return G_ACTION_MAP(p); }
static inline GAction *cgtk_as_action(gpointer p) { return G_ACTION(p); }
static inline GtkTextView *cgtk_as_text_view(gpointer p) { return GTK_TEXT_VIEW(p); }
static inline GtkScrollable *cgtk_as_scrollable(gpointer p) { return GTK_SCROLLABLE(p); }
static inline GtkScrolledWindow *cgtk_as_scrolled_window(gpointer p) { return GTK_SCROLLED_WINDOW(p); }
static inline GtkTextBuffer *cgtk_as_text_buffer(gpointer p) { return GTK_TEXT_BUFFER(p); }
static inline GtkLabel *cgtk_as_label(gpointer p) { return GTK_LABEL(p); }
static inline GtkMenuButton *cgtk_as_menu_button(gpointer p) { return GTK_MENU_BUTTON(p); }
static inline GtkBox *cgtk_as_box(gpointer p) { return GTK_BOX(p); }
static inline GtkRevealer *cgtk_as_revealer(gpointer p) { return GTK_REVEALER(p); }
static inline GtkProgressBar *cgtk_as_progress_bar(gpointer p) { return GTK_PROGRESS_BAR(p); }
static inline GtkPaned *cgtk_as_paned(gpointer p) { return GTK_PANED(p); }
static inline GtkEditable *cgtk_as_editable(gpointer p) { return GTK_EDITABLE(p); }
static inline GtkListView *cgtk_as_list_view(gpointer p) { return GTK_LIST_VIEW(p); }
static inline GtkActionable *cgtk_as_actionable(gpointer p) { return GTK_ACTIONABLE(p); }
static inline GtkAdjustment *cgtk_as_adjustment(gpointer p) { return GTK_ADJUSTMENT(p); }
static inline GtkToggleButton *cgtk_as_toggle_button(gpointer p) { return GTK_TOGGLE_BUTTON(p); }
static inline GtkButton *cgtk_as_button(gpointer p) { return GTK_BUTTON(p); }
static inline GtkOverlay *cgtk_as_overlay(gpointer p) { return GTK_OVERLAY(p); }
static inline AdwBin *cgtk_as_bin(gpointer p) { return ADW_BIN(p); }
static inline AdwWindow *cgtk_as_adw_window(gpointer p) { return ADW_WINDOW(p); }
static inline GtkCssProvider *cgtk_as_css_provider(gpointer p) { return GTK_CSS_PROVIDER(p); }
static inline GtkStyleProvider *cgtk_as_style_provider(gpointer p) { return GTK_STYLE_PROVIDER(p); }
static inline GSettings *cgtk_as_settings(gpointer p) { return G_SETTINGS(p); }
static inline AdwClampScrollable *cgtk_as_clamp_scrollable(gpointer p) { return ADW_CLAMP_SCROLLABLE(p); }
static inline AdwStatusPage *cgtk_as_status_page(gpointer p) { return ADW_STATUS_PAGE(p); }
static inline AdwMessageDialog *cgtk_as_message_dialog(gpointer p) { return ADW_MESSAGE_DIALOG(p); }
static inline AdwApplicationWindow *cgtk_as_adw_application_window(gpointer p) { return ADW_APPLICATION_WINDOW(p); }
static inline AdwHeaderBar *cgtk_as_adw_header_bar(gpointer p) { return ADW_HEADER_BAR(p); }
static inline AdwLeaflet *cgtk_as_leaflet(gpointer p) { return ADW_LEAFLET(p); }
static inline AdwPreferencesWindow *cgtk_as_preferences_window(gpointer p) { return ADW_PREFERENCES_WINDOW(p); }
static inline AdwPreferencesPage *cgtk_as_preferences_page(gpointer p) { return ADW_PREFERENCES_PAGE(p); }
static inline AdwPreferencesGroup *cgtk_as_preferences_group(gpointer p) { return ADW_PREFERENCES_GROUP(p); }
static inline AdwPreferencesRow *cgtk_as_preferences_row(gpointer p) { return ADW_PREFERENCES_ROW(p); }
static inline AdwActionRow *cgtk_as_action_row(gpointer p) { return ADW_ACTION_ROW(p); }
static inline GtkListBoxRow *cgtk_as_list_box_row(gpointer p) { return GTK_LIST_BOX_ROW(p); }
static inline AdwComboRow *cgtk_as_combo_row(gpointer p) { return ADW_COMBO_ROW(p); }
static inline GtkSwitch *cgtk_as_switch(gpointer p) { return GTK_SWITCH(p); }
static inline GtkFontChooser *cgtk_as_font_chooser(gpointer p) { return GTK_FONT_CHOOSER(p); }
static inline GListModel *cgtk_as_list_model(gpointer p) { return G_LIST_MODEL(p); }
static inline AdwEntryRow *cgtk_as_entry_row(gpointer p) { return ADW_ENTRY_ROW(p); }

static inline gboolean cgtk_is_object(gpointer p) { return p != NULL && G_IS_OBJECT(p); }
static inline gboolean cgtk_is_window(gpointer p) { return p != NULL && GTK_IS_WINDOW(p); }

static inline const char *cgtk_object_type_name(gpointer p) { return G_OBJECT_TYPE_NAME(p); }

#endif
