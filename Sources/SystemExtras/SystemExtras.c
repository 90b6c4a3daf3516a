#define _GNU_SOURCE
#include <fcntl.h>
#include <sched.h>
#include <stdlib.h>
#include <string.h>
#if defined(__GLIBC__)
#include <malloc.h>
#endif

#include "SystemExtras.h"

// glibc's, which has every call used here; elsewhere (Darwin, musl) a thread starts as `pthread_create` starts it.
#if defined(__linux__) && defined(__GLIBC__)

/// What the new thread needs before it runs the caller's routine: the CPUs the calling thread may use.
struct Launch {
    void *(*start)(void *);
    void *argument;
    cpu_set_t allowed;
};

static void *run_launch(void *context) {
    struct Launch launch = *(struct Launch *)context;
    free(context);
    // Running on another CPU now: give back the rest, so that the scheduler may move it if that CPU gets busy.
    // (Should that fail, the thread keeps to the other CPUs for the one step it runs: slower, never wrong.)
    sched_setaffinity(0, sizeof launch.allowed, &launch.allowed);
    return launch.start(launch.argument);
}

int system_extras_start_thread_elsewhere(pthread_t *thread, void *(*start)(void *), void *argument) {
    struct Launch *launch = malloc(sizeof *launch);
    int here = sched_getcpu();
    if (launch != NULL && here >= 0 && here < CPU_SETSIZE
        && sched_getaffinity(0, sizeof launch->allowed, &launch->allowed) == 0) {
        cpu_set_t elsewhere = launch->allowed;
        CPU_CLR(here, &elsewhere);
        if (CPU_COUNT(&elsewhere) > 0) {
            launch->start = start;
            launch->argument = argument;
            pthread_attr_t attributes;
            int failure = pthread_attr_init(&attributes);
            if (failure == 0) {
                failure = pthread_attr_setaffinity_np(&attributes, sizeof elsewhere, &elsewhere);
                if (failure == 0) failure = pthread_create(thread, &attributes, run_launch, launch);
                pthread_attr_destroy(&attributes);
            }
            if (failure == 0) return 0;
        }
    }
    // Where it cannot be placed elsewhere (one CPU to run on, or a call refused), the thread starts as
    // `pthread_create` starts it.
    free(launch);
    return pthread_create(thread, NULL, start, argument);
}

#else

int system_extras_start_thread_elsewhere(pthread_t *thread, void *(*start)(void *), void *argument) {
    return pthread_create(thread, NULL, start, argument);
}

#endif

void system_extras_keep_freed_memory(void) {
#if defined(__GLIBC__)
    // (Refused where 32 MiB is over glibc's limit, as on 32-bit systems: then blocks are mapped as before.)
    mallopt(M_MMAP_THRESHOLD, 32 << 20);
    mallopt(M_TRIM_THRESHOLD, 0x7fffffff);
    mallopt(M_ARENA_MAX, 1);
#endif
}

void system_extras_give_back_freed_memory(void) {
#if defined(__GLIBC__)
    malloc_trim(0);
#endif
}

const void *system_extras_last_byte(const void *bytes, int byte, size_t count) {
#if defined(__linux__)
    return memrchr(bytes, byte, count);
#else
    const unsigned char *start = bytes;
    for (size_t index = count; index > 0; index--) {
        if (start[index - 1] == (unsigned char)byte) return start + index - 1;
    }
    return NULL;
#endif
}

void system_extras_start_writeback(int descriptor, long long offset, long long count) {
#if defined(__linux__)
    // A hint: should it fail, the bytes are written out when the system would have written them anyway.
    (void)sync_file_range(descriptor, offset, count, SYNC_FILE_RANGE_WRITE);
#else
    (void)descriptor;
    (void)offset;
    (void)count;
#endif
}
