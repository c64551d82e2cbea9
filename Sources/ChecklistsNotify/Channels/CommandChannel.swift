import Foundation
#if canImport(Glibc)
import Glibc
#endif
import ChecklistsConfig
import ChecklistsEventLoop

/// The user's own command, once per reminder, with the item in
/// environment variables. It runs beside the notifier: a thread waits for
/// it, a deadline kills it if it hangs, and nothing else waits for it.
@MainActor
final class CommandChannel: Channel {
    let kind = NotifyChannel.command
    private let command: [String]?
    private let environment: [String: String]
    /// A problem found after the hand-over (a failure, a hang), for the log.
    var onProblem: ((String) -> Void)?
    private var saidFailure: String?

    /// How long the command may run before it is killed.
    static let timeout: TimeInterval = 5

    init(command: [String]?, environment: [String: String]) {
        self.command = command
        self.environment = environment
    }

    func deliver(_ delivery: Delivery, text: DeliveryText) -> ChannelOutcome {
        guard let command else { return .unavailable("no command set ([notify] command)") }
        for reminder in delivery.reminders {
            let variables = environment.merging(text.environment(reminder, delivery: delivery)) { _, item in item }
            switch ChildProcess.spawn(command, environment: variables) {
            case let .success(pid): watch(pid)
            case let .failure(failure): return .failed(failure.text)
            }
        }
        return .delivered
    }

    /// Reaps `pid` on a thread of its own; kills its process group if it
    /// outlives the timeout. A failure is said once, until one succeeds.
    private func watch(_ pid: pid_t) {
        let program = command?.first ?? "command"
        let finished = FinishedFlag()
        Thread.detachNewThread { [weak self] in
            let status = ChildProcess.waitForExit(pid)
            finished.set()
            DispatchQueue.main.async {
                MainActor.assumeIsolated { self?.ended(program: program, status: status) }
            }
        }
        DispatchQueue.main.asyncAfter(deadline: .now() + Self.timeout) { [weak self] in
            guard !finished.isSet else { return }
            kill(-pid, SIGKILL)
            MainActor.assumeIsolated {
                self?.report("\(program) was still running after \(Int(Self.timeout)) s: killed")
            }
        }
    }

    private func ended(program: String, status: Int32) {
        if status == 0 {
            saidFailure = nil
        } else if status != 128 + SIGKILL {
            report("\(program) failed (exit status \(status))")
        }
    }

    private func report(_ problem: String) {
        guard problem != saidFailure else { return }
        saidFailure = problem
        onProblem?("command: \(problem)")
    }
}

/// Set by the reaping thread, read by the deadline on the main queue.
private final class FinishedFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var value = false
    func set() { lock.lock(); value = true; lock.unlock() }
    var isSet: Bool { lock.lock(); defer { lock.unlock() }; return value }
}
