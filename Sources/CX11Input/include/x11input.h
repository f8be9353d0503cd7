/* Whether a person's input waits in the X connection, looked for without
 * looking twice at an event, and how many presses GDK has delivered. */
#ifndef CX11INPUT_H
#define CX11INPUT_H

/* An Xlib connection (Xlib's Display, CGtk's CGtkXDisplay). */
struct _XDisplay;

/* The X server's number for XInput's events and requests, or -1 when the
 * server lacks XInput: what `cx11_input_waiting` needs. One round trip: ask
 * once. */
int cx11_input_opcode(struct _XDisplay *display);

/* Whether a key or button press, or a touch, has reached the X connection
 * `display` and waits to be handled (it stays queued, for GDK).
 * Sends the requests waiting in Xlib's buffer, so that the X server works on
 * them meanwhile, and reads what has arrived. Events looked at before are
 * not looked at again, as long as none has left the queue since;
 * `looked_at`, when not NULL, is set to how many were looked at this time. */
int cx11_input_waiting(struct _XDisplay *display, int input_opcode, unsigned int *looked_at);

/* How many key and mouse button presses, and touches, GDK has delivered to
 * the app's windows (on any backend) since this was first called: input
 * that came and was handled between two looks at the queue. Main thread. */
unsigned int cx11_presses_delivered(void);

#endif
