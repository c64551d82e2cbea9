// swift-tools-version: 6.0
import PackageDescription

// The app's map, one target per layer (see DECISIONS.md):
//   ChecklistsModel     data, storage (GRDB), dates: no terminal, shared with the command line
//   ChecklistsUI        pure state / actions / reduce / render into a cell grid: no curses
//   ChecklistsTerminal  the one adapter that talks to ncurses, plus the Dispatch runtime
//   ChecklistsCommandLine  the subcommands (add, list, status, export...): no curses, no argument parser
//   checklists          the executable: argument parsing and start-up errors
//   ChecklistsStress    issue 5's reducer fuzzer and killed writer (checklists-stress, scripts/stress)
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
        .executableTarget(
            name: "checklists-bench",
            dependencies: ["ChecklistsUI", "ChecklistsModel"],
            path: "Sources/ChecklistsBench"
        ),
        // Issue 5's stress programs: the reducer fuzzer and the killed writer.
        // A library, so the normal test suite runs the same code in small.
        .target(
            name: "ChecklistsStress",
            // TestSupport: the tmux driver and process runner of the end-to-end tests.
            dependencies: ["ChecklistsUI", "ChecklistsModel", "TestSupport"]
        ),
        .executableTarget(
            name: "checklists-stress",
            dependencies: ["ChecklistsStress", "ChecklistsModel"],
            path: "Sources/ChecklistsStressCommand"
        ),
        .target(
            name: "TestSupport",
            dependencies: ["ChecklistsModel", "ChecklistsUI"],
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
