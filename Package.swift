// swift-tools-version: 6.0
import PackageDescription

// The app's map, one target per layer (see DECISIONS.md):
//   ChecklistsModel     data, storage (GRDB), dates: no terminal, shared with the command line
//   ChecklistsUI        pure state / actions / reduce / render into a cell grid: no curses
//   ChecklistsEventLoop the one event loop the app and the notifier run: the send, the
//                       wall-clock alarm, the database folder's watch; and the presence locks
//   ChecklistsTerminal  the one adapter that talks to ncurses, plus the app's runtime on that loop
//   ChecklistsSync      two-way CalDAV sync: a pure planner (three-way merge) and a thin HTTP
//                       runner (libcurl, libxml2): no terminal, no argument parser
//   ChecklistsConfig    config.toml (its own TOML reader): one section type per feature, read into the
//                       UI's own values (the key map, the theme)
//   CSQLiteConfig       what Swift cannot reach of SQLite: a variadic connection option, and
//                       the pre-update hook that captures rows for the undo history
//   CDBus               libdbus-1, loaded when the notifier first needs it, for desktop notifications
//   CCurl               libcurl, loaded when a sync starts, for its HTTP
//   CXML                libxml2, loaded when a sync first reads a reply, for its WebDAV XML
//   CLoaderTables       the executable's relocation table, dropped from memory once loaded
//   ChecklistsNotify    `checklists notify`: a pure reducer and a thin runtime delivering
//                       reminders while no app is open (D-Bus, tmux, the user's command)
//   ChecklistsCommandLine  the subcommands (add, list, status, export...): no curses, no argument parser
//   checklists          the executable: argument parsing and start-up errors
//   ChecklistsSyncCommand  what `checklists sync` and the notifier run: the same binary
//                       again, started as `checklists --settings-fd N`
// and the tools around it, which never reach into Tests/:
//   ChecklistsToolSupport  what the tools and the tests share: starting processes, the tmux
//                       driver, the seeded random generator, the clocks, and the tools' entry
//                       point (a usage mistake exits 2)
//   checklists-bench    the benchmark's in-process half (scripts/bench, scripts/bench-live)
//   ChecklistsStress    the reducer fuzzer, the killed writer and the two writers, as a library
//                       so the test suite runs them in small
//   checklists-stress   their command (scripts/stress)
//   TestSupport         fixtures for the test targets (temporary folders, fixed dates, mounts),
//                       re-exporting ChecklistsToolSupport
let package = Package(
    name: "Checklists",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "checklists", targets: ["checklists"]),
        .executable(name: "checklists-stress", targets: ["checklists-stress"]),
    ],
    dependencies: [
        .package(url: "https://github.com/groue/GRDB.swift", exact: "7.10.0"),
        .package(url: "https://github.com/apple/swift-argument-parser", exact: "1.8.2"),
    ],
    targets: [
        // No pkgConfig: ncursesw.pc's only flags are two -D that SwiftPM
        // refuses with a warning in every build; shim.h defines what they
        // were for, and the module map links the library.
        .systemLibrary(
            name: "CNcursesw",
            providers: [.apt(["libncurses-dev"])]
        ),
        .target(name: "CDBus"),
        // libcurl's headers only: curl.c loads the library when a sync starts.
        .target(name: "CCurl"),
        // libxml2's headers only, in the folder of their own Debian's
        // libxml2-dev puts them in: xml.c loads the library when a sync
        // first reads a reply.
        .target(name: "CXML", cSettings: [.unsafeFlags(["-I/usr/include/libxml2"])]),
        .target(name: "CTerminalGuard"),
        .target(name: "CSQLiteConfig"),
        .target(name: "CLoaderTables"),
        .target(name: "ChecklistsEventLoop", dependencies: ["CLoaderTables"]),
        .target(
            name: "ChecklistsConfig",
            dependencies: ["ChecklistsUI", "ChecklistsModel"]
        ),
        .target(
            name: "ChecklistsNotify",
            dependencies: ["CDBus", "ChecklistsEventLoop", "ChecklistsConfig", "ChecklistsModel"]
        ),
        .target(
            name: "ChecklistsModel",
            dependencies: ["CSQLiteConfig", .product(name: "GRDB", package: "GRDB.swift"), .product(name: "GRDBSQLite", package: "GRDB.swift")]
        ),
        .target(
            name: "ChecklistsSync",
            dependencies: ["CCurl", "CXML", "ChecklistsModel"]
        ),
        .target(
            name: "ChecklistsCommandLine",
            dependencies: ["ChecklistsModel"]
        ),
        .target(
            name: "ChecklistsUI",
            dependencies: ["ChecklistsModel", "ChecklistsEventLoop"]
        ),
        .target(
            name: "ChecklistsTerminal",
            dependencies: ["CNcursesw", "CTerminalGuard", "ChecklistsUI", "ChecklistsModel", "ChecklistsEventLoop"]
        ),
        .executableTarget(
            name: "checklists",
            dependencies: [
                "ChecklistsTerminal", "ChecklistsUI", "ChecklistsModel", "ChecklistsCommandLine",
                "ChecklistsNotify", "ChecklistsConfig", "ChecklistsEventLoop", "ChecklistsSyncCommand",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // What `checklists sync` and the notifier run: the same binary again,
        // as `checklists --settings-fd N` (RootCommand.main), so the package
        // holds one copy of the Swift runtime and its ICU data.
        .target(
            name: "ChecklistsSyncCommand",
            dependencies: ["ChecklistsSync", "ChecklistsCommandLine", "ChecklistsModel", "ChecklistsEventLoop"]
        ),
        .target(
            name: "ChecklistsToolSupport",
            dependencies: ["ChecklistsEventLoop", .product(name: "ArgumentParser", package: "swift-argument-parser")]
        ),
        .executableTarget(
            name: "checklists-bench",
            dependencies: [
                "ChecklistsUI", "ChecklistsModel", "ChecklistsToolSupport",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            path: "Sources/ChecklistsBench"
        ),
        .target(
            name: "ChecklistsStress",
            dependencies: ["ChecklistsUI", "ChecklistsModel", "ChecklistsSync", "ChecklistsEventLoop", "ChecklistsToolSupport"]
        ),
        .executableTarget(
            name: "checklists-stress",
            dependencies: [
                "ChecklistsStress", "ChecklistsModel", "ChecklistsToolSupport",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            path: "Sources/ChecklistsStressCommand"
        ),
        .target(
            name: "TestSupport",
            dependencies: ["ChecklistsModel", "ChecklistsUI", "ChecklistsToolSupport"],
            path: "Tests/TestSupport"
        ),
        .testTarget(
            name: "ChecklistsModelTests",
            dependencies: ["ChecklistsModel", "TestSupport"]
        ),
        .testTarget(
            name: "ChecklistsCommandLineTests",
            dependencies: ["ChecklistsCommandLine", "ChecklistsModel", "TestSupport", .product(name: "GRDB", package: "GRDB.swift")]
        ),
        .testTarget(
            name: "ChecklistsSyncTests",
            dependencies: ["ChecklistsSync", "ChecklistsModel", "TestSupport"]
        ),
        .testTarget(
            name: "ChecklistsUITests",
            dependencies: ["ChecklistsUI", "ChecklistsModel", "TestSupport"]
        ),
        .testTarget(
            name: "ChecklistsTerminalTests",
            dependencies: ["ChecklistsTerminal", "ChecklistsUI", "TestSupport"]
        ),
        .testTarget(
            name: "ChecklistsEventLoopTests",
            dependencies: ["ChecklistsEventLoop", "TestSupport"]
        ),
        .testTarget(
            name: "ChecklistsConfigTests",
            dependencies: ["ChecklistsConfig", "TestSupport"]
        ),
        .testTarget(
            name: "ChecklistsNotifyTests",
            dependencies: ["ChecklistsNotify", "ChecklistsModel", "ChecklistsConfig", "TestSupport"]
        ),
        .testTarget(
            name: "StressTests",
            dependencies: ["ChecklistsStress", "checklists-stress", "checklists", "TestSupport"]
        ),
        .testTarget(
            name: "EndToEndTests",
            dependencies: ["checklists", "checklists-bench", "TestSupport", "ChecklistsModel", "ChecklistsEventLoop", "ChecklistsStress"]
        ),
    ]
)

// Release builds link the Swift runtime and Foundation into each executable
// (`-static-stdlib`): a start then finds, maps and relocates none of the
// fifteen Swift libraries, while glibc, ncursesw and SQLite stay Debian's
// shared ones. So a plain `swift build -c release` makes the binary that is
// shipped (DECISIONS.md, "Built the ordinary way"). Our modules are compiled
// against the static Foundation too: its modules name what its static
// libraries need (CoreFoundation, ICU's data), which the link would otherwise
// miss. A target's linker setting reaches every product that links it, tests
// included.
for target in package.targets where target.type != .system {
    target.swiftSettings = (target.swiftSettings ?? []) + [.unsafeFlags(["-static-stdlib"], .when(configuration: .release))]
    target.linkerSettings = (target.linkerSettings ?? []) + [.unsafeFlags(["-static-stdlib"], .when(configuration: .release))]
}
