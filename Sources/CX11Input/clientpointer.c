/* The client pointer, remembered between GDK's lookups.
 *
 * GDK 4.8 on X11 asks the X server for this client's pointer device
 * (XIGetClientPointer) every time it looks up the display's default seat:
 * a widget made, a tooltip set, a window realized: four to eleven times
 * a window. Each is a round trip, and one sent while the X server still works
 * on the last window's requests waits for all of them: restoring a hundred
 * windows, 450 waits, 33 to 71 ms of the main thread's time. The answer
 * changes when XInput's device hierarchy does (a pointer added or removed),
 * which the X server announces to GDK (it listens for it on the root
 * window), or when a client sets it (XISetClientPointer; GTK never does).
 *
 * So this file defines XIGetClientPointer itself, for the whole process: the
 * app exports the name (Package.swift), and the dynamic loader binds GTK's
 * calls to it rather than to libXi's. For the display being watched
 * (`cx11_client_pointer_remember`), the first answer is kept until the X
 * server announces a hierarchy change; every other question goes to libXi.
 * Main thread only, as GDK is. */
#define _GNU_SOURCE
#include "x11input.h"

#include <dlfcn.h>
#include <gdk/x11/gdkx.h>
#include <X11/extensions/XInput2.h>

static struct {
    Display *display;            /* the display watched; NULL: none */
    int opcode;                  /* XInput's, on that display */
    Bool known;                  /* whether `device` is the X server's answer since the last hierarchy change */
    int device;
    unsigned int asked;          /* questions sent to the X server (for the tests) */
} client_pointer;

Bool XIGetClientPointer(Display *display, Window window, int *device) {
    static Bool (*ask_server)(Display *, Window, int *);
    if (window == None && display != NULL && display == client_pointer.display && client_pointer.known) {
        *device = client_pointer.device;
        return True;
    }
    if (ask_server == NULL) ask_server = (Bool (*)(Display *, Window, int *))dlsym(RTLD_NEXT, "XIGetClientPointer");
    if (ask_server == NULL) return False;
    client_pointer.asked++;
    Bool found = ask_server(display, window, device);
    if (found && window == None && display == client_pointer.display) {
        client_pointer.device = *device;
        client_pointer.known = True;
    }
    return found;
}

/* Every X event GDK receives passes here first: a change in the device
 * hierarchy makes the next lookup ask the X server again. */
static gboolean forget_on_hierarchy_change(GdkX11Display *display, gpointer xevent, gpointer data) {
    (void)data;
    const XEvent *event = xevent;
    if (event->type == GenericEvent && gdk_x11_display_get_xdisplay(GDK_DISPLAY(display)) == client_pointer.display &&
        event->xcookie.extension == client_pointer.opcode && event->xcookie.evtype == XI_HierarchyChanged) {
        client_pointer.known = False;
    }
    return FALSE; /* GDK handles it as ever */
}

/* A display closed: its connection's address may be a new one's. */
static void forget_display(GdkDisplay *display, gboolean is_error, gpointer data) {
    (void)is_error;
    (void)data;
    if (gdk_x11_display_get_xdisplay(display) == client_pointer.display) {
        client_pointer.display = NULL;
        client_pointer.known = False;
    }
}

void cx11_client_pointer_remember(GdkDisplay *display) {
    if (display == NULL || !GDK_IS_X11_DISPLAY(display)) return;
    Display *xdisplay = gdk_x11_display_get_xdisplay(display);
    if (xdisplay == client_pointer.display) return;
    int opcode = cx11_input_opcode(xdisplay);
    if (opcode < 0) return;
    client_pointer.display = xdisplay;
    client_pointer.opcode = opcode;
    client_pointer.known = False;
    g_signal_connect(display, "xevent", G_CALLBACK(forget_on_hierarchy_change), NULL);
    g_signal_connect(display, "closed", G_CALLBACK(forget_display), NULL);
}

unsigned int cx11_client_pointer_questions(void) {
    return client_pointer.asked;
}
