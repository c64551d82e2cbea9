import Foundation
import ChecklistsModel

/// `export` and `import`: the whole database as one JSON document and back.
///
/// The file is exact: ids, each item's stored reminder (`reminder`: when it
/// fires, or null: none pending, delivered, or snoozed to a time), the open
/// list and the highest ids ever used all survive a round trip. Import checks
/// the whole file before it opens the database, and writes it in one
/// transaction, so a bad file changes nothing and says where it is wrong.
public enum ExportImportCommands {
    /// The document's `format` and `version`; a file from a later version is
    /// refused. Version 2: `due` may be null (no due date), and an item may
    /// repeat (`repeat`, an RRULE; `repeatStart`; `lastDone`). Version 3:
    /// each item has its iCalendar `uid`, and may carry the iCalendar object
    /// it was imported from (`ical`), when it last changed (`modified`) and
    /// was checked off (`completed`). Since notes and the user's own order,
    /// an item may carry a `note` and a `position` (its place in the
    /// "order added" sort); without them it has no note and keeps the order
    /// of ids, so the version stays 3; likewise an item's `priority`
    /// ("low", "medium", "high"; absent: none), its `tags` (an array of
    /// words; absent: none), its `start` (a date as `due` is written, not
    /// after it; absent: none) and its `parent` (the UID of the item it is a
    /// sub-item of, linked by UID as an iCalendar import links RELATED-TO;
    /// absent or null: none) and `folded` (its sub-items folded away). What
    /// the screens keep goes the same way: the file's `listOrder` ("byName",
    /// "byHand") and `smartLists`, each list's `position` (in the order set
    /// by hand), `hidesChecked` and `hidesNotStarted`; absent, as in older
    /// files: by name, no smart lists, nothing hidden. Older files are still read (their
    /// items get new UIDs; in version 1 every item has a due date and none
    /// repeats).
    static let format = "checklists"
    static let version: Int64 = 3

    /// Writes the whole database as one document. The rows are read on
    /// this thread and written out on another, a batch at a time: reading
    /// (SQLite's steps, the rows made into entries) and writing were two
    /// thirds and one third of an export of 100,000 items.
    public static func export(context: CommandLineContext) throws(CommandLineError) {
        let database = try context.openDatabaseForReading()
        let writer = ExportWriter(ExportDocument(timeZone: context.style.timeZone))
        var batch: [SnapshotPart] = []
        batch.reserveCapacity(ExportWriter.batchSize)
        try context.storage { () throws(StorageError) in
            try database.readSnapshot { part in
                batch.append(part)
                if batch.count == ExportWriter.batchSize {
                    writer.write(batch)
                    batch.removeAll(keepingCapacity: true)
                }
            }
        }
        writer.write(batch)
        context.outputUTF8(writer.finish())
    }

    /// Reads `path` ("-" for standard input) and puts it in the database.
    /// A database holding anything but the one empty list a new database
    /// starts with is refused unless `replace`.
    public static func importFile(path: String, replace: Bool, context: CommandLineContext,
                                  readStandardInput: () throws(CommandLineError) -> [UInt8] = {
                                      try readWhole(STDIN_FILENO, name: "standard input")
                                  }) throws(CommandLineError) {
        let name = path == "-" ? "standard input" : path
        let bytes: [UInt8]
        if path == "-" {
            bytes = try readStandardInput()
        } else {
            // Blocking, as cat would: `import <(…)` names a pipe.
            let descriptor = open(path, O_RDONLY | O_CLOEXEC)
            guard descriptor >= 0 else {
                let reason = String(cString: strerror(errno))
                if errno == ENOENT { throw .notFound("cannot read \(path): \(reason)") }
                throw .badInput("cannot read \(path): \(reason)")
            }
            defer { close(descriptor) }
            bytes = try readWhole(descriptor, name: path)
        }
        let snapshot = try SnapshotReader.read(bytes, name: name, calendar: context.style.dayCalendar)
        let database = try context.openDatabase(creatingFrom: snapshot)
        if database.holdsCreatingSnapshot { return }
        let outcome = try context.storage { () throws(StorageError) in try database.restore(snapshot, replacingExisting: replace) }
        if case let .refusedNotEmpty(lists, items) = outcome {
            throw .badInput("\(database.path) already holds \(lists) list(s) and \(items) item(s); "
                            + "nothing was imported. Give --replace to replace all of it with \(name)")
        }
    }

    /// The most an import reads: 1 GiB (an export of 100,000 items is about
    /// 28 MB). Reading is into memory, so `/dev/zero` or a runaway pipe is
    /// refused at this size instead of growing until the system kills us.
    public static let largestInput = 1 << 30

    /// All that `descriptor` holds, read straight into the array the
    /// reader takes, in one buffer of the file's size (and more, only if
    /// the file grows while it is read). Not through `Data`, which a copy
    /// into an array would make twice before the reading could begin.
    /// Refuses a folder, a read that fails, and more than `limit` bytes,
    /// naming `name`.
    public static func readWhole(_ descriptor: Int32, name: String, limit: Int = largestInput) throws(CommandLineError) -> [UInt8] {
        // Made when thrown, not for every read.
        var unreadable: CommandLineError { .badInput("cannot read \(name): it is a folder or cannot be read") }
        var tooLarge: CommandLineError { .badInput("\(name) holds more than \(limit) bytes, the most an import reads; nothing was imported") }
        var info = stat()
        let size = fstat(descriptor, &info) == 0 ? max(Int(info.st_size), 0) : 0
        guard size <= limit else { throw tooLarge }
        var failed = false
        // One byte more than the size, so the read that finds the end
        // finds it in this buffer.
        var bytes = [UInt8](unsafeUninitializedCapacity: size + 1) { buffer, count in
            while count < buffer.count {
                let got = read(descriptor, buffer.baseAddress! + count, buffer.count - count)
                if got < 0 && errno == EINTR { continue }
                if got <= 0 { failed = got < 0; return }
                count += got
            }
        }
        guard !failed else { throw unreadable }
        // Filled: the file grew, or is not a regular file (a pipe's size is 0).
        if bytes.count == size + 1 {
            var chunk = [UInt8](repeating: 0, count: 1 << 16)
            while true {
                let got = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress!, $0.count) }
                if got < 0 && errno == EINTR { continue }
                if got < 0 { throw unreadable }
                if got == 0 { break }
                guard bytes.count + got <= limit else { throw tooLarge }
                bytes.append(contentsOf: chunk[0..<got])
            }
        }
        guard bytes.count <= limit else { throw tooLarge }
        return bytes
    }
}
