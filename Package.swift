// swift-tools-version:6.0
import PackageDescription

// Release tuning is for the `icalkit` executable alone: a package that depends on the library
// products links the system SQLite (shared) and its own allocator and linker.

/// The `icalkit` binary links Debian's static SQLite archive (`-l:libsqlite3.a`: the same code
/// as its shared library), named before the library target's shared `-lsqlite3`, so the
/// binary's calls bind to its own copy at link time rather than through the dynamic linker.
/// libical and ICU stay shared: libical 3.0.16 hands ICU a `char` string as UTF-16 for a
/// floating DTSTART (`UCAL_UNKNOWN_ZONE_ID`), whose length then depends on the bytes after it;
/// linked statically, every recurrence iterator upper-cased megabytes.
let staticSQLite: [LinkerSetting] = [.linkedLibrary(":libsqlite3.a", .when(platforms: [.linux]))]

/// The library's SQLite: the system's shared library.
let sharedSQLite: [LinkerSetting] = [.linkedLibrary("sqlite3")]

/// The shipped binary: linked with lld, relative relocations packed (DT_RELR, glibc 2.36).
let packedRelocations: [LinkerSetting] = [
    .unsafeFlags(["-use-ld=lld", "-Xlinker", "-z", "-Xlinker", "pack-relative-relocs"], .when(platforms: [.linux])),
]

/// mimalloc (Debian's libmimalloc-dev) as the allocator of the `icalkit` process. Linked as a
/// shared library ahead of the C library, it takes malloc and free for the whole process, the
/// Swift runtime, SQLite, libical and ICU included: an import allocates on its reading thread
/// and frees on its writing one, which glibc's malloc serializes. The binary only: in a test
/// bundle built with AddressSanitizer, whose allocator comes first, a second allocator in the
/// process hid pointers from LeakSanitizer (false leak reports); CAllocator refers to it weakly.
let mimalloc: [LinkerSetting] = [.linkedLibrary("mimalloc", .when(platforms: [.linux]))]

let package = Package(
    name: "icalkit",
    // Mutex (Synchronization) needs macOS 15.
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "icalkit", targets: ["icalkit"]),
        .library(name: "CalendarModel", targets: ["CalendarModel"]),
        .library(name: "ICalConversion", targets: ["ICalConversion"]),
        .library(name: "CalendarStore", targets: ["CalendarStore"]),
    ],
    targets: [
        // C libraries, each owned by exactly one Swift module.
        // No pkg-config for libical: its flags add libicalss (and through it Berkeley DB), which
        // icalkit does not use. The module map links libical and libicalvcal (vCalendar 1.0 input).
        .systemLibrary(name: "CLibical", providers: [.apt(["libical-dev"])]),
        // Headers only: CalendarStore links SQLite (see staticSQLite).
        .systemLibrary(name: "CSQLite", providers: [.apt(["libsqlite3-dev"])]),
        .target(name: "CWinZones", linkerSettings: [.linkedLibrary("icuuc"), .linkedLibrary("icui18n")]),

        .target(name: "ICalCore", dependencies: ["CLibical"]),
        .target(name: "CalendarModel"),
        .target(name: "ICalConversion", dependencies: ["ICalCore", "CalendarModel", "CWinZones"]),
        // jCal (RFC 7265) and icalkit JSON to and from iCalendar text.
        .target(name: "CalendarFormats", dependencies: ["ICalCore", "CalendarModel", "ICalConversion"]),
        .target(name: "CalendarStore", dependencies: ["CSQLite", "CalendarModel", "ICalConversion"],
                linkerSettings: sharedSQLite),
        // HTTP for feeds: libcurl (Debian libcurl4-openssl-dev), owned by CalendarFeeds, opened with
        // dlopen at the first fetch (see shim.h) rather than linked.
        .systemLibrary(name: "CCurl", providers: [.apt(["libcurl4-openssl-dev"])]),
        .target(name: "CalendarFeeds", dependencies: ["CCurl", "ICalCore", "ICalConversion", "CalendarStore"]),
        // The MCP server: JSON-RPC 2.0 over stdio, tools over the store.
        .target(name: "CalendarMCP", dependencies: ["CalendarModel", "CalendarStore", "ICalConversion", "CalendarFeeds"]),
        .target(name: "CalendarCLI", dependencies: ["CalendarModel", "CalendarFormats", "ICalConversion", "CalendarStore", "CalendarMCP", "CalendarFeeds"]),
        // The command-line process's allocator settings (mimalloc, see `mimalloc` above).
        .target(name: "CAllocator"),
        .executableTarget(name: "icalkit", dependencies: ["CalendarCLI", "CAllocator"],
                          linkerSettings: staticSQLite + packedRelocations + mimalloc),
        // `make conformance`: the third-party corpus against the python oracle, libical's recurrence vectors.
        .executableTarget(name: "icalkit-conformance", dependencies: ["ICalCore", "ICalConversion", "CalendarModel", "CalendarTestSupport"],
                          path: "Sources/ConformanceRunner"),
        // libFuzzer target: built by `make fuzz` with -sanitize=fuzzer (see Makefile).
        .executableTarget(name: "icalkit-fuzz", dependencies: ["ICalConversion", "ICalCore", "CalendarFormats"],
                          swiftSettings: [.unsafeFlags(["-parse-as-library"])]),

        .target(name: "CalendarTestSupport", dependencies: ["CalendarModel"], path: "Sources/CalendarTestSupport"),
        .testTarget(name: "ICalCoreTests", dependencies: ["ICalCore", "CalendarTestSupport"]),
        .testTarget(name: "CalendarModelTests", dependencies: ["CalendarModel", "CalendarTestSupport"]),
        .testTarget(name: "ICalConversionTests", dependencies: ["ICalConversion", "ICalCore", "CalendarModel", "CalendarTestSupport"]),
        .testTarget(name: "CalendarFormatsTests", dependencies: ["CalendarFormats", "ICalCore", "CalendarModel", "CalendarTestSupport"]),
        .testTarget(name: "CalendarStoreTests", dependencies: ["CalendarStore", "ICalConversion", "CalendarModel", "CalendarTestSupport"]),
        .testTarget(name: "CalendarFeedsTests", dependencies: ["CalendarFeeds", "CalendarStore", "CalendarTestSupport"]),
        .testTarget(name: "CalendarMCPTests", dependencies: ["CalendarMCP", "CalendarStore", "CalendarModel", "CalendarTestSupport"]),
        .testTarget(name: "CalendarCLITests", dependencies: ["CalendarCLI", "CalendarStore", "CalendarModel", "CalendarTestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)
