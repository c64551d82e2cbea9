// swift-tools-version: 6.0
import PackageDescription

// The app's map, one target per layer (see DECISIONS.md):
//   ChecklistsModel     data, storage (GRDB), dates: no terminal, shared with the command line
//   ChecklistsUI        pure state / actions / reduce / render into a cell grid: no curses
//   ChecklistsEventLoop the one event loop the app and the notifier run: the send, the
//                       wall-clock alarm, the database folder's watch; and the presence locks
//   ChecklistsTerminal  the one adapter that talks to ncurses, plus the app's runtime on that loop
//   ChecklistsSync      two-way CalDAV sync: a pure planner (three-way merge) and a thin HTTP
//                       runner (libcurl, XMLParser): no terminal, no argument parser
//   ChecklistsConfig    config.toml (TOMLKit): one section type per feature, read into the
//                       UI's own values (the key map, the theme)
//   CSQLiteConfig       what Swift cannot reach of SQLite: a variadic connection option, and
//                       the pre-update hook that captures rows for the undo history
//   CDBus               libdbus-1, loaded when the notifier first needs it, for desktop notifications
//   CCurl               libcurl, for the sync helper's HTTP
//   ChecklistsNotify    `checklists notify`: a pure reducer and a thin runtime delivering
//                       reminders while no app is open (D-Bus, tmux, the user's command)
//   ChecklistsCommandLine  the subcommands (add, list, status, export...): no curses, no argument parser
//   checklists          the executable: argument parsing and start-up errors
//   checklists-sync     what `checklists sync` runs, so only it links the network and XML libraries
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
// The release binary is one static executable: the Swift runtime,
// Foundation, SQLite, ncurses and the C library all linked in, at a fixed
// address. A start then finds, maps and relocates no shared library and
// writes no relocated pointer into its own pages: `--version` 3.5 -> 1.3 ms,
// `status` 7.6 -> 5.5 ms CPU (DECISIONS.md, "The floor": what that costs,
// ASLR of the binary's own image, and why it is worth it). It is linked by
// lld with the functions a start runs placed side by side
// (Resources/link-order.txt, written by scripts/link-order), so a start
// faults in far fewer of the binary's pages. A name the list no longer
// matches is skipped, so a stale list costs speed, never correctness.
// Build it with `--static-swift-stdlib` (every script does): without it the
// modules are compiled against the shared Foundation and the static link
// misses CoreFoundation.
let startupLayout = [
    "-static-executable",
    "-use-ld=lld",
    "-Xlinker", "--symbol-ordering-file=\(Context.packageDirectory)/Resources/link-order.txt",
    "-Xlinker", "--no-warn-symbol-ordering",
]

let package = Package(
    name: "Checklists",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "checklists", targets: ["checklists"]),
        .executable(name: "checklists-sync", targets: ["checklists-sync"]),
        .executable(name: "checklists-stress", targets: ["checklists-stress"]),
    ],
    dependencies: [
        .package(url: "https://github.com/groue/GRDB.swift", exact: "7.10.0"),
        .package(url: "https://github.com/apple/swift-argument-parser", exact: "1.8.2"),
        .package(url: "https://github.com/LebJe/TOMLKit", exact: "0.6.0"),
    ],
    targets: [
        .systemLibrary(
            name: "CNcursesw",
            pkgConfig: "ncursesw",
            providers: [.apt(["libncurses-dev"])]
        ),
        .target(name: "CDBus"),
        .systemLibrary(
            name: "CCurl",
            pkgConfig: "libcurl",
            providers: [.apt(["libcurl4-openssl-dev"])]
        ),
        .target(name: "CTerminalGuard"),
        .target(name: "CSQLiteConfig"),
        .target(name: "ChecklistsEventLoop"),
        .target(
            name: "ChecklistsConfig",
            dependencies: ["ChecklistsUI", "ChecklistsModel", .product(name: "TOMLKit", package: "TOMLKit")]
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
            dependencies: ["CCurl", "ChecklistsModel"]
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
                "ChecklistsNotify", "ChecklistsConfig", "ChecklistsEventLoop",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            linkerSettings: [.unsafeFlags(startupLayout, .when(configuration: .release))]
        ),
        // `checklists sync` runs this binary beside it: only it links
        // libcurl and FoundationXML (libcurl, libssl, libxml2),
        // which cost every other run of `checklists` 10 ms of loading.
        .executableTarget(
            name: "checklists-sync",
            dependencies: [
                "ChecklistsSync", "ChecklistsCommandLine", "ChecklistsModel",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            path: "Sources/ChecklistsSyncCommand"
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
            dependencies: ["ChecklistsTerminal", "ChecklistsUI"]
        ),
        .testTarget(
            name: "ChecklistsEventLoopTests",
            dependencies: ["ChecklistsEventLoop"]
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
            dependencies: ["checklists", "checklists-sync", "TestSupport", "ChecklistsModel", "ChecklistsStress"]
        ),
    ]
)
