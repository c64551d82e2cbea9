/// How many of a calendar's writes go to the server at once, chosen from
/// how the server answers. A server may finish writes faster when they come
/// several at once (one at a time leaves it idle while we read a reply and
/// send the next; Xandikos gained so under load), or serialize them, as
/// Radicale does: four at once there each wait for the other three, and the
/// upload is no faster. Which one a server is, and on which machine, is
/// measured rather than assumed. So a long upload is sent in rounds: some
/// writes one at a time, some together, some one at a time again, and the
/// rest of the round at whichever was faster per write. Comparing the
/// together batch with the one-at-a-time batches on both sides of it
/// cancels the growth of a PUT's cost as the calendar fills (both servers
/// check each new to-do against the whole calendar). Each round measures
/// again, so one slow moment changes at most one round.
///
/// Pure: the session measures each batch's wall time and reports it back.
struct WritePacer {
    /// Writes on separate connections when together.
    static let together = 4
    /// Writes in each measuring batch of a round.
    static let probe = 8
    /// Writes in a round, its three measuring batches included.
    static let round = 256
    /// Fewer writes than this (an upload's, or what is left at a round's
    /// start) go in one batch at the last choice, four at first, unmeasured:
    /// either way costs a second or two at most.
    static let measuredFrom = 64
    /// Together is kept only when its writes took at most this share of the
    /// time of one at a time, so noise does not pick it on a server that
    /// serializes writes.
    static let togetherWhenAtMost = 0.85

    /// A batch to send now: `count` writes in order, `atOnce` at a time.
    struct Batch {
        var count: Int
        var atOnce: Int
    }

    private enum Step {
        case aloneBefore, together, aloneAfter, chosen
        /// Every write left, at `chosen`: too few to measure again.
        case rest
    }

    private var left: Int
    private let most: Int
    private var step = Step.aloneBefore
    /// Writes and seconds of this round's one-at-a-time and together batches.
    private var alone = (writes: 0, seconds: 0.0)
    private var joint = (writes: 0, seconds: 0.0)
    /// Writes sent in this round so far.
    private var inRound = 0
    /// How many at once the last round's measurements chose.
    private(set) var chosen: Int

    /// `total` writes to send; `atMost` at once (1 once the server has
    /// refused writes sent together).
    init(total: Int, atMost: Int = WritePacer.together) {
        left = total
        most = max(1, atMost)
        chosen = most
        startRound()
    }

    /// A round is measured only when enough writes are left for it.
    private mutating func startRound() {
        inRound = 0
        step = left >= Self.measuredFrom && most > 1 ? .aloneBefore : .rest
    }

    /// The next batch, or nil when every write has been sent.
    func next() -> Batch? {
        guard left > 0 else { return nil }
        switch step {
        case .aloneBefore, .aloneAfter: return Batch(count: min(Self.probe, left), atOnce: 1)
        case .together: return Batch(count: min(Self.probe, left), atOnce: most)
        case .chosen: return Batch(count: min(Self.round - inRound, left), atOnce: chosen)
        case .rest: return Batch(count: left, atOnce: chosen)
        }
    }

    /// Records that `batch` (the one `next` returned) took `seconds`.
    mutating func sent(_ batch: Batch, seconds: Double) {
        left -= batch.count
        inRound += batch.count
        switch step {
        case .aloneBefore:
            alone = (batch.count, seconds)
            step = .together
        case .together:
            joint = (batch.count, seconds)
            step = .aloneAfter
        case .aloneAfter:
            alone = (alone.writes + batch.count, alone.seconds + seconds)
            chosen = Self.choose(alone: alone, together: joint, most: most)
            step = .chosen
        case .chosen:
            if inRound >= Self.round { startRound() }
        case .rest:
            break
        }
    }

    /// `most` when the together writes took at most `togetherWhenAtMost`
    /// of the time per write of those sent one at a time, else 1.
    static func choose(alone: (writes: Int, seconds: Double), together: (writes: Int, seconds: Double), most: Int) -> Int {
        guard alone.writes > 0, together.writes > 0 else { return most }
        let perAlone = alone.seconds / Double(alone.writes)
        let perTogether = together.seconds / Double(together.writes)
        return perTogether <= perAlone * togetherWhenAtMost ? most : 1
    }
}
