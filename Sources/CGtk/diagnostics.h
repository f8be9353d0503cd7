/* Backtraces of GLib's fatal log messages. Part of shim.h: include that, not this. */
#include <execinfo.h>
#include <unistd.h>

/* The log levels GLib stops the process at (G_DEBUG=fatal-criticals adds criticals). */
static GLogLevelFlags cgtk_fatal_log_levels = G_LOG_LEVEL_ERROR;

static GLogWriterOutput cgtk_backtrace_writer(GLogLevelFlags level, const GLogField *fields, gsize count, gpointer data) {
    if (level & cgtk_fatal_log_levels) {
        static const char heading[] = "backtrace of a fatal log message (addresses in a library: see its debug symbols):\n";
        void *frames[64];
        int depth = backtrace(frames, 64);
        if (write(STDERR_FILENO, heading, sizeof heading - 1) >= 0) backtrace_symbols_fd(frames, depth, STDERR_FILENO);
    }
    return g_log_writer_default(level, fields, count, data);
}

/* Writes a backtrace to standard error before each log message GLib will stop
 * the process for, then logs it as GLib would. glibc's backtrace() unwinds
 * through C libraries built without frame pointers, where a Swift crash
 * report stops at the first C frame. Call once, early. */
static inline void cgtk_write_backtraces_of_fatal_log_messages(void) {
    GLogLevelFlags fatal = g_log_set_always_fatal(G_LOG_FATAL_MASK);
    g_log_set_always_fatal(fatal);
    cgtk_fatal_log_levels = (fatal | G_LOG_LEVEL_ERROR) & G_LOG_LEVEL_MASK;
    g_log_set_writer_func(cgtk_backtrace_writer, NULL, NULL);
}
