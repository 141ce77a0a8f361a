#ifndef CLIBICAL_SHIM_H
#define CLIBICAL_SHIM_H
#include <libical/ical.h>
/// vCalendar 1.0: libical's vCal parser (vcc.h) and its converter to iCalendar (icalvcal.h).
#include <libical/vcc.h>
#include <libical/icalvcal.h>

/// `icalerrno` is a macro over a per-thread slot; Swift cannot import macros.
static inline icalerrorenum clibical_errno(void) { return *icalerrno_return(); }
/// Resets the per-thread error slot before a call whose failure we want to observe.
static inline void clibical_clear_errno(void) { *icalerrno_return() = ICAL_NO_ERROR; }

#endif
