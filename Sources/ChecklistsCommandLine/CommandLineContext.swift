import Foundation
import ChecklistsModel

/// What every subcommand runs with: where the database is, what time it is,
/// how dates look, and where output goes. All of it injected, so tests run
/// a command on a temporary database at a fixed time and read its output.
public struct CommandLineContext {
    public var location: DatabaseLocation
    public var databaseOptions: ChecklistsDatabase.Options
    /// The moment the command runs; every reminder decision is made against it.
    public var now: Date
    /// The user's locale and time zone (LC_ALL/LC_TIME/LANG and TZ).
    public var style: DueDateStyle
    /// Standard output, one call per line (without the newline).
    public var output: (String) -> Void
    /// Standard output for a large document already in UTF-8 (an export,
    /// `list --json`): its lines without the last newline, as `output`
    /// would print them. A real run writes the bytes as they are: making a
    /// String first would check and copy every byte again.
    public var outputUTF8: ([UInt8]) -> Void
    /// Standard output for a document written as it is made (`list`,
    /// `list --json`): whole lines in UTF-8, each ending with its newline,
    /// a chunk at a time (`LineOutput`).
    public var outputLines: ([UInt8]) -> Void
    /// A line for stderr that stops nothing (a file open to other users), so
    /// it never mixes into output a script reads.
    public var notice: (String) -> Void

    public init(location: DatabaseLocation, databaseOptions: ChecklistsDatabase.Options = .init(),
                now: Date, style: DueDateStyle, output: @escaping (String) -> Void, notice: @escaping (String) -> Void) {
        self.location = location
        self.databaseOptions = databaseOptions
        self.now = now
        self.style = style
        self.output = output
        self.outputUTF8 = { output(String(decoding: $0, as: UTF8.self)) }
        self.outputLines = { output(String(decoding: $0.dropLast(), as: UTF8.self)) }
        self.notice = notice
    }

    /// The context of a real run: the clock, the environment, stdout.
    public static func live(databasePath: String?, environment: [String: String]) -> CommandLineContext {
        let options = ChecklistsDatabase.Options.fromEnvironment(environment)
        var context = CommandLineContext(
            location: DatabaseLocation.resolve(option: databasePath, environment: environment),
            databaseOptions: options,
            now: Date(),
            style: DueDateStyle.fromEnvironment(environment),
            output: { line in
                fflush(nil)
                writeAll(Array(line.utf8) + [0x0A])
            },
            notice: { FileHandle.standardError.write(Data("checklists: \($0)\n".utf8)) })
        context.outputUTF8 = { bytes in
            // After whatever `print` holds in stdout's buffer, then straight to the descriptor.
            fflush(nil)
            writeAll(bytes)
            writeAll([0x0A])
        }
        context.outputLines = { bytes in
            fflush(nil)
            writeAll(bytes)
        }
        return context
    }

    /// Opens the database for a command that changes it; a refused or
    /// broken file is exit status 3. Repeating items fall on the wall times
    /// of the context's calendar.
    public func openDatabase() throws(CommandLineError) -> ChecklistsDatabase {
        try opened { () throws(StorageError) in try ChecklistsDatabase.open(location, options: calendarOptions) }
    }

    /// `openDatabase`, where a database created now starts with `snapshot`
    /// in it (`holdsCreatingSnapshot`): an import into a new file.
    func openDatabase(creatingFrom snapshot: Snapshot) throws(CommandLineError) -> ChecklistsDatabase {
        try opened { () throws(StorageError) in try ChecklistsDatabase.open(location, options: calendarOptions, creatingFrom: snapshot) }
    }

    /// Opens the database for a command that only reads (`list`, `status`,
    /// `lists`, `export`): one read-only connection that writes nothing,
    /// with the same refusals and exit status as `openDatabase`.
    func openDatabaseForReading() throws(CommandLineError) -> ChecklistsDatabase {
        try opened { () throws(StorageError) in try ChecklistsDatabase.openForReading(location, options: databaseOptions) }
    }

    /// A writer's options: repeating items need the user's time zone (the
    /// day calendar, no locale: loading one costs ICU's locale data).
    private var calendarOptions: ChecklistsDatabase.Options {
        var options = databaseOptions
        options.calendar = style.dayCalendar
        return options
    }

    private func opened(_ open: () throws(StorageError) -> ChecklistsDatabase) throws(CommandLineError) -> ChecklistsDatabase {
        do {
            let database = try open()
            if let notice = database.openingNotice { self.notice(notice.description) }
            return database
        } catch {
            throw .database(error)
        }
    }

    /// Runs storage work, turning its errors into the command line's: a row
    /// deleted meanwhile is "not found" (1), unstorable text (empty, a NUL) or a start
    /// the item cannot have is bad input (2),
    /// anything else a database problem (3).
    @discardableResult
    public func storage<T>(_ body: () throws(StorageError) -> T) throws(CommandLineError) -> T {
        do {
            return try body()
        } catch {
            switch error {
            case .notFound(let what): throw .notFound("\(what) does not exist")
            case .emptyText, .nulInText, .badStart, .badParent, .badSmartList, .nameInUse: throw .badInput(error.description)
            default: throw .database(error)
            }
        }
    }
}

/// Output written as it is made, in chunks of whole lines: a listing of
/// 100,000 items is never held whole, as bytes or as items, and a chunk
/// of about `chunkSize` bytes costs one write.
struct LineOutput {
    /// The line being made, after the whole lines not yet written.
    var text = JSONBytes()
    private let chunkSize: Int
    private let write: ([UInt8]) -> Void

    init(to context: CommandLineContext, chunkSize: Int = 1 << 16) {
        self.chunkSize = chunkSize
        write = context.outputLines
        text.bytes.reserveCapacity(chunkSize + chunkSize / 4)
    }

    /// Ends the line being made; writes the chunk once it is full.
    mutating func endLine() {
        text.bytes.append(0x0A)
        if text.bytes.count >= chunkSize { flush() }
    }

    /// Writes the whole lines made since the last write (a line not
    /// ended yet is left out: there is none when a document is done).
    mutating func flush() {
        guard let end = text.bytes.lastIndex(of: 0x0A) else { return }
        if end == text.bytes.count - 1 {
            write(text.bytes)
            text.bytes.removeAll(keepingCapacity: true)
        } else {
            write(Array(text.bytes[...end]))
            text.bytes.removeSubrange(...end)
        }
    }
}

/// Writes every byte to standard output, however many calls it takes.
/// An output that cannot be written (a full disk, an I/O error) ends the
/// command at once with one line and exit 5: `export > backup.json` on a
/// full disk had left a cut file behind a success. A closed pipe (`| head`)
/// ends the output quietly, as SIGPIPE does when it is not ignored.
private func writeAll(_ bytes: [UInt8]) {
    bytes.withUnsafeBytes { raw in
        var offset = 0
        while offset < raw.count {
            let written = write(1, raw.baseAddress! + offset, raw.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                if errno == EPIPE { _exit(141) }
                let line = "checklists: could not write the output (\(String(cString: strerror(errno)))); what was written is incomplete\n"
                _ = line.withCString { write(2, $0, strlen($0)) }
                _exit(5)
            }
            offset += written
        }
    }
}

/// The process's environment as a dictionary, read straight from `environ`.
///
/// Foundation's `ProcessInfo.environment` is far slower at making the same
/// dictionary, on every start (DECISIONS.md, "The floor"). A name set twice
/// keeps its first value, the one `getenv` reads.
public enum ProcessEnvironment {
    public static func read() -> [String: String] {
        var variables: [String: String] = [:]
        var entry = environ
        while let pointer = entry.pointee {
            if let equals = strchr(pointer, Int32(UInt8(ascii: "="))) {
                let name = String(decoding: UnsafeRawBufferPointer(start: pointer, count: equals - pointer), as: UTF8.self)
                if variables[name] == nil { variables[name] = String(cString: equals + 1) }
            }
            entry += 1
        }
        return variables
    }
}
