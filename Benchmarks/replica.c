/*
 * The benchmark's replica: Quire's windows, built in plain C with the same
 * GTK widgets Quire builds, and nothing else. It is what Quire's window
 * design costs GTK itself, without Swift, Quire's code or its own work
 * (sessions, saving, sync): where Quire is slower than the baseline by more
 * than a target allows, comparing it with the replica tells whether Quire's
 * code or the windows' widgets are the cause.
 *
 * A unique libadwaita application (io.github.quire.Replica) opens
 * REPLICA_WINDOWS windows (default 1) as the benchmark's saved windows come
 * back in Quire: main windows and note windows (the first two main, then
 * note and main windows in turn). Each has what the same Quire window has on
 * screen (compare `GTK_DEBUG=interactive`): an AdwHeaderBar with the same
 * buttons and a menu button whose popover is made when it first opens; the
 * save bar's and the banner's revealers; an overlay for toasts; the note in a
 * GtkSourceView styled by Quire's Markdown language and light scheme, in a
 * clamp; and in a main window, the list of notes beside it in a pane: a
 * search field and a list view of as many rows as the window shows (a title
 * and its age over a preview, drawn by the same widget as Quire's rows), or
 * an empty list's status page. The notes are read from REPLICA_NOTES (Quire's
 * notes.sqlite), newest first; main windows show the newest, note window k
 * the k-th. Its "new-window" action opens one more main window.
 * REPLICA_RESOURCES is Quire's Resources folder (the language and schemes).
 *
 * It prints first-frame lines, and draws with Cairo on software OpenGL when
 * REPLICA_CAIRO_ON_SOFTWARE_GL=1, as the baseline does (first_frame.h).
 */
#include "first_frame.h"
#include <adwaita.h>
#include <gtksourceview/gtksource.h>
#include <sqlite3.h>
/* Quire's list rows are this widget (GtkKit's RowText); its C needs only GTK. */
#include "../Sources/CRowText/include/rowtext.h"

typedef struct {
    char *title;   /* the first line */
    char *preview; /* the next ones, on one line, up to 120 characters (a row's first text length) */
    char *body;
    double modified_at;
} Note;

static GPtrArray *notes;
static GtkSourceLanguage *language;
static GtkSourceStyleScheme *scheme;
static GMenu *primary_menu;

enum { DEFAULT_WIDTH = 720, DEFAULT_HEIGHT = 540, LIST_WIDTH = 280, ROW_TEXT = 120 };
/* As many rows as a window of the default height shows (Quire's NoteListView.firstPageSize). */
#define LIST_ROWS MAX(8, (DEFAULT_HEIGHT - 90) / 44 + 2)

static void note_free(gpointer data) {
    Note *note = data;
    g_free(note->title);
    g_free(note->preview);
    g_free(note->body);
    g_free(note);
}

/* The newest `count` notes (Quire reads only what its windows show too). */
static void read_notes(const char *path, int count) {
    notes = g_ptr_array_new_with_free_func(note_free);
    sqlite3 *database = NULL;
    sqlite3_stmt *statement = NULL;
    if (path == NULL || sqlite3_open_v2(path, &database, SQLITE_OPEN_READONLY, NULL) != SQLITE_OK ||
        sqlite3_prepare_v2(database, "SELECT body, modified_at FROM notes WHERE trashed_at IS NULL ORDER BY modified_at DESC LIMIT ?",
                           -1, &statement, NULL) != SQLITE_OK) {
        sqlite3_close(database);
        return;
    }
    sqlite3_bind_int(statement, 1, count);
    while (sqlite3_step(statement) == SQLITE_ROW) {
        Note *note = g_new0(Note, 1);
        const char *body = (const char *)sqlite3_column_text(statement, 0);
        note->body = g_strdup(body ? body : "");
        note->modified_at = sqlite3_column_double(statement, 1);
        const char *newline = strchr(note->body, '\n');
        note->title = newline ? g_strndup(note->body, newline - note->body) : g_strdup(note->body);
        char *rest = g_strdup(newline ? newline + 1 : "");
        g_strdelimit(rest, "\n", ' ');
        note->preview = g_utf8_substring(rest, 0, MIN(g_utf8_strlen(rest, -1), ROW_TEXT));
        g_free(rest);
        g_ptr_array_add(notes, note);
    }
    sqlite3_finalize(statement);
    sqlite3_close(database);
}

/* Quire's Markdown language and light scheme, read (as Quire's SourceStyling reads them)
   only once a note with text is shown: only Quire's schemes, which stand alone. */
static void read_language_and_scheme(void) {
    if (language != NULL) return;
    const char *resources = getenv("REPLICA_RESOURCES");
    char *languages_folder = g_build_filename(resources ? resources : ".", "language-specs", NULL);
    char *styles_folder = g_build_filename(resources ? resources : ".", "styles", NULL);
    GtkSourceLanguageManager *languages = gtk_source_language_manager_new();
    const char *search[] = {languages_folder, NULL};
    gtk_source_language_manager_set_search_path(languages, search);
    language = gtk_source_language_manager_get_language(languages, "quire-markdown");
    GtkSourceStyleSchemeManager *schemes = gtk_source_style_scheme_manager_get_default();
    const char *styles[] = {styles_folder, NULL};
    gtk_source_style_scheme_manager_set_search_path(schemes, styles);
    scheme = gtk_source_style_scheme_manager_get_scheme(schemes, "quire-light");
    g_free(languages_folder);
    g_free(styles_folder);
}

/* Quire's styling: nothing read until a note has text (the buffers' default scheme finds
   none in an empty search path), the editor's colours and font in a style sheet. */
static void load_styling(void) {
    gtk_source_init();
    const char *nowhere[] = {NULL};
    gtk_source_style_scheme_manager_set_search_path(gtk_source_style_scheme_manager_get_default(), nowhere);
    /* The editor font's style sheet (Quire's EditorFont): the desktop's document font, a rule a zoom step. */
    PangoFontDescription *document_font = NULL;
    GSettingsSchema *schema = g_settings_schema_source_lookup(g_settings_schema_source_get_default(),
                                                              "org.gnome.desktop.interface", TRUE);
    if (schema != NULL && g_settings_schema_has_key(schema, "document-font-name")) {
        GSettings *settings = g_settings_new("org.gnome.desktop.interface");
        char *name = g_settings_get_string(settings, "document-font-name");
        document_font = pango_font_description_from_string(name);
        g_free(name);
        g_object_unref(settings);
    }
    g_clear_pointer(&schema, g_settings_schema_unref);
    const char *family = document_font ? pango_font_description_get_family(document_font) : NULL;
    double points = document_font ? pango_font_description_get_size(document_font) / (double)PANGO_SCALE : 0;
    /* The text's and cursor's colours (Quire's MarkdownStyle), light. */
    GString *rules = g_string_new("textview.note-text { color: #504e55; caret-color: #77767b; }\n");
    const int zoom_steps[] = {100, 50, 67, 80, 90, 110, 120, 133, 150, 170, 200, 240, 300};
    for (size_t index = 0; index < G_N_ELEMENTS(zoom_steps); index++) {
        int step = zoom_steps[index];
        g_string_append(rules, ".note-text");
        if (step != 100) g_string_append_printf(rules, ".zoom-%d", step);
        g_string_append(rules, " { ");
        if (step == 100 && family != NULL && *family != '\0') g_string_append_printf(rules, "font-family: \"%s\"; ", family);
        if (points > 0) g_string_append_printf(rules, "font-size: %.1fpt; }\n", points * step / 100);
        else g_string_append_printf(rules, "font-size: %d%%; }\n", step);
    }
    g_clear_pointer(&document_font, pango_font_description_free);
    GtkCssProvider *font = gtk_css_provider_new();
    gtk_css_provider_load_from_data(font, rules->str, -1);
    g_string_free(rules, TRUE);
    gtk_style_context_add_provider_for_display(gdk_display_get_default(), GTK_STYLE_PROVIDER(font),
                                               GTK_STYLE_PROVIDER_PRIORITY_APPLICATION);
    primary_menu = g_menu_new();
    const char *items[] = {"New Window", "Open in New Window", "Pin Note", "Export Note…", "Move to Trash",
                           "Import Notes…", "Sync", "Preferences", "Keyboard Shortcuts", "About Quire", "Quit"};
    for (size_t index = 0; index < G_N_ELEMENTS(items); index++) g_menu_append(primary_menu, items[index], "app.none");
}

/* A widget's tooltip, set while it is hidden, as Quire's are (GtkKit's Widget.setTooltip). */
static void set_tooltip(GtkWidget *widget, const char *text) {
    gtk_widget_set_visible(widget, FALSE);
    gtk_widget_set_tooltip_text(widget, text);
    gtk_widget_set_visible(widget, TRUE);
}

static GtkWidget *icon_button(const char *icon, const char *tooltip, gboolean toggle) {
    GtkWidget *button = toggle ? gtk_toggle_button_new() : gtk_button_new_from_icon_name(icon);
    if (toggle) gtk_button_set_icon_name(GTK_BUTTON(button), icon);
    set_tooltip(button, tooltip);
    return button;
}

static void make_popover(GtkMenuButton *button, gpointer unused) {
    if (gtk_menu_button_get_popover(button) == NULL) {
        gtk_menu_button_set_popover(button, gtk_popover_menu_new_from_model(G_MENU_MODEL(primary_menu)));
    }
}

static GtkWidget *header_bar(gboolean main_window) {
    GtkWidget *header = adw_header_bar_new();
    if (main_window) {
        GtkWidget *back = icon_button("go-previous-symbolic", "Back to the list (Alt+Left)", FALSE);
        gtk_widget_set_visible(back, FALSE);
        adw_header_bar_pack_start(ADW_HEADER_BAR(header), back);
        adw_header_bar_pack_start(ADW_HEADER_BAR(header), icon_button("document-new-symbolic", "Start a new note (Ctrl+N)", FALSE));
        adw_header_bar_pack_start(ADW_HEADER_BAR(header), icon_button("user-trash-symbolic", "Show the notes in the trash (Alt+T)", TRUE));
    }
    GtkWidget *menu = gtk_menu_button_new();
    gtk_menu_button_set_icon_name(GTK_MENU_BUTTON(menu), "open-menu-symbolic");
    gtk_menu_button_set_create_popup_func(GTK_MENU_BUTTON(menu), make_popover, NULL, NULL);
    adw_header_bar_pack_end(ADW_HEADER_BAR(header), menu);
    return header;
}

/* The note's editor, in its scroller and clamp under an overlay for toasts; `view` is the text view. */
static GtkWidget *editor(Note *note, GtkWidget **view_out) {
    GtkSourceBuffer *buffer = gtk_source_buffer_new(NULL);
    /* As Quire (SourceStyling): the language and scheme only on a buffer that holds text. */
    if (note != NULL && note->body[0] != '\0') {
        read_language_and_scheme();
        gtk_source_buffer_set_language(buffer, language);
        gtk_source_buffer_set_style_scheme(buffer, scheme);
    }
    gtk_source_buffer_set_highlight_matching_brackets(buffer, FALSE);
    gtk_text_buffer_set_text(GTK_TEXT_BUFFER(buffer), note ? note->body : "", -1);
    GtkTextIter end;
    gtk_text_buffer_get_end_iter(GTK_TEXT_BUFFER(buffer), &end);
    gtk_text_buffer_place_cursor(GTK_TEXT_BUFFER(buffer), &end);
    GtkWidget *view = gtk_source_view_new_with_buffer(buffer);
    g_object_unref(buffer);
    GtkTextView *text = GTK_TEXT_VIEW(view);
    gtk_text_view_set_wrap_mode(text, GTK_WRAP_WORD_CHAR);
    gtk_text_view_set_left_margin(text, 18);
    gtk_text_view_set_right_margin(text, 18);
    gtk_text_view_set_top_margin(text, 18);
    gtk_text_view_set_bottom_margin(text, 18);
    gtk_widget_add_css_class(view, "note-text");
    GtkWidget *clamp = adw_clamp_scrollable_new();
    adw_clamp_scrollable_set_maximum_size(ADW_CLAMP_SCROLLABLE(clamp), 640);
    adw_clamp_scrollable_set_tightening_threshold(ADW_CLAMP_SCROLLABLE(clamp), 480);
    adw_clamp_scrollable_set_child(ADW_CLAMP_SCROLLABLE(clamp), view);
    GtkWidget *scroller = gtk_scrolled_window_new();
    gtk_scrolled_window_set_child(GTK_SCROLLED_WINDOW(scroller), clamp);
    gtk_widget_add_css_class(scroller, "view");
    gtk_widget_set_hexpand(scroller, TRUE);
    gtk_widget_set_vexpand(scroller, TRUE);
    GtkWidget *toasts = gtk_overlay_new();
    gtk_overlay_set_child(GTK_OVERLAY(toasts), scroller);
    *view_out = view;
    return toasts;
}

/* When a note was written, as a row says it (Quire's NoteRow.relativeTime, in English). */
static char *relative_time(double modified_at) {
    long seconds = (long)(g_get_real_time() / 1e6 - modified_at);
    if (seconds < 60) return g_strdup("just now");
    if (seconds < 3600) return g_strdup_printf(seconds < 120 ? "%ld minute ago" : "%ld minutes ago", seconds / 60);
    if (seconds < 86400) return g_strdup_printf(seconds < 7200 ? "%ld hour ago" : "%ld hours ago", seconds / 3600);
    if (seconds < 172800) return g_strdup("yesterday");
    if (seconds < 7 * 86400) return g_strdup_printf("%ld days ago", seconds / 86400);
    GDateTime *date = g_date_time_new_from_unix_local((gint64)modified_at);
    char *text = g_date_time_format(date, "%e %b %Y");
    g_date_time_unref(date);
    return text;
}

static void setup_row(GtkSignalListItemFactory *factory, GtkListItem *item, gpointer unused) {
    GtkWidget *row = cgtk_row_text_new();
    gtk_widget_set_margin_start(row, 8);
    gtk_widget_set_margin_end(row, 8);
    gtk_widget_set_margin_top(row, 8);
    gtk_widget_set_margin_bottom(row, 8);
    gtk_list_item_set_child(item, row);
}

static void bind_row(GtkSignalListItemFactory *factory, GtkListItem *item, gpointer unused) {
    int index = atoi(gtk_string_object_get_string(gtk_list_item_get_item(item)));
    Note *note = g_ptr_array_index(notes, index);
    char *cut = g_utf8_substring(note->title, 0, MIN(g_utf8_strlen(note->title, -1), ROW_TEXT));
    char *markup = g_markup_printf_escaped("<b>%s</b>", cut);
    char *age = relative_time(note->modified_at);
    cgtk_row_text_set(gtk_list_item_get_child(item), markup, NULL, NULL, age, note->preview, FALSE);
    g_free(cut);
    g_free(markup);
    g_free(age);
}

/* The list column: a search field over the notes' rows, or an empty list's page. */
static GtkWidget *note_list(void) {
    GtkWidget *column = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0);
    GtkWidget *search = gtk_search_entry_new();
    g_object_set(search, "placeholder-text", "Search notes", NULL);
    gtk_widget_set_margin_start(search, 6);
    gtk_widget_set_margin_end(search, 6);
    gtk_widget_set_margin_top(search, 6);
    gtk_widget_set_margin_bottom(search, 6);
    gtk_box_append(GTK_BOX(column), search);
    GtkStringList *ids = gtk_string_list_new(NULL);
    int rows = MIN((int)notes->len, LIST_ROWS);
    for (int index = 0; index < rows; index++) {
        char number[16];
        g_snprintf(number, sizeof number, "%d", index);
        gtk_string_list_append(ids, number);
    }
    if (rows == 0) {
        GtkWidget *empty = adw_status_page_new();
        adw_status_page_set_icon_name(ADW_STATUS_PAGE(empty), "document-new-symbolic");
        adw_status_page_set_title(ADW_STATUS_PAGE(empty), "No Notes Yet");
        adw_status_page_set_description(ADW_STATUS_PAGE(empty), "Type in the note to start one.");
        gtk_widget_add_css_class(empty, "compact");
        gtk_widget_set_vexpand(empty, TRUE);
        gtk_box_append(GTK_BOX(column), empty);
    }
    GtkListItemFactory *factory = gtk_signal_list_item_factory_new();
    g_signal_connect(factory, "setup", G_CALLBACK(setup_row), NULL);
    g_signal_connect(factory, "bind", G_CALLBACK(bind_row), NULL);
    GtkWidget *list = gtk_list_view_new(GTK_SELECTION_MODEL(gtk_single_selection_new(G_LIST_MODEL(ids))), factory);
    gtk_widget_add_css_class(list, "navigation-sidebar");
    GtkWidget *scroller = gtk_scrolled_window_new();
    gtk_scrolled_window_set_child(GTK_SCROLLED_WINDOW(scroller), list);
    gtk_widget_set_vexpand(scroller, TRUE);
    gtk_box_append(GTK_BOX(column), scroller);
    GtkWidget *list_column = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0);
    gtk_box_append(GTK_BOX(list_column), column);
    return list_column;
}

static void open_window(GtkApplication *application, gboolean main_window, Note *note) {
    GtkWidget *window = adw_application_window_new(application);
    gtk_window_set_default_size(GTK_WINDOW(window), DEFAULT_WIDTH, DEFAULT_HEIGHT);
    char *title = g_strdup_printf("%s — Quire", note ? note->title : "New Note");
    gtk_window_set_title(GTK_WINDOW(window), title);
    g_free(title);
    GtkWidget *content = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0);
    gtk_box_append(GTK_BOX(content), gtk_revealer_new()); /* the save bar */
    gtk_box_append(GTK_BOX(content), gtk_revealer_new()); /* the banner */
    GtkWidget *text_view = NULL;
    GtkWidget *note_view = editor(note, &text_view);
    if (main_window) {
        GtkWidget *paned = gtk_paned_new(GTK_ORIENTATION_HORIZONTAL);
        gtk_paned_set_shrink_start_child(GTK_PANED(paned), FALSE);
        gtk_paned_set_resize_start_child(GTK_PANED(paned), FALSE);
        gtk_paned_set_start_child(GTK_PANED(paned), note_list());
        gtk_paned_set_end_child(GTK_PANED(paned), note_view);
        gtk_paned_set_position(GTK_PANED(paned), LIST_WIDTH);
        gtk_widget_set_hexpand(paned, TRUE);
        gtk_widget_set_vexpand(paned, TRUE);
        GtkWidget *layout = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 0);
        gtk_box_append(GTK_BOX(layout), paned);
        GtkWidget *toasts = gtk_overlay_new();
        gtk_overlay_set_child(GTK_OVERLAY(toasts), layout);
        gtk_box_append(GTK_BOX(content), toasts);
    } else {
        gtk_box_append(GTK_BOX(content), note_view);
    }
    GtkWidget *frame = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0);
    gtk_box_append(GTK_BOX(frame), header_bar(main_window));
    gtk_box_append(GTK_BOX(frame), content);
    adw_application_window_set_content(ADW_APPLICATION_WINDOW(window), frame);
    gtk_widget_grab_focus(text_view);
    report_first_frame(window);
    gtk_window_present(GTK_WINDOW(window));
}

static Note *newest_note(void) {
    return notes->len > 0 ? g_ptr_array_index(notes, 0) : NULL;
}

static void new_window(GSimpleAction *action, GVariant *parameter, gpointer application) {
    open_window(GTK_APPLICATION(application), TRUE, newest_note());
}

static void startup(GApplication *application, gpointer unused) {
    opengl_started_as_quire_does();
    GSimpleAction *action = g_simple_action_new("new-window", NULL);
    g_signal_connect(action, "activate", G_CALLBACK(new_window), application);
    g_action_map_add_action(G_ACTION_MAP(application), G_ACTION(action));
    g_object_unref(action);
    g_application_hold(application); /* runs until stopped, windows or not */
}

static void activate(GtkApplication *application, gpointer unused) {
    static gboolean launched = FALSE;
    if (launched) return;
    launched = TRUE;
    choose_renderer_as_quire_does("REPLICA_CAIRO_ON_SOFTWARE_GL");
    const char *count = getenv("REPLICA_WINDOWS");
    int windows = count != NULL ? atoi(count) : 1;
    read_notes(getenv("REPLICA_NOTES"), MAX(windows, LIST_ROWS));
    load_styling();
    for (int index = 0; index < windows; index++) {
        /* As the benchmark saves them: the first window and every odd one a main window,
         * the others a note window each on the note of its place in the list. */
        gboolean main_window = index == 0 || index % 2 == 1;
        Note *note = main_window || notes->len == 0 ? newest_note() : g_ptr_array_index(notes, index % notes->len);
        open_window(application, main_window, note);
    }
}

int main(int argc, char **argv) {
    keep_opengl_from_starting_as_quire_does("REPLICA_CAIRO_ON_SOFTWARE_GL");
    GtkApplication *application = GTK_APPLICATION(adw_application_new("io.github.quire.Replica", G_APPLICATION_DEFAULT_FLAGS));
    g_signal_connect(application, "startup", G_CALLBACK(startup), NULL);
    g_signal_connect(application, "activate", G_CALLBACK(activate), NULL);
    int status = g_application_run(G_APPLICATION(application), argc, argv);
    g_object_unref(application);
    return status;
}
