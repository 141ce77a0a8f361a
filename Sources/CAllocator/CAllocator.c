#include "CAllocator.h"

#include <stdlib.h>     // defines __GLIBC__ on glibc
#if defined(__GLIBC__)
#include <malloc.h>
#endif

void icalkit_keep_freed_memory(void) {
#if defined(__GLIBC__)
    // Without these, each block over 128 KiB gets its own mmap and is unmapped on free, so a
    // reused size starts again on fresh zeroed pages: one page fault per 4 KiB.
    mallopt(M_MMAP_THRESHOLD, 64 << 20);
    mallopt(M_TRIM_THRESHOLD, 128 << 20);
#endif
}
