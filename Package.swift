// swift-tools-version:6.0
import PackageDescription

/// The C libraries come from Debian's static archives (`-l:libX.a`: the same code as its
/// shared libraries), linked with lld (which needs no archive order) and relative relocations
/// packed (DT_RELR). Every `icalkit` run is a whole process: without five shared libraries to
/// load, relocate and bind (libical, SQLite, ICU uc/i18n/data), `icalkit --version` went from
/// 8.4 M to 4.0 M instructions and 5.8 to 3.8 ms of CPU (Bench/HISTORY.md). libical's own
/// shared library also pulled in libicalss, libicalvcal and Berkeley DB, none of them used.
func staticArchives(_ names: [String]) -> [LinkerSetting] {
    names.map { .linkedLibrary(":lib\($0).a", .when(platforms: [.linux])) }
        + names.map { .linkedLibrary($0, .when(platforms: [.macOS])) }
        + [.unsafeFlags(["-use-ld=lld", "-Xlinker", "-z", "-Xlinker", "pack-relative-relocs"], .when(platforms: [.linux]))]
}

let package = Package(
    name: "icalkit",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "icalkit", targets: ["icalkit"]),
        .library(name: "CalendarModel", targets: ["CalendarModel"]),
        .library(name: "ICalConversion", targets: ["ICalConversion"]),
        .library(name: "CalendarStore", targets: ["CalendarStore"]),
    ],
    targets: [
        // C libraries, each owned by exactly one Swift module.
        // Headers only: the libraries are linked by the targets below (see staticArchives).
        .systemLibrary(name: "CLibical", providers: [.apt(["libical-dev"])]),
        .systemLibrary(name: "CSQLite", providers: [.apt(["libsqlite3-dev"])]),
        // ICU is C++: its archives need the C++ runtime (a shared Swift runtime does not bring it).
        .target(name: "CWinZones", linkerSettings: staticArchives(["icui18n", "icuuc", "icudata"]) + [.linkedLibrary("stdc++")]),

        .target(name: "ICalCore", dependencies: ["CLibical"], linkerSettings: staticArchives(["ical"])),
        .target(name: "CalendarModel"),
        .target(name: "ICalConversion", dependencies: ["ICalCore", "CalendarModel", "CWinZones"]),
        .target(name: "CalendarStore", dependencies: ["CSQLite", "CalendarModel", "ICalConversion"],
                linkerSettings: staticArchives(["sqlite3"])),
        .target(name: "CalendarCLI", dependencies: ["CalendarModel", "ICalConversion", "CalendarStore"]),
        .executableTarget(name: "icalkit", dependencies: ["CalendarCLI"]),
        // `make conformance`: the third-party corpus against the python oracle, libical's recurrence vectors.
        .executableTarget(name: "icalkit-conformance", dependencies: ["ICalCore", "ICalConversion", "CalendarModel", "CalendarTestSupport"],
                          path: "Sources/ConformanceRunner"),
        // libFuzzer target: built by `make fuzz` with -sanitize=fuzzer (see Makefile).
        .executableTarget(name: "icalkit-fuzz", dependencies: ["ICalConversion", "ICalCore"],
                          swiftSettings: [.unsafeFlags(["-parse-as-library"])]),

        .target(name: "CalendarTestSupport", dependencies: ["CalendarModel"], path: "Sources/CalendarTestSupport"),
        .testTarget(name: "ICalCoreTests", dependencies: ["ICalCore", "CalendarTestSupport"]),
        .testTarget(name: "CalendarModelTests", dependencies: ["CalendarModel", "CalendarTestSupport"]),
        .testTarget(name: "ICalConversionTests", dependencies: ["ICalConversion", "ICalCore", "CalendarModel", "CalendarTestSupport"]),
        .testTarget(name: "CalendarStoreTests", dependencies: ["CalendarStore", "ICalConversion", "CalendarModel", "CalendarTestSupport"]),
        .testTarget(name: "CalendarCLITests", dependencies: ["CalendarCLI", "CalendarStore", "CalendarModel", "CalendarTestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)
