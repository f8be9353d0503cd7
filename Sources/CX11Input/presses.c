/* Counting the presses GDK delivers to the app's windows.
 *
 * `cx11_input_waiting` sees input only while it waits in Xlib's queue: a key
 * that GDK took and handled between two looks is gone from it. Work done a
 * piece at a time must also know that input came and was handled (and may
 * have a frame to draw), so every GdkSurface's "event" signal is watched by
 * an emission hook: it runs before any handler, for every surface, on any
 * backend. The hook is added the first time a count is asked for. Pointer
 * presses are also counted alone: a click is a person choosing a window,
 * where a key goes to whichever has the focus. */
#include "x11input.h"

#include <gdk/gdk.h>

static unsigned int delivered;
static unsigned int pointer_delivered;

static gboolean count_press(GSignalInvocationHint *hint, guint n_params, const GValue *params, gpointer data) {
    (void)hint;
    (void)data;
    GdkEvent *event = n_params >= 2 ? g_value_peek_pointer(&params[1]) : NULL;
    if (event != NULL) {
        switch (gdk_event_get_event_type(event)) {
        case GDK_KEY_PRESS:
            delivered++;
            break;
        case GDK_BUTTON_PRESS:
        case GDK_TOUCH_BEGIN:
            delivered++;
            pointer_delivered++;
            break;
        default:
            break;
        }
    }
    return TRUE; /* stays for the next emission */
}

static void watch_presses(void) {
    static gulong hook;
    if (hook == 0) {
        gpointer surface_class = g_type_class_ref(GDK_TYPE_SURFACE);
        guint signal = g_signal_lookup("event", GDK_TYPE_SURFACE);
        if (signal != 0) hook = g_signal_add_emission_hook(signal, 0, count_press, NULL, NULL);
        g_type_class_unref(surface_class);
    }
}

unsigned int cx11_presses_delivered(void) {
    watch_presses();
    return delivered;
}

unsigned int cx11_pointer_presses_delivered(void) {
    watch_presses();
    return pointer_delivered;
}
