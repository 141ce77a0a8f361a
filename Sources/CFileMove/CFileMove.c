#if defined(__linux__) && !defined(_GNU_SOURCE)
#define _GNU_SOURCE   /* sync_file_range */
#endif
#include "CFileMove.h"

#include <errno.h>
#if defined(__linux__)
#include <fcntl.h>
#include <sys/syscall.h>
#include <unistd.h>
#ifndef RENAME_NOREPLACE
#define RENAME_NOREPLACE (1 << 0)
#endif
#endif

int icalkit_rename_no_replace(const char *from, const char *to) {
#if defined(__linux__) && defined(SYS_renameat2)
    return (int)syscall(SYS_renameat2, AT_FDCWD, from, AT_FDCWD, to, RENAME_NOREPLACE);
#else
    (void)from; (void)to;
    errno = ENOSYS;
    return -1;
#endif
}

int icalkit_start_writeback(int fd) {
#if defined(__linux__)
    return sync_file_range(fd, 0, 0, SYNC_FILE_RANGE_WRITE);
#else
    (void)fd;
    errno = ENOSYS;
    return -1;
#endif
}
