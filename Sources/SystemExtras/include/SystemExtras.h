// SystemExtras: the few C library calls ThemeEngine needs that Swift's Glibc module does not import (GNU
// extensions, <malloc.h>), and a compiler builtin Swift cannot call (a prefetch). Each does what it can on other
// C libraries, and nothing where it cannot.

#ifndef SYSTEM_EXTRAS_H
#define SYSTEM_EXTRAS_H

#include <pthread.h>
#include <stddef.h>

/// Starts `start(argument)` on a new thread, as `pthread_create` with default attributes does, except that on
/// Linux with glibc the thread begins on a CPU other than the one the caller is running on, when the caller may
/// use another; once running, it may use every CPU the caller may (so a busy core does not hold it). Answers 0
/// or the error of `pthread_create`.
///
/// Why: on a two-core VM, a new thread left to the scheduler was seen to share its parent's core for the first
/// few milliseconds in most runs (two threads spinning 4.4 ms each took 6–7 ms together; started this way,
/// 4.6–4.8 ms in every run). A step of a few milliseconds then gains nothing from its thread.
int system_extras_start_thread_elsewhere(pthread_t *thread, void *(*start)(void *), void *argument);

/// For a short-lived process (the `theme` executable, not the library): memory is taken from one heap, for every
/// thread, for blocks of any size up to 32 MiB, and never handed back to the system before exit (glibc's
/// `mallopt`; nothing elsewhere). So what is freed is kept, for any thread to reuse.
///
/// Why: glibc maps each block from 128 KiB on (a growing array's storage, a file read into memory) on its own and
/// unmaps it when freed. Unmapping memory another thread of the process has run on makes the kernel stop that
/// core to flush its address translations, which in a VM is an exit to the hypervisor: at 100,000 tokens (files
/// still read then, not mapped), 11 `munmap`s took ~4.8 ms under strace, and the run 145 ms instead of 185 ms
/// without them. And glibc gives each new thread a heap of its own, where what the thread frees (the first
/// file's second half, once appended to the first) waits for that thread alone: with one heap the main thread's
/// later arrays reuse it, rather than touching fresh pages, each ~2.4 µs of the kernel's on this VM (at 100,000
/// tokens, 8,396 page faults -> 6,979; BENCHMARKS.md, round 15). The threads allocate a few large arrays each,
/// and small blocks mostly while rendering; what they wait for the heap's lock was not measured apart, but the
/// runs measured came out faster.
void system_extras_keep_freed_memory(void);

/// Hands the memory the process has freed back to the system, the pages inside the heap as well as its end
/// (glibc's `malloc_trim(0)`; nothing elsewhere). For memory freed just before the process exits: pages given back
/// here, on a thread that would otherwise wait, are pages the exit no longer tears down (BENCHMARKS.md, round 19).
void system_extras_give_back_freed_memory(void);

/// The last byte equal to `byte` among the `count` bytes at `bytes`, or NULL: the C library's `memrchr` on Linux
/// (glibc's scans a vector register at a time; the fast path walks a file's lines backwards with it), a plain
/// loop elsewhere.
const void *system_extras_last_byte(const void *bytes, int byte, size_t count);

/// Asks the system to start writing `count` bytes of an open file from `offset` to its storage, without waiting
/// for them (Linux's `sync_file_range` with `SYNC_FILE_RANGE_WRITE`; nothing elsewhere). Nothing is made durable:
/// it only starts now what the system would otherwise start later.
///
/// Why: renaming a file over an existing one makes ext4 (`auto_da_alloc`, its default) and btrfs write the new
/// file out during the `rename`, which the process waits through. Started as the file is written, by the
/// threads writing it, that work overlaps theirs (at 100,000 tokens, 8.4 MB, see BENCHMARKS.md, round 15).
void system_extras_start_writeback(int descriptor, long long offset, long long count);

/// Asks the processor to bring the cache line at `address` in (GCC's and Clang's `__builtin_prefetch`, for a
/// read): for a loop that knows the next few places it will read at random, so that their cache misses overlap.
/// Inline, so that it compiles to one instruction where it is called.
static inline void system_extras_prefetch(const void *address) { __builtin_prefetch(address); }

#endif
