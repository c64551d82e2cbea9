import Foundation
import ChecklistsModel

/// A calendar found on the server.
struct DiscoveredCalendar: Hashable {
    var href: String
    var displayName: String?
    /// Its change tag now (CalendarServer's getctag): the one the last sync
    /// kept means nothing changed there, and no REPORT is needed. Asked for
    /// instead of DAV:sync-token because a server may compute that token
    /// from every to-do's history (Radicale: half again the time of the
    /// tag at 10,000 to-dos), while the REPORT that follows a change returns
    /// the token anyway.
    var changeTag: String?
}

/// The runner: one sync, start to end. It discovers the calendars, reads
/// what changed on the server (at a calendar's first sync its to-dos'
/// ETags; later sync-collection, else ETags), asks the
/// planner what to do per to-do, sends the writes (retrying a 412 after
/// fetching and merging again), and finally writes everything here in one
/// transaction: a sync stopped by an error leaves the database as it was,
/// and the next one picks up where the server is.
public final class SyncSession {
    let client: CalDAVClient
    let database: ChecklistsDatabase
    let mapping: CalendarMapping
    let describeDate: @Sendable (Date) -> String
    /// Lines for the output, in order.
    public private(set) var lines: [String] = []

    /// The sizes the server announced for its to-dos (getcontentlength),
    /// by path: what sizes the multigets.
    private var announcedSize: [String: Int] = [:]
    /// The size of a to-do as this server's multigets have carried them so
    /// far: what a to-do whose size was not announced counts as (servers
    /// announce sizes in a listing, but not all do in sync-collection).
    private var carriedSize = 4096
    /// Tries of one write that keeps meeting another writer's change (412).
    static let writeTries = 4
    /// The most connections a calendar's writes are sent on at once
    /// (`WritePacer` chooses how many): one once the server has refused or
    /// failed a write sent with others.
    private var writesAtOnce = WritePacer.together
    /// Seconds on a clock that only moves forward: what the pacer compares.
    private let clock: @Sendable () -> Double

    public init(client: CalDAVClient, database: ChecklistsDatabase, mapping: CalendarMapping, describeDate: @escaping @Sendable (Date) -> String,
                clock: @escaping @Sendable () -> Double = SyncSession.monotonicSeconds) {
        self.client = client
        self.clock = clock
        self.database = database
        self.mapping = mapping
        self.describeDate = describeDate
    }

    private var host: String { client.settings.displayHost }

    /// Seconds since an arbitrary start, never set back (unlike the wall clock).
    public static func monotonicSeconds() -> Double {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
    }

    /// Syncs every list (`only`: that one) with its calendar; calendars on
    /// the server that no list has (and none had) become new lists, unless
    /// one list was asked for. A list whose calendar was deleted on the
    /// server is kept here and no longer synced (a line says so), unless it
    /// is `recreate`: then its calendar is made again and filled from here.
    /// Returns the lines to print.
    public func run(only: Checklist?, recreate: Checklist? = nil) throws(SyncError) -> [String] {
        let lists = try storage { () throws(StorageError) in try database.checklists() }
        let known = try storage { () throws(StorageError) in try database.syncCalendars() }
        // What changed here, per list, read before the server is asked
        // anything: a calendar this client wrote to at its last sync (its
        // tag is not kept, our own write moved it) that has changes to send
        // now is not asked its tag. A REPORT must follow anyway, and at
        // 10,000 to-dos Radicale reads every one for the tag (DECISIONS.md,
        // "What scripts/bench-sync found"). A list with no calendar yet
        // reads as all changed (no states).
        var changedHere: [Int64: LocalChanges] = [:]
        for list in lists where only == nil || only?.id == list.id {
            let url = known.first(where: { $0.checklistID == list.id })?.url ?? ""
            changedHere[list.id] = try storage { () throws(StorageError) in
                try database.syncEntries(checklistID: list.id, calendarURL: url, including: [])
            }
        }
        let untagged = try calendarsWritingAgain(known, changedHere: changedHere)
        // The home's listing computes every calendar's tag at once; without
        // them, each calendar that needs its tag asks alone.
        let askTags = untagged.isEmpty
        let (home, calendars) = try discover(askTags: askTags)
        var claimed = Set(known.map(\.url))
        var work: [(url: String, target: SyncCommit.ListTarget, name: String, kept: SyncCalendarState?, fresh: Bool,
                    naming: ListNaming)] = []
        let discovered = Set(calendars.map(\.href))
        let serverNames = Dictionary(calendars.map { ($0.href, $0.displayName) }, uniquingKeysWith: { first, _ in first })
        let serverTags = Dictionary(calendars.map { ($0.href, $0.changeTag) }, uniquingKeysWith: { first, _ in first })

        var gone: [String] = []
        for list in lists where only == nil || only?.id == list.id {
            if let row = known.first(where: { $0.checklistID == list.id }) {
                if discovered.contains(row.url) {
                    // Back after it was gone (made again elsewhere): its old states mean nothing.
                    let naming = try name(of: list, calendar: row, serverName: serverNames[row.url] ?? nil, lists: lists)
                    lines += naming.lines
                    work.append((row.url, .existing(list.id), naming.rename?.to ?? list.name, row.isGone ? nil : row, row.isGone, naming))
                } else if recreate?.id == list.id {
                    // Asked for again: made again, and everything here goes up.
                    try makeCalendar(row.url, name: list.name)
                    work.append((row.url, .existing(list.id), list.name, nil, true, ListNaming(synced: list.name)))
                } else {
                    // Deleted there on purpose, maybe: not made again unasked.
                    lines.append("\"\(list.name)\": its calendar was deleted on the server; the list is kept here and no longer synced; "
                                 + "checklists sync --recreate \(Self.shellWord(list.name)) makes it again")
                    if !row.isGone { gone.append(row.url) }
                }
            } else if let match = calendars.first(where: { $0.displayName == list.name && !claimed.contains($0.href) }) {
                claimed.insert(match.href)
                work.append((match.href, .existing(list.id), list.name, nil, false, ListNaming(synced: list.name)))
            } else {
                let href = home + UUID().uuidString.lowercased() + "/"
                try makeCalendar(href, name: list.name)
                claimed.insert(href)
                work.append((href, .existing(list.id), list.name, nil, false, ListNaming(synced: list.name)))
            }
        }
        if only == nil {
            for calendar in calendars where !claimed.contains(calendar.href) {
                let name = calendar.displayName.flatMap { TextRules.isBlank($0) ? nil : $0 }
                    ?? calendar.href.split(separator: "/").last.map(String.init) ?? "Calendar"
                work.append((calendar.href, .new(name: name), name, nil, false, ListNaming(synced: calendar.displayName)))
            }
        }

        // Every calendar is read before any is planned: a to-do another
        // client moved (deleted in one calendar, the same UID made in
        // another) is then one item moving, whichever calendar comes first.
        var reads: [CalendarRead] = []
        for item in work {
            var tag = serverTags[item.url] ?? nil
            if untagged.contains(item.url) {
                tag = nil
            } else if !askTags && discovered.contains(item.url) {
                tag = try changeTag(of: item.url)
            }
            reads.append(try read(calendar: item.url, kept: item.kept, serverTag: tag, forgetStates: item.fresh))
        }
        var arrivals: [String: String] = [:]
        for read in reads {
            for (uid, version) in read.versionByUID where read.stateByHref[version.href] == nil { arrivals[uid] = read.calendar }
        }
        var changes: [SyncCommit.CalendarChanges] = []
        for (item, read) in zip(work, reads) {
            var checklistID: Int64?
            if case let .existing(id) = item.target { checklistID = id }
            var change = try sync(read, list: item.target, name: item.name, checklistID: checklistID, arrivals: arrivals,
                                  changedHere: item.fresh ? nil : checklistID.flatMap { changedHere[$0] })
            change.syncedName = item.naming.synced
            change.rename = item.naming.rename
            changes.append(change)
        }
        // How it ended goes in with its result: one commit (the home
        // screen's "Synced 14:05" line reads it).
        let (skipped, cycles) = try storage { () throws(StorageError) in
            try database.commitSyncReporting(SyncCommit(calendars: changes, goneCalendars: gone), now: mapping.now, status: SyncStatus(at: mapping.now))
        }
        if !skipped.isEmpty {
            lines.append("\(skipped.count) item(s) changed here while syncing; the next sync takes them")
        }
        // Told once: the item stays unlinked with the relation kept, and
        // only a relation newly found closing a cycle is named again.
        if !cycles.isEmpty {
            lines.append("\(cycles.count) to-do(s) on the server name a parent that would make a cycle; shown at the top level, "
                         + "their relations kept: " + cycles.map { "\"\($0)\"" }.joined(separator: ", "))
        }
        return lines
    }

    /// `text` as one word for a shell: as it is when plain, else quoted.
    static func shellWord(_ text: String) -> String {
        let plain = !text.isEmpty && text.unicodeScalars.allSatisfy { $0.isASCII && (CharacterSet.alphanumerics.contains($0) || "-_.,/@+".unicodeScalars.contains($0)) }
        return plain ? text : "'" + text.replacingOccurrences(of: "'", with: #"'\''"#) + "'"
    }

    /// A list's items changed here (new, edited, or whose state has no
    /// settled time yet) and the UIDs of those deleted here.
    typealias LocalChanges = (entries: [Snapshot.Entry], goneHere: Set<String>)

    /// The calendars this client wrote to at its last sync (their tags were
    /// not kept) that have something to send again: not worth asking their
    /// tags. An item synced less than 2 s after its last edit reads as
    /// changed until a later sync settles it, so the planner's own test
    /// (against what was sent) says whether there is anything to send.
    private func calendarsWritingAgain(_ known: [SyncCalendarState], changedHere: [Int64: LocalChanges]) throws(SyncError) -> Set<String> {
        var writing = Set<String>()
        for row in known where row.changeTag == nil {
            guard let id = row.checklistID, let local = changedHere[id], !local.entries.isEmpty || !local.goneHere.isEmpty else { continue }
            if !local.goneHere.isEmpty {
                writing.insert(row.url)
                continue
            }
            var states = try storage { () throws(StorageError) in
                try database.syncStates(calendarURL: row.url, uids: Set(local.entries.map(\.uid))).states
            }
            let unsettled = Set(states.filter { $0.syncedModifiedAt == nil }.map(\.uid))
            let bases = unsettled.isEmpty ? [:] : try storage { () throws(StorageError) in
                try database.syncBases(calendarURL: row.url, uids: unsettled)
            }
            for index in states.indices { if let base = bases[states[index].uid] { states[index].base = base } }
            let stateByUID = Dictionary(states.map { ($0.uid, $0) }, uniquingKeysWith: { first, _ in first })
            let planner = SyncPlanner(mapping: mapping, calendarPath: row.url, describeDate: describeDate)
            if local.entries.contains(where: { planner.changed($0, since: stateByUID[$0.uid]) }) { writing.insert(row.url) }
        }
        return writing
    }

    // MARK: - Discovery

    /// The calendar home and its calendars that hold to-dos, from the
    /// url: current-user-principal, then calendar-home-set (a url that is
    /// already a principal or a home works too).
    func discover(askTags: Bool = true) throws(SyncError) -> (home: String, calendars: [DiscoveredCalendar]) {
        // The home the last sync found, listed at once: two requests fewer.
        // Gone or refused, it is found again from the url.
        let from = client.settings.serverURL.absoluteString
        if let known = try? database.syncHome(from: from), let listed = try? calendars(in: known, askTags: askTags) {
            return (known, listed)
        }
        let start = client.settings.serverURL.path.isEmpty ? "/" : client.settings.serverURL.path
        let root = try propfind(start, depth: "0", props: "<d:current-user-principal/><c:calendar-home-set/><d:resourcetype/>")
        var home = root.responses.first?.properties["calendar-home-set"]?.hrefs.first
        if home == nil {
            guard let principal = root.responses.first?.properties["current-user-principal"]?.hrefs.first else {
                throw .notCalDAV(host: host, detail: "no current-user-principal at \(start)")
            }
            let found = try propfind(principal, depth: "0", props: "<c:calendar-home-set/>")
            home = found.responses.first?.properties["calendar-home-set"]?.hrefs.first
        }
        guard var home else { throw .notCalDAV(host: host, detail: "no calendar-home-set") }
        home = try client.url(home).path
        if !home.hasSuffix("/") { home += "/" }
        let found = try calendars(in: home, askTags: askTags)
        try? database.recordSyncHome(home, from: from)
        return (home, found)
    }

    /// The calendars under `home` that hold to-dos, with their change tags
    /// if `askTags`.
    private func calendars(in home: String, askTags: Bool) throws(SyncError) -> [DiscoveredCalendar] {
        let listing = try propfind(home, depth: "1",
                                   props: "<d:resourcetype/><d:displayname/><c:supported-calendar-component-set/>" + (askTags ? "<cs:getctag/>" : ""))
        return listing.responses.compactMap { response -> DiscoveredCalendar? in
            guard let path = memberPath(response.href) else { return nil }
            guard path != home, response.properties["resourcetype"]?.children.contains("calendar") == true else { return nil }
            let components = response.properties["supported-calendar-component-set"]?.components ?? []
            guard components.isEmpty || components.contains(where: { $0.uppercased() == "VTODO" }) else { return nil }
            let name = response.properties["displayname"]?.text
            let tag = response.properties["getctag"]?.text
            return DiscoveredCalendar(href: path.hasSuffix("/") ? path : path + "/", displayName: name?.isEmpty == false ? name : nil,
                                      changeTag: tag?.isEmpty == false ? tag : nil)
        }
    }

    /// One calendar's change tag, asked alone.
    private func changeTag(of calendar: String) throws(SyncError) -> String? {
        let reply = try propfind(calendar, depth: "0", props: "<cs:getctag/>")
        let tag = reply.responses.first?.properties["getctag"]?.text
        return tag?.isEmpty == false ? tag : nil
    }

    private func propfind(_ path: String, depth: String, props: String) throws(SyncError) -> DAVMultistatus {
        let reply = try client.check(client.send("PROPFIND", path, depth: depth, body: DAVBody.propfind(props)), accepted: [207], path: path)
        return try client.multistatus(reply, path: path)
    }

    /// How a synced list's name and its calendar's meet: what the last
    /// sync saw them share, a rename since on one side, and the lines that
    /// tell the user.
    struct ListNaming {
        /// The name both have after this sync (nil: not known).
        var synced: String?
        /// The list renamed after its calendar.
        var rename: SyncCommit.ListRename?
        var lines: [String] = []
    }

    /// A rename on one side since the last sync goes to the other: ours by
    /// PROPPATCH of the calendar's displayname, the server's as a rename of
    /// the list when this sync commits. Renamed on both sides, the server's
    /// name wins, as a tie does for a to-do, and a line names the one lost.
    /// With no name known from before (a calendar synced before names
    /// were kept), the server's counts as the last synced one.
    private func name(of list: Checklist, calendar row: SyncCalendarState, serverName: String?,
                      lists: [Checklist]) throws(SyncError) -> ListNaming {
        let here = list.name
        guard let there = serverName, !TextRules.isBlank(there) else { return ListNaming(synced: row.syncedName) }
        if here == there { return ListNaming(synced: here) }
        let base = row.syncedName ?? there
        let quoted = { (name: String) in "\"" + name + "\"" }
        if there == base {
            let reply = try client.send("PROPPATCH", row.url, body: DAVBody.displayName(here))
            // A 207 says per property whether it was set.
            let renamed = switch reply.status {
            case 207: (try? client.multistatus(reply, path: row.url))?.responses.first?.properties["displayname"] != nil
            case 200, 204: true
            default: false
            }
            guard renamed else {
                let status = reply.status == 207 ? "" : " (HTTP \(reply.status))"
                return ListNaming(synced: base, lines: ["\(quoted(here)): the server kept its calendar's name \(quoted(there))\(status)"])
            }
            return ListNaming(synced: here, lines: ["\(quoted(here)): renamed on the server too (was \(quoted(there)))"])
        }
        if lists.contains(where: { $0.id != list.id && Checklist.nameKey($0.name) == Checklist.nameKey(there) }) {
            return ListNaming(synced: there, lines: ["\(quoted(here)): renamed \(quoted(there)) on the server, the name of another list here; kept as it is"])
        }
        let line = here == base ? "\(quoted(there)): renamed on the server (was \(quoted(here)))"
            : "\(quoted(there)): renamed here to \(quoted(here)) and on the server; the server's name kept"
        return ListNaming(synced: there, rename: SyncCommit.ListRename(from: here, to: there), lines: [line])
    }

    private func makeCalendar(_ href: String, name: String) throws(SyncError) {
        _ = try client.check(client.send("MKCALENDAR", href, body: DAVBody.mkcalendar(displayName: name)), accepted: [201], path: href)
    }

    // MARK: - One calendar

    /// What the server says changed since `token`: the to-dos' hrefs with
    /// their ETags, those deleted, the new token, and whether the listing is
    /// complete (so a state missing from it means deleted on the server).
    /// `first`: nothing was ever synced with this calendar, so the to-dos'
    /// ETags alone (a calendar-query, vdirsyncer's request) are asked, and
    /// no token: a server may build it from every to-do's history
    /// (Radicale writes a file per to-do the first time). The next sync
    /// that must list asks sync-collection from no token, a full listing
    /// as this one, and gets the token with it.
    private func changes(in calendar: String, token: String?, first: Bool = false) throws(SyncError) -> (etags: [String: String?], deleted: Set<String>, token: String?, complete: Bool) {
        if first, let todos = try todoETags(in: calendar) { return (todos, [], nil, true) }
        let reply = try client.send("REPORT", calendar, depth: "0", body: DAVBody.syncCollection(token: token))
        if reply.status == 207, let parsed = DAVMultistatus.parse(reply.body) {
            var etags: [String: String?] = [:]
            var deleted = Set<String>()
            for response in parsed.responses {
                guard let path = memberPath(response.href), path != calendar else { continue }
                noteSize(path, response)
                if response.status == 404 { deleted.insert(path) } else { etags[path] = response.properties["getetag"]?.text }
            }
            return (etags, deleted, parsed.syncToken, token == nil)
        }
        if token != nil, reply.status == 403 || reply.status == 409,
           DAVMultistatus.parse(reply.body)?.errorConditions.contains("valid-sync-token") == true {
            // The server forgot our token: start again from a full listing.
            return try changes(in: calendar, token: nil)
        }
        // 501: the server knows no such REPORT, as 403 and 405 say; the listing follows.
        if [401, 404].contains(reply.status) || (reply.status >= 500 && reply.status != 501) {
            _ = try client.check(reply, accepted: [], path: calendar)
        }
        // No sync-collection here: every to-do's ETag, compared with ours
        // (unless a first sync was just refused that).
        if !first, let todos = try todoETags(in: calendar) { return (todos, [], nil, true) }
        let listing = try propfind(calendar, depth: "1", props: "<d:getetag/><d:getcontentlength/><d:resourcetype/>")
        var etags: [String: String?] = [:]
        for response in listing.responses {
            guard let path = memberPath(response.href) else { continue }
            noteSize(path, response)
            guard path != calendar, response.properties["resourcetype"]?.children.contains("collection") != true else { continue }
            etags[path] = response.properties["getetag"]?.text
        }
        return (etags, [], nil, true)
    }

    /// Every to-do's href and ETag, without the events or journal entries
    /// a calendar may also hold (they would only be fetched to be left
    /// alone); nil when the server refuses the calendar-query.
    private func todoETags(in calendar: String) throws(SyncError) -> [String: String?]? {
        let reply = try client.send("REPORT", calendar, depth: "1", body: DAVBody.todoETags)
        guard reply.status == 207, let parsed = DAVMultistatus.parse(reply.body) else { return nil }
        var etags: [String: String?] = [:]
        for response in parsed.responses {
            guard let path = memberPath(response.href), path != calendar, response.status != 404 else { continue }
            noteSize(path, response)
            etags[path] = response.properties["getetag"]?.text
        }
        return etags
    }

    /// The to-dos at `hrefs`, read in multigets sized by count and by the
    /// sizes the server announced; those that cannot be read as a to-do are
    /// named and skipped, those gone are reported deleted. Until a multiget
    /// of this calendar has come back, one holds at most
    /// `SyncLimits.sizingMultigetCount` to-dos of unknown size: Radicale's
    /// listings announce none, and a calendar's to-dos may be far larger
    /// than another's (another app's attachments).
    private func fetch(_ hrefs: [String], in calendar: String) throws(SyncError) -> (versions: [RemoteVersion], gone: Set<String>) {
        var found: (versions: [RemoteVersion], gone: Set<String>) = ([], [])
        var batch: [String] = []
        var bytes = 0
        var unknownSizes = 0
        var sizeSeen = false
        for href in hrefs {
            let announced = announcedSize[href]
            let size = announced ?? carriedSize
            if !batch.isEmpty && (batch.count >= SyncLimits.multigetCount || bytes + size > SyncLimits.multigetBytes
                                  || (!sizeSeen && unknownSizes >= SyncLimits.sizingMultigetCount)) {
                try fetch(batch: batch, in: calendar, into: &found)
                sizeSeen = true
                batch = []
                bytes = 0
                unknownSizes = 0
            }
            batch.append(href)
            bytes += size
            if announced == nil { unknownSizes += 1 }
        }
        if !batch.isEmpty { try fetch(batch: batch, in: calendar, into: &found) }
        return found
    }

    /// One multiget. A reply that is too large or cannot be read is asked
    /// again in halves, down to the one to-do that spoils it, which is then
    /// read alone (`fetchAlone`): one bad to-do never blocks the rest.
    private func fetch(batch: [String], in calendar: String, into found: inout (versions: [RemoteVersion], gone: Set<String>)) throws(SyncError) {
        var parsed: DAVMultistatus?
        do {
            let reply = try client.check(client.send("REPORT", calendar, depth: "1", body: DAVBody.multiget(batch)), accepted: [207], path: calendar)
            carriedSize = max(carriedSize, reply.body.count / batch.count)
            parsed = DAVMultistatus.parse(reply.body)
        } catch {
            guard case .replyTooLarge = error else { throw error }
        }
        guard let parsed else {
            if batch.count == 1 { return try fetchAlone(batch[0], into: &found) }
            try fetch(batch: Array(batch[..<(batch.count / 2)]), in: calendar, into: &found)
            try fetch(batch: Array(batch[(batch.count / 2)...]), in: calendar, into: &found)
            return
        }
        for response in parsed.responses {
            guard let path = memberPath(response.href) else { continue }
            if response.status == 404 { found.gone.insert(path); continue }
            guard let data = response.properties["calendar-data"]?.text else { continue }
            if let version = version(href: path, etag: response.properties["getetag"]?.text, text: data) { found.versions.append(version) }
        }
    }

    /// A to-do a multiget could not carry, read with a plain GET: bytes that
    /// are not UTF-8 and control characters are replaced (and the to-do
    /// named), one too large is skipped and named.
    private func fetchAlone(_ href: String, into found: inout (versions: [RemoteVersion], gone: Set<String>)) throws(SyncError) {
        let reply: HTTPReply
        do {
            reply = try client.send("GET", href)
        } catch {
            guard case .replyTooLarge = error else { throw error }
            lines.append("skipped \(CalDAVClient.shown(href)) on the server: larger than \(SyncLimits.replyBytes / 1_048_576) MiB; fix or delete it there")
            return
        }
        if reply.status == 404 || reply.status == 410 { found.gone.insert(href); return }
        _ = try client.check(reply, accepted: [200], path: href)
        let (text, replaced) = Self.repaired(reply.body)
        if replaced > 0 {
            lines.append("read \(CalDAVClient.shown(href)) on the server with \(replaced) unreadable character(s) replaced by �; fix it there")
        }
        if let version = version(href: href, etag: reply.etag, text: text) { found.versions.append(version) }
    }

    /// `data` as text: bytes that are not UTF-8, and control characters
    /// other than tab and line ends, become U+FFFD; with how many were.
    static func repaired(_ data: Data) -> (text: String, replaced: Int) {
        let decoded = String(decoding: data, as: UTF8.self)
        var replaced = 0
        var scalars = String.UnicodeScalarView()
        for scalar in decoded.unicodeScalars {
            if scalar == "\u{FFFD}" || (scalar.value < 0x20 && scalar != "\t" && scalar != "\n" && scalar != "\r") || scalar.value == 0x7f {
                replaced += 1
                scalars.append("\u{FFFD}")
            } else {
                scalars.append(scalar)
            }
        }
        // A U+FFFD the to-do already held is not a replacement.
        return (String(scalars), max(0, replaced - heldReplacements(data)))
    }

    /// How many U+FFFD characters `data` holds as proper UTF-8 (EF BF BD).
    private static func heldReplacements(_ data: Data) -> Int {
        var count = 0
        var index = data.startIndex
        while index + 2 < data.endIndex {
            if data[index] == 0xEF && data[index + 1] == 0xBF && data[index + 2] == 0xBD { count += 1; index += 3 } else { index += 1 }
        }
        return count
    }

    /// The path of a member the server named, or nil (and a line) when it
    /// names a place on another origin: nothing is ever sent there.
    private func memberPath(_ href: String) -> String? {
        do {
            return try client.url(href).path
        } catch {
            lines.append("skipped \(CalDAVClient.shown(href)): \(host) named it on another server or not as a URL, and nothing was sent there")
            return nil
        }
    }

    /// Keeps the size a response announced for its member.
    private func noteSize(_ path: String, _ response: DAVResponse) {
        if let text = response.properties["getcontentlength"]?.text, let size = Int(text), size >= 0 { announcedSize[path] = size }
    }

    /// A server's to-do as a version, or nil when it is not one: said in
    /// the output when it is unreadable iCalendar or has no UID, left
    /// alone quietly when it holds no VTODO (an event, a journal entry).
    private func version(href: String, etag: String?, text: String) -> RemoteVersion? {
        let components: [ICalComponent]
        do {
            components = try ICalendarReader.parse(Array(text.utf8))
        } catch {
            lines.append("skipped \(href) on the server: not readable iCalendar (\(error.description)); fix or delete it there")
            return nil
        }
        guard components.count == 1, let fields = mapping.fields(of: components[0]), !fields.uid.isEmpty else {
            // An event or a journal entry is not ours to sync: nothing to say.
            if components.count == 1, !components[0].components.contains(where: { $0.name == "VTODO" }) { return nil }
            lines.append("skipped \(href) on the server: it holds no to-do with a UID")
            return nil
        }
        return RemoteVersion(href: href, etag: etag, object: components[0])
    }

    /// What the server says changed in one calendar, with the states here
    /// that it names.
    struct CalendarRead {
        var calendar: String
        /// The calendar was gone from the server and is made again: its old states mean nothing.
        var forgetStates: Bool
        var serverTag: String?
        var remote: (etags: [String: String?], deleted: Set<String>, token: String?, complete: Bool)
        var stored: (states: [ItemSyncState], pushes: [String: String])
        var stateByHref: [String: ItemSyncState]
        /// Changed there, as fetched, by UID: the state's, else the to-do's own.
        var versionByUID: [String: RemoteVersion]
        /// Deleted there.
        var deleted: Set<String>
    }

    /// `kept`: what the last sync recorded of the calendar; `forgetStates`:
    /// the calendar was gone from the server and is made again, so its old
    /// states mean nothing.
    private func read(calendar: String, kept: SyncCalendarState?, serverTag: String?, forgetStates: Bool) throws(SyncError) -> CalendarRead {
        // The tag kept is the calendar's tag now: nothing changed there.
        let unchangedThere = !forgetStates && kept?.changeTag != nil && kept?.changeTag == serverTag
        let token = forgetStates ? nil : kept?.syncToken
        let remote = unchangedThere ? (etags: [:], deleted: [], token: token, complete: false)
            : try changes(in: calendar, token: token, first: forgetStates || kept == nil)
        // A full listing is compared with every state (one missing from it
        // was deleted there). An answer that names what changed there, or
        // none, needs only the states it names and, below, those of what
        // changed here: not the states of 10,000 to-dos that changed nowhere.
        let hrefs = Set(remote.etags.keys).union(remote.deleted)
        // A calendar made again has no states worth reading: only the pushes.
        let stored = try storage { () throws(StorageError) in
            try database.syncStates(calendarURL: calendar, uids: remote.complete && !forgetStates ? nil : [],
                                    hrefs: remote.complete || forgetStates ? [] : hrefs)
        }
        let stateByHref = Dictionary(stored.states.map { ($0.href, $0) }, uniquingKeysWith: { first, _ in first })
        var deleted = remote.deleted
        if remote.complete { deleted.formUnion(stored.states.map(\.href).filter { remote.etags[$0] == nil }) }
        var changed = remote.etags.filter { href, etag in stateByHref[href]?.etag == nil || stateByHref[href]?.etag != etag }.keys.sorted()
        // sync-collection names events too: those new to us are left out
        // unless a calendar-query says they are to-dos.
        if remote.token != nil, changed.contains(where: { stateByHref[$0] == nil }), let todos = try todoETags(in: calendar) {
            changed = changed.filter { stateByHref[$0] != nil || todos[$0] != nil }
        }
        let fetched = try fetch(changed, in: calendar)
        deleted.formUnion(fetched.gone)
        var versionByUID: [String: RemoteVersion] = [:]
        for version in fetched.versions {
            let uid = stateByHref[version.href]?.uid ?? mapping.fields(of: version.object)?.uid ?? ""
            versionByUID[uid] = version
        }
        return CalendarRead(calendar: calendar, forgetStates: forgetStates, serverTag: serverTag, remote: remote, stored: stored,
                            stateByHref: stateByHref, versionByUID: versionByUID, deleted: deleted)
    }

    /// Plans one calendar's to-dos from what was read and sends the
    /// writes. `arrivals`: the UIDs new to each calendar read in this sync,
    /// with the calendar: one deleted in this calendar and new in another
    /// was moved there by another client.
    private func sync(_ read: CalendarRead, list: SyncCommit.ListTarget, name: String, checklistID: Int64?, arrivals: [String: String],
                      changedHere: LocalChanges?) throws(SyncError) -> SyncCommit.CalendarChanges {
        let (calendar, forgetStates, remote, stored, stateByHref, deleted, versionByUID) =
            (read.calendar, read.forgetStates, read.remote, read.stored, read.stateByHref, read.deleted, read.versionByUID)
        // Only the items that may need something are read: changed here,
        // changed or deleted there, or about to be sent by a stopped sync.
        let named = Set(versionByUID.keys).union(deleted.compactMap { stateByHref[$0]?.uid }).union(stored.pushes.keys)
        let local: LocalChanges
        if let changedHere, let checklistID {
            // Read before the server was asked: only those named there are added.
            let more = try storage { () throws(StorageError) in
                try database.syncEntries(checklistID: checklistID, uids: named.subtracting(changedHere.entries.map(\.uid)))
            }
            local = (more.isEmpty ? changedHere.entries : (changedHere.entries + more).sorted { $0.item.id < $1.item.id }, changedHere.goneHere)
        } else {
            local = try storage { () throws(StorageError) in
                try database.syncEntries(checklistID: checklistID, calendarURL: calendar, including: forgetStates ? nil : named)
            }
        }
        var states = stored.states
        if !remote.complete && !forgetStates {
            let loaded = Set(states.map(\.uid))
            let wanted = Set(local.entries.map(\.uid)).union(local.goneHere).union(named).subtracting(loaded)
            if !wanted.isEmpty {
                states += try storage { () throws(StorageError) in try database.syncStates(calendarURL: calendar, uids: wanted).states }
                states.sort { $0.uid < $1.uid }
            }
        }
        let contents = (entries: local.entries, pushes: stored.pushes)
        var entryByUID = Dictionary(contents.entries.map { ($0.uid, $0) }, uniquingKeysWith: { first, _ in first })
        var stateByUID = Dictionary(states.map { ($0.uid, $0) }, uniquingKeysWith: { first, _ in first })
        var planner = SyncPlanner(mapping: mapping, calendarPath: calendar, describeDate: describeDate)
        var uids = contents.entries.map(\.uid)
        // A state whose item is gone from the list was deleted here; one
        // whose item was merely not read is unchanged on both sides.
        uids += states.map(\.uid).filter { entryByUID[$0] == nil && (local.goneHere.contains($0) || versionByUID[$0] != nil) }
        uids += versionByUID.keys.sorted().filter { entryByUID[$0] == nil && stateByUID[$0] == nil }
        // The states were read without their bases: those planned now get theirs.
        let bases = try storage { () throws(StorageError) in
            try database.syncBases(calendarURL: calendar, uids: Set(uids.filter { stateByUID[$0] != nil }))
        }
        for (uid, base) in bases { stateByUID[uid]?.base = base }
        for entry in contents.entries where entry.parentUID != nil && planner.changed(entry, since: stateByUID[entry.uid]) {
            var parent = entry.parentUID
            while let uid = parent, planner.parentsChangedBelow.insert(uid).inserted { parent = entryByUID[uid]?.parentUID }
        }

        var result = SyncCommit.CalendarChanges(url: calendar, list: list, syncToken: remote.token, changeTag: read.serverTag)
        var counts = (sent: 0, received: 0, deletedHere: 0, deletedThere: 0)
        var movedAway = Set<String>()
        var planned: [(plan: ItemPlan, change: RemoteChange)] = []
        for uid in uids {
            let change: RemoteChange = if let version = versionByUID[uid] { .changed(version) }
                else if let state = stateByUID[uid], deleted.contains(state.href) { .deleted } else { .unchanged }
            if change == .deleted, let entry = entryByUID[uid], let there = arrivals[uid], there != calendar {
                // Moved by another client: the calendar it arrived in moves
                // the item there, merged with what changed here. Here only
                // this calendar's state goes, and nothing is sent back.
                planned.append((ItemPlan(uid: uid, local: .delete(SyncCommit.ItemDelete(uid: uid, readModifiedAt: entry.modifiedAt))), .deleted))
                movedAway.insert(uid)
                continue
            }
            planned.append((planner.plan(uid: uid, entry: entryByUID[uid], state: stateByUID[uid], remote: change, pushed: contents.pushes[uid]), change))
        }
        try moveArrivals(&planned, arriving: Set(versionByUID.keys.filter { entryByUID[$0] == nil && stateByUID[$0] == nil }),
                         planner: planner, entries: &entryByUID, states: &stateByUID)
        var pushes: [String: String] = [:]
        for (plan, _) in planned {
            if case let .put(upload) = plan.remote { pushes[plan.uid] = upload.text }
        }
        try storage { () throws(StorageError) in try database.recordPushes(pushes) }
        var ours = OwnWrites()
        let firstReplies = sendFirstTries(planned.map(\.plan))
        for (index, (first, change)) in planned.enumerated() {
            let entry = entryByUID[first.uid]
            let plan = try carryOut(first, firstReply: firstReplies[index], planner: planner, entry: entry, state: stateByUID[first.uid])
            ours.record(plan)
            lines += plan.notes
            switch plan.local {
            case let .write(write):
                result.writes.append(write)
                if (change != .unchanged && !plan.echoesOurs) || entry == nil { counts.received += 1 }
            case let .delete(delete):
                result.deletes.append(delete)
                if !movedAway.contains(delete.uid) { counts.deletedHere += 1 }
            case .none:
                if plan.forget { result.forgotten.append(plan.uid) } else if let state = plan.state { result.states.append(state) }
            }
            if case .put = plan.remote { counts.sent += 1 }
            if case .delete = plan.remote { counts.deletedThere += 1 }
        }
        // Our own writes moved the tag read before them: not kept, so the
        // next sync asks what changed (and, with more to send, skips the tag).
        if counts.sent > 0 || counts.deletedThere > 0 { result.changeTag = nil }
        if let start = remote.token, !ours.isEmpty { result.syncToken = tokenAfter(ours, in: calendar, from: start) ?? start }
        let figures = [(counts.sent, "sent"), (counts.received, "received"), (counts.deletedHere, "deleted here"),
                       (movedAway.count, "moved to another list"),
                       (counts.deletedThere, "deleted on the server")].filter { $0.0 > 0 }.map { "\($0.0) \($0.1)" }
        lines.append("\"\(name)\": " + (figures.isEmpty ? "up to date" : figures.joined(separator: ", ")))
        return result
    }

    /// To-dos new to this calendar that are items of another list here:
    /// moved by another client (deleted in one calendar, the same UID made
    /// in another), whether or not this sync sees the delete (`--list`).
    /// Each moves to this list, keeping its id, as the app's own move does,
    /// merged with what changed here since its last sync (in its old
    /// calendar) as an edit on the server is; what changed here goes up to
    /// its new calendar. `entries` and `states` gain
    /// the item and its old state (at its new href), so a write that meets
    /// another change (412) is merged again from the same base.
    private func moveArrivals(_ planned: inout [(plan: ItemPlan, change: RemoteChange)], arriving: Set<String>, planner: SyncPlanner,
                              entries: inout [String: Snapshot.Entry], states: inout [String: ItemSyncState]) throws(SyncError) {
        guard !arriving.isEmpty else { return }
        let elsewhere = try storage { () throws(StorageError) in try database.syncEntries(checklistID: nil, uids: arriving) }
        guard !elsewhere.isEmpty else { return }
        let known = try storage { () throws(StorageError) in try database.syncCalendars() }
        for entry in elsewhere {
            guard let url = known.first(where: { $0.checklistID == entry.item.checklistID })?.url,
                  var state = try storage({ () throws(StorageError) in try database.syncStates(calendarURL: url, uids: [entry.uid]).states.first }),
                  let index = planned.firstIndex(where: { $0.plan.uid == entry.uid }),
                  case let .changed(version) = planned[index].change
            else { continue }
            state.base = try storage { () throws(StorageError) in try database.syncBases(calendarURL: url, uids: [entry.uid])[entry.uid] } ?? ""
            state.href = version.href
            state.etag = version.etag
            planned[index].plan = planner.plan(uid: entry.uid, entry: entry, state: state, remote: .changed(version))
            entries[entry.uid] = entry
            states[entry.uid] = state
        }
    }

    /// The hrefs this sync wrote in one calendar, each with the ETag its
    /// PUT got back (nil: none given), and those it deleted.
    struct OwnWrites {
        var written: [String: String?] = [:]
        var deleted = Set<String>()

        /// Nothing written: no need to ask again.
        var isEmpty: Bool { written.isEmpty && deleted.isEmpty }

        /// Notes what a carried-out plan wrote: after a 412, the plan made
        /// again is the one carried out, and the refused write changed nothing.
        mutating func record(_ plan: ItemPlan) {
            switch plan.remote {
            case let .put(upload): written[upload.href] = plan.sentETag
            case let .delete(href, _): deleted.insert(href)
            case .none: break
            }
        }
    }

    /// The calendar's token after our own writes, asked for with the one
    /// the sync started from; nil when the answer names anything else
    /// (another client's change, which the next sync must see) or cannot
    /// be had. The token from before our writes is always correct to keep,
    /// but a server need not report a to-do made and deleted after a token
    /// (Xandikos does not): one we sent and another client deleted before
    /// our next sync would stay here for good.
    private func tokenAfter(_ ours: OwnWrites, in calendar: String, from start: String) -> String? {
        guard let after = try? changes(in: calendar, token: start), !after.complete, let token = after.token else { return nil }
        let explained = after.deleted.isSubset(of: ours.deleted)
            && after.etags.allSatisfy { href, etag in etag != nil && ours.written[href] == etag }
        return explained ? token : nil
    }

    /// The request that carries out a plan's write, or nil when it has none.
    private func request(for plan: ItemPlan) -> HTTPRequest? {
        switch plan.remote {
        case .none:
            return nil
        case let .put(upload):
            var headers = ["If-None-Match": "*"]
            if case let .etag(etag) = upload.precondition { headers = etag.map { ["If-Match": $0] } ?? [:] }
            return HTTPRequest(method: "PUT", href: upload.href, headers: headers, body: Data(upload.text.utf8),
                               contentType: "text/calendar; charset=utf-8")
        case let .delete(href, etag):
            return HTTPRequest(method: "DELETE", href: href, headers: etag.map { ["If-Match": $0] } ?? [:])
        }
    }

    /// Sends the first try of every plan's write, in the batches and as
    /// many at once as `WritePacer` chooses from the server's pace, and
    /// returns each reply at its plan's index (nil: no write, or not sent
    /// because an earlier one failed). The replies are then read in the
    /// plans' order (`carryOut`), so the lines, the states recorded and a
    /// 412's fetch-merge-retry are what one write at a time gives; what was
    /// sent before a failure is what the pushes recorded cover, as when a
    /// sync is killed midway.
    private func sendFirstTries(_ plans: [ItemPlan]) -> [Result<HTTPReply, SyncError>?] {
        let requests = plans.enumerated().compactMap { index, plan in request(for: plan).map { (index, $0) } }
        var replies = [Result<HTTPReply, SyncError>?](repeating: nil, count: plans.count)
        guard !requests.isEmpty else { return replies }
        let proceed: @Sendable (HTTPReply) -> Bool = { reply in
            (200..<300).contains(reply.status) || reply.status == 404 || reply.status == 412
        }
        var pacer = WritePacer(total: requests.count, atMost: writesAtOnce)
        var start = 0
        while let batch = pacer.next() {
            let began = clock()
            let sent = client.sendAll(requests[start..<(start + batch.count)].map(\.1), connections: batch.atOnce, proceed: proceed)
            pacer.sent(batch, seconds: clock() - began)
            for ((index, _), reply) in zip(requests[start...], sent) { replies[index] = reply }
            start += batch.count
            // sendAll starts nothing after a failure; neither does the next batch.
            let failed = sent.contains { reply in
                guard case let .success(answer) = reply else { return true }
                return !proceed(answer)
            }
            if failed { break }
        }
        return replies
    }

    /// Sends the plan's write to the server (`firstReply`: the reply its
    /// first try already got). A 412 means someone else wrote the to-do
    /// since we read it: it is fetched, planned again (merged with the new
    /// version) and sent again, a few times at most.
    private func carryOut(_ first: ItemPlan, firstReply: Result<HTTPReply, SyncError>?, planner: SyncPlanner, entry: Snapshot.Entry?,
                          state: ItemSyncState?) throws(SyncError) -> ItemPlan {
        var plan = first
        var answered = firstReply
        for _ in 0..<Self.writeTries {
            guard let request = request(for: plan) else { return plan }
            var reply: HTTPReply
            let alone = { () throws(SyncError) in
                try self.client.send(request.method, request.href, headers: request.headers, body: request.body, contentType: request.contentType)
            }
            if let known = answered {
                answered = nil
                reply = try known.get()
                if reply.status == 423 || (500..<600).contains(reply.status) {
                    // Locked, or a server error, on a write sent with others:
                    // a server may refuse or fail writes that come at once
                    // (Xandikos answers 500 to deletes racing for its git
                    // repository). Sent again alone, and the rest of this
                    // sync writes one at a time; a write that fails alone
                    // fails the sync as before.
                    writesAtOnce = 1
                    reply = try alone()
                }
            } else {
                reply = try alone()
            }
            if request.method == "PUT", (200..<300).contains(reply.status) {
                plan.setETag(reply.etag)
                return plan
            }
            if request.method == "DELETE", (200..<300).contains(reply.status) || reply.status == 404 { return plan }
            guard reply.status == 412 else { _ = try client.check(reply, accepted: [], path: plan.href ?? "") ; return plan }
            let href = plan.href ?? ""
            let current = try client.send("GET", href)
            let change: RemoteChange
            if current.status == 404 {
                change = .deleted
            } else {
                _ = try client.check(current, accepted: [200], path: href)
                guard let version = version(href: href, etag: current.etag, text: String(decoding: current.body, as: UTF8.self)) else { return ItemPlan(uid: plan.uid) }
                change = .changed(version)
            }
            plan = planner.plan(uid: plan.uid, entry: entry, state: state, remote: change)
        }
        throw .serverError(host: host, status: 412)
    }

    private func storage<T>(_ body: () throws(StorageError) -> T) throws(SyncError) -> T {
        do {
            return try body()
        } catch {
            throw .database(error)
        }
    }
}

extension ItemPlan {
    /// Where the plan writes on the server.
    var href: String? {
        switch remote {
        case .none: nil
        case let .put(upload): upload.href
        case let .delete(href, _): href
        }
    }

    /// The server's ETag for what `remote` wrote, once sent.
    var sentETag: String? {
        if case let .write(write) = local { return write.state.etag }
        return state?.etag
    }

    /// Records the server's ETag for what was just written.
    mutating func setETag(_ etag: String?) {
        if case var .write(write) = local {
            write.state.etag = etag
            local = .write(write)
        }
        state?.etag = etag
    }
}
