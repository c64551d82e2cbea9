import Foundation
import ChecklistsEventLoop

// MARK: - Starting and waiting for processes

/// Runs a command and returns its exit status and output (stdout + stderr).
///
/// Spawned with posix_spawn and reaped with waitpid rather than Foundation's
/// Process: the first `tmux` call starts a server that daemonizes, and
/// Process then never noticed its client exit (the test hung on a zombie).
/// Output goes through a temporary file, since the server would also hold a
/// pipe open forever.
@discardableResult
public func runCommand(_ arguments: [String], environment: [String: String]? = nil) -> (status: Int32, output: String) {
    let outputPath = NSTemporaryDirectory() + "checklists-command-" + UUID().uuidString
    defer { unlink(outputPath) }
    let pid: pid_t
    switch startProcess(arguments, environment: environment, outputPath: outputPath) {
    case let .success(started): pid = started
    case let .failure(message): return (127, message.text)
    }
    let status = waitForExit(pid)
    let output = (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? ""
    return (status, output)
}

/// Why a process could not be started, as one line.
public typealias StartFailure = SpawnFailure

/// Starts `arguments` (found on PATH) with stdin from /dev/null and stdout
/// and stderr into `outputPath` ("/dev/null" to drop them), and returns its
/// pid without waiting; the caller reaps it with `waitForExit`. Shared by
/// `runCommand`, the killed-writer stress test and the benchmark's timed runs.
public func startProcess(_ arguments: [String], environment: [String: String]? = nil,
                         outputPath: String) -> Result<pid_t, StartFailure> {
    // A sanitizer run's options (scripts/sanitize) reach every child, even one
    // given an environment of its own, so its reports land in the run's folder.
    let inherited = ProcessInfo.processInfo.environment
    let sanitizerOptions = inherited.filter { ["ASAN_OPTIONS", "TSAN_OPTIONS"].contains($0.key) }
    let childEnvironment = environment.map { $0.merging(sanitizerOptions) { given, _ in given } } ?? inherited
    // The same group as ours: a test killed with its group takes them along.
    return ChildProcess.spawn(arguments, environment: childEnvironment, output: .file(outputPath), ownGroup: false)
}

/// Waits for the child `pid` to end and returns its status as a shell shows
/// it: the exit code, or 128 + the signal that ended it.
@discardableResult
public func waitForExit(_ pid: pid_t) -> Int32 {
    ChildProcess.waitForExit(pid)
}
