/// VTIMEZONE texts the tests share.
public enum TestZones {
    /// RFC 5545 §3.6.5's US Eastern definition (the rules in force since 2007) under `tzid`.
    public static func usEastern(tzid: String = "America/New_York") -> String {
        """
        BEGIN:VTIMEZONE\r
        TZID:\(tzid)\r
        LAST-MODIFIED:20050809T050000Z\r
        BEGIN:DAYLIGHT\r
        DTSTART:20070311T020000\r
        RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=2SU\r
        TZOFFSETFROM:-0500\r
        TZOFFSETTO:-0400\r
        TZNAME:EDT\r
        END:DAYLIGHT\r
        BEGIN:STANDARD\r
        DTSTART:20071104T020000\r
        RRULE:FREQ=YEARLY;BYMONTH=11;BYDAY=1SU\r
        TZOFFSETFROM:-0400\r
        TZOFFSETTO:-0500\r
        TZNAME:EST\r
        END:STANDARD\r
        END:VTIMEZONE\r

        """
    }
}
