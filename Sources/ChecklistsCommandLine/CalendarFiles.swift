import Foundation
import ChecklistsModel

/// `export --ics DIR` and `import --ics PATH`: items as iCalendar to-dos in a
/// vdir (the layout vdirsyncer and todoman use: one folder per collection
/// with a `displayname` file, one `UID.ics` per to-do).
///
/// The item <-> VTODO mapping is `CalendarMapping`'s. An item imported from
/// another app's file keeps that file's object, and an export merges our
/// fields into it, so what the other app wrote and we do not model goes out
/// again as it came in.
public enum CalendarFileCommands {
    // MARK: - Export

    /// Writes every list as a folder of DIR (made if missing). Each file is
    /// written whole and renamed into place, so a reader never sees half of
    /// one; files already in DIR that are not ours are left alone.
    public static func export(to folder: String, context: CommandLineContext) throws(CommandLineError) {
        let database = try context.openDatabaseForReading()
        let snapshot = try context.storage { () throws(StorageError) in try database.snapshot() }
        let mapping = CalendarMapping(timeZone: context.style.calendar.timeZone, now: context.now)
        try makeFolder(folder)
        var usedFolders = Set<String>()
        var count = 0
        for list in snapshot.lists {
            let name = unique(folderName(list.checklist.name), in: &usedFolders)
            let listFolder = (folder as NSString).appendingPathComponent(name)
            try makeFolder(listFolder)
            try write(Data(list.checklist.name.utf8), to: (listFolder as NSString).appendingPathComponent("displayname"))
            var usedFiles = Set<String>()
            for entry in list.items {
                let object = mapping.merge(entry.calendarFields,
                                           stamps: CalendarStamps(modifiedAt: entry.modifiedAt ?? context.now, completedAt: entry.completedAt),
                                           into: CalendarMapping.object(entry.calendarObject))
                let file = unique(CalendarMapping.fileName(uid: entry.uid), in: &usedFiles) + ".ics"
                try write(Data(ICalendarWriter.text(object).utf8), to: (listFolder as NSString).appendingPathComponent(file))
                count += 1
            }
        }
        context.output("exported \(count) item(s) in \(snapshot.lists.count) list(s) to \(folder)")
    }

    /// A collection folder's name: the list's name without what a path
    /// cannot hold or would hide (`/`, NUL and other controls, a leading dot).
    static func folderName(_ name: String) -> String {
        var safe = String(name.unicodeScalars.map { scalar -> Character in
            scalar == "/" || scalar.properties.generalCategory == .control ? "_" : Character(scalar)
        })
        if safe.hasPrefix(".") { safe = "_" + safe.dropFirst() }
        if safe.utf8.count > 200 { safe = String(safe.prefix(100)) }
        return safe.isEmpty ? "_" : safe
    }

    private static func unique(_ name: String, in used: inout Set<String>) -> String {
        var candidate = name
        var number = 2
        while !used.insert(candidate.lowercased()).inserted {
            candidate = "\(name) (\(number))"
            number += 1
        }
        return candidate
    }

    private static func makeFolder(_ path: String) throws(CommandLineError) {
        do {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        } catch {
            throw .badInput("cannot make the folder \(path): \(reason(error)); check the path and its permissions")
        }
    }

    private static func write(_ data: Data, to path: String) throws(CommandLineError) {
        do {
            try data.write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            throw .badInput("cannot write \(path): \(reason(error))")
        }
    }

    private static func reason(_ error: any Error) -> String {
        if let underlying = (error as NSError).userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
            return String(cString: strerror(Int32(underlying.code)))
        }
        return (error as NSError).localizedDescription
    }

    // MARK: - Import

    /// Reads PATH (one .ics file with one or many to-dos, a folder of them,
    /// or a vdir of such folders) and puts its to-dos in the database, all
    /// in one transaction: a file that cannot be read changes nothing. An
    /// item whose UID is already here is updated from the file; the others
    /// are added. Each collection goes to the list of its name (`--list`:
    /// all of them to that list), made when missing.
    public static func importFiles(path: String, list: String?, context: CommandLineContext) throws(CommandLineError) {
        let collections = try self.collections(at: path)
        let mapping = CalendarMapping(timeZone: context.style.calendar.timeZone, now: context.now)
        var changes: [Change] = []
        var skipped: [String: Int] = [:]
        var summary: [(String, Int)] = []
        for collection in collections {
            var items: [CalendarItem] = []
            var calendarName: String?
            for file in collection.files {
                let components = try read(file, foundInFolder: file != path)
                calendarName = calendarName ?? components.first?.first("X-WR-CALNAME")?.text
                let (objects, others) = CalendarMapping.objects(in: components, makeUID: { UUID().uuidString })
                for name in others { skipped[name, default: 0] += 1 }
                items += objects.compactMap(mapping.item(from:))
            }
            guard !items.isEmpty else { continue }
            let name = list ?? collection.name ?? calendarName.flatMap { TextRules.isBlank($0) ? nil : $0 } ?? collection.fallbackName
            if let problem = TextRules.problem(with: name, what: "list name") { throw .badInput("\(path): \(problem); nothing was imported") }
            changes.append(.putCalendarItems(listName: name, items))
            summary.append((name, items.count))
        }
        guard !changes.isEmpty else { throw .notFound("\(path) holds no to-dos (VTODO); nothing was imported") }
        let database = try context.openDatabase()
        try context.storage { () throws(StorageError) in try database.applyAll(changes, now: context.now) }
        for (name, count) in summary { context.output("imported \(count) to-do(s) into \(name)") }
        for (name, count) in skipped.sorted(by: { $0.key < $1.key }) {
            context.notice("skipped \(count) \(name) (Checklists keeps to-dos only)")
        }
    }

    /// One collection: the files of one list.
    struct Collection {
        /// From a `displayname` file.
        var name: String?
        /// The folder's or file's name, when nothing inside names it.
        var fallbackName: String
        var files: [String]
    }

    static func collections(at path: String) throws(CommandLineError) -> [Collection] {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
            throw .notFound("cannot read \(path): No such file or directory")
        }
        let base = ((path as NSString).standardizingPath as NSString).lastPathComponent
        guard isFolder.boolValue else {
            return [Collection(name: nil, fallbackName: ((base as NSString).deletingPathExtension), files: [path])]
        }
        var result: [Collection] = []
        func collection(_ folder: String, fallback: String) -> Collection? {
            let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
            let files = names.filter { $0.lowercased().hasSuffix(".ics") && !$0.hasPrefix(".") }
                .map { (folder as NSString).appendingPathComponent($0) }
            guard !files.isEmpty else { return nil }
            let displayName = (try? String(contentsOfFile: (folder as NSString).appendingPathComponent("displayname"), encoding: .utf8))?
                .trimmingCharacters(in: .whitespacesAndNewlines)
            return Collection(name: displayName.flatMap { $0.isEmpty ? nil : $0 }, fallbackName: fallback, files: files)
        }
        if let own = collection(path, fallback: base) { result.append(own) }
        for name in ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).sorted() where !name.hasPrefix(".") {
            let inner = (path as NSString).appendingPathComponent(name)
            var innerIsFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: inner, isDirectory: &innerIsFolder), innerIsFolder.boolValue,
               let found = collection(inner, fallback: name) {
                result.append(found)
            }
        }
        return result
    }

    /// One .ics file. A file the user named is opened as cat would (a pipe
    /// from `<(…)` waits for its writer); one found in a folder must be a
    /// regular file, so a FIFO there is refused rather than waited on.
    private static func read(_ file: String, foundInFolder: Bool) throws(CommandLineError) -> [ICalComponent] {
        let descriptor = open(file, O_RDONLY | O_CLOEXEC | (foundInFolder ? O_NONBLOCK : 0))
        guard descriptor >= 0 else {
            throw .badInput("cannot read \(file): \(String(cString: strerror(errno))); nothing was imported")
        }
        defer { close(descriptor) }
        var info = stat()
        if foundInFolder, fstat(descriptor, &info) != 0 || info.st_mode & S_IFMT != S_IFREG {
            throw .badInput("cannot read \(file): not a regular file; nothing was imported")
        }
        let bytes = try ExportImportCommands.readWhole(descriptor, name: file)
        do {
            return try ICalendarReader.parse(bytes)
        } catch {
            throw .badInput("\(file):\(error.line): \(error.message); nothing was imported")
        }
    }
}
