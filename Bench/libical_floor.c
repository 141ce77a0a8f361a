/*
 * libical_floor: the bare-libical cost of the three stages icalkit builds on.
 *
 *   libical_floor FILE [--runs R] [--from YYYY-MM-DD] [--to YYYY-MM-DD] [--label L] [--run-id ID]
 *
 * In-process, timed with clock_gettime(CLOCK_MONOTONIC), each stage repeated R times:
 *   parse      icalparser_parse_string() of the whole file (already read into memory)
 *   expand     icalcomponent_foreach_recurrence() over [from, to) for every VEVENT,
 *              counting the instances reported
 *   serialize  icalcomponent_as_ical_string_r() of the parsed tree
 * Prints one JSON line per stage on stdout (median, min, max ms, all samples) and a
 * final "summary" line with peak RSS (getrusage), component counts, X-LIC-ERROR count
 * and how TZIDs resolved. Freeing trees/strings is not timed.
 *
 * Build: cc -O2 -Wall -o libical_floor libical_floor.c $(pkg-config --cflags --libs libical)
 *
 * libical 3.0.16 notes (checked against the installed headers and behaviour):
 *  - icalcomponent_foreach_recurrence(comp, icaltimetype start, icaltimetype end, cb, data)
 *    (icaltimetype window, not time_t; the window ends are given here as UTC times).
 *    Measured on small files (see Bench/README.md):
 *      * rules without COUNT (UNTIL or endless) seek to the window: a DAILY series from
 *        1925 costs the same as one from 2025;
 *      * COUNT rules are replayed from DTSTART: DAILY;COUNT=40000 from 1925 takes ~75 ms
 *        for the 365 instances of 2026;
 *      * a DTSTART that does not match the rule is not reported (WEEKLY;BYDAY=TU with a
 *        Monday DTSTART yields Tuesdays only);
 *      * EXDATE is honoured; RECURRENCE-ID overrides are not: an override is just another
 *        VEVENT reporting its own span, and the master still reports the original
 *        instance, so "instances" counts overridden occurrences twice.
 *    The first expansion of a run is slower: each VTIMEZONE's transitions are expanded and
 *    cached on first use.
 *  - TZIDs resolve only through the parent chain: icalcomponent_get_dtstart() looks the
 *    TZID up with icalcomponent_get_timezone() on the enclosing VCALENDAR, and falls back
 *    to libical's builtin zones by name. A lone VEVENT cut out of its VCALENDAR therefore
 *    loses the file's VTIMEZONEs. An unknown TZID leaves zone == NULL and the event is
 *    still expanded. The summary line counts the three cases.
 *  - icalparser_parse_string() returns the VCALENDAR itself for a single-calendar file,
 *    and wraps several top-level components in an XROOT; both are handled.
 */
#define _POSIX_C_SOURCE 200809L
#include <libical/ical.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <sys/resource.h>

static double now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static double median(const double *v, int n)
{
    double *s = malloc(sizeof(double) * (size_t)n);
    double m;
    memcpy(s, v, sizeof(double) * (size_t)n);
    qsort(s, (size_t)n, sizeof(double), cmp_double);
    m = n % 2 ? s[n / 2] : (s[n / 2 - 1] + s[n / 2]) / 2.0;
    free(s);
    return m;
}

static double vmin(const double *v, int n)
{
    double m = v[0];
    for (int i = 1; i < n; i++)
        if (v[i] < m)
            m = v[i];
    return m;
}

static double vmax(const double *v, int n)
{
    double m = v[0];
    for (int i = 1; i < n; i++)
        if (v[i] > m)
            m = v[i];
    return m;
}

static char *read_file(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    char *buf;
    long size;
    if (!f)
        return NULL;
    if (fseek(f, 0, SEEK_END) != 0 || (size = ftell(f)) < 0 || fseek(f, 0, SEEK_SET) != 0) {
        fclose(f);
        return NULL;
    }
    buf = malloc((size_t)size + 1);
    if (!buf || fread(buf, 1, (size_t)size, f) != (size_t)size) {
        free(buf);
        fclose(f);
        return NULL;
    }
    buf[size] = '\0';
    *len = (size_t)size;
    fclose(f);
    return buf;
}

/* Minimal JSON string escaping for paths and labels. */
static void json_str(const char *s)
{
    putchar('"');
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c == '"' || c == '\\')
            printf("\\%c", c);
        else if (c < 0x20)
            printf("\\u%04x", c);
        else
            putchar(c);
    }
    putchar('"');
}

static const char *g_file, *g_label, *g_run_id;

static void emit_stage(const char *stage, const double *samples, int runs, const char *extra)
{
    printf("{\"tool\":\"libical\",\"stage\":\"%s\",\"label\":", stage);
    json_str(g_label);
    printf(",\"run_id\":");
    json_str(g_run_id);
    printf(",\"file\":");
    json_str(g_file);
    printf(",\"runs\":%d,\"median_ms\":%.3f,\"min_ms\":%.3f,\"max_ms\":%.3f,\"samples_ms\":[",
           runs, median(samples, runs), vmin(samples, runs), vmax(samples, runs));
    for (int i = 0; i < runs; i++)
        printf("%s%.3f", i ? "," : "", samples[i]);
    printf("]%s}\n", extra ? extra : "");
    fflush(stdout);
}

/* Visit every VEVENT under root (root itself may be a VCALENDAR or an XROOT). */
typedef void (*event_fn)(icalcomponent *calendar, icalcomponent *event, void *data);

static void for_each_event(icalcomponent *root, event_fn fn, void *data)
{
    if (icalcomponent_isa(root) == ICAL_VEVENT_COMPONENT) {
        fn(NULL, root, data);
        return;
    }
    if (icalcomponent_isa(root) == ICAL_VCALENDAR_COMPONENT) {
        for (icalcomponent *c = icalcomponent_get_first_component(root, ICAL_VEVENT_COMPONENT);
             c; c = icalcomponent_get_next_component(root, ICAL_VEVENT_COMPONENT))
            fn(root, c, data);
        return;
    }
    /* XROOT (several top-level components): recurse one level. */
    for (icalcomponent *c = icalcomponent_get_first_component(root, ICAL_ANY_COMPONENT);
         c; c = icalcomponent_get_next_component(root, ICAL_ANY_COMPONENT))
        for_each_event(c, fn, data);
}

static void count_instance(icalcomponent *comp, struct icaltime_span *span, void *data)
{
    (void)comp;
    (void)span;
    (*(long *)data)++;
}

struct expand_args {
    struct icaltimetype from, to;
    long instances;
};

static void expand_event(icalcomponent *calendar, icalcomponent *event, void *data)
{
    struct expand_args *a = data;
    (void)calendar;
    icalcomponent_foreach_recurrence(event, a->from, a->to, count_instance, &a->instances);
}

struct stats {
    long events, todos, timezones, components, xlic_errors;
    long tzid_props, tz_from_vtimezone, tz_builtin, tz_unresolved;
};

static void count_tree(icalcomponent *c, struct stats *s)
{
    s->components++;
    switch (icalcomponent_isa(c)) {
    case ICAL_VEVENT_COMPONENT: s->events++; break;
    case ICAL_VTODO_COMPONENT: s->todos++; break;
    case ICAL_VTIMEZONE_COMPONENT: s->timezones++; break;
    default: break;
    }
    s->xlic_errors += icalcomponent_count_properties(c, ICAL_XLICERROR_PROPERTY);
    for (icalcomponent *k = icalcomponent_get_first_component(c, ICAL_ANY_COMPONENT); k;
         k = icalcomponent_get_next_component(c, ICAL_ANY_COMPONENT))
        count_tree(k, s);
}

static void check_tz(icalcomponent *calendar, icalcomponent *event, void *data)
{
    struct stats *s = data;
    icalproperty *p = icalcomponent_get_first_property(event, ICAL_DTSTART_PROPERTY);
    icalparameter *tzid = p ? icalproperty_get_first_parameter(p, ICAL_TZID_PARAMETER) : NULL;
    struct icaltimetype t;
    if (!tzid)
        return;
    s->tzid_props++;
    t = icalcomponent_get_dtstart(event);
    if (!t.zone)
        s->tz_unresolved++;
    else if (calendar && t.zone == icalcomponent_get_timezone(calendar, icalparameter_get_tzid(tzid)))
        s->tz_from_vtimezone++;
    else
        s->tz_builtin++;
}

static int parse_day(const char *s, struct icaltimetype *out)
{
    int y, m, d;
    if (sscanf(s, "%4d-%2d-%2d", &y, &m, &d) != 3)
        return -1;
    *out = icaltime_null_time();
    out->year = y;
    out->month = m;
    out->day = d;
    out->is_date = 0;
    out->zone = icaltimezone_get_utc_timezone();
    return icaltime_is_valid_time(*out) ? 0 : -1;
}

static void usage(void)
{
    fprintf(stderr, "usage: libical_floor FILE [--runs R] [--from YYYY-MM-DD] [--to YYYY-MM-DD]"
                    " [--label L] [--run-id ID]\n");
    exit(64);
}

int main(int argc, char **argv)
{
    const char *from_s = "2026-01-01", *to_s = "2027-01-01";
    int runs = 5;
    struct expand_args ex = {0};
    char *data;
    size_t len = 0;
    icalcomponent *tree = NULL;
    double *parse_ms, *expand_ms, *ser_ms;
    size_t out_len = 0;
    char extra[512];
    struct stats st = {0};
    struct rusage ru;

    g_file = NULL;
    g_label = "";
    g_run_id = "";
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--runs") && i + 1 < argc)
            runs = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--from") && i + 1 < argc)
            from_s = argv[++i];
        else if (!strcmp(argv[i], "--to") && i + 1 < argc)
            to_s = argv[++i];
        else if (!strcmp(argv[i], "--label") && i + 1 < argc)
            g_label = argv[++i];
        else if (!strcmp(argv[i], "--run-id") && i + 1 < argc)
            g_run_id = argv[++i];
        else if (argv[i][0] == '-' && argv[i][1])
            usage();
        else if (!g_file)
            g_file = argv[i];
        else
            usage();
    }
    if (!g_file || runs < 1)
        usage();
    if (parse_day(from_s, &ex.from) || parse_day(to_s, &ex.to)) {
        fprintf(stderr, "libical_floor: bad --from/--to (want YYYY-MM-DD)\n");
        return 64;
    }
    if (!(data = read_file(g_file, &len))) {
        perror(g_file);
        return 66;
    }

    parse_ms = calloc((size_t)runs, sizeof(double));
    expand_ms = calloc((size_t)runs, sizeof(double));
    ser_ms = calloc((size_t)runs, sizeof(double));

    /* (a) parse; keep the last tree for the other stages. The previous tree is freed
       (untimed) before each parse, so peak RSS is one tree plus the file. */
    for (int r = 0; r < runs; r++) {
        double t0;
        if (tree)
            icalcomponent_free(tree);
        t0 = now_ms();
        tree = icalparser_parse_string(data);
        parse_ms[r] = now_ms() - t0;
        if (!tree) {
            fprintf(stderr, "libical_floor: %s: no component parsed (%s)\n", g_file,
                    icalerror_strerror(icalerrno));
            return 65;
        }
    }
    snprintf(extra, sizeof extra, ",\"bytes\":%zu", len);
    emit_stage("parse", parse_ms, runs, extra);

    /* (b) one-window expansion of every VEVENT */
    for (int r = 0; r < runs; r++) {
        double t0;
        ex.instances = 0;
        t0 = now_ms();
        for_each_event(tree, expand_event, &ex);
        expand_ms[r] = now_ms() - t0;
    }
    snprintf(extra, sizeof extra, ",\"from\":\"%s\",\"to\":\"%s\",\"instances\":%ld",
             from_s, to_s, ex.instances);
    emit_stage("expand", expand_ms, runs, extra);

    /* (c) serialization of the whole tree */
    for (int r = 0; r < runs; r++) {
        double t0 = now_ms();
        char *s = icalcomponent_as_ical_string_r(tree);
        ser_ms[r] = now_ms() - t0;
        out_len = s ? strlen(s) : 0;
        free(s);
    }
    snprintf(extra, sizeof extra, ",\"out_bytes\":%zu", out_len);
    emit_stage("serialize", ser_ms, runs, extra);

    count_tree(tree, &st);
    for_each_event(tree, check_tz, &st);
    getrusage(RUSAGE_SELF, &ru);
    printf("{\"tool\":\"libical\",\"stage\":\"summary\",\"label\":");
    json_str(g_label);
    printf(",\"run_id\":");
    json_str(g_run_id);
    printf(",\"file\":");
    json_str(g_file);
    printf(",\"bytes\":%zu,\"root\":\"%s\",\"components\":%ld,\"events\":%ld,\"todos\":%ld,"
           "\"vtimezones\":%ld,\"xlic_errors\":%ld,\"tzid_dtstarts\":%ld,"
           "\"tz_from_vtimezone\":%ld,\"tz_builtin\":%ld,\"tz_unresolved\":%ld,"
           "\"peak_rss_kb\":%ld,\"libical\":\"%d.%d.%d\"}\n",
           len, icalcomponent_kind_to_string(icalcomponent_isa(tree)), st.components, st.events,
           st.todos, st.timezones, st.xlic_errors, st.tzid_props, st.tz_from_vtimezone,
           st.tz_builtin, st.tz_unresolved, ru.ru_maxrss, ICAL_MAJOR_VERSION,
           ICAL_MINOR_VERSION, ICAL_PATCH_VERSION);

    icalcomponent_free(tree);
    free(data);
    free(parse_ms);
    free(expand_ms);
    free(ser_ms);
    return 0;
}
