import Foundation
import ChecklistsModel

/// A to-do as the server has it now.
public struct RemoteVersion: Hashable, Sendable {
    /// The href the server named it by (a path, as the server wrote it).
    public var href: String
    public var etag: String?
    public var object: ICalComponent
    /// `object` as our writer writes it, so comparing texts compares meaning
    /// and not the server's line endings or folding.
    public var text: String

    public init(href: String, etag: String?, object: ICalComponent) {
        self.href = href
        self.etag = etag
        self.object = object
        self.text = ICalendarWriter.text(object)
    }
}

/// What the server says about one to-do since the last sync.
public enum RemoteChange: Hashable, Sendable {
    /// Not reported changed (or, without a sync state, not on the server).
    case unchanged
    case changed(RemoteVersion)
    case deleted
}

/// A write to the server, with its precondition.
public struct Upload: Hashable, Sendable {
    public enum Precondition: Hashable, Sendable {
        /// `If-None-Match: *`: only if nothing is there (a new to-do).
        case absent
        /// `If-Match: ETAG`: only if the server still has what we merged with.
        case etag(String?)
    }

    public var href: String
    public var text: String
    public var precondition: Precondition
}

/// What to do about one to-do: here, there, and what to remember.
public struct ItemPlan: Hashable, Sendable {
    public enum Local: Hashable, Sendable {
        case none
        case write(SyncCommit.ItemWrite)
        case delete(SyncCommit.ItemDelete)
    }

    public enum Remote: Hashable, Sendable {
        case none
        case put(Upload)
        case delete(href: String, etag: String?)
    }

    public var uid: String
    public var local: Local = .none
    public var remote: Remote = .none
    /// The state to keep when `local` writes nothing (with a write, its own).
    /// Its ETag is the server's answer to `remote`'s PUT, filled in by the runner.
    public var state: ItemSyncState?
    /// Forget the state: the to-do is gone from both sides.
    public var forget = false
    /// Lines for the sync's output: conflicts, deletes that kept an item.
    public var notes: [String] = []
    /// The server's version is what a stopped sync of ours sent: nothing
    /// was received from anyone else.
    public var echoesOurs = false
}

/// The pure half of a sync: given a list's items, their sync states and
/// what the server reported, what to write where. No I/O, no clock (`now`
/// is given), so every rule is tested without a server; the HTTP runner
/// (`SyncSession`) only fetches, executes and commits, and a process
/// syncing on an interval can use the same planner.
public struct SyncPlanner: Sendable {
    public var mapping: CalendarMapping
    /// The calendar's path on the server, ending in `/`: new to-dos go to
    /// `path + UID + .ics`.
    public var calendarPath: String
    public var describeDate: @Sendable (Date) -> String
    /// The UIDs of items with a sub-item (or a sub-item's sub-item) new or
    /// changed here: deleted on the server, such a parent is kept as a
    /// changed one is, not deleted with its new sub-item left at the top.
    public var parentsChangedBelow: Set<String> = []

    public var now: Date { mapping.now }

    public init(mapping: CalendarMapping, calendarPath: String, describeDate: @escaping @Sendable (Date) -> String) {
        self.mapping = mapping
        self.calendarPath = calendarPath.hasSuffix("/") ? calendarPath : calendarPath + "/"
        self.describeDate = describeDate
    }

    /// Plans one to-do. `entry`: the item here (nil: none, or deleted
    /// here); `state`: as the last sync left it (nil: never synced);
    /// `pushed`: the text an earlier sync was about to send when it was
    /// stopped before its commit.
    public func plan(uid: String, entry: Snapshot.Entry?, state: ItemSyncState?, remote: RemoteChange, pushed: String? = nil) -> ItemPlan {
        var plan = ItemPlan(uid: uid)
        let changedHere = entry.map { changed($0, since: state) } ?? false
        switch (entry, state, remote) {
        case (nil, nil, .unchanged), (nil, nil, .deleted), (nil, _?, .deleted):
            plan.forget = state != nil
        case let (entry?, nil, .unchanged), let (entry?, nil, .deleted):
            plan = push(entry, over: nil, state: nil, precondition: .absent, href: calendarPath + CalendarMapping.fileName(uid: uid) + ".ics")
        case let (nil, _, .changed(version)):
            plan = pull(version, uid: uid)
            if state != nil { plan.notes.append("kept \"\(text(of: version))\": deleted here but changed on the server") }
        case let (entry?, state?, .unchanged):
            if changedHere {
                plan = push(entry, over: state.base, state: state, precondition: .etag(state.etag), href: state.href)
            } else if state.syncedModifiedAt == nil, let modified = entry.modifiedAt, settled(modified) {
                // Now old enough to be told apart from any later edit.
                plan.state = state
                plan.state?.syncedModifiedAt = modified
            }
        case let (entry?, state?, .deleted):
            if changedHere || parentsChangedBelow.contains(uid) {
                plan = push(entry, over: state.base, state: state, precondition: .absent, href: state.href)
                plan.notes.append("kept \"\(entry.item.text)\": deleted on the server but "
                                  + (changedHere ? "changed here" : "a sub-item was added or changed under it here"))
            } else {
                plan.local = .delete(SyncCommit.ItemDelete(uid: uid, readModifiedAt: entry.modifiedAt))
            }
        case let (entry?, state, .changed(version)):
            // The server holding what we sent ourselves is no change of
            // theirs: that text is the base, and what changed here since wins.
            let ours = pushed.flatMap(CalendarMapping.object).flatMap(mapping.fields(of:))
            let echoesOurs = ours.map { FieldMerge.same($0, mapping.fields(of: version.object) ?? $0, now: now, calendar: mapping.calendar) } == true
            plan = merge(entry, base: echoesOurs ? pushed : state?.base, version: version)
            plan.echoesOurs = echoesOurs
        case let (nil, state?, .unchanged):
            plan.remote = .delete(href: state.href, etag: state.etag)
            plan.forget = true
        }
        plan.uid = uid
        return plan
    }

    // MARK: - Changed here?

    /// Whether the item changed here since the last sync. Its `modifiedAt`
    /// (whole seconds) differing from the one recorded then says so at no
    /// cost. A recorded time too close to the sync is not kept (see
    /// `recorded`): an edit in that same second would carry the same
    /// value; then the fields are compared with the base instead.
    func changed(_ entry: Snapshot.Entry, since state: ItemSyncState?) -> Bool {
        guard let state else { return true }
        if let synced = state.syncedModifiedAt { return entry.modifiedAt != synced }
        guard let object = CalendarMapping.object(state.base), let base = mapping.fields(of: object) else { return true }
        if FieldMerge.same(entry.calendarFields, base, now: now, calendar: mapping.calendar) { return false }
        // Some items say what iCalendar cannot: Remind Me on, no reminder
        // pending and a due date to come (an import without `reminder`)
        // reads back with the reminder at the due date. What would be sent
        // reading back as what was sent is no change, or it goes up again
        // at every sync.
        let sent = mapping.fields(of: mapping.merge(entry.calendarFields, stamps: stamps(entry), into: object))
        return sent.map { !FieldMerge.same($0, base, now: now, calendar: mapping.calendar) } ?? true
    }

    /// A modification time to record with a state: nil when it falls within
    /// two seconds of this sync, so a later edit cannot look unchanged.
    private func recorded(_ modified: Date?) -> Date? {
        modified.flatMap { settled($0) ? $0 : nil }
    }

    private func settled(_ modified: Date) -> Bool {
        modified <= now.addingTimeInterval(-2)
    }

    // MARK: - The cases

    /// Ours goes up, merged into the object we last synced (or the one the
    /// item came from), so what other apps wrote stays. Nothing goes up
    /// when that object already says what the item says.
    private func push(_ entry: Snapshot.Entry, over base: String?, state: ItemSyncState?, precondition: Upload.Precondition, href: String) -> ItemPlan {
        var plan = ItemPlan(uid: entry.uid)
        let original = CalendarMapping.object(base ?? entry.calendarObject)
        let object = mapping.merge(entry.calendarFields, stamps: stamps(entry), into: original)
        let text = ICalendarWriter.text(object)
        let synced = ItemSyncState(uid: entry.uid, href: href, etag: state?.etag, base: text, syncedModifiedAt: recorded(entry.modifiedAt))
        if text != base || precondition == .absent { plan.remote = .put(Upload(href: href, text: text, precondition: precondition)) }
        plan.state = synced
        return plan
    }

    /// Theirs comes down as it is.
    private func pull(_ version: RemoteVersion, uid: String) -> ItemPlan {
        var plan = ItemPlan(uid: uid)
        guard let item = mapping.item(from: version.object) else { return plan }
        let modified = wholeSeconds(mapping.lastModified(of: version.object) ?? now)
        plan.local = .write(SyncCommit.ItemWrite(
            fields: item.fields, object: version.text, modifiedAt: modified, completedAt: item.completedAt, readModifiedAt: nil,
            state: ItemSyncState(uid: uid, href: version.href, etag: version.etag, base: version.text, syncedModifiedAt: recorded(modified))))
        return plan
    }

    /// Both sides (or the server's side of an item not changed here):
    /// field by field against the base, into the server's object.
    private func merge(_ entry: Snapshot.Entry, base: String?, version: RemoteVersion) -> ItemPlan {
        var plan = ItemPlan(uid: entry.uid)
        guard let theirs = mapping.item(from: version.object) else { return plan }
        let baseFields = CalendarMapping.object(base).flatMap(mapping.fields(of:))
        let here = MergeSide(fields: entry.calendarFields, changedAt: entry.modifiedAt)
        let server = MergeSide(fields: theirs.fields, changedAt: mapping.lastModified(of: version.object))
        var (merged, conflicts) = FieldMerge.merge(base: baseFields, here: here, server: server, now: now,
                                                   calendar: mapping.calendar, describeDate: describeDate)
        merged.uid = entry.uid
        let unchangedHere = FieldMerge.same(merged, entry.calendarFields, now: now, calendar: mapping.calendar)
        let modified = unchangedHere ? (entry.modifiedAt ?? wholeSeconds(now)) : wholeSeconds(now)
        let completed = merged.isChecked ? (entry.item.isChecked ? entry.completedAt : theirs.completedAt) : nil
        let object = mapping.merge(merged, stamps: CalendarStamps(modifiedAt: wholeSeconds(now), completedAt: completed), into: version.object)
        let text = FieldMerge.same(merged, theirs.fields, now: now, calendar: mapping.calendar) ? version.text : ICalendarWriter.text(object)
        if text != version.text { plan.remote = .put(Upload(href: version.href, text: text, precondition: .etag(version.etag))) }
        plan.local = .write(SyncCommit.ItemWrite(
            fields: merged, object: text, modifiedAt: modified, completedAt: completed, readModifiedAt: entry.modifiedAt,
            state: ItemSyncState(uid: entry.uid, href: version.href, etag: version.etag, base: text, syncedModifiedAt: recorded(modified))))
        plan.notes = conflicts.map { $0.line(item: merged.text) }
        return plan
    }

    private func stamps(_ entry: Snapshot.Entry) -> CalendarStamps {
        CalendarStamps(modifiedAt: entry.modifiedAt ?? now, completedAt: entry.completedAt)
    }

    private func text(of version: RemoteVersion) -> String {
        mapping.fields(of: version.object)?.text ?? version.href
    }

    /// Times are stored in whole seconds; the state must match what is stored.
    private func wholeSeconds(_ date: Date) -> Date {
        Date(timeIntervalSince1970: date.timeIntervalSince1970.rounded(.up))
    }
}
