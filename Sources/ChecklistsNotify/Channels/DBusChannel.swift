import Foundation
import Dispatch
import CDBus
import ChecklistsConfig
import ChecklistsModel

/// Desktop notifications: org.freedesktop.Notifications on the session bus,
/// with Done and Snooze buttons whose presses come back as signals.
///
/// The connection is made at the first delivery and again after it was
/// lost, so a notifier started before the desktop (or outliving a
/// notification server) finds it when it is there. Its socket is watched
/// by a Dispatch read source on the main queue: a press wakes the notifier,
/// nothing polls.
@MainActor
final class DBusChannel: Channel {
    let kind = NotifyChannel.dbus
    /// Called with a button pressed and the items its notification named.
    var onAction: ((NotificationAction, [DueReminder.ID]) -> Void)?
    /// A problem found while listening (the bus went away), for the log.
    var onProblem: ((String) -> Void)?
    private var connection: OpaquePointer?
    private var source: (any DispatchSourceRead)?
    /// The items of each notification still on screen, by its id.
    private var shown: [UInt32: [DueReminder.ID]] = [:]

    /// How long a Notify call may take before the server counts as gone.
    static let callTimeoutMilliseconds: Int32 = 3000

    func deliver(_ delivery: Delivery, text: DeliveryText) -> ChannelOutcome {
        if connection == nil, let problem = connect() { return .unavailable(problem) }
        guard let connection else { return .unavailable("no session bus") }
        var actions: [String] = []
        for action in NotificationAction.allCases { actions += [action.rawValue, action.label] }
        var id: UInt32 = 0
        var error = [CChar](repeating: 0, count: 512)
        let ok = withCStringArray(actions) { pointers in
            cdbus_notify(connection, "checklists", 0, text.summary(delivery), text.body(delivery),
                         pointers, Int32(actions.count), 0, Self.callTimeoutMilliseconds, &id, &error, error.count)
        }
        // Signals that came while we waited for the answer are queued in
        // libdbus, where the read source cannot see them.
        readSignals()
        guard ok == 1 else {
            let reason = Self.text(error)
            if cdbus_is_connected(connection) == 0 { disconnect() }
            return .failed("the notification server did not answer (\(reason))")
        }
        shown[id] = delivery.reminders.map(\.id)
        return .delivered
    }

    /// Connects to the session bus; the reason when it cannot.
    private func connect() -> String? {
        var error = [CChar](repeating: 0, count: 512)
        guard let opened = cdbus_open_session(&error, error.count) else {
            return "no session bus (\(Self.text(error)))"
        }
        connection = opened
        let descriptor = cdbus_unix_fd(opened)
        guard descriptor >= 0 else { return nil }
        let reader = DispatchSource.makeReadSource(fileDescriptor: descriptor, queue: .main)
        reader.setEventHandler { [weak self] in
            MainActor.assumeIsolated { self?.readSignals() }
        }
        reader.resume()
        source = reader
        return nil
    }

    private func disconnect() {
        // The source first: the descriptor is libdbus's, closed with the connection.
        source?.cancel()
        source = nil
        if let connection { cdbus_close(connection) }
        connection = nil
        shown = [:]
    }

    /// Takes every signal waiting: a pressed button becomes `onAction`.
    private func readSignals() {
        guard let connection else { return }
        var id: UInt32 = 0
        var key = [CChar](repeating: 0, count: 128)
        while true {
            switch cdbus_next_signal(connection, &id, &key, key.count) {
            case CDBusActionInvoked:
                if let items = shown[id], let action = NotificationAction(rawValue: Self.text(key)) {
                    // A button closes its notification: a second press of another does nothing.
                    shown[id] = nil
                    onAction?(action, items)
                }
            case CDBusNotificationClosed:
                shown[id] = nil
            case CDBusDisconnected:
                disconnect()
                onProblem?("dbus: the session bus went away")
                return
            default:
                return
            }
        }
    }

    /// A NUL-terminated buffer's text.
    private static func text(_ buffer: [CChar]) -> String {
        String(decoding: buffer.prefix(while: { $0 != 0 }).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    private func withCStringArray<R>(_ strings: [String], _ body: (UnsafePointer<UnsafePointer<CChar>?>) -> R) -> R {
        let copies = strings.map { UnsafePointer(strdup($0)) }
        defer { copies.forEach { free(UnsafeMutablePointer(mutating: $0)) } }
        return copies.withUnsafeBufferPointer { body($0.baseAddress!) }
    }
}
