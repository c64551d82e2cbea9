import Foundation
import ChecklistsConfig

/// What handing a delivery to one channel came to.
enum ChannelOutcome: Equatable {
    case delivered
    /// Not there now (no session bus, no tmux server, no command set): not
    /// a fault of the channel, but the user is not told through it.
    case unavailable(String)
    case failed(String)
}

/// A way to tell the user. Each runs on the main queue.
@MainActor
protocol Channel: AnyObject {
    var kind: NotifyChannel { get }
    func deliver(_ delivery: Delivery, text: DeliveryText) -> ChannelOutcome
}

/// The channels the config chose (or all), in order: every chosen one that
/// is available gets the delivery; when none of them takes it, the others
/// are tried, so a reminder is not lost to a missing session bus. A
/// channel's problem is said once, and again only after it has worked.
@MainActor
final class Channels {
    private let chosen: [NotifyChannel]?
    private let channels: [NotifyChannel: any Channel]
    private let text: DeliveryText
    private let say: (String) -> Void
    private var saidProblem: [NotifyChannel: String] = [:]

    init(chosen: [NotifyChannel]?, channels: [any Channel], text: DeliveryText, say: @escaping (String) -> Void) {
        self.chosen = chosen
        self.channels = Dictionary(channels.map { ($0.kind, $0) }, uniquingKeysWith: { first, _ in first })
        self.text = text
        self.say = say
    }

    /// Hands `delivery` over; returns the channels that took it.
    func deliver(_ delivery: Delivery) -> [NotifyChannel] {
        let order = chosen ?? NotifyChannel.allCases
        var reached: [NotifyChannel] = []
        for kind in order where handOver(delivery, to: kind, quietWhenUnavailable: chosen == nil) {
            reached.append(kind)
        }
        if reached.isEmpty, chosen != nil {
            for kind in NotifyChannel.allCases where !order.contains(kind) {
                if handOver(delivery, to: kind, quietWhenUnavailable: true) {
                    reached.append(kind)
                    say("used \(kind.rawValue) instead")
                    break
                }
            }
        }
        return reached
    }

    private func handOver(_ delivery: Delivery, to kind: NotifyChannel, quietWhenUnavailable: Bool) -> Bool {
        guard let channel = channels[kind] else { return false }
        let problem: String
        switch channel.deliver(delivery, text: text) {
        case .delivered:
            saidProblem[kind] = nil
            return true
        case let .unavailable(reason):
            // With the default channels, a command not set is no news.
            if quietWhenUnavailable && kind == .command { return false }
            problem = reason
        case let .failed(reason):
            problem = reason
        }
        if saidProblem[kind] != problem {
            saidProblem[kind] = problem
            say("\(kind.rawValue): \(problem)")
        }
        return false
    }
}
