import Foundation
#if canImport(Glibc)
import Glibc
#endif
import ChecklistsConfig
import ChecklistsEventLoop

/// A message on every client attached to the user's tmux server, and a
/// bell on each client's terminal. The server is the one `tmux` finds by
/// itself: `$TMUX` when the notifier was started inside tmux (a hook), else
/// the default socket.
@MainActor
final class TmuxChannel: Channel {
    let kind = NotifyChannel.tmux
    private let environment: [String: String]

    /// How long a tmux command may take.
    static let timeout: TimeInterval = 3
    /// How long the message stays on the client's status line.
    static let displayMilliseconds = 15_000

    init(environment: [String: String]) {
        self.environment = environment
    }

    func deliver(_ delivery: Delivery, text: DeliveryText) -> ChannelOutcome {
        let listed = ChildProcess.run(["tmux", "list-clients", "-F", "#{client_tty}"], environment: environment, timeout: Self.timeout)
        guard listed.status == 0 else { return .unavailable("no tmux server") }
        let clients = listed.output.split(separator: "\n").map(String.init).filter { !$0.isEmpty }
        guard !clients.isEmpty else { return .unavailable("no tmux client attached") }
        // display-message expands #{...} formats: the item's # must stay text.
        let message = text.tmuxMessage(delivery).replacingOccurrences(of: "#", with: "##")
        var reached = 0
        for client in clients {
            let shown = ChildProcess.run(["tmux", "display-message", "-c", client, "-d", "\(Self.displayMilliseconds)", message],
                                         environment: environment, timeout: Self.timeout)
            guard shown.status == 0 else { continue }
            reached += 1
            Self.ringBell(on: client)
        }
        return reached > 0 ? .delivered : .failed("tmux display-message failed on every client")
    }

    /// One BEL to the client's terminal, as the app rings it in its pane.
    static func ringBell(on tty: String) {
        let descriptor = open(tty, O_WRONLY | O_NOCTTY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        var bell: UInt8 = 7
        _ = write(descriptor, &bell, 1)
        close(descriptor)
    }
}
