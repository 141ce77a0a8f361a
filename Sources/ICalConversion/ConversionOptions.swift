import Foundation

/// How the reader interprets what RFC 5545 leaves to the reader.
public struct ConversionOptions: Hashable, Sendable {
    /// Read floating date-times in the calendar's X-WR-TIMEZONE (as Google and Apple do).
    /// When false they stay floating.
    public var applyCalendarTimeZone: Bool = true
    /// The name given to a calendar with no X-WR-CALNAME/NAME (usually the file name).
    public var fallbackCalendarTitle: String? = nil
    /// Limits that guard against pathological input.
    public var limits: Limits = .default
    /// VTIMEZONEs a reading builds ahead on a helper thread, at most, once its items name them
    /// (see ``ZonePrebuilder``); 0 builds every zone when first needed, on the reading thread.
    public var zonesBuiltAhead: Int = 16

    public init(applyCalendarTimeZone: Bool = true, fallbackCalendarTitle: String? = nil, limits: Limits = .default) {
        self.applyCalendarTimeZone = applyCalendarTimeZone
        self.fallbackCalendarTitle = fallbackCalendarTitle
        self.limits = limits
    }

    /// Each limit has a name that appears in the error it raises.
    public struct Limits: Hashable, Sendable {
        /// `max-line-bytes`: longest unfolded content line.
        public var maxLineBytes: Int = 16 << 20
        /// `max-nesting-depth`: deepest BEGIN nesting.
        public var maxNestingDepth: Int = 64
        /// `max-items-per-file`: events plus reminders in one input.
        public var maxItemsPerFile: Int = 2_000_000
        public static let `default` = Limits()
        public init() {}
    }
}
