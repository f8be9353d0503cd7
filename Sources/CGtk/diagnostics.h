/* What happens at GLib's fatal log messages. Part of shim.h: include that, not this. */
#include <execinfo.h>
#include <stdlib.h>
#include <unistd.h>

/* The log levels GLib stops the process at (G_DEBUG=fatal-criticals adds criticals). */
static GLogLevelFlags cgtk_fatal_log_levels = G_LOG_LEVEL_ERROR;

static GLogWriterOutput cgtk_fatal_aware_log_writer(GLogLevelFlags level, const GLogField *fields, gsize count, gpointer data) {
    if (!(level & cgtk_fatal_log_levels)) return g_log_writer_default(level, fields, count, data);
    static const char heading[] = "backtrace of a fatal log message (addresses in a library: see its debug symbols):\n";
    void *frames[64];
    int depth = backtrace(frames, 64);
    if (write(STDERR_FILENO, heading, sizeof heading - 1) >= 0) backtrace_symbols_fd(frames, depth, STDERR_FILENO);
    g_log_writer_default(level, fields, count, data);
    /* GLib would stop the process with a breakpoint trap, which a crash
     * handler (the Swift runtime's) returns from: the process then hangs. */
    abort();
}

/* From now on, before each log message GLib would stop the process for:
 * writes a backtrace to standard error (glibc's backtrace() unwinds through C
 * libraries built without frame pointers, where a Swift crash report stops at
 * the first C frame), logs the message as GLib would, and aborts. Call
 * early; later calls change nothing (GLib takes one log writer a process). */
static inline void cgtk_handle_fatal_log_messages(void) {
    static gboolean handled = FALSE;
    if (handled) return;
    handled = TRUE;
    GLogLevelFlags fatal = g_log_set_always_fatal(G_LOG_FATAL_MASK);
    g_log_set_always_fatal(fatal);
    cgtk_fatal_log_levels = (fatal | G_LOG_LEVEL_ERROR) & G_LOG_LEVEL_MASK;
    g_log_set_writer_func(cgtk_fatal_aware_log_writer, NULL, NULL);
}
