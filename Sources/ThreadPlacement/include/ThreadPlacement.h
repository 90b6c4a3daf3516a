// ThreadPlacement: starting a thread on a core other than the caller's (Linux), for the fast path's second
// thread (DesignTokens/FastPath/SecondThread.swift).
//
// In C because the calls it needs (sched_getcpu, sched_getaffinity, pthread_attr_setaffinity_np) are GNU
// extensions that Swift's Glibc module does not import.

#ifndef THREAD_PLACEMENT_H
#define THREAD_PLACEMENT_H

#include <pthread.h>

/// Starts `start(argument)` on a new thread, as `pthread_create` with default attributes does, except that on
/// Linux the thread begins on a CPU other than the one the caller is running on, when the process may use
/// another; once running, it may use every CPU the process may (so a busy core does not hold it). Answers 0 or
/// the error of `pthread_create`.
///
/// Why: on a two-core VM, a new thread left to the scheduler was seen to share its parent's core for the first
/// few milliseconds in most runs (two threads spinning 4.4 ms each took 6–7 ms together; started this way,
/// 4.6–4.8 ms in every run). A step of a few milliseconds then gains nothing from its thread.
int thread_placement_start_elsewhere(pthread_t *thread, void *(*start)(void *), void *argument);

#endif
