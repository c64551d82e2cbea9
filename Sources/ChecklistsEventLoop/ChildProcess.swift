import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Starting programs with an argv, never a shell, so an item's text is only
/// ever one argument or one environment variable's value: the notifier's
/// channels (tmux, the user's command) and the tools' runs (the tests, the
/// stress programs, the benchmark) all start processes here.
public enum ChildProcess {
    /// Where a child's stdout goes.
    public enum Output: Sendable {
        case devNull
        /// A descriptor of ours (a pipe's end), duplicated.
        case descriptor(Int32)
        /// The same, stderr joining stdout.
        case descriptorWithErrors(Int32)
        /// A file, created or truncated (owner-only), stderr joining stdout;
        /// never a link.
        case file(String)
    }

    /// Starts `arguments` (found on PATH) with stdin from /dev/null, stdout
    /// into `output` and stderr to /dev/null (or the same file). The child
    /// starts with every signal at its default and none blocked: the
    /// notifier ignores SIGTERM, SIGINT and SIGHUP to receive them as
    /// events, test threads block most signals, and a child inheriting
    /// either could not be stopped (a tmux server started that way never saw
    /// SIGCHLD, so `kill-server` left it running forever). `ownGroup` puts
    /// it in a process group of its own, so killing the group takes its
    /// children too. `handover`, a descriptor of ours, becomes the child's
    /// descriptor 3 (the sync helper reads its settings there).
    public static func spawn(_ arguments: [String], environment: [String: String], output: Output = .devNull,
                             ownGroup: Bool = true, handover: Int32? = nil) -> Result<pid_t, SpawnFailure> {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        var outputFile: Int32 = -1
        defer { if outputFile >= 0 { close(outputFile) } }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        if let handover {
            // dup2 onto 3 clears close-on-exec there, whatever the original has.
            posix_spawn_file_actions_adddup2(&actions, handover, 3)
        }
        switch output {
        case .devNull:
            posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
            posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        case let .descriptor(descriptor):
            posix_spawn_file_actions_adddup2(&actions, descriptor, 1)
            posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        case let .descriptorWithErrors(descriptor):
            posix_spawn_file_actions_adddup2(&actions, descriptor, 1)
            posix_spawn_file_actions_adddup2(&actions, descriptor, 2)
        case let .file(path):
            // Opened here rather than by the child, so that a link planted in
            // its place is refused by name instead of followed and truncated.
            outputFile = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW | O_CLOEXEC, 0o600)
            guard outputFile >= 0 else { return .failure(SpawnFailure(text: PrivateFileError(path: path, errno: errno).description)) }
            posix_spawn_file_actions_adddup2(&actions, outputFile, 1)
            posix_spawn_file_actions_adddup2(&actions, outputFile, 2)
        }
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
        posix_spawnattr_setpgroup(&attributes, 0)
        let group = ownGroup ? POSIX_SPAWN_SETPGROUP : 0
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF | group))
        let environmentList = environment.map { "\($0.key)=\($0.value)" }
        var pid: pid_t = 0
        let status = withCStrings(arguments) { argv in
            withCStrings(environmentList) { envp in
                posix_spawnp(&pid, arguments[0], &actions, &attributes, argv, envp)
            }
        }
        guard status == 0 else { return .failure(SpawnFailure(text: "cannot run \(arguments[0]): \(String(cString: strerror(status)))")) }
        return .success(pid)
    }

    /// Runs `arguments` to the end and returns its exit status and stdout
    /// (with stderr when `withErrors`); killed (status nil) if it takes
    /// longer than `timeout`.
    public static func run(_ arguments: [String], environment: [String: String], timeout: TimeInterval,
                           withErrors: Bool = false, handover: Int32? = nil) -> (status: Int32?, output: String) {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { return (nil, "") }
        // Only the child's dup2'd stdout may stay open in it, or a command it
        // starts in the background would hold our end of the pipe.
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        let pid: pid_t
        switch spawn(arguments, environment: environment, output: withErrors ? .descriptorWithErrors(ends[1]) : .descriptor(ends[1]),
                     handover: handover) {
        case let .success(started): pid = started
        case .failure:
            close(ends[0]); close(ends[1])
            return (nil, "")
        }
        close(ends[1])
        defer { close(ends[0]) }
        var output = [UInt8]()
        let deadline = Date().addingTimeInterval(timeout)
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let left = Int32(max(0, deadline.timeIntervalSinceNow * 1000))
            var poller = pollfd(fd: ends[0], events: Int16(POLLIN), revents: 0)
            let ready = poll(&poller, 1, left)
            if ready < 0 && errno == EINTR { continue }
            if ready <= 0 {
                kill(-pid, SIGKILL)
                _ = waitForExit(pid)
                return (nil, String(decoding: output, as: UTF8.self))
            }
            let count = read(ends[0], &buffer, buffer.count)
            if count < 0 && errno == EINTR { continue }
            if count <= 0 { break }
            output += buffer[0..<count]
        }
        return (waitForExit(pid), String(decoding: output, as: UTF8.self))
    }

    /// Waits for `pid` and returns its status as a shell shows it.
    @discardableResult
    public static func waitForExit(_ pid: pid_t) -> Int32 {
        var waitStatus: Int32 = 0
        while waitpid(pid, &waitStatus, 0) < 0 && errno == EINTR {}
        return shellStatus(waitStatus)
    }

    /// The exit code, or 128 + the signal that ended it (WIFEXITED and
    /// friends do not import into Swift).
    public static func shellStatus(_ waitStatus: Int32) -> Int32 {
        (waitStatus & 0x7f) == 0 ? (waitStatus >> 8) & 0xff : 128 + (waitStatus & 0x7f)
    }

    private static func withCStrings<R>(_ strings: [String], _ body: (UnsafePointer<UnsafeMutablePointer<CChar>?>) -> R) -> R {
        var pointers = strings.map { strdup($0) }
        pointers.append(nil)
        defer { pointers.forEach { free($0) } }
        return pointers.withUnsafeBufferPointer { body($0.baseAddress!) }
    }
}

/// Why a process could not be started, as one line.
public struct SpawnFailure: Error {
    public let text: String
}
