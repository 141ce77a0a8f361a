#include "CWinZones.h"
#include <unicode/ucal.h>
#include <unicode/ures.h>
#include <unicode/ustring.h>
#include <string.h>

enum cwinzones_conversion { to_iana, to_windows, to_canonical };

static size_t cwinzones_convert(enum cwinzones_conversion conversion, const char *in, char *out, size_t out_size) {
    if (in == NULL || out == NULL || out_size == 0) return 0;
    UChar src[128], dst[128];
    UErrorCode status = U_ZERO_ERROR;
    int32_t src_len = 0;
    u_strFromUTF8(src, 128, &src_len, in, -1, &status);
    if (U_FAILURE(status) || src_len >= 128) return 0;
    UBool is_system = 0;
    int32_t dst_len = 0;
    switch (conversion) {
    case to_iana: dst_len = ucal_getTimeZoneIDForWindowsID(src, src_len, NULL, dst, 128, &status); break;
    case to_windows: dst_len = ucal_getWindowsTimeZoneID(src, src_len, dst, 128, &status); break;
    case to_canonical:
        dst_len = ucal_getCanonicalTimeZoneID(src, src_len, dst, 128, &is_system, &status);
        if (!is_system) return 0;    /* a custom "GMT+05:00" id, not a tz database zone */
        break;
    }
    if (U_FAILURE(status) || dst_len <= 0 || dst_len >= 128) return 0;
    int32_t out_len = 0;
    u_strToUTF8(out, (int32_t)out_size, &out_len, dst, dst_len, &status);
    if (U_FAILURE(status) || (size_t)out_len >= out_size) return 0;
    out[out_len] = '\0';
    return (size_t)out_len;
}

size_t cwinzones_iana_for_windows(const char *windows_name, char *out, size_t out_size) {
    return cwinzones_convert(to_iana, windows_name, out, out_size);
}

size_t cwinzones_windows_for_iana(const char *iana_id, char *out, size_t out_size) {
    return cwinzones_convert(to_windows, iana_id, out, out_size);
}

size_t cwinzones_canonical_id(const char *id, char *out, size_t out_size) {
    return cwinzones_convert(to_canonical, id, out, out_size);
}

size_t cwinzones_zones_with_offset(int32_t offset_ms, char *out, size_t out_size) {
    if (out == NULL || out_size == 0) return 0;
    UErrorCode status = U_ZERO_ERROR;
    UEnumeration *zones = ucal_openTimeZoneIDEnumeration(UCAL_ZONE_TYPE_CANONICAL_LOCATION, NULL, &offset_ms, &status);
    if (U_FAILURE(status) || zones == NULL) return 0;
    size_t used = 0;
    int32_t length = 0;
    const char *id;
    while ((id = uenum_next(zones, &length, &status)) != NULL && U_SUCCESS(status)) {
        if (length <= 0 || used + (size_t)length + 1 > out_size) break;
        memcpy(out + used, id, (size_t)length);
        used += (size_t)length;
        out[used++] = '\0';
    }
    uenum_close(zones);
    return used;
}

size_t cwinzones_windows_table(char *out, size_t out_size) {
    if (out == NULL || out_size == 0) return 0;
    UErrorCode status = U_ZERO_ERROR;
    UResourceBundle *map = ures_openDirect(NULL, "windowsZones", &status);
    map = ures_getByKey(map, "mapTimezones", map, &status);
    if (U_FAILURE(status)) {
        ures_close(map);
        return 0;
    }
    size_t used = 0;
    UResourceBundle *windows = NULL, *region = NULL;
    while (ures_hasNext(map) && U_SUCCESS(status)) {
        windows = ures_getNextResource(map, windows, &status);
        if (U_FAILURE(status)) break;
        const char *name = ures_getKey(windows);
        size_t name_len = name == NULL ? 0 : strlen(name);
        while (ures_hasNext(windows) && U_SUCCESS(status)) {
            region = ures_getNextResource(windows, region, &status);
            int32_t len = 0;
            const UChar *ids = ures_getString(region, &len, &status);
            if (U_FAILURE(status)) break;
            /* "id id id": each id, then a tab, the Windows name and a newline. */
            int32_t start = 0;
            while (start < len) {
                int32_t end = start;
                while (end < len && ids[end] != 0x20) end++;
                char id[128];
                int32_t id_len = 0;
                UErrorCode id_status = U_ZERO_ERROR;
                u_strToUTF8(id, (int32_t)sizeof id, &id_len, ids + start, end - start, &id_status);
                if (U_SUCCESS(id_status) && id_len > 0 && id_len < (int32_t)sizeof id) {
                    if (used + (size_t)id_len + 1 + name_len + 1 > out_size) {
                        status = U_BUFFER_OVERFLOW_ERROR;
                        goto done;
                    }
                    memcpy(out + used, id, (size_t)id_len);
                    used += (size_t)id_len;
                    out[used++] = '\t';
                    memcpy(out + used, name, name_len);
                    used += name_len;
                    out[used++] = '\n';
                }
                start = end + 1;
            }
        }
    }
done:
    ures_close(region);
    ures_close(windows);
    ures_close(map);
    return U_SUCCESS(status) ? used : 0;
}
