/*
 * powercut.so: loaded with LD_PRELOAD into a program under test, it records
 * every change the program makes to the files under one folder, in order,
 * so that a test can rebuild those files as a power cut would leave them:
 * each file as it was at its last fsync/fdatasync, plus a prefix of the
 * writes that followed (see Tests/TestSupport/PowerCut.swift).
 *
 *   QUIRE_POWERCUT_ROOT  the folder whose files are recorded (absolute path)
 *   QUIRE_POWERCUT_LOG   the record, appended to
 *
 * Each record is one line of text, and a write's bytes follow its line:
 *   open FD PATH\n        the file at PATH is now FD (with O_TRUNC: "trunc FD 0" follows)
 *   write FD OFFSET LEN\n then LEN bytes
 *   trunc FD LENGTH\n
 *   sync FD\n
 *   rename OLD\nNEW\n
 *   unlink PATH\n
 * The program is killed, never stopped, so the record needs no syncing: the
 * kernel keeps it, as it keeps the program's own writes.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/types.h>
#include <unistd.h>

#define MAX_FDS 65536

static pthread_mutex_t lock = PTHREAD_RECURSIVE_MUTEX_INITIALIZER_NP;
static char *tracked[MAX_FDS];
static char root[4096];
static size_t root_length;
static int log_fd = -1;
static pthread_once_t once = PTHREAD_ONCE_INIT;

static void set_up(void) {
    const char *folder = getenv("QUIRE_POWERCUT_ROOT");
    const char *path = getenv("QUIRE_POWERCUT_LOG");
    if (!folder || !path || strlen(folder) >= sizeof root) return;
    strcpy(root, folder);
    root_length = strlen(root);
    log_fd = (int)syscall(SYS_openat, AT_FDCWD, path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0600);
}

static int recording(void) {
    pthread_once(&once, set_up);
    return log_fd >= 0;
}

static int under_root(const char *path) {
    return path && path[0] == '/' && strncmp(path, root, root_length) == 0
        && (path[root_length] == '/' || path[root_length] == 0);
}

static void put(const void *bytes, size_t count) {
    const char *next = bytes;
    while (count > 0) {
        ssize_t done = syscall(SYS_write, log_fd, next, count);
        if (done < 0) {
            if (errno == EINTR) continue;
            return;
        }
        next += done;
        count -= (size_t)done;
    }
}

static void line(const char *format, ...) {
    char text[9000];
    va_list arguments;
    va_start(arguments, format);
    int length = vsnprintf(text, sizeof text, format, arguments);
    va_end(arguments);
    if (length > 0 && (size_t)length < sizeof text) put(text, (size_t)length);
}

#define REAL(name) static __typeof__(name) *real_##name; \
    if (!real_##name) real_##name = (__typeof__(name) *)dlsym(RTLD_NEXT, #name)

static int is_tracked(int fd) { return fd >= 0 && fd < MAX_FDS && tracked[fd]; }

static void opened(int fd, const char *path, int flags) {
    if (fd < 0 || fd >= MAX_FDS) return;
    free(tracked[fd]);  /* a number closed behind this library's back, now another file's */
    tracked[fd] = NULL;
    if (!recording() || !under_root(path)) return;
    tracked[fd] = strdup(path);
    line("open %d %s\n", fd, path);
    if (flags & O_TRUNC) line("trunc %d 0\n", fd);
}

static void wrote(int fd, off_t offset, const void *bytes, ssize_t count) {
    if (count <= 0) return;
    line("write %d %lld %lld\n", fd, (long long)offset, (long long)count);
    put(bytes, (size_t)count);
}

/* An open function: `params` its parameters (the last named one `flags`),
 * `...` the arguments before `flags` that the real one is called with. The
 * real open and the record of it happen under the lock, in order with writes. */
#define OPEN_WRAPPER(name, params, ...) \
    int name params { \
        mode_t mode = 0; \
        if (flags & (O_CREAT | O_TMPFILE)) { va_list arguments; va_start(arguments, flags); mode = va_arg(arguments, mode_t); va_end(arguments); } \
        REAL(name); \
        pthread_mutex_lock(&lock); \
        int fd = real_##name(__VA_ARGS__, flags, mode); \
        opened(fd, path, flags); \
        pthread_mutex_unlock(&lock); \
        return fd; \
    }

OPEN_WRAPPER(open, (const char *path, int flags, ...), path)
OPEN_WRAPPER(open64, (const char *path, int flags, ...), path)
OPEN_WRAPPER(openat, (int folder, const char *path, int flags, ...), folder, path)
OPEN_WRAPPER(openat64, (int folder, const char *path, int flags, ...), folder, path)

int creat(const char *path, mode_t mode) { return open(path, O_WRONLY | O_CREAT | O_TRUNC, mode); }
int creat64(const char *path, mode_t mode) { return open(path, O_WRONLY | O_CREAT | O_TRUNC, mode); }

int close(int fd) {
    REAL(close);
    pthread_mutex_lock(&lock);
    if (is_tracked(fd)) {
        free(tracked[fd]);
        tracked[fd] = NULL;
    }
    int result = real_close(fd);
    pthread_mutex_unlock(&lock);
    return result;
}

ssize_t write(int fd, const void *bytes, size_t count) {
    REAL(write);
    if (!is_tracked(fd)) return real_write(fd, bytes, count);
    pthread_mutex_lock(&lock);
    ssize_t done = real_write(fd, bytes, count);
    if (done > 0 && is_tracked(fd)) wrote(fd, lseek(fd, 0, SEEK_CUR) - done, bytes, done);
    pthread_mutex_unlock(&lock);
    return done;
}

#define PWRITE_WRAPPER(name, offset_type) \
    ssize_t name(int fd, const void *bytes, size_t count, offset_type offset) { \
        REAL(name); \
        if (!is_tracked(fd)) return real_##name(fd, bytes, count, offset); \
        pthread_mutex_lock(&lock); \
        ssize_t done = real_##name(fd, bytes, count, offset); \
        if (is_tracked(fd)) wrote(fd, (off_t)offset, bytes, done); \
        pthread_mutex_unlock(&lock); \
        return done; \
    }
PWRITE_WRAPPER(pwrite, off_t)
PWRITE_WRAPPER(pwrite64, off64_t)

#define TRUNCATE_WRAPPER(name, offset_type) \
    int name(int fd, offset_type length) { \
        REAL(name); \
        if (!is_tracked(fd)) return real_##name(fd, length); \
        pthread_mutex_lock(&lock); \
        int result = real_##name(fd, length); \
        if (result == 0 && is_tracked(fd)) line("trunc %d %lld\n", fd, (long long)length); \
        pthread_mutex_unlock(&lock); \
        return result; \
    }
TRUNCATE_WRAPPER(ftruncate, off_t)
TRUNCATE_WRAPPER(ftruncate64, off64_t)

#define SYNC_WRAPPER(name) \
    int name(int fd) { \
        REAL(name); \
        if (!is_tracked(fd)) return real_##name(fd); \
        pthread_mutex_lock(&lock); \
        int result = real_##name(fd); \
        if (result == 0 && is_tracked(fd)) line("sync %d\n", fd); \
        pthread_mutex_unlock(&lock); \
        return result; \
    }
SYNC_WRAPPER(fsync)
SYNC_WRAPPER(fdatasync)

int rename(const char *old, const char *new) {
    REAL(rename);
    pthread_mutex_lock(&lock);
    int result = real_rename(old, new);
    if (result == 0 && recording() && (under_root(old) || under_root(new))) line("rename %s\n%s\n", old, new);
    pthread_mutex_unlock(&lock);
    return result;
}

int renameat(int old_folder, const char *old, int new_folder, const char *new) {
    REAL(renameat);
    pthread_mutex_lock(&lock);
    int result = real_renameat(old_folder, old, new_folder, new);
    if (result == 0 && recording() && (under_root(old) || under_root(new))) line("rename %s\n%s\n", old, new);
    pthread_mutex_unlock(&lock);
    return result;
}

int unlink(const char *path) {
    REAL(unlink);
    pthread_mutex_lock(&lock);
    int result = real_unlink(path);
    if (result == 0 && recording() && under_root(path)) line("unlink %s\n", path);
    pthread_mutex_unlock(&lock);
    return result;
}

int unlinkat(int folder, const char *path, int flags) {
    REAL(unlinkat);
    pthread_mutex_lock(&lock);
    int result = real_unlinkat(folder, path, flags);
    if (result == 0 && !(flags & AT_REMOVEDIR) && recording() && under_root(path)) line("unlink %s\n", path);
    pthread_mutex_unlock(&lock);
    return result;
}
