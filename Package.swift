// swift-tools-version: 6.0
import PackageDescription

// The app's map, one target per layer (see DECISIONS.md):
//   ChecklistsModel     data, storage (GRDB), dates: no terminal, shared with the command line
//   ChecklistsUI        pure state / actions / reduce / render into a cell grid: no curses
//   ChecklistsTerminal  the one adapter that talks to ncurses, plus the Dispatch runtime
//   ChecklistsCommandLine  the subcommands (add, list, status, export...): no curses, no argument parser
//   checklists          the executable: argument parsing and start-up errors
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
        .systemLibrary(
            name: "CNcursesw",
            pkgConfig: "ncursesw",
            providers: [.apt(["libncurses-dev"])]
        ),
        .target(name: "CTerminalGuard"),
        .target(
            name: "ChecklistsModel",
            dependencies: [.product(name: "GRDB", package: "GRDB.swift"), .product(name: "GRDBSQLite", package: "GRDB.swift")]
        ),
        .target(
            name: "ChecklistsCommandLine",
            dependencies: ["ChecklistsModel"]
        ),
        .target(
            name: "ChecklistsUI",
            dependencies: ["ChecklistsModel"]
        ),
        .target(
            name: "ChecklistsTerminal",
            dependencies: ["CNcursesw", "CTerminalGuard", "ChecklistsUI", "ChecklistsModel"]
        ),
        .executableTarget(
            name: "checklists",
            dependencies: [
                "ChecklistsTerminal", "ChecklistsUI", "ChecklistsModel", "ChecklistsCommandLine",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .target(
            name: "ChecklistsToolSupport",
            dependencies: [.product(name: "ArgumentParser", package: "swift-argument-parser")]
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
            dependencies: ["ChecklistsUI", "ChecklistsModel", "ChecklistsToolSupport"]
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
            name: "ChecklistsUITests",
            dependencies: ["ChecklistsUI", "ChecklistsModel", "TestSupport"]
        ),
        .testTarget(
            name: "ChecklistsTerminalTests",
            dependencies: ["ChecklistsTerminal", "ChecklistsUI"]
        ),
        .testTarget(
            name: "StressTests",
            dependencies: ["ChecklistsStress", "checklists-stress", "TestSupport"]
        ),
        .testTarget(
            name: "EndToEndTests",
            dependencies: ["checklists", "TestSupport", "ChecklistsModel", "ChecklistsStress"]
        ),
    ]
)
