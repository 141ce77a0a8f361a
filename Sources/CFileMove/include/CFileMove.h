#ifndef ICALKIT_CFILEMOVE_H
#define ICALKIT_CFILEMOVE_H

/// Renames `from` to `to` unless something exists at `to` (Linux `renameat2` with
/// `RENAME_NOREPLACE`): 0, or -1 with errno set (EEXIST when `to` exists; EINVAL or ENOSYS where
/// the file system or the kernel cannot do it; ENOSYS on other systems).
int icalkit_rename_no_replace(const char *from, const char *to);

#endif
