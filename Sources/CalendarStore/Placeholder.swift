// Placeholder; filled in by the CalendarStore work.
