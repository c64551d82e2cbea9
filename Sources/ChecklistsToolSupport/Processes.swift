import Foundation

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
public struct StartFailure: Error {
    public let text: String
}

/// Starts `arguments` (found on PATH) with stdin from /dev/null and stdout
/// and stderr into `outputPath` ("/dev/null" to drop them), and returns its
/// pid without waiting; the caller reaps it with `waitForExit`. Shared by
/// `runCommand`, the killed-writer stress test and the benchmark's timed runs.
public func startProcess(_ arguments: [String], environment: [String: String]? = nil,
                         outputPath: String) -> Result<pid_t, StartFailure> {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    posix_spawn_file_actions_adddup2(&actions, 1, 2)
    // The child starts with no signal blocked and every handler at its
    // default. Without this it inherits the calling thread's mask, and test
    // threads block most signals: a tmux server started that way never saw
    // SIGCHLD, so `kill-server` left it (and the app in it) running forever.
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var noSignals = sigset_t()
    sigemptyset(&noSignals)
    var allSignals = sigset_t()
    sigfillset(&allSignals)
    sigdelset(&allSignals, SIGKILL)
    sigdelset(&allSignals, SIGSTOP)
    posix_spawnattr_setsigmask(&attributes, &noSignals)
    posix_spawnattr_setsigdefault(&attributes, &allSignals)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
    // A sanitizer run's options (scripts/sanitize) reach every child, even one
    // given an environment of its own, so its reports land in the run's folder.
    let inherited = ProcessInfo.processInfo.environment
    let sanitizerOptions = inherited.filter { ["ASAN_OPTIONS", "TSAN_OPTIONS"].contains($0.key) }
    let childEnvironment = environment.map { $0.merging(sanitizerOptions) { given, _ in given } } ?? inherited
    let environmentList = childEnvironment.map { "\($0.key)=\($0.value)" }
    var pid: pid_t = 0
    let status = withCStrings(arguments) { argv in
        withCStrings(environmentList) { envp in
            posix_spawnp(&pid, arguments[0], &actions, &attributes, argv, envp)
        }
    }
    guard status == 0 else { return .failure(StartFailure(text: "cannot run \(arguments[0]): \(String(cString: strerror(status)))")) }
    return .success(pid)
}

/// Waits for the child `pid` to end and returns its status as a shell shows
/// it: the exit code, or 128 + the signal that ended it.
@discardableResult
public func waitForExit(_ pid: pid_t) -> Int32 {
    var waitStatus: Int32 = 0
    while waitpid(pid, &waitStatus, 0) < 0 && errno == EINTR {}
    // WIFEXITED / WEXITSTATUS, which do not import into Swift.
    let exited = (waitStatus & 0x7f) == 0
    return exited ? (waitStatus >> 8) & 0xff : 128 + (waitStatus & 0x7f)
}

private func withCStrings<R>(_ strings: [String], _ body: (UnsafePointer<UnsafeMutablePointer<CChar>?>) -> R) -> R {
    var pointers = strings.map { strdup($0) }
    pointers.append(nil)
    defer { pointers.forEach { free($0) } }
    return pointers.withUnsafeBufferPointer { body($0.baseAddress!) }
}
