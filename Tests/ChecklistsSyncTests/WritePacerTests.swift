import Testing
import TestSupport
@testable import ChecklistsSync

/// The pacer against servers simulated by the time each batch takes; the
/// batches it chooses are written out as "count×at once".
@Suite("How many writes go at once: chosen from the server's pace")
struct WritePacerTests {
    /// A server whose write number `index` takes `cost(index)` seconds alone
    /// and whose writes together finish `speedUp` times as fast.
    struct Server {
        var speedUp: Double
        var cost: (Int) -> Double = { _ in 0.05 }

        func seconds(writes: Range<Int>, atOnce: Int) -> Double {
            let alone = writes.reduce(0.0) { $0 + cost($1) }
            return atOnce == 1 ? alone : alone / speedUp
        }
    }

    /// The batches the pacer sends `total` writes in, against `server`
    /// (`speedUp` may change per batch: `serverAt` is given the first write's number).
    func batches(total: Int, atMost: Int = WritePacer.together, serverAt: (Int) -> Server) -> [String] {
        var pacer = WritePacer(total: total, atMost: atMost)
        var sent = 0
        var shown: [String] = []
        while let batch = pacer.next() {
            let seconds = serverAt(sent).seconds(writes: sent..<(sent + batch.count), atOnce: batch.atOnce)
            pacer.sent(batch, seconds: seconds)
            shown.append("\(batch.count)×\(batch.atOnce)")
            sent += batch.count
            #expect(shown.count <= total, "the pacer keeps sending")
            if shown.count > total { break }
        }
        expectEqual(sent, total, "every write sent once")
        return shown
    }

    @Test("a server that serializes writes (1×) gets them one at a time, one that finishes them 1.3× faster together four at a time; each round measures first",
          arguments: [(1.0, 1), (1.3, 4)])
    func steadyServer(speedUp: Double, atOnce: Int) {
        expectEqual(batches(total: 600) { _ in Server(speedUp: speedUp) }, [
            "8×1", "8×4", "8×1", "232×\(atOnce)",
            "8×1", "8×4", "8×1", "232×\(atOnce)",
            "8×1", "8×4", "8×1", "64×\(atOnce)",
        ])
    }

    @Test("a gain under the margin is taken for noise: one at a time")
    func smallGain() {
        expectEqual(batches(total: 300) { _ in Server(speedUp: 1.1) }, ["8×1", "8×4", "8×1", "232×1", "44×1"])
        expectEqual(batches(total: 300) { _ in Server(speedUp: 1.2) }, ["8×1", "8×4", "8×1", "232×4", "44×4"])
    }

    @Test("writes that cost more as the calendar fills: the together batch is compared with one at a time on both sides of it")
    func growingCost() {
        // Each write costs 10 ms more than the one before. Compared with the
        // first batch alone, writes 9 to 16 together (1.3 times as fast)
        // would look slower; the batch after them shows the growth.
        let growing = { (speedUp: Double) in Server(speedUp: speedUp) { 0.01 + 0.01 * Double($0) } }
        expectEqual(batches(total: 100) { _ in growing(1.3) }, ["8×1", "8×4", "8×1", "76×4"])
        expectEqual(batches(total: 100) { _ in growing(1.0) }, ["8×1", "8×4", "8×1", "76×1"])
    }

    @Test("each round measures again: a server that changes its pace changes the choice")
    func changingServer() {
        let shown = batches(total: 700) { first in Server(speedUp: first < 256 ? 1.5 : 1) }
        expectEqual(shown, [
            "8×1", "8×4", "8×1", "232×4",
            "8×1", "8×4", "8×1", "232×1",
            "8×1", "8×4", "8×1", "164×1",
        ])
    }

    @Test("too few writes to measure: all together; a server that refused writes together: all alone")
    func unmeasured() {
        expectEqual(batches(total: 63) { _ in Server(speedUp: 1) }, ["63×4"])
        expectEqual(batches(total: 1) { _ in Server(speedUp: 1) }, ["1×4"])
        expectEqual(batches(total: 0) { _ in Server(speedUp: 1) }, [])
        expectEqual(batches(total: 64) { _ in Server(speedUp: 1) }, ["8×1", "8×4", "8×1", "40×1"])
        expectEqual(batches(total: 600, atMost: 1) { _ in Server(speedUp: 2) }, ["600×1"])
        // A round's end leaving fewer than 64: they go at the last choice.
        expectEqual(batches(total: 256 + 63) { _ in Server(speedUp: 1) }, ["8×1", "8×4", "8×1", "232×1", "63×1"])
    }

    @Test("the choice: together only at most 0.85 of the time per write alone")
    func choice() {
        expectEqual(WritePacer.choose(alone: (16, 1.6), together: (8, 0.67), most: 4), 4)
        expectEqual(WritePacer.choose(alone: (16, 1.6), together: (8, 0.69), most: 4), 1)
        expectEqual(WritePacer.choose(alone: (16, 1.6), together: (8, 0.8), most: 4), 1)
        expectEqual(WritePacer.choose(alone: (0, 0), together: (8, 0.8), most: 4), 4)
    }
}
