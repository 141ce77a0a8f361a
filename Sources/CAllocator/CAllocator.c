#include "CAllocator.h"

#include <stdint.h>
#include <stdlib.h>     // defines __GLIBC__ on glibc
#if defined(__GLIBC__)
#include <malloc.h>
#include <sys/mman.h>
#include <unistd.h>
#endif

void icalkit_keep_freed_memory(void) {
#if defined(__GLIBC__)
    // Without these, each block over 128 KiB gets its own mmap and is unmapped on free, so a
    // reused size starts again on fresh zeroed pages: one page fault per 4 KiB.
    mallopt(M_MMAP_THRESHOLD, 64 << 20);
    mallopt(M_TRIM_THRESHOLD, 128 << 20);

    // The main heap grows by 32 MiB at once (address space only), and what of it lies on whole
    // 2 MiB pages (about 30 MiB) is marked for transparent huge pages, so a process that fills
    // megabytes of arrays takes one fault per 2 MiB there instead of one per 4 KiB (where the
    // kernel has THP in `madvise` mode; else nothing changes). The block is allocated and freed
    // only to make the heap grow.
    const size_t huge = 2u << 20, reserve = 32u << 20;
    mallopt(M_TOP_PAD, (int)(reserve / 2));
    uintptr_t before = (uintptr_t)sbrk(0);
    void *grow = malloc(reserve / 2);
    __asm__ volatile("" : : "r"(grow) : "memory");     // keeps the pair from being optimized away
    free(grow);
    uintptr_t after = (uintptr_t)sbrk(0);
    mallopt(M_TOP_PAD, 128 << 10);                      // glibc's default again
    uintptr_t start = (before + huge - 1) & ~(uintptr_t)(huge - 1);
    uintptr_t end = after & ~(uintptr_t)(huge - 1);
    if (before != (uintptr_t)-1 && end > start) madvise((void *)start, end - start, MADV_HUGEPAGE);
#endif
}
