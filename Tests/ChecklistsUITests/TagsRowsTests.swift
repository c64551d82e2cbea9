import Foundation
import Testing
@testable import ChecklistsUI
import ChecklistsModel
import TestSupport

/// Tags on rows ("#work" after the text, inside the text column, so the
/// date never moves), on Item Detail's Tags row with Tab completing from
/// the tags in use, and the tag view `#` opens from All Lists.
@Suite("Tags: rows, the form and the tag view")
struct TagsRowsTests {
    static let errands = ChecklistSummary(checklist: Checklist(id: 2, name: "Errands", icon: .none), itemCount: 3, remainingCount: 3)
    static let work = ChecklistSummary(checklist: Checklist(id: 3, name: "Work", icon: .none), itemCount: 1, remainingCount: 1)

    static let items = [
        Item(id: 1, checklistID: 2, text: "Call the bank", dueDate: Fixed.date("2026-11-23 09:00"), tags: ["work", "phone"]),
        Item(id: 2, checklistID: 2, text: "Water the plants on the balcony", dueDate: Fixed.date("2026-11-24 09:00"), tags: ["home"]),
        Item(id: 3, checklistID: 2, text: "Milk", dueDate: nil),
    ]

    static let inUse = [TagCount(tag: "home", openItems: 1), TagCount(tag: "phone", openItems: 1), TagCount(tag: "work", openItems: 2)]

    func errands(width: Int, height: Int = 8) -> AppState {
        var state = AppState(context: Fixed.context, width: width, height: height, now: Fixed.now)
        _ = reduce(&state, .listsLoaded([Self.errands, Self.work], select: 2))
        let page = ItemsPage(checklistID: 2, sortOrder: .dueDate, offset: 0, items: Self.items, totalCount: Self.items.count)
        _ = reduce(&state, .itemsLoaded(Self.errands, page, selectIndex: 0))
        return state
    }

    @Test("at 120 columns the tags follow the text, and the dates stay in one column")
    func wideRows() {
        expectEqual(Array(render(errands(width: 120)).lines().prefix(5)), [
            " Errands                                                                                      3 Remaining · by due date",
            " [ ] Call the bank #work #phone             Monday 9:00 AM",
            " [ ] Water the plants on the balcony #home  Tuesday 9:00 AM",
            " [ ] Milk",
            "",
        ])
    }

    @Test("at 40 columns the tags yield first: gone where the text fills the column; the date keeps its place")
    func narrowRows() {
        expectEqual(Array(render(errands(width: 40)).lines().prefix(5)), [
            " Errands           3 Remaining · by du…",
            " [ ] Call the bank #work #phone     Mon",
            " [ ] Water the plants on the balc…  Tue",
            " [ ] Milk",
            "",
        ])
    }

    func form(width: Int) -> AppState {
        var state = errands(width: width, height: 24)
        _ = reduce(&state, .key(.enter))   // Call the bank
        _ = reduce(&state, .tagsLoaded(Self.inUse))
        for _ in 0..<7 { _ = reduce(&state, .key(.tab)) }
        return state
    }

    @Test("Item Detail's Tags row shows the tags as typed; Tab completes the word to the first tag in use not typed yet, case ignored")
    func formRow() {
        var state = form(width: 120)
        expectEqual(state.keyContext, .itemTags)
        for character in " #H" { _ = reduce(&state, .key(.character(character))) }
        expectEqual(render(state).lines().filter { $0.contains("Tags") }, [
            "› Tags        work phone #H                                                                                 Tab: #home",
        ])
        _ = reduce(&state, .key(.tab))
        expectEqual(state.screen.itemDetail?.tags.text, "work phone #home ")
        // "W" could only become work, typed already: Tab moves on, round to the text.
        _ = reduce(&state, .key(.character("W")))
        #expect(state.screen.itemDetail?.tagCompletion(from: Self.inUse.map(\.tag)) == nil)
        _ = reduce(&state, .key(.backspace))
        _ = reduce(&state, .key(.tab))
        expectEqual(state.keyContext, .itemText)
        // Saved each once, as first typed.
        let done = reduce(&state, .key(.control("s")))
        expectEqual(savedEdits(done), [.commit(.updateItem(id: 1, ItemDraft(text: "Call the bank", dueDate: Fixed.date("2026-11-23 09:00"),
                                                              tags: ["work", "phone", "home"])))])
    }

    @Test("at 40 columns the Tags row keeps the field and drops the hint where they do not both fit")
    func formRowNarrow() {
        var state = form(width: 40)
        for character in " p" { _ = reduce(&state, .key(.character(character))) }
        expectEqual(render(state).lines().filter { $0.contains("Tags") }, [
            "› Tags        work phone p",
        ])
        // With room for both, the hint comes back.
        _ = reduce(&state, .key(.backspace))
        _ = reduce(&state, .key(.backspace))
        _ = reduce(&state, .key(.backspace))
        _ = reduce(&state, .key(.backspace))
        _ = reduce(&state, .key(.backspace))
        _ = reduce(&state, .key(.backspace))
        _ = reduce(&state, .key(.character("h")))
        expectEqual(render(state).lines().filter { $0.contains("Tags") }, [
            "› Tags        work ph      Tab: #phone",
        ])
    }

    func tagView(width: Int) -> AppState {
        var state = errands(width: width)
        _ = reduce(&state, .key(.escape))
        return state
    }

    @Test("# on All Lists opens the tags in use with their counts; Enter shows every open item with one, with its list")
    func tagViewScreens() {
        let chooser = [
            40: [" Tags                            3 tags", "  1 #home", "  1 #phone", "  2 #work", ""],
            120: [" Tags" + String(repeating: " ", count: 108) + "3 tags", "  1 #home", "  1 #phone", "  2 #work", ""],
        ]
        let items = [
            40: [" #work                           2 open", " [ ] Call the bank #work…  Errands  Mon", " [ ] Send the report #Wo…  Work", ""],
            120: [" #work" + String(repeating: " ", count: 107) + "2 open", " [ ] Call the bank #work #phone  Errands  Monday 9:00 AM",
                  " [ ] Send the report #Work       Work", ""],
        ]
        for width in [40, 120] {
            var state = tagView(width: width)
            expectEqual(reduce(&state, .key(.character("#"))), [.loadTags])
            _ = reduce(&state, .tagsLoaded(Self.inUse))
            _ = reduce(&state, .key(.down))
            _ = reduce(&state, .key(.down))
            expectEqual(Array(render(state).lines().prefix(5)), chooser[width], "\(width)")
            expectEqual(reduce(&state, .key(.enter)), [.loadTagged("work", limit: TagsScreen.itemLimit)])
            let listed = [ListedItem(item: Self.items[0], checklistName: "Errands"),
                          ListedItem(item: Item(id: 9, checklistID: 3, text: "Send the report", dueDate: nil, tags: ["Work"]), checklistName: "Work")]
            _ = reduce(&state, .taggedLoaded("work", listed))
            expectEqual(Array(render(state).lines().prefix(4)), items[width], "\(width)")
        }
    }

    /// The tag view at 80 columns on #home's one item, Water the plants.
    func homeItems() -> AppState {
        var state = tagView(width: 80)
        _ = reduce(&state, .key(.character("#")))
        _ = reduce(&state, .tagsLoaded(Self.inUse))
        _ = reduce(&state, .key(.enter))
        _ = reduce(&state, .taggedLoaded("home", [ListedItem(item: Self.items[1], checklistName: "Errands")]))
        return state
    }

    @Test("in the tag view Space checks the item, Enter opens it in Item Detail over its list, Esc goes back to the tags")
    func tagViewKeys() {
        var state = homeItems()
        // Its family is counted first: with no open sub-items, it is checked at once.
        expectEqual(reduce(&state, .key(.character(" "))), [.countFamily(itemID: 2, for: .check)])
        expectEqual(reduce(&state, .familyCounted(.check, FamilyCount(item: Self.items[1], subItems: 0, openSubItems: 0))), [.commit(.setChecked(itemID: 2, true))])
        _ = reduce(&state, .committed(.setChecked(itemID: 2, true), .item(2)))
        expectEqual(state.message?.text, "Checked “Water the plants on the balco…”; u undoes it.")
        expectEqual(reduce(&state, .key(.escape)), [.loadTags])
        expectEqual(state.keyContext, .tagChooser)
        _ = reduce(&state, .key(.enter))
        _ = reduce(&state, .taggedLoaded("home", [ListedItem(item: Self.items[1], checklistName: "Errands")]))
        let open = reduce(&state, .key(.enter))
        #expect(open.contains(.loadItems(checklistID: 2, anchor: .item(2, fallback: 0), pageSize: state.pageSize)))
        let page = ItemsPage(checklistID: 2, sortOrder: .dueDate, offset: 0, items: Self.items, totalCount: Self.items.count)
        _ = reduce(&state, .itemsLoaded(Self.errands, page, selectIndex: 1))
        expectEqual(state.screen.itemDetail?.text.text, "Water the plants on the balcony")
        expectEqual(state.screen.itemDetail?.tags.text, "home")
    }

    @Test("in the tag view u undoes and Ctrl-R redoes, as where Space checks elsewhere; p steps the priority; z and 3 move the item to tomorrow 9:00")
    func tagViewPlanKeys() {
        var state = homeItems()
        let water = Self.items[1]
        expectEqual(reduce(&state, .key(.character("u"))), [.history(.undo, confirmed: nil)])
        expectEqual(reduce(&state, .key(.control("r"))), [.history(.redo, confirmed: nil)])
        expectEqual(reduce(&state, .key(.character("p"))), [.commit(.setPriority(itemID: 2, .low))])
        expectEqual(reduce(&state, .key(.character("z"))), [])
        expectEqual(state.keyContext, .snoozeChoice)
        expectEqual(render(state).lines()[6], " Move “Water the plants on the balco…” to:")
        var moved = water.draft
        moved.dueDate = Fixed.date("2026-11-22 09:00")
        expectEqual(reduce(&state, .key(.character("3"))), [.commit(.updateItem(id: 2, moved))])
        expectEqual(state.keyContext, .taggedItems)
        // Esc after z leaves the choice and moves nothing.
        _ = reduce(&state, .key(.character("z")))
        expectEqual(reduce(&state, .key(.escape)), [])
        expectEqual(state.keyContext, .taggedItems)
    }

    @Test("the mouse in the tag view: a click selects a tag, a second click opens it; on its items a click selects, a second opens the item; the wheel scrolls")
    func tagViewMouse() {
        func click(_ row: Int, on state: inout AppState) -> [Effect] {
            reduce(&state, .key(.mouse(MouseEvent(.left, row: row, column: 6))))
                + reduce(&state, .key(.mouse(MouseEvent(.left, isPress: false, row: row, column: 6))))
        }
        func shown(_ state: AppState) -> TagsState? {
            if case let .tags(view) = state.screen { view } else { nil }
        }
        var state = tagView(width: 80)
        _ = reduce(&state, .key(.character("#")))
        _ = reduce(&state, .tagsLoaded(Self.inUse))
        #expect(click(3, on: &state).isEmpty)
        expectEqual(shown(state)?.selectedTag?.tag, "work")
        // Row 4 is past the three tags; the title bar is no row.
        #expect(click(4, on: &state).isEmpty && click(0, on: &state).isEmpty)
        expectEqual(shown(state)?.selectedTag?.tag, "work")
        _ = click(2, on: &state)
        expectEqual(click(2, on: &state), [.loadTagged("phone", limit: TagsScreen.itemLimit)])
        let many = (1...30).map { ListedItem(item: Item(id: Int64($0), checklistID: 2, text: "Item \($0)", dueDate: nil, tags: ["phone"]), checklistName: "Errands") }
        _ = reduce(&state, .taggedLoaded("phone", many))
        _ = reduce(&state, .key(.mouse(MouseEvent(.wheelDown, row: 3, column: 6))))
        expectEqual(shown(state)?.viewport.top, MouseInput.wheelRows)
        #expect(click(2, on: &state).isEmpty)
        expectEqual(shown(state)?.selectedItem?.item.text, "Item \(MouseInput.wheelRows + 2)")
        let open = click(2, on: &state)
        #expect(open.contains(.loadItems(checklistID: 2, anchor: .item(Int64(MouseInput.wheelRows + 2), fallback: 0), pageSize: state.pageSize)))
    }

    @Test("a tag on more items than a page: \"500+ open\", and the next page is asked for as the selection nears the end, then the count is exact")
    func tagViewPages() {
        func listed(_ count: Int) -> [ListedItem] {
            (1...count).map { ListedItem(item: Item(id: Int64($0), checklistID: 2, text: "Item \($0)", dueDate: nil, tags: ["work"]), checklistName: "Errands") }
        }
        var state = tagView(width: 40)
        _ = reduce(&state, .key(.character("#")))
        _ = reduce(&state, .tagsLoaded(Self.inUse))
        _ = reduce(&state, .key(.character("G")))   // the last tag, as on every list
        expectEqual(reduce(&state, .key(.enter)), [.loadTagged("work", limit: 500)])
        _ = reduce(&state, .taggedLoaded("work", listed(500)))
        expectEqual(render(state).lines()[0], " #work                500+ open · 1/500")
        // Far from the end nothing more is asked; on the last screen the next page is.
        #expect(reduce(&state, .key(.down)).isEmpty)
        expectEqual(reduce(&state, .key(.character("G"))), [.loadTagged("work", limit: 1000)])
        _ = reduce(&state, .taggedLoaded("work", listed(720)))
        expectEqual(render(state).lines()[0], " #work               720 open · 500/720")
        // All are here: the end asks for nothing.
        #expect(reduce(&state, .key(.character("G"))).isEmpty)
        expectEqual(reduce(&state, .key(.escape)), [.loadTags])
    }
}
