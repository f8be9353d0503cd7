/* Looking for a person's input in Xlib's event queue, a part at a time.
 *
 * Between two turns of the main loop (while windows are restored in one go)
 * the queue only grows, by about 28 events a window: looking at every event
 * each time, as XCheckIfEvent does, grew with the square of the windows
 * (13 ms restoring 100; the 90th to 100th windows came 6.4 ms apart against
 * 5.5 for the 10th to 20th, and 5.6 against 5.4 looking this way). This keeps
 * where the last look ended: the queue's tail then.
 * Xlib numbers every event it queues (`next_event_serial_num`) and counts
 * the queue (`qlen`); when the count grew by exactly as many as were
 * numbered, none left the queue, so that tail is still queued and the events
 * after it are the new ones. Otherwise (GDK took events, or the queue was
 * emptied) the look starts again at the head. */
#include "x11input.h"

#include <X11/Xlibint.h>
#include <X11/extensions/XI2.h>
#include <string.h>

static struct {
    Display *display;
    _XQEvent *tail;                 /* the last event looked at; NULL: start at the head */
    unsigned long numbered;         /* next_event_serial_num after that look */
    int queued;                     /* qlen after that look */
} last_look;

int cx11_input_opcode(Display *display) {
    /* libXi records the extension in the connection's list as GDK first uses
     * it (XInitExtension); only a connection XInput was never used on asks. */
    for (_XExtension *extension = display->ext_procs; extension != NULL; extension = extension->next) {
        if (extension->name != NULL && strcmp(extension->name, "XInputExtension") == 0) return extension->codes.major_opcode;
    }
    int opcode = -1, first_event = 0, first_error = 0;
    return XQueryExtension(display, "XInputExtension", &opcode, &first_event, &first_error) ? opcode : -1;
}

unsigned long cx11_next_request(Display *display) {
    return NextRequest(display);
}

static Bool is_input(const XEvent *event, int input_opcode) {
    switch (event->type) {
    case KeyPress:
    case ButtonPress:
        return True;
    case GenericEvent:
        return event->xcookie.extension == input_opcode &&
               (event->xcookie.evtype == XI_KeyPress || event->xcookie.evtype == XI_ButtonPress ||
                event->xcookie.evtype == XI_TouchBegin);
    default:
        return False;
    }
}

int cx11_input_waiting(Display *display, int input_opcode, unsigned int *looked_at) {
    LockDisplay(display);
    /* Sends what waits to go, so the X server works on it meanwhile, and
     * queues what has come in. */
    _XEventsQueued(display, QueuedAfterFlush);
    _XQEvent *event = display->head;
    if (last_look.display == display && last_look.tail != NULL &&
        (unsigned long)display->qlen - (unsigned long)last_look.queued == display->next_event_serial_num - last_look.numbered) {
        event = last_look.tail->next;
    }
    Bool found = False;
    unsigned int count = 0;
    for (; event != NULL; event = event->next) {
        count++;
        if (is_input(&event->event, input_opcode)) found = True;
    }
    /* Input found is looked at again next time, should it still be queued. */
    last_look.display = display;
    last_look.tail = found ? NULL : display->tail;
    last_look.numbered = display->next_event_serial_num;
    last_look.queued = display->qlen;
    UnlockDisplay(display);
    if (looked_at != NULL) *looked_at = count;
    return found;
}
