// Placeholder; filled in by the CalendarTestSupport work.
