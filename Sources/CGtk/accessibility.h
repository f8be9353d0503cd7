/* Accessibility labels and roles. Part of shim.h: include that, not this. */
#ifndef CGTK_ACCESSIBILITY_H
#define CGTK_ACCESSIBILITY_H

/* ---- Accessibility ----------------------------------------------------- */

/* Sets the name a screen reader announces for the widget (its accessible label). */
static inline void cgtk_accessible_set_label(gpointer widget, const char *label) {
    gtk_accessible_update_property(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_PROPERTY_LABEL, label, -1);
}

/* Lets a button's name come from the label inside it alone. GTK 4.8 also sets the
 * button's raw mnemonic as its label, and announces "_New Note New Note". */
static inline void cgtk_accessible_name_from_content(gpointer widget) {
    gtk_accessible_reset_property(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_PROPERTY_LABEL);
}

/* Tells a screen reader whether what the widget holds was refused: GTK's
 * "invalid" state, which AT-SPI gets as invalid-entry (GTK 4.8 gives it as
 * AT-SPI's plain "invalid"). */
static inline void cgtk_accessible_set_invalid(gpointer widget, gboolean invalid) {
    gtk_accessible_update_state(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_STATE_INVALID,
                                invalid ? GTK_ACCESSIBLE_INVALID_TRUE : GTK_ACCESSIBLE_INVALID_FALSE, -1);
}

#endif
