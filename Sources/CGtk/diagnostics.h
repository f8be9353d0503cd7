/* What the process writes as it ends badly: at GLib's fatal log messages, and
 * at a crash. Part of shim.h: include that, not this. */
#include <execinfo.h>
#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* The log levels GLib stops the process at (G_DEBUG=fatal-criticals adds criticals). */
static GLogLevelFlags cgtk_fatal_log_levels = G_LOG_LEVEL_ERROR;

/* Below `widget`, one line for it and each of its shown children: its
 * minimum size in `orientation` for no size and for the largest GTK tries
 * (a label's text too); only a widget whose two disagree is looked into. */
static void cgtk_describe_size_disagreement(GtkWidget *widget, GtkOrientation orientation, int depth) {
    int for_none = 0, for_largest = 0;
    gtk_widget_measure(widget, orientation, -1, &for_none, NULL, NULL, NULL);
    gtk_widget_measure(widget, orientation, 1 << 20, &for_largest, NULL, NULL, NULL);
    fprintf(stderr, "%*s%s: %d for none, %d for the largest%s%s%s\n", depth * 2, "", G_OBJECT_TYPE_NAME(widget), for_none, for_largest,
            GTK_IS_LABEL(widget) ? " \"" : "", GTK_IS_LABEL(widget) ? gtk_label_get_text(GTK_LABEL(widget)) : "", GTK_IS_LABEL(widget) ? "\"" : "");
    if (for_largest <= for_none || depth > 20) return;
    for (GtkWidget *child = gtk_widget_get_first_child(widget); child; child = gtk_widget_get_next_sibling(child)) {
        if (gtk_widget_get_visible(child)) cgtk_describe_size_disagreement(child, orientation, depth + 1);
    }
}

/* GTK's critical "GtkBox 0x… reports a minimum height of M, but minimum
 * height for width of W is N" names the outermost widget whose sizes
 * disagree, not the one that started it: this writes where they disagree
 * within it. The widget is being measured as the message is logged. */
static void cgtk_explain_size_critical(const GLogField *fields, gsize count) {
    for (gsize i = 0; i < count; i++) {
        if (strcmp(fields[i].key, "MESSAGE") != 0 || fields[i].length >= 0) continue;
        void *widget = NULL;
        char dimension[16] = "";
        if (sscanf(fields[i].value, "%*s %p reports a minimum %15s", &widget, dimension) != 2 || widget == NULL) return;
        GtkOrientation orientation = strcmp(dimension, "width") == 0 ? GTK_ORIENTATION_HORIZONTAL : GTK_ORIENTATION_VERTICAL;
        fprintf(stderr, "where the minimum %s disagrees:\n", dimension);
        cgtk_describe_size_disagreement(GTK_WIDGET(widget), orientation, 1);
    }
}

/* How many frames a backtrace shows: enough to reach the main loop from deep
 * in a widget tree being drawn (each level of it is four frames). */
enum { cgtk_backtrace_depth = 256 };

static GLogWriterOutput cgtk_fatal_aware_log_writer(GLogLevelFlags level, const GLogField *fields, gsize count, gpointer data) {
    if (!(level & cgtk_fatal_log_levels)) return g_log_writer_default(level, fields, count, data);
    static const char heading[] = "backtrace of a fatal log message (addresses in a library: see its debug symbols):\n";
    void *frames[cgtk_backtrace_depth];
    int depth = backtrace(frames, cgtk_backtrace_depth);
    if (write(STDERR_FILENO, heading, sizeof heading - 1) >= 0) backtrace_symbols_fd(frames, depth, STDERR_FILENO);
    g_log_writer_default(level, fields, count, data);
    cgtk_explain_size_critical(fields, count);
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

/* The signals a crash raises, and how each was handled before
 * cgtk_write_crash_backtraces (the Swift runtime's crash report): struct
 * sigactions, behind a plain pointer (a variable of type struct sigaction
 * here was left undefined at link time by Swift's importer of this header). */
static const int cgtk_crash_signals[] = { SIGSEGV, SIGBUS, SIGILL, SIGFPE };
#define CGTK_CRASH_SIGNAL_COUNT (sizeof cgtk_crash_signals / sizeof cgtk_crash_signals[0])
static gpointer cgtk_crash_previous_actions = NULL;
/* The thread that installed the handler: the main one, whose frames a crash
 * signal sent from outside is reported with (kept in a function: a variable
 * of this type here is left undefined at link time, as struct sigaction was). */
static inline pthread_t *cgtk_crash_main_thread(void) {
    static pthread_t thread;
    return &thread;
}

/* Where the unwinder (libgcc_s) stands, for backtrace() and pthread_exit()
 * alike (glibc loads it once, and keeps it): a crash handler must not load a
 * library, so until it is loaded a crash writes no backtrace of its own (the
 * Swift runtime's report still comes). */
enum { cgtk_unwinder_not_started, cgtk_unwinder_loading, cgtk_unwinder_loaded };
static inline int *cgtk_unwinder_state(void) {
    static int state;
    return &state;
}

/* The thread that loads the unwinder, while the state says loading. */
static inline pthread_t *cgtk_unwinder_thread(void) {
    static pthread_t thread;
    return &thread;
}

/* Starts loading the unwinder on a thread of its own, for
 * cgtk_finish_loading_unwinder to wait for later, when it is long done
 * (waiting at once cost the main thread 0.2-1.0 ms a launch). A thread that
 * starts in pthread_exit() loads it, and unwinds through the C library's
 * frames alone: a backtrace() would also search the executable's own table
 * of where each function's unwinding rules are (330 KB), and a quarter of a
 * megabyte of it stayed resident for good. */
static inline void cgtk_start_loading_unwinder(void) {
    /* pthread_exit as the thread's start: the same call (it takes a pointer,
     * and never returns), cast through a plain function type. */
    void *(*start)(void *) = (void *(*)(void *))(void (*)(void))pthread_exit;
    if (pthread_create(cgtk_unwinder_thread(), NULL, start, NULL) == 0) {
        __atomic_store_n(cgtk_unwinder_state(), cgtk_unwinder_loading, __ATOMIC_RELEASE);
    } else {
        void *frames[1];
        backtrace(frames, 1); /* no thread to spare: load it here */
        __atomic_store_n(cgtk_unwinder_state(), cgtk_unwinder_loaded, __ATOMIC_RELEASE);
    }
}

/* Waits for the thread cgtk_start_loading_unwinder started (if it has not
 * ended yet); from then on a crash writes its backtrace. Call on the thread
 * that started it; later calls change nothing. */
static inline void cgtk_finish_loading_unwinder(void) {
    if (__atomic_load_n(cgtk_unwinder_state(), __ATOMIC_ACQUIRE) != cgtk_unwinder_loading) return;
    pthread_join(*cgtk_unwinder_thread(), NULL);
    __atomic_store_n(cgtk_unwinder_state(), cgtk_unwinder_loaded, __ATOMIC_RELEASE);
}

static void cgtk_crash_backtrace_handler(int signal_number, siginfo_t *info, void *context) {
    (void)context;
    if (info != NULL && info->si_code <= 0 && !pthread_equal(pthread_self(), *cgtk_crash_main_thread())) {
        /* Sent by another process, and the kernel gave it to another thread:
         * the main thread's frames are the ones to show. */
        pthread_kill(*cgtk_crash_main_thread(), signal_number);
        return;
    }
    if (__atomic_load_n(cgtk_unwinder_state(), __ATOMIC_ACQUIRE) == cgtk_unwinder_loaded) {
        static const char heading[] = "backtrace of a crash (addresses in a library: see its debug symbols):\n";
        static void *frames[cgtk_backtrace_depth]; /* not on the signal's stack, which may be small */
        int depth = backtrace(frames, cgtk_backtrace_depth);
        if (write(STDERR_FILENO, heading, sizeof heading - 1) >= 0) backtrace_symbols_fd(frames, depth, STDERR_FILENO);
    } else {
        static const char early[] = "a crash before the unwinder was loaded: no backtrace through the C libraries\n";
        if (write(STDERR_FILENO, early, sizeof early - 1) < 0) { /* nothing more to do */ }
    }
    if (info == NULL || info->si_code <= 0) {
        /* Sent by another process: it ends the process, as it would have
         * (the Swift runtime's handler would report it and carry on). */
        signal(signal_number, SIG_DFL);
        raise(signal_number);
        return;
    }
    /* A fault: it happens again as this returns, now to the handler from
     * before (the Swift runtime's report, which ends the process). */
    for (size_t i = 0; i < CGTK_CRASH_SIGNAL_COUNT; i++) {
        if (cgtk_crash_signals[i] == signal_number) sigaction(signal_number, &((struct sigaction *)cgtk_crash_previous_actions)[i], NULL);
    }
}

/* From now on, at a crash (a bad pointer, a bus error, an illegal
 * instruction, an arithmetic fault): writes a backtrace to standard error
 * (glibc's backtrace() unwinds through the C libraries' frames, where the
 * Swift runtime's crash report stops at the first of them), then lets the
 * handler from before (that report) have a fault; a crash signal another
 * process sent ends the process at once, reported from the calling thread
 * (whichever thread the kernel gave it to). Call early on the main thread,
 * after the Swift runtime has set up its own; later calls change nothing. */
static inline void cgtk_write_crash_backtraces(void) {
    static gboolean installed = FALSE;
    if (installed) return;
    installed = TRUE;
    *cgtk_crash_main_thread() = pthread_self();
    cgtk_start_loading_unwinder();
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_sigaction = cgtk_crash_backtrace_handler;
    action.sa_flags = SA_SIGINFO | SA_ONSTACK;
    sigemptyset(&action.sa_mask);
    cgtk_crash_previous_actions = g_new0(struct sigaction, CGTK_CRASH_SIGNAL_COUNT);
    for (size_t i = 0; i < CGTK_CRASH_SIGNAL_COUNT; i++) {
        sigaction(cgtk_crash_signals[i], &action, &((struct sigaction *)cgtk_crash_previous_actions)[i]);
    }
}
