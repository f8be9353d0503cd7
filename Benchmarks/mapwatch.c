/*
 * mapwatch: how long a program takes to put its windows on screen, measured
 * from outside. It listens to the X server for top-level windows being
 * mapped, starts the program, and prints
 *   map <n> <milliseconds since the program was started>
 * for each new top-level window (popups and tooltips, which are
 * override-redirect, are not counted), until <count> have mapped, then
 *   pid <pid of the program>
 * and exits, leaving the program running (the caller measures and stops it).
 * With -o FILE, the program's standard output and error go to FILE.
 * The program is told when it was started, on the boot-time clock, in
 * PROCESS_START_BOOTTIME_NS: Quire's trace and the baselines' first-frame
 * lines count from it, finer than the kernel's start time (10 ms ticks).
 *
 *   mapwatch [-o FILE] <count> <timeout-seconds> <program> [arguments...]
 *
 * Exits 1 if <count> windows have not mapped within the timeout.
 */
#include <X11/Xlib.h>
#include <fcntl.h>
#include <poll.h>
#include <string.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

static double now_ms(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec * 1000.0 + (double)t.tv_nsec / 1e6;
}

int main(int argc, char **argv) {
    const char *output = NULL;
    if (argc > 2 && strcmp(argv[1], "-o") == 0) {
        output = argv[2];
        argc -= 2;
        argv += 2;
    }
    if (argc < 4) {
        fprintf(stderr, "usage: mapwatch [-o FILE] <count> <timeout-seconds> <program> [arguments...]\n");
        return 2;
    }
    int count = atoi(argv[1]);
    double timeout = atof(argv[2]) * 1000.0;
    Display *display = XOpenDisplay(NULL);
    if (display == NULL) {
        fprintf(stderr, "mapwatch: cannot open the display\n");
        return 2;
    }
    Window root = DefaultRootWindow(display);
    XSelectInput(display, root, SubstructureNotifyMask);
    XSync(display, False);

    struct timespec boot;
    clock_gettime(CLOCK_BOOTTIME, &boot);
    double started = now_ms();
    pid_t pid = fork();
    if (pid == 0) {
        char start[32];
        snprintf(start, sizeof start, "%llu", (unsigned long long)boot.tv_sec * 1000000000ULL + (unsigned long long)boot.tv_nsec);
        setenv("PROCESS_START_BOOTTIME_NS", start, 1);
        if (output != NULL) {
            int fd = open(output, O_WRONLY | O_CREAT | O_TRUNC, 0644);
            if (fd >= 0) {
                dup2(fd, 1);
                dup2(fd, 2);
                close(fd);
            }
        }
        execvp(argv[3], argv + 3);
        perror("mapwatch: exec");
        _exit(127);
    }
    int mapped = 0;
    int fd = ConnectionNumber(display);
    while (mapped < count) {
        while (XPending(display) > 0 && mapped < count) {
            XEvent event;
            XNextEvent(display, &event);
            if (event.type == MapNotify && event.xmap.event == root && !event.xmap.override_redirect) {
                mapped++;
                printf("map %d %.1f\n", mapped, now_ms() - started);
                fflush(stdout);
            }
        }
        if (mapped >= count) break;
        double left = timeout - (now_ms() - started);
        if (left <= 0) {
            fprintf(stderr, "mapwatch: only %d of %d windows mapped in %.0f s\n", mapped, count, timeout / 1000.0);
            printf("pid %d\n", (int)pid);
            return 1;
        }
        struct pollfd wait = {fd, POLLIN, 0};
        poll(&wait, 1, (int)(left < 100 ? left : 100));
    }
    printf("pid %d\n", (int)pid);
    fflush(stdout);
    XCloseDisplay(display);
    return 0;
}
