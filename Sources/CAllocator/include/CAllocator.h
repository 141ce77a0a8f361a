#ifndef ICALKIT_CALLOCATOR_H
#define ICALKIT_CALLOCATOR_H

/// Tunes glibc's allocator for a short-lived process that makes and frees large arrays all the
/// time: blocks up to 64 MiB come from the heap instead of mappings of their own, freed memory
/// up to 128 MiB stays with the process for reuse, and about 30 MiB of the heap are backed by
/// transparent huge pages where the kernel allows it on request. Does nothing on other C
/// libraries.
void icalkit_keep_freed_memory(void);

#endif
