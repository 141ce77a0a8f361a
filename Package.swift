// swift-tools-version:6.0
import PackageDescription

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
        .systemLibrary(name: "CLibical", pkgConfig: "libical", providers: [.apt(["libical-dev"])]),
        .systemLibrary(name: "CSQLite", pkgConfig: "sqlite3", providers: [.apt(["libsqlite3-dev"])]),
        .target(name: "CWinZones", linkerSettings: [.linkedLibrary("icuuc"), .linkedLibrary("icui18n")]),

        .target(name: "ICalCore", dependencies: ["CLibical"]),
        .target(name: "CalendarModel"),
        .target(name: "ICalConversion", dependencies: ["ICalCore", "CalendarModel", "CWinZones"]),
        .target(name: "CalendarStore", dependencies: ["CSQLite", "CalendarModel", "ICalConversion"]),
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
