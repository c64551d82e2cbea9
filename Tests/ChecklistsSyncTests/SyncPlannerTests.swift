import Foundation
import Testing
import ChecklistsModel
@testable import ChecklistsSync
import TestSupport

@Suite("The sync planner: what goes where, per to-do")
struct SyncPlannerTests {
    let planner = SyncPlanner(mapping: CalendarMapping(timeZone: TimeZone(identifier: "UTC")!, now: Fixed.now),
                              calendarPath: "/alice/list", describeDate: { Fixed.text($0) })
    let synced = Fixed.date("2026-11-20 08:00")

    private func entry(_ text: String, modified: Date, checked: Bool = false, note: String = "", priority: Priority = .none) -> Snapshot.Entry {
        Snapshot.Entry(item: Item(id: 1, checklistID: 1, text: text, isChecked: checked, dueDate: Fixed.date("2026-11-24 09:00"), shouldRemind: false,
                                  note: note, priority: priority),
                       remindAt: nil, uid: "u1", modifiedAt: modified)
    }

    private func object(_ text: String, lastModified: String = "20261121T090000Z", extra: String = "") -> ICalComponent {
        let source = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:x\r\nBEGIN:VTODO\r\nUID:u1\r\nSUMMARY:\(text)\r\nDUE:20261124T090000Z\r\n"
            + "LAST-MODIFIED:\(lastModified)\r\n\(extra)END:VTODO\r\nEND:VCALENDAR\r\n"
        return try! ICalendarReader.parse(Array(source.utf8))[0]
    }

    private func state(base: ICalComponent) -> ItemSyncState {
        ItemSyncState(uid: "u1", href: "/alice/list/u1.ics", etag: "\"e1\"", base: ICalendarWriter.text(base), syncedModifiedAt: synced)
    }

    @Test("a new item here goes up with If-None-Match; nothing changed anywhere plans nothing")
    func newAndUnchanged() throws {
        let new = planner.plan(uid: "u1", entry: entry("Milk", modified: synced), state: nil, remote: .unchanged)
        guard case let .put(upload) = new.remote else { Issue.record("no upload"); return }
        expectEqual(upload.href, "/alice/list/u1.ics")
        expectEqual(upload.precondition, .absent)
        #expect(upload.text.contains("SUMMARY:Milk\r\n"))
        let base = try #require(CalendarMapping.object(upload.text))
        let idle = planner.plan(uid: "u1", entry: entry("Milk", modified: synced), state: state(base: base), remote: .unchanged)
        #expect(idle.remote == .none && idle.local == .none && idle.notes.isEmpty)
    }

    @Test("changed here only: merged into the base, so the other app's PRIORITY number (still high here) and the note (DESCRIPTION) go back up, If-Match the stored ETag")
    func changedHere() {
        let base = object("Milk", extra: "DESCRIPTION:two litres\r\nPRIORITY:2\r\n")
        let plan = planner.plan(uid: "u1", entry: entry("Oat milk", modified: Fixed.date("2026-11-21 10:00"), note: "two litres", priority: .high),
                                state: state(base: base), remote: .unchanged)
        guard case let .put(upload) = plan.remote else { Issue.record("no upload"); return }
        expectEqual(upload.precondition, .etag("\"e1\""))
        #expect(upload.text.contains("SUMMARY:Oat milk\r\n") && upload.text.contains("DESCRIPTION:two litres\r\n")
                && upload.text.contains("PRIORITY:2\r\n"))
    }

    @Test("the note is a field of the merge: changed here and the text changed on the server, both are kept")
    func noteMergedByField() throws {
        let base = object("Milk", extra: "DESCRIPTION:two litres\r\n")
        let theirs = object("Oat milk", lastModified: "20261121T093000Z", extra: "DESCRIPTION:two litres\r\n")
        let version = RemoteVersion(href: "/alice/list/u1.ics", etag: "\"e2\"", object: theirs)
        let plan = planner.plan(uid: "u1", entry: entry("Milk", modified: Fixed.date("2026-11-21 10:00"), note: "two litres\nthe blue carton"),
                                state: state(base: base), remote: .changed(version))
        guard case let .write(write) = plan.local, case let .put(upload) = plan.remote else { Issue.record("no merge"); return }
        expectEqual(write.fields.text, "Oat milk")
        expectEqual(write.fields.note, "two litres\nthe blue carton")
        #expect(upload.text.contains("SUMMARY:Oat milk\r\n") && upload.text.contains("DESCRIPTION:two litres\\nthe blue carton\r\n"))
        #expect(plan.notes.isEmpty)
    }

    @Test("a note changed on the server and the text here: the note comes down, and the merged to-do goes up If-Match the server's ETag")
    func noteChangedThereTextHere() {
        let base = object("Milk", extra: "DESCRIPTION:two litres\r\n")
        let theirs = object("Milk", lastModified: "20261121T093000Z", extra: "DESCRIPTION:two litres\\nthe blue carton\r\n")
        let version = RemoteVersion(href: "/alice/list/u1.ics", etag: "\"e2\"", object: theirs)
        let plan = planner.plan(uid: "u1", entry: entry("Oat milk", modified: Fixed.date("2026-11-21 10:00"), note: "two litres"),
                                state: state(base: base), remote: .changed(version))
        guard case let .write(write) = plan.local, case let .put(upload) = plan.remote else { Issue.record("no merge"); return }
        expectEqual(write.fields.text, "Oat milk")
        expectEqual(write.fields.note, "two litres\nthe blue carton")
        // Only if the server still has what was merged: another writer's change since is refused, not overwritten.
        expectEqual(upload.precondition, .etag("\"e2\""))
        #expect(upload.text.contains("SUMMARY:Oat milk\r\n") && upload.text.contains("DESCRIPTION:two litres\\nthe blue carton\r\n"))
    }

    @Test("changed on the server only: pulled in, nothing sent")
    func changedThere() {
        let base = object("Milk")
        let version = RemoteVersion(href: "/alice/list/u1.ics", etag: "\"e2\"", object: object("Milk", extra: "STATUS:COMPLETED\r\n"))
        let plan = planner.plan(uid: "u1", entry: entry("Milk", modified: synced), state: state(base: base), remote: .changed(version))
        expectEqual(plan.remote, .none)
        guard case let .write(write) = plan.local else { Issue.record("no write"); return }
        #expect(write.fields.isChecked)
        expectEqual(write.state.etag, "\"e2\"")
    }

    @Test("deleted on the server: gone here unless changed here, then kept and sent again with a line")
    func deletedThere() {
        let base = object("Milk")
        let untouched = planner.plan(uid: "u1", entry: entry("Milk", modified: synced), state: state(base: base), remote: .deleted)
        expectEqual(untouched.local, .delete(SyncCommit.ItemDelete(uid: "u1", readModifiedAt: synced)))
        let edited = planner.plan(uid: "u1", entry: entry("Oat milk", modified: Fixed.now), state: state(base: base), remote: .deleted)
        expectEqual(edited.notes, [#"kept "Oat milk": deleted on the server but changed here"#])
        guard case let .put(upload) = edited.remote else { Issue.record("no upload"); return }
        expectEqual(upload.precondition, .absent)
    }

    @Test("deleted here: deleted on the server unless changed there, then pulled back with a line")
    func deletedHere() {
        let base = object("Milk")
        let untouched = planner.plan(uid: "u1", entry: nil, state: state(base: base), remote: .unchanged)
        expectEqual(untouched.remote, .delete(href: "/alice/list/u1.ics", etag: "\"e1\""))
        let version = RemoteVersion(href: "/alice/list/u1.ics", etag: "\"e2\"", object: object("Soy milk"))
        let edited = planner.plan(uid: "u1", entry: nil, state: state(base: base), remote: .changed(version))
        expectEqual(edited.notes, [#"kept "Soy milk": deleted here but changed on the server"#])
        guard case let .write(write) = edited.local else { Issue.record("no write"); return }
        expectEqual(write.fields.text, "Soy milk")
    }

    @Test("both sides changed the text: the later (server) wins, the line names what was lost, nothing to send back")
    func conflict() {
        let base = object("Milk")
        let version = RemoteVersion(href: "/alice/list/u1.ics", etag: "\"e2\"", object: object("Oat milk", lastModified: "20261121T100000Z"))
        let plan = planner.plan(uid: "u1", entry: entry("Soy milk", modified: Fixed.date("2026-11-21 09:30")), state: state(base: base), remote: .changed(version))
        expectEqual(plan.notes, [#"conflict in "Oat milk": the text changed on both sides; kept "Oat milk" (server, the later change), lost "Soy milk" (here)"#])
        expectEqual(plan.remote, .none)
    }

    @Test("an edit in the same second as the last sync is still seen: a state synced that recently keeps no time, and the fields are compared")
    func sameSecondEdit() throws {
        let base = object("Milk")
        var recent = state(base: base)
        recent.syncedModifiedAt = nil
        let edited = planner.plan(uid: "u1", entry: entry("Oat milk", modified: Fixed.now), state: recent, remote: .unchanged)
        guard case .put = edited.remote else { Issue.record("the edit was missed"); return }
        #expect(edited.state?.syncedModifiedAt == nil)   // pushed at `now`: still too recent to record
        let untouched = planner.plan(uid: "u1", entry: entry("Milk", modified: synced), state: recent, remote: .unchanged)
        expectEqual(untouched.remote, .none)
        expectEqual(untouched.state?.syncedModifiedAt, synced)   // old enough now: recorded
    }
}
