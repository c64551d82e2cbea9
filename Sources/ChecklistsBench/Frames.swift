import Foundation
import ArgumentParser
import ChecklistsToolSupport

/// `frames`: the app's first frame against calcurse's, at several terminal
/// sizes, each program started in turn on a pseudo-terminal of its own.
///
/// Both are timed from spawn to the moment their first screen has been
/// written: the app's own first-frame stamp (written after the frame), and
/// for calcurse, which stamps nothing, the read that brings the end of its
/// command bar ("OtherCmd", the last thing its first screen draws). A pause
/// of output cannot end calcurse's frame: on a busy machine it draws its
/// first screen in bursts up to most of a second apart. Its peak memory
/// with its first screen drawn is then read from /proc (VmHWM), and it is
/// killed. Not wait4's ru_maxrss: a program spawned with vfork starts its
/// peak at the harness's own, so any program smaller than the harness would
/// read as the harness. Prints "frame_WxH_ours_ns", "frame_WxH_calcurse_ns",
/// "tui_ours_kb" and "tui_calcurse_kb", one line per launch.
struct FramesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "frames",
        abstract: "Time the app's first frame against calcurse's on pseudo-terminals of several sizes.")

    @Option(help: ArgumentHelp("The checklists binary.", valueName: "path")) var binary: String
    @Option(help: ArgumentHelp("The database.", valueName: "path")) var db: String
    @Option(help: ArgumentHelp("The calcurse binary.", valueName: "path")) var calcurse: String
    @Option(help: ArgumentHelp("calcurse's data folder, from calcurse-data.", valueName: "folder")) var calcurseData: String
    @Option(help: "Sizes, columns x rows, comma-separated.") var sizes = "40x12,80x24,120x40"
    @Option(help: "Timed launches of each program at each size.") var runs = 7
    @Option(help: ArgumentHelp("A folder for the app's first-frame stamps.", valueName: "folder")) var scratch: String

    func run() {
        let parsed = sizes.split(separator: ",").map { size -> (Int, Int) in
            let parts = size.split(separator: "x").compactMap { Int($0) }
            guard parts.count == 2, parts[0] > 0, parts[1] > 0 else { fail("bad size \(size); write columns x rows, e.g. 80x24") }
            return (parts[0], parts[1])
        }
        // calcurse's clock bar redraws every second, which would never let
        // the screen go quiet; turned off as a user can.
        let conf = calcurseData + "/conf"
        let old = (try? String(contentsOfFile: conf, encoding: .utf8)) ?? ""
        let new = old.contains("appearance.notifybar=")
            ? old.replacingOccurrences(of: "appearance.notifybar=yes", with: "appearance.notifybar=no")
            : old + "appearance.notifybar=no\n"
        if new != old {
            do { try new.write(toFile: conf, atomically: true, encoding: .utf8) } catch { fail("writing \(conf): \(error)") }
        }
        let programs: [(name: String, arguments: [String], isOurs: Bool)] = [
            ("ours", [binary, "--db", db], true),
            ("calcurse", [calcurse, "-D", calcurseData, "-C", calcurseData], false),
        ]
        for (columns, rows) in parsed {
            for launch in -1..<runs {
                for program in programs {
                    guard let frame = firstFrame(program.arguments, isOurs: program.isOurs, columns: columns, rows: rows) else {
                        fail("\(program.arguments.joined(separator: " ")) drew nothing at \(columns)x\(rows)")
                    }
                    // Launch -1 warms the page cache; not counted.
                    guard launch >= 0 else { continue }
                    print("frame_\(columns)x\(rows)_\(program.name)_ns\t\(Int(frame.nanoseconds))")
                    print("tui_\(program.name)_kb\t\(frame.peakKB)")
                }
            }
        }
    }

    /// Starts `arguments` on a new pseudo-terminal of the given size and
    /// returns the time to the end of its first screenful and its peak memory.
    func firstFrame(_ arguments: [String], isOurs: Bool, columns: Int, rows: Int) -> (nanoseconds: Double, peakKB: Int)? {
        // posix_openpt and friends do not import into Swift, nor do the ioctls
        // they use on Linux: TIOCSPTLCK (0x40045431) and TIOCGPTN (0x80045430).
        let master = open("/dev/ptmx", O_RDWR | O_NOCTTY)
        var unlock: Int32 = 0
        var number: UInt32 = 0
        guard master >= 0, ioctl(master, 0x4004_5431, &unlock) == 0, ioctl(master, 0x8004_5430, &number) == 0 else {
            fail("no pseudo-terminal")
        }
        defer { close(master) }
        let slave = "/dev/pts/\(number)"
        var size = winsize(ws_row: UInt16(rows), ws_col: UInt16(columns), ws_xpixel: 0, ws_ypixel: 0)
        guard ioctl(master, UInt(TIOCSWINSZ), &size) == 0 else { fail("cannot size the pseudo-terminal") }

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        // A new session first (glibc sets it up before the file actions), so
        // opening the terminal makes it the child's controlling terminal.
        posix_spawn_file_actions_addopen(&actions, 0, slave, O_RDWR, 0)
        posix_spawn_file_actions_adddup2(&actions, 0, 1)
        posix_spawn_file_actions_adddup2(&actions, 0, 2)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // POSIX_SPAWN_SETSID (glibc's value; the name does not import).
        posix_spawnattr_setflags(&attributes, 0x80)
        var environment = ProcessInfo.processInfo.environment
        environment["TERM"] = environment["BENCH_PANE_TERM"] ?? "xterm-256color"
        environment["LANG"] = "C.UTF-8"
        environment["LC_ALL"] = "C.UTF-8"
        environment["LINES"] = nil
        environment["COLUMNS"] = nil
        let stamp = scratch + "/first-frame"
        try? FileManager.default.removeItem(atPath: stamp)
        environment["CHECKLISTS_FIRST_FRAME_FILE"] = isOurs ? stamp : nil
        let argv = arguments.map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + envp).forEach { free($0) } }

        let stopwatch = Stopwatch()
        let spawnedAt = Date()
        var pid: pid_t = 0
        guard posix_spawn(&pid, arguments[0], &actions, &attributes, argv, envp) == 0 else { return nil }
        var frame: Double?
        var tail: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        var poller = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
        // "Other" of "OtherCmd", the last entry of calcurse's command bar; at
        // 40 columns curses finishes the word with cursor moves, so only its
        // start is sure to be written whole. No benchmark text holds " Other".
        let end = Array(" Other".utf8)
        // At most 30 s for a first screen. The terminal is read throughout,
        // so neither program ever waits for room to write.
        while frame == nil && stopwatch.nanoseconds < 30_000_000_000 {
            poller.revents = 0
            let ready = poll(&poller, 1, 2)
            if ready > 0 {
                let count = read(master, &buffer, buffer.count)
                if count <= 0 { break }   // the program ended (EIO on a pseudo-terminal)
                if !isOurs {
                    tail = Array(tail.suffix(end.count) + buffer[0..<count])
                    if tail.indices.contains(where: { tail[$0...].starts(with: end) }) { frame = Double(stopwatch.nanoseconds) }
                }
            }
            // The stamp is whole once its line ends.
            if isOurs, let text = try? String(contentsOfFile: stamp, encoding: .utf8), text.hasSuffix("\n"),
               let nanoseconds = Double(text.trimmingCharacters(in: .whitespacesAndNewlines)) {
                frame = nanoseconds - spawnedAt.timeIntervalSince1970 * 1e9
            }
        }
        let peak = frame == nil ? nil : highWaterKB(of: pid)
        kill(pid, SIGKILL)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        guard let frame else { return nil }
        guard let peak else { fail("no VmHWM in /proc/\(pid)/status") }
        return (frame, peak)
    }

    /// The peak resident memory so far of a running process, in KiB.
    func highWaterKB(of pid: pid_t) -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }) else { return nil }
        return Int(line.dropFirst("VmHWM:".count).trimmingCharacters(in: .whitespaces).split(separator: " ").first ?? "")
    }
}
