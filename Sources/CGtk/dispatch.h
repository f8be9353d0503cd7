/* The libdispatch main queue, drained from the GLib main loop, and main-loop priorities. Part of shim.h: include that, not this. */
#ifndef CGTK_DISPATCH_H
#define CGTK_DISPATCH_H

/* ---- The libdispatch main queue, drained from the GLib main loop -------- */

/*
 * libdispatch exports these for a foreign run loop (CoreFoundation uses them):
 * on Linux the handle is an eventfd that becomes readable whenever work is
 * queued on the main queue (DispatchQueue.main, and with it the main actor).
 */
extern int _dispatch_get_main_queue_handle_4CF(void);
extern void _dispatch_main_queue_callback_4CF(void *message);

static inline int cgtk_dispatch_main_queue_fd(void) {
    return _dispatch_get_main_queue_handle_4CF();
}

/* Clears the eventfd's counter (non-blocking) and runs what the main queue holds. */
static inline void cgtk_dispatch_drain_main_queue(void) {
    eventfd_t ignored;
    int fd = _dispatch_get_main_queue_handle_4CF();
    int flags = fcntl(fd, F_GETFL);
    if (flags >= 0 && !(flags & O_NONBLOCK)) {
        fcntl(fd, F_SETFL, flags | O_NONBLOCK);
    }
    (void)eventfd_read(fd, &ignored);
    _dispatch_main_queue_callback_4CF(NULL);
}

/* ---- Main-loop priorities ----------------------------------------------- */

/*
 * A priority just below GTK's frame drawing and above its text views' idle
 * layout: work that goes a piece at a time between frames without waiting
 * for a long text's layout to finish.
 */
static inline gint cgtk_priority_between_frames(void) {
    return GDK_PRIORITY_REDRAW + 1;
}

#endif
