#ifndef CWINZONES_H
#define CWINZONES_H
#include <stddef.h>
#include <stdint.h>

/// Maps a Windows time-zone name ("W. Europe Standard Time") to its CLDR primary IANA id
/// ("Europe/Berlin") using ICU's ucal_getTimeZoneIDForWindowsID. Writes a NUL-terminated
/// UTF-8 id into `out` and returns its length, or returns 0 when ICU knows no mapping.
/// No ICU type appears here: ICU's headers clash with Foundation's bundled ICU in Swift.
size_t cwinzones_iana_for_windows(const char *windows_name, char *out, size_t out_size);

/// The reverse: the Windows name for an IANA id, or 0 when there is none (ICU reads through
/// its whole table for each id: icalkit reads the table once, cwinzones_windows_table, and its
/// tests check that against this).
size_t cwinzones_windows_for_iana(const char *iana_id, char *out, size_t out_size);

/// ICU's canonical id for a zone id (ucal_getCanonicalTimeZoneID: CLDR's, which keeps some
/// names the tz database has since renamed, such as "Asia/Calcutta"): "US/Eastern" gives
/// "America/New_York". Writes it into `out` as NUL-terminated UTF-8 and returns its length, or
/// returns 0 when ICU knows no such zone.
size_t cwinzones_canonical_id(const char *id, char *out, size_t out_size);

/// The tz database zones ICU knows with this standard (raw) offset in milliseconds, canonical
/// location zones only (ucal_openTimeZoneIDEnumeration), written into `out` as NUL-terminated
/// UTF-8 ids one after another. Returns the bytes written (0 when none or on error); stops
/// before an id that would not fit.
size_t cwinzones_zones_with_offset(int32_t offset_ms, char *out, size_t out_size);

/// CLDR's whole IANA → Windows table, as ICU holds it (the `windowsZones` resource that
/// ucal_getWindowsTimeZoneID reads through for each id): one line per IANA id and region,
/// "id\tWindows name\n", in the resource's order, so that the first line of an id gives the
/// name ucal_getWindowsTimeZoneID gives for it. Returns the bytes written, or 0 on error or
/// when the table does not fit.
size_t cwinzones_windows_table(char *out, size_t out_size);

#endif
