#ifndef ICALKIT_CALLOCATOR_H
#define ICALKIT_CALLOCATOR_H

/// The allocator of the command-line process is mimalloc (Debian's libmimalloc, linked before
/// the C library, so that malloc and free resolve to it in every library of the process: the
/// Swift runtime, SQLite, libical, ICU). mimalloc keeps freed memory in its segments for reuse;
/// this marks its segments for transparent huge pages where the kernel gives them on request:
/// the calling thread's current one, and those mapped from now on (but each new thread's
/// first, which mimalloc maps uncommitted). Where malloc is glibc's instead (a sanitizer build
/// replaces the allocator with its own checking one), blocks up to 64 MiB come from the heap
/// instead of mappings of their own, freed memory up to 128 MiB stays with the process for
/// reuse, and about 30 MiB of the heap are backed by transparent huge pages the same way.
void icalkit_keep_freed_memory(void);

#endif
