/* Whether a person's input waits to be handled. Part of shim.h: include that, not this. */
#ifndef CGTK_INPUT_H
#define CGTK_INPUT_H

/* ---- Input waiting on X11 ------------------------------------------------ */

/* Only the head of an Xlib event is declared (its type, and for a generic
 * event its extension and kind, set as it is read), in an event's full size:
 * Xlib's headers would bring its macros into Swift (see windows.h). */
typedef struct {
    int type;
    unsigned long serial;
    int send_event;
    CGtkXDisplay *display;
    int extension;
    int evtype;
} CGtkXGenericEventHead;

typedef union {
    int type;
    CGtkXGenericEventHead generic;
    long size[24];
} CGtkXEvent;

extern int XCheckIfEvent(CGtkXDisplay *display, CGtkXEvent *event,
                         int (*predicate)(CGtkXDisplay *display, CGtkXEvent *event, char *argument), char *argument);
extern int XQueryExtension(CGtkXDisplay *display, const char *name, int *opcode, int *first_event, int *first_error);

/* Xlib's and XInput 2's numbers for the events a person makes: a key or
 * button pressed, a touch begun (core events, and XInput 2's, which GTK 4
 * selects, inside X11's generic events). */
enum {
    CGTK_X_KEY_PRESS = 2,
    CGTK_X_BUTTON_PRESS = 4,
    CGTK_X_GENERIC_EVENT = 35,
    CGTK_XI_KEY_PRESS = 2,
    CGTK_XI_BUTTON_PRESS = 4,
    CGTK_XI_TOUCH_BEGIN = 18,
};

typedef struct {
    int input_opcode;
    gboolean found;
} CGtkInputSearch;

/* Looks at each queued event, taking none (it answers FALSE to all). */
static inline int cgtk_x11_note_input(CGtkXDisplay *display, CGtkXEvent *event, char *argument) {
    (void)display;
    CGtkInputSearch *search = (CGtkInputSearch *)argument;
    switch (event->type) {
    case CGTK_X_KEY_PRESS:
    case CGTK_X_BUTTON_PRESS:
        search->found = TRUE;
        break;
    case CGTK_X_GENERIC_EVENT:
        if (event->generic.extension == search->input_opcode &&
            (event->generic.evtype == CGTK_XI_KEY_PRESS || event->generic.evtype == CGTK_XI_BUTTON_PRESS ||
             event->generic.evtype == CGTK_XI_TOUCH_BEGIN)) {
            search->found = TRUE;
        }
        break;
    default:
        break;
    }
    return FALSE;
}

/* The default display's X server's, or -1 when it is not on X11 or the X
 * server lacks XInput: the number of XInput's events and requests, which
 * `cgtk_x11_input_waiting` needs (one round trip: ask once). */
static inline int cgtk_x11_input_opcode(void) {
    CGtkXDisplay *display = cgtk_default_x11_display();
    if (display == NULL) return -1;
    int opcode = -1, first_event = 0, first_error = 0;
    return XQueryExtension(display, "XInputExtension", &opcode, &first_event, &first_error) ? opcode : -1;
}

/* Whether a key or button press, or a touch, waits in the default display's
 * queue, or has reached the app's connection to the X server without being
 * read yet (it is read, and left queued for GDK, which sees it as pending).
 * FALSE when not on X11. `input_opcode` is `cgtk_x11_input_opcode`'s. */
static inline gboolean cgtk_x11_input_waiting(int input_opcode) {
    CGtkXDisplay *display = cgtk_default_x11_display();
    if (display == NULL) return FALSE;
    CGtkInputSearch search = {input_opcode, FALSE};
    CGtkXEvent unused;
    XCheckIfEvent(display, &unused, cgtk_x11_note_input, (char *)&search);
    return search.found;
}

#endif
