import CalendarModel
import Foundation
import ICalConversion

/// How ``EventStore/importFile(at:into:options:)`` imports a file.
public struct FileImportOptions: Sendable {
    /// Mark the calendars it imports read-only (an imported feed).
    public var readOnly: Bool
    /// Read and report, but change nothing.
    public var dryRun: Bool
    /// Import nothing from a file with any item that could not be read.
    public var strict: Bool
    /// How the file is read (its calendars' title defaults to the file's name without extension).
    public var conversion: ConversionOptions
    /// Mirror the file: the calendars it writes hold exactly its items afterwards (see
    /// `replace` in ``EventStore/importStream(intoCalendar:readOnly:dryRun:replace:subscription:_:)``).
    public var replace: Bool
    /// The feed this file is a fresh copy of: the import mirrors it into one read-only
    /// calendar and stores the subscription with it, in one transaction.
    public var subscription: Subscription?
    /// The calendars' source to record instead of the file's path (a feed's URL).
    public var sourceName: String?

    public init(readOnly: Bool = false, dryRun: Bool = false, strict: Bool = false, conversion: ConversionOptions = ConversionOptions(),
                replace: Bool = false, subscription: Subscription? = nil, sourceName: String? = nil) {
        self.readOnly = readOnly
        self.dryRun = dryRun
        self.strict = strict
        self.conversion = conversion
        self.replace = replace
        self.subscription = subscription
        self.sourceName = sourceName
    }
}

/// What an import of one file did.
public struct FileImport: Sendable {
    /// One report per calendar the file held; empty when nothing was imported.
    public var reports: [ImportReport]
    /// What the reader found: its diagnostics, the items it skipped, whether the file was refused.
    public var read: ReadResult
    /// Whether the file's items went into the store: false when it was refused as not
    /// iCalendar, or (with `strict`) held an item that could not be read, or with `dryRun`.
    public var imported: Bool
}

public extension EventStore {
    /// Imports the iCalendar file at `url` in one transaction: it lands whole or not at all.
    /// The file is read as a stream on a thread of its own while this thread writes its items,
    /// so memory does not grow with its size. Items go into `calendarTitle` when given, else
    /// into the calendar each VCALENDAR names. Throws what the store refused (a read-only
    /// calendar, a file that cannot be read); what the reader could not read is in the result.
    func importFile(at url: URL, into calendarTitle: String? = nil, options: FileImportOptions = FileImportOptions()) throws -> FileImport {
        var conversion = options.conversion
        if conversion.fallbackCalendarTitle == nil { conversion.fallbackCalendarTitle = url.deletingPathExtension().lastPathComponent }
        let reader = ICalendarReader(options: conversion)
        let path = url.standardizedFileURL.path
        let read = ImportPipeline.start(source: options.sourceName ?? path) { handle in try reader.read(fileAt: path, fileName: url.lastPathComponent, handle) }
        defer { read.cancel() }
        var result = ReadResult()
        var kept = false
        let reports: [ImportReport]
        do {
            reports = try importStream(intoCalendar: calendarTitle, readOnly: options.readOnly, dryRun: options.dryRun,
                                       replace: options.replace, subscription: options.subscription) { session in
                result = try read.write(into: session)
                let hasErrors = result.diagnostics.contains { $0.severity == .error }
                kept = !result.refused && !(options.strict && (result.skippedCount > 0 || hasErrors))
                return kept
            }
        } catch let failure as ImportPipeline.Failure {
            throw failure.error
        }
        return FileImport(reports: kept ? reports : [], read: result, imported: kept && !options.dryRun)
    }
}
