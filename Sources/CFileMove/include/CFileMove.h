#ifndef ICALKIT_CFILEMOVE_H
#define ICALKIT_CFILEMOVE_H

/// Renames `from` to `to` unless something exists at `to` (Linux `renameat2` with
/// `RENAME_NOREPLACE`): 0, or -1 with errno set (EEXIST when `to` exists; EINVAL or ENOSYS where
/// the file system or the kernel cannot do it; ENOSYS on other systems).
int icalkit_rename_no_replace(const char *from, const char *to);

/// Starts writing the file's changed pages to disk without waiting for it (Linux
/// `sync_file_range` with `SYNC_FILE_RANGE_WRITE`), so that a later `fsync` has less left to
/// wait for: 0, or -1 with errno set (ENOSYS on other systems). Makes nothing durable by itself.
int icalkit_start_writeback(int fd);

#endif
