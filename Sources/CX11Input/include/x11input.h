/* Whether a person's input waits in the X connection, looked for without
 * looking twice at an event, how many presses GDK has delivered, and the
 * client pointer remembered between GDK's lookups. */
#ifndef CX11INPUT_H
#define CX11INPUT_H

/* An Xlib connection (Xlib's Display, CGtk's CGtkXDisplay). */
struct _XDisplay;
/* A GDK display (GdkDisplay). */
struct _GdkDisplay;

/* The X server's number for XInput's events and requests, or -1 when the
 * server lacks XInput: what `cx11_input_waiting` needs. Read from what Xlib
 * recorded when GDK started XInput on `display`, without a round trip; asked
 * of the X server (one round trip) on a connection XInput was never used on. */
int cx11_input_opcode(struct _XDisplay *display);

/* The number Xlib will give the next request on `display`: compared before
 * and after, whether any request was made in between (for the tests). */
unsigned long cx11_next_request(struct _XDisplay *display);

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

/* Of those, the mouse button presses and touches alone. Main thread. */
unsigned int cx11_pointer_presses_delivered(void);

/* Answers GDK's lookups of the client pointer on `display` (an X11 one;
 * others are left alone) from the X server's last answer, until the X
 * server announces a change in the device hierarchy or the display closes:
 * one round trip saved each time (clientpointer.c says why). Main thread;
 * takes effect only where the program exports XIGetClientPointer. */
void cx11_client_pointer_remember(struct _GdkDisplay *display);

/* How many lookups of the client pointer went to the X server (for the tests). */
unsigned int cx11_client_pointer_questions(void);

#endif
