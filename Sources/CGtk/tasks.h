/* Swift concurrency's global executor on GLib's thread pool and main-loop timers. Part of shim.h: include that, not this. */
#ifndef CGTK_TASKS_H
#define CGTK_TASKS_H

/*
 * On Linux, libdispatch runs the jobs Swift concurrency hands its global
 * executor (detached tasks, nonisolated async code, the hop back from a
 * resumed continuation), and from the first such job until the process ends
 * it watches that pool with a timer firing every second. The Swift runtime
 * exports hooks (swift_task_enqueueGlobal*_hook, its Concurrency.h) through
 * which a program runs those jobs itself; SwiftNIO uses them to put tasks on
 * its event loops. These send each job to GLib's shared thread pool, whose
 * idle threads sleep and then end, and a job due later to a timer on the
 * main context, which wakes the main loop only when it falls due. Task.sleep
 * does not pass through them: Swift 6.3 hands its wait to libdispatch itself.
 *
 * The runtime's functions and hooks use Swift's calling convention; a job is
 * run on the generic executor, whose reference is two zero words.
 */

typedef struct {
    const void *identity;
    uintptr_t implementation;
} cgtk_swift_executor;

typedef __attribute__((swiftcall)) void (*cgtk_swift_enqueue)(void *job);
typedef __attribute__((swiftcall)) void (*cgtk_swift_enqueue_after)(unsigned long long nanoseconds, void *job);
typedef __attribute__((swiftcall)) void (*cgtk_swift_enqueue_by)(
    long long seconds, long long nanoseconds, long long tolerance_seconds, long long tolerance_nanoseconds, int clock,
    void *job);

extern __attribute__((swiftcall)) void swift_job_run(void *job, cgtk_swift_executor executor);
extern __attribute__((swiftcall)) void swift_get_time(long long *seconds, long long *nanoseconds, int clock);
extern __attribute__((swiftcall)) void (*swift_task_enqueueGlobal_hook)(void *job, cgtk_swift_enqueue original);
extern __attribute__((swiftcall)) void (*swift_task_enqueueGlobalWithDelay_hook)(
    unsigned long long nanoseconds, void *job, cgtk_swift_enqueue_after original);
extern __attribute__((swiftcall)) void (*swift_task_enqueueGlobalWithDeadline_hook)(
    long long seconds, long long nanoseconds, long long tolerance_seconds, long long tolerance_nanoseconds, int clock,
    void *job, cgtk_swift_enqueue_by original);

static void cgtk_tasks_run_job(gpointer job, gpointer unused) {
    (void)unused;
    cgtk_swift_executor generic = {NULL, 0};
    swift_job_run(job, generic);
}

static GThreadPool *cgtk_tasks_pool(void) {
    static GThreadPool *pool;
    if (g_once_init_enter(&pool)) {
        /* As wide as the processors, and never narrower than two. */
        gint width = MAX(2, (gint)g_get_num_processors());
        g_once_init_leave(&pool, g_thread_pool_new(cgtk_tasks_run_job, NULL, width, FALSE, NULL));
    }
    return pool;
}

static void cgtk_tasks_push(void *job) {
    g_thread_pool_push(cgtk_tasks_pool(), job, NULL);
}

static gboolean cgtk_tasks_job_due(gpointer job) {
    cgtk_tasks_push(job);
    return G_SOURCE_REMOVE;
}

/* Runs `job` once `nanoseconds` have passed: never sooner, rounded up to GLib's milliseconds. */
static void cgtk_tasks_push_after(unsigned long long nanoseconds, void *job) {
    if (nanoseconds == 0) {
        cgtk_tasks_push(job);
        return;
    }
    unsigned long long milliseconds = (nanoseconds + 999999ULL) / 1000000ULL;
    g_timeout_add_full(G_PRIORITY_DEFAULT, (guint)MIN(milliseconds, (unsigned long long)G_MAXUINT), cgtk_tasks_job_due, job, NULL);
}

static __attribute__((swiftcall)) void cgtk_tasks_enqueue(void *job, cgtk_swift_enqueue original) {
    (void)original;
    cgtk_tasks_push(job);
}

static __attribute__((swiftcall)) void cgtk_tasks_enqueue_after(
    unsigned long long nanoseconds, void *job, cgtk_swift_enqueue_after original) {
    (void)original;
    cgtk_tasks_push_after(nanoseconds, job);
}

/* A deadline on one of Swift's clocks, as a delay measured on that same clock. */
static __attribute__((swiftcall)) void cgtk_tasks_enqueue_by(
    long long seconds, long long nanoseconds, long long tolerance_seconds, long long tolerance_nanoseconds, int clock,
    void *job, cgtk_swift_enqueue_by original) {
    (void)tolerance_seconds, (void)tolerance_nanoseconds, (void)original;
    long long now_seconds = 0, now_nanoseconds = 0;
    swift_get_time(&now_seconds, &now_nanoseconds, clock);
    long long left = (seconds - now_seconds) * 1000000000LL + (nanoseconds - now_nanoseconds);
    cgtk_tasks_push_after(left > 0 ? (unsigned long long)left : 0, job);
}

/* Hands Swift's global executor's jobs to GLib from now on (call before any task starts). */
static inline void cgtk_tasks_run_on_glib(void) {
    swift_task_enqueueGlobal_hook = cgtk_tasks_enqueue;
    swift_task_enqueueGlobalWithDelay_hook = cgtk_tasks_enqueue_after;
    swift_task_enqueueGlobalWithDeadline_hook = cgtk_tasks_enqueue_by;
}

#endif
