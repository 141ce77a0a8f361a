// Placeholder; filled in by the ICalConversion work.
