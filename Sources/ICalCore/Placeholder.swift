// Placeholder; filled in by the ICalCore work.
