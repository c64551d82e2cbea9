import Foundation
import Testing
import ChecklistsModel
@testable import ChecklistsUI
import TestSupport

/// The help's last lines say whether reminders reach the user while the app
/// is closed: `?` asks the runtime, the answer is drawn.
@Suite("The help and the notifier")
struct HelpNotifierTests {
    /// The help scrolled to its end, after the runtime answered `pid`.
    func helpEnd(notifierPID pid: Int32?) -> [String] {
        var state = AppState(context: Fixed.context, width: 40, height: 8, now: Fixed.now)
        _ = reduce(&state, .listsLoaded([], select: nil))
        expectEqual(reduce(&state, .key(.character("?"))), [.checkNotifier])
        _ = reduce(&state, .notifierChecked(pid: pid))
        _ = reduce(&state, .key(.character("G")))
        return Array(render(state).lines().dropFirst().prefix(HelpOverlay.visibleRows(width: 40, height: 8, keys: .defaults)))
    }

    @Test("a notifier runs: reminders reach the user, with its pid")
    func running() {
        expectEqual(helpEnd(notifierPID: 4242).suffix(3), [
            " Reminders while the app is closed",
            "   on: checklists notify runs",
            "   (pid 4242) and delivers them",
        ])
    }

    @Test("none runs: they wait for the next start, and how to turn it on")
    func notRunning() {
        expectEqual(helpEnd(notifierPID: nil).suffix(5), [
            " Reminders while the app is closed",
            "   off: shown as missed at next start",
            "   turn on: checklists notify &",
            "   or start it with your session:",
            "   README has a systemd unit, tmux line",
        ])
    }
}
