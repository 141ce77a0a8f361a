#ifndef CCURL_SHIM_H
#define CCURL_SHIM_H
#include <curl/curl.h>
#include <dlfcn.h>
#include <stdio.h>

/// libcurl is opened with dlopen when the first feed is fetched, not linked: linked, its
/// thirty-odd libraries were loaded and relocated at the start of every icalkit process,
/// also the ones that never fetch (an import, a query). The functions icalkit calls are
/// looked up once, into this table.
struct ccurl_functions {
    CURLcode (*global_init)(long flags);
    CURL *(*easy_init)(void);
    void (*easy_cleanup)(CURL *handle);
    CURLcode (*easy_perform)(CURL *handle);
    const char *(*easy_strerror)(CURLcode code);
    CURLcode (*easy_setopt)(CURL *handle, CURLoption option, ...);
    CURLcode (*easy_getinfo)(CURL *handle, CURLINFO info, ...);
    CURLHcode (*easy_header)(CURL *handle, const char *name, size_t index, unsigned int origin, int request,
                             struct curl_header **header);
    struct curl_slist *(*slist_append)(struct curl_slist *list, const char *text);
    void (*slist_free_all)(struct curl_slist *list);
};
/// The one table (a function's static: Swift imports functions from this header, not data).
static inline struct ccurl_functions *ccurl_table(void) {
    static struct ccurl_functions table;
    return &table;
}
#define ccurl (*ccurl_table())

/// Opens libcurl and runs curl_global_init; 0 on success, else -1 with the reason in `error`.
/// Call once, before any other function here (the caller keeps it to one thread).
static inline int ccurl_load(char *error, size_t size) {
    void *library = dlopen("libcurl.so.4", RTLD_NOW | RTLD_LOCAL);
    if (!library) {
        snprintf(error, size, "%s", dlerror());
        return -1;
    }
#define CCURL_FIND(field, name) \
    if (!(*(void **)&ccurl.field = dlsym(library, name))) { snprintf(error, size, "libcurl.so.4 has no %s", name); return -1; }
    CCURL_FIND(global_init, "curl_global_init")
    CCURL_FIND(easy_init, "curl_easy_init")
    CCURL_FIND(easy_cleanup, "curl_easy_cleanup")
    CCURL_FIND(easy_perform, "curl_easy_perform")
    CCURL_FIND(easy_strerror, "curl_easy_strerror")
    CCURL_FIND(easy_setopt, "curl_easy_setopt")
    CCURL_FIND(easy_getinfo, "curl_easy_getinfo")
    CCURL_FIND(easy_header, "curl_easy_header")
    CCURL_FIND(slist_append, "curl_slist_append")
    CCURL_FIND(slist_free_all, "curl_slist_free_all")
#undef CCURL_FIND
    CURLcode code = ccurl.global_init(CURL_GLOBAL_ALL);
    if (code != CURLE_OK) {
        snprintf(error, size, "curl_global_init failed: %s", ccurl.easy_strerror(code));
        return -1;
    }
    return 0;
}

static inline CURL *ccurl_easy_init(void) { return ccurl.easy_init(); }
static inline void ccurl_easy_cleanup(CURL *handle) { ccurl.easy_cleanup(handle); }
static inline CURLcode ccurl_easy_perform(CURL *handle) { return ccurl.easy_perform(handle); }
static inline const char *ccurl_easy_strerror(CURLcode code) { return ccurl.easy_strerror(code); }
static inline CURLHcode ccurl_easy_header(CURL *handle, const char *name, size_t index, unsigned int origin, int request,
                                          struct curl_header **header) {
    return ccurl.easy_header(handle, name, index, origin, request, header);
}
static inline struct curl_slist *ccurl_slist_append(struct curl_slist *list, const char *text) {
    return ccurl.slist_append(list, text);
}
static inline void ccurl_slist_free_all(struct curl_slist *list) { ccurl.slist_free_all(list); }

/// `curl_easy_setopt` and `curl_easy_getinfo` are variadic; Swift cannot call them. One typed
/// wrapper per kind of argument icalkit passes.
static inline CURLcode ccurl_setopt_long(CURL *handle, CURLoption option, long value) {
    return ccurl.easy_setopt(handle, option, value);
}
static inline CURLcode ccurl_setopt_string(CURL *handle, CURLoption option, const char *value) {
    return ccurl.easy_setopt(handle, option, value);
}
static inline CURLcode ccurl_setopt_pointer(CURL *handle, CURLoption option, void *value) {
    return ccurl.easy_setopt(handle, option, value);
}
static inline CURLcode ccurl_setopt_offset(CURL *handle, CURLoption option, curl_off_t value) {
    return ccurl.easy_setopt(handle, option, value);
}
typedef size_t (*ccurl_write_callback)(char *data, size_t size, size_t count, void *context);
static inline CURLcode ccurl_setopt_write_callback(CURL *handle, ccurl_write_callback callback) {
    return ccurl.easy_setopt(handle, CURLOPT_WRITEFUNCTION, callback);
}
static inline CURLcode ccurl_getinfo_long(CURL *handle, CURLINFO info, long *value) {
    return ccurl.easy_getinfo(handle, info, value);
}
static inline CURLcode ccurl_getinfo_string(CURL *handle, CURLINFO info, char **value) {
    return ccurl.easy_getinfo(handle, info, value);
}
static inline CURLcode ccurl_getinfo_double(CURL *handle, CURLINFO info, double *value) {
    return ccurl.easy_getinfo(handle, info, value);
}

#endif
