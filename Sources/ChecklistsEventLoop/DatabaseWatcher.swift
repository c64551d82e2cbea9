import Foundation
import Dispatch
#if canImport(Glibc)
import Glibc
#endif

/// Tells a runtime (the app's, the notifier's) when another process may have committed to the
/// database, without polling: inotify on the database's folder, read through
/// a Dispatch read source, so an idle dashboard sleeps in the kernel.
///
/// Any write to the database file, its WAL or its journal wakes it; the
/// runtime then asks SQLite (`data_version`) whether someone else committed,
/// so our own commits cost one cheap check and no reload. The folder is
/// watched rather than the files, because the WAL and journal come and go.
///
/// Where inotify cannot be used (not Linux, or the per-user watch limit is
/// reached) it falls back to checking `data_version` once a second, and says
/// so through `fallbackReason` (see DECISIONS.md).
///
/// Everything runs on `queue` (the main queue in the app; tests pass their
/// own), and must be used from it.
public final class DatabaseWatcher: @unchecked Sendable {
    /// Called on `queue` after files of the database were written.
    public var onWrite: (() -> Void)?
    public let queue: DispatchQueue
    public private(set) var fallbackReason: String?
    private var source: (any DispatchSourceProtocol)?
    private var settle: DispatchWorkItem?

    /// The time between the last write seen and the check: SQLite writes a
    /// commit's WAL frames, then publishes it in the shared-memory index
    /// (which inotify cannot see), so the check waits a moment for that; a
    /// burst of writes also becomes one check.
    static let settleDelay: DispatchTimeInterval = .milliseconds(5)
    /// In case the writer published after the settle delay: one more look.
    static let recheckDelay: DispatchTimeInterval = .milliseconds(60)
    static let fallbackInterval: DispatchTimeInterval = .seconds(1)

    public init(queue: DispatchQueue = .main) {
        self.queue = queue
    }

    public func start(databasePath path: String) {
        #if canImport(Glibc)
        if let problem = startInotify(path: path) {
            startFallback(reason: problem)
        }
        #else
        startFallback(reason: "file watching (inotify) is only available on Linux")
        #endif
    }

    #if canImport(Glibc)
    private func startInotify(path: String) -> String? {
        let (folder, base) = Self.folderAndName(path)
        let names: Set<String> = [base, base + "-wal", base + "-journal"]
        let descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard descriptor >= 0 else { return "inotify_init1: " + String(cString: strerror(errno)) }
        let mask = UInt32(IN_MODIFY | IN_CLOSE_WRITE | IN_CREATE | IN_MOVED_TO | IN_DELETE)
        guard inotify_add_watch(descriptor, folder, mask) >= 0 else {
            let reason = "inotify_add_watch: " + String(cString: strerror(errno))
            close(descriptor)
            return reason
        }
        let reader = DispatchSource.makeReadSource(fileDescriptor: descriptor, queue: queue)
        reader.setEventHandler { [unowned self] in
            if Self.drainEvents(descriptor, mentioning: names) { self.wroteSoon() }
        }
        reader.setCancelHandler { close(descriptor) }
        reader.resume()
        source = reader
        return nil
    }

    /// The folder to watch and the database's name in it, split at the last
    /// "/" ("." for a name alone). Split by hand: Foundation's URL took 0.4
    /// of the 21 million instructions to the app's first frame over 1,000
    /// lists (callgrind), making up its percent-decoding tables.
    static func folderAndName(_ path: String) -> (folder: String, name: String) {
        guard let slash = path.lastIndex(of: "/") else { return (".", path) }
        let folder = path[..<slash]
        return (folder.isEmpty ? "/" : String(folder), String(path[path.index(after: slash)...]))
    }

    /// Reads every pending event; true if one concerns the database's files.
    private static func drainEvents(_ descriptor: Int32, mentioning names: Set<String>) -> Bool {
        var relevant = false
        let capacity = 64 * 1024
        let buffer = UnsafeMutableRawPointer.allocate(byteCount: capacity, alignment: MemoryLayout<inotify_event>.alignment)
        defer { buffer.deallocate() }
        while true {
            let count = read(descriptor, buffer, capacity)
            if count <= 0 { break }
            var offset = 0
            while offset + MemoryLayout<inotify_event>.size <= count {
                let event = buffer.load(fromByteOffset: offset, as: inotify_event.self)
                let nameStart = offset + MemoryLayout<inotify_event>.size
                if event.len > 0 {
                    let name = String(cString: buffer.advanced(by: nameStart).assumingMemoryBound(to: CChar.self))
                    if names.contains(name) { relevant = true }
                }
                if event.mask & UInt32(IN_Q_OVERFLOW) != 0 { relevant = true }
                offset = nameStart + Int(event.len)
            }
        }
        return relevant
    }
    #endif

    /// Coalesces a burst of writes into one check after `settleDelay`, plus
    /// one more look a little later.
    private func wroteSoon() {
        settle?.cancel()
        let check = DispatchWorkItem { [weak self] in
            guard let self else { return }
            self.onWrite?()
            self.queue.asyncAfter(deadline: .now() + Self.recheckDelay) { [weak self] in self?.onWrite?() }
        }
        settle = check
        queue.asyncAfter(deadline: .now() + Self.settleDelay, execute: check)
    }

    private func startFallback(reason: String) {
        fallbackReason = reason
        let timer = DispatchSource.makeTimerSource(queue: queue)
        timer.schedule(deadline: .now() + Self.fallbackInterval, repeating: Self.fallbackInterval, leeway: .milliseconds(100))
        timer.setEventHandler { [unowned self] in self.onWrite?() }
        timer.resume()
        source = timer
    }
}
