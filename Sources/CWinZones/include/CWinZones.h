#ifndef CWINZONES_H
#define CWINZONES_H
#include <stddef.h>

/// Maps a Windows time-zone name ("W. Europe Standard Time") to its CLDR primary IANA id
/// ("Europe/Berlin") using ICU's ucal_getTimeZoneIDForWindowsID. Writes a NUL-terminated
/// UTF-8 id into `out` and returns its length, or returns 0 when ICU knows no mapping.
/// No ICU type appears here: ICU's headers clash with Foundation's bundled ICU in Swift.
size_t cwinzones_iana_for_windows(const char *windows_name, char *out, size_t out_size);

/// The reverse: the Windows name for an IANA id, or 0 when there is none.
size_t cwinzones_windows_for_iana(const char *iana_id, char *out, size_t out_size);

#endif
