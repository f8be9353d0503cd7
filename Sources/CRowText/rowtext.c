/* A list row's text drawn as one widget (GtkKit's RowText): the class. */
#include "rowtext.h"
#include <gtk/gtk.h>

#define CGTK_TYPE_ROW_TEXT (cgtk_row_text_get_type())
G_DECLARE_FINAL_TYPE(CGtkRowText, cgtk_row_text, CGTK, ROW_TEXT, GtkWidget)

/*
 * Two lines: a title (Pango markup), then at the line's end, dimmed, an
 * optional symbolic icon, an optional badge in tabular figures and a trailing
 * text; under them a detail line (plain text or markup), dimmed. The title
 * and the detail are cut with "…" where the widget ends; the icon, badge and
 * trailing text keep their width.
 *
 * Why one widget: built of boxes, inscriptions and a label, a row was six
 * widgets, each with its own style, measurement and allocation, and a list
 * keeps up to about 200 rows. The row is laid out from font metrics alone
 * (like GtkInscription): a line's text is shaped only at the width it is
 * drawn at.
 *
 * For screen readers it is a label named by the title, described by the detail.
 */

enum { CGTK_ROW_TEXT_LINE_SPACING = 2, CGTK_ROW_TEXT_SPACING = 6, CGTK_ROW_TEXT_ICON_SIZE = 16 };

/* What libadwaita's .dim-label does to a widget: drawn at this opacity. */
#define CGTK_ROW_TEXT_DIM_OPACITY 0.55

struct _CGtkRowText {
    GtkWidget parent_instance;
    char *title_markup, *badge, *trailing, *detail, *icon_name;
    gboolean detail_is_markup;
    /* Made for `font` (the widget's font when they were made); made again when it changes. */
    PangoLayout *title, *badge_layout, *trailing_layout, *detail_layout;
    PangoFontDescription *font;
    int line_height;
};

G_DEFINE_FINAL_TYPE(CGtkRowText, cgtk_row_text, GTK_TYPE_WIDGET)

static void cgtk_row_text_forget_layouts(CGtkRowText *self) {
    g_clear_object(&self->title);
    g_clear_object(&self->badge_layout);
    g_clear_object(&self->trailing_layout);
    g_clear_object(&self->detail_layout);
    g_clear_pointer(&self->font, pango_font_description_free);
}

static PangoLayout *cgtk_row_text_line(GtkWidget *widget, const char *text, gboolean markup) {
    PangoLayout *layout = gtk_widget_create_pango_layout(widget, NULL);
    pango_layout_set_single_paragraph_mode(layout, TRUE);
    pango_layout_set_ellipsize(layout, PANGO_ELLIPSIZE_END);
    if (markup) pango_layout_set_markup(layout, text ? text : "", -1);
    else pango_layout_set_text(layout, text ? text : "", -1);
    return layout;
}

/* The layouts, made for the widget's font as it is now (its style may have
 * changed it since they were made), and the height of a line. */
static void cgtk_row_text_ensure_layouts(CGtkRowText *self) {
    GtkWidget *widget = GTK_WIDGET(self);
    PangoContext *context = gtk_widget_get_pango_context(widget);
    const PangoFontDescription *font = pango_context_get_font_description(context);
    if (self->title != NULL && self->font != NULL && font != NULL && pango_font_description_equal(self->font, font)) return;
    cgtk_row_text_forget_layouts(self);
    self->font = font ? pango_font_description_copy(font) : pango_font_description_new();
    self->title = cgtk_row_text_line(widget, self->title_markup, TRUE);
    self->trailing_layout = cgtk_row_text_line(widget, self->trailing, FALSE);
    self->detail_layout = cgtk_row_text_line(widget, self->detail, self->detail_is_markup);
    self->badge_layout = cgtk_row_text_line(widget, self->badge, FALSE);
    PangoAttrList *figures = pango_attr_list_new();
    pango_attr_list_insert(figures, pango_attr_font_features_new("tnum=1"));
    pango_layout_set_attributes(self->badge_layout, figures);
    pango_attr_list_unref(figures);
    PangoFontMetrics *metrics = pango_context_get_metrics(context, self->font, NULL);
    self->line_height = PANGO_PIXELS_CEIL(pango_font_metrics_get_height(metrics));
    if (self->line_height <= 0) {
        self->line_height = PANGO_PIXELS_CEIL(pango_font_metrics_get_ascent(metrics) + pango_font_metrics_get_descent(metrics));
    }
    pango_font_metrics_unref(metrics);
}

static int cgtk_row_text_width_of(PangoLayout *layout) {
    pango_layout_set_width(layout, -1);
    int width = 0;
    pango_layout_get_pixel_size(layout, &width, NULL);
    return width;
}

static gboolean cgtk_row_text_has(const char *text) { return text != NULL && *text != '\0'; }

/* The width the icon, the badge and the trailing text take at the end of the first line, spacing included. */
static int cgtk_row_text_end_width(CGtkRowText *self, int *icon_width, int *badge_width, int *trailing_width) {
    *icon_width = cgtk_row_text_has(self->icon_name) ? CGTK_ROW_TEXT_ICON_SIZE : 0;
    *badge_width = cgtk_row_text_has(self->badge) ? cgtk_row_text_width_of(self->badge_layout) : 0;
    *trailing_width = cgtk_row_text_has(self->trailing) ? cgtk_row_text_width_of(self->trailing_layout) : 0;
    int total = 0;
    int parts[] = {*icon_width, *badge_width, *trailing_width};
    for (int index = 0; index < 3; index++) {
        if (parts[index] > 0) total += CGTK_ROW_TEXT_SPACING + parts[index];
    }
    return total;
}

static void cgtk_row_text_measure(GtkWidget *widget, GtkOrientation orientation, int for_size, int *minimum,
                                         int *natural, int *minimum_baseline, int *natural_baseline) {
    (void)for_size;
    CGtkRowText *self = CGTK_ROW_TEXT(widget);
    cgtk_row_text_ensure_layouts(self);
    if (orientation == GTK_ORIENTATION_HORIZONTAL) {
        /* Room for three characters of the title, as an inscription asks by default, and the line's end. */
        PangoFontMetrics *metrics = pango_context_get_metrics(gtk_widget_get_pango_context(widget), self->font, NULL);
        int characters = PANGO_PIXELS_CEIL(3 * pango_font_metrics_get_approximate_char_width(metrics));
        pango_font_metrics_unref(metrics);
        int icon, badge, trailing;
        *minimum = *natural = characters + cgtk_row_text_end_width(self, &icon, &badge, &trailing);
    } else {
        *minimum = *natural = 2 * MAX(self->line_height, 1) + CGTK_ROW_TEXT_LINE_SPACING;
    }
    *minimum_baseline = *natural_baseline = -1;
}

static void cgtk_row_text_draw(GtkSnapshot *snapshot, PangoLayout *layout, int x, int y, const GdkRGBA *color) {
    gtk_snapshot_save(snapshot);
    gtk_snapshot_translate(snapshot, &GRAPHENE_POINT_INIT(x, y));
    gtk_snapshot_append_layout(snapshot, layout, color);
    gtk_snapshot_restore(snapshot);
}

static void cgtk_row_text_snapshot(GtkWidget *widget, GtkSnapshot *snapshot) {
    CGtkRowText *self = CGTK_ROW_TEXT(widget);
    cgtk_row_text_ensure_layouts(self);
    int width = gtk_widget_get_width(widget);
    gboolean rtl = gtk_widget_get_direction(widget) == GTK_TEXT_DIR_RTL;
    GdkRGBA color, dim;
    gtk_style_context_get_color(gtk_widget_get_style_context(widget), &color);
    dim = color;
    dim.alpha *= CGTK_ROW_TEXT_DIM_OPACITY;
    /* x counts from the line's start: from the left, or from the right in a right-to-left language. */
#define CGTK_ROW_TEXT_X(x, w) (rtl ? width - (x) - (w) : (x))
    int icon, badge, trailing;
    int end = width - cgtk_row_text_end_width(self, &icon, &badge, &trailing);
    int x = end;
    if (icon > 0) {
        x += CGTK_ROW_TEXT_SPACING;
        GtkIconPaintable *paintable = gtk_icon_theme_lookup_icon(
            gtk_icon_theme_get_for_display(gtk_widget_get_display(widget)), self->icon_name, NULL, CGTK_ROW_TEXT_ICON_SIZE,
            gtk_widget_get_scale_factor(widget), gtk_widget_get_direction(widget), 0);
        gtk_snapshot_save(snapshot);
        gtk_snapshot_translate(snapshot, &GRAPHENE_POINT_INIT(CGTK_ROW_TEXT_X(x, icon),
                                                              (self->line_height - CGTK_ROW_TEXT_ICON_SIZE) / 2.0));
        gtk_symbolic_paintable_snapshot_symbolic(GTK_SYMBOLIC_PAINTABLE(paintable), snapshot, CGTK_ROW_TEXT_ICON_SIZE,
                                                 CGTK_ROW_TEXT_ICON_SIZE, &dim, 1);
        gtk_snapshot_restore(snapshot);
        g_object_unref(paintable);
        x += icon;
    }
    if (badge > 0) {
        x += CGTK_ROW_TEXT_SPACING;
        cgtk_row_text_draw(snapshot, self->badge_layout, CGTK_ROW_TEXT_X(x, badge), 0, &dim);
        x += badge;
    }
    if (trailing > 0) {
        x += CGTK_ROW_TEXT_SPACING;
        cgtk_row_text_draw(snapshot, self->trailing_layout, CGTK_ROW_TEXT_X(x, trailing), 0, &dim);
    }
    int title_width = MAX(end, 0);
    pango_layout_set_width(self->title, title_width * PANGO_SCALE);
    pango_layout_set_alignment(self->title, rtl ? PANGO_ALIGN_RIGHT : PANGO_ALIGN_LEFT);
    cgtk_row_text_draw(snapshot, self->title, CGTK_ROW_TEXT_X(0, title_width), 0, &color);
    pango_layout_set_width(self->detail_layout, width * PANGO_SCALE);
    pango_layout_set_alignment(self->detail_layout, rtl ? PANGO_ALIGN_RIGHT : PANGO_ALIGN_LEFT);
    cgtk_row_text_draw(snapshot, self->detail_layout, 0, self->line_height + CGTK_ROW_TEXT_LINE_SPACING, &dim);
#undef CGTK_ROW_TEXT_X
}

static void cgtk_row_text_setting_changed(GtkWidget *widget, GtkSystemSetting setting) {
    /* Font options and resolution live in the layouts' own contexts: make them again. */
    cgtk_row_text_forget_layouts(CGTK_ROW_TEXT(widget));
    gtk_widget_queue_resize(widget);
    (void)setting;
}

static void cgtk_row_text_direction_changed(GtkWidget *widget, GtkTextDirection previous) {
    (void)previous;
    cgtk_row_text_forget_layouts(CGTK_ROW_TEXT(widget));
    gtk_widget_queue_draw(widget);
}

/* A popover attached to the row (its context menu) is placed as the row is. */
static void cgtk_row_text_size_allocate(GtkWidget *widget, int width, int height, int baseline) {
    (void)width, (void)height, (void)baseline;
    for (GtkWidget *child = gtk_widget_get_first_child(widget); child != NULL; child = gtk_widget_get_next_sibling(child)) {
        if (GTK_IS_POPOVER(child)) gtk_popover_present(GTK_POPOVER(child));
    }
}

static void cgtk_row_text_dispose(GObject *object) {
    GtkWidget *child;
    while ((child = gtk_widget_get_first_child(GTK_WIDGET(object))) != NULL) gtk_widget_unparent(child);
    G_OBJECT_CLASS(cgtk_row_text_parent_class)->dispose(object);
}

static void cgtk_row_text_finalize(GObject *object) {
    CGtkRowText *self = CGTK_ROW_TEXT(object);
    cgtk_row_text_forget_layouts(self);
    g_free(self->title_markup);
    g_free(self->badge);
    g_free(self->trailing);
    g_free(self->detail);
    g_free(self->icon_name);
    G_OBJECT_CLASS(cgtk_row_text_parent_class)->finalize(object);
}

static void cgtk_row_text_class_init(CGtkRowTextClass *klass) {
    GtkWidgetClass *widget_class = GTK_WIDGET_CLASS(klass);
    widget_class->measure = cgtk_row_text_measure;
    widget_class->snapshot = cgtk_row_text_snapshot;
    widget_class->size_allocate = cgtk_row_text_size_allocate;
    widget_class->system_setting_changed = cgtk_row_text_setting_changed;
    widget_class->direction_changed = cgtk_row_text_direction_changed;
    G_OBJECT_CLASS(klass)->dispose = cgtk_row_text_dispose;
    G_OBJECT_CLASS(klass)->finalize = cgtk_row_text_finalize;
    gtk_widget_class_set_css_name(widget_class, "rowtext");
    gtk_widget_class_set_accessible_role(widget_class, GTK_ACCESSIBLE_ROLE_LABEL);
}

static void cgtk_row_text_init(CGtkRowText *self) {
    (void)self;
}

void *cgtk_row_text_new(void) {
    return g_object_new(CGTK_TYPE_ROW_TEXT, NULL);
}

/* `text` without its markup, newly allocated; `text` itself if it is not valid markup. */
static char *cgtk_row_text_plain(const char *text, gboolean markup) {
    char *plain = NULL;
    if (markup && text != NULL && pango_parse_markup(text, -1, 0, NULL, &plain, NULL, NULL)) return plain;
    return g_strdup(text ? text : "");
}

/* Replaces `*field` with a copy of `value`; returns whether it changed. */
static gboolean cgtk_row_text_replace(char **field, const char *value) {
    if (g_strcmp0(*field, value) == 0) return FALSE;
    g_free(*field);
    *field = g_strdup(value);
    return TRUE;
}

/* Sets the title (Pango markup), the icon (a symbolic icon's name, or NULL),
 * the badge and trailing texts (or NULL) and the detail (markup if
 * `detail_is_markup`, else plain text). Only what changed is laid out again. */
void cgtk_row_text_set(void *row, const char *title_markup, const char *icon_name, const char *badge,
                       const char *trailing, const char *detail, int detail_is_markup) {
    GtkWidget *widget = GTK_WIDGET(row);
    CGtkRowText *self = CGTK_ROW_TEXT(widget);
    gboolean resize = FALSE, redraw = FALSE;
    if (cgtk_row_text_replace(&self->title_markup, title_markup)) {
        if (self->title) pango_layout_set_markup(self->title, title_markup ? title_markup : "", -1);
        redraw = TRUE;
        char *plain = cgtk_row_text_plain(title_markup, TRUE);
        gtk_accessible_update_property(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_PROPERTY_LABEL, plain, -1);
        g_free(plain);
    }
    if (cgtk_row_text_replace(&self->icon_name, icon_name)) resize = TRUE;
    if (cgtk_row_text_replace(&self->badge, badge)) {
        if (self->badge_layout) pango_layout_set_text(self->badge_layout, badge ? badge : "", -1);
        resize = TRUE;
    }
    if (cgtk_row_text_replace(&self->trailing, trailing)) {
        if (self->trailing_layout) pango_layout_set_text(self->trailing_layout, trailing ? trailing : "", -1);
        resize = TRUE;
    }
    if (cgtk_row_text_replace(&self->detail, detail) || self->detail_is_markup != detail_is_markup) {
        self->detail_is_markup = detail_is_markup;
        if (self->detail_layout) {
            if (detail_is_markup) pango_layout_set_markup(self->detail_layout, detail ? detail : "", -1);
            else pango_layout_set_text(self->detail_layout, detail ? detail : "", -1);
        }
        char *plain = cgtk_row_text_plain(detail, detail_is_markup);
        gtk_accessible_update_property(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, plain, -1);
        g_free(plain);
        redraw = TRUE;
    }
    if (resize) gtk_widget_queue_resize(widget);
    else if (redraw) gtk_widget_queue_draw(widget);
}
