import ChecklistsModel
@testable import ChecklistsUI

/// `effects` with Item Detail's save of an item written as the draft it
/// saves: what the reducer tests of a form check. The save also carries
/// what the form showed when it opened, so storage puts only the changed
/// fields onto the item as it is then: `StoreTests` checks that on a real
/// file, with the item changed elsewhere while the form was open.
func savedEdits(_ effects: [Effect]) -> [Effect] {
    effects.map { effect in
        if case let .commit(.editItem(id, _, saved)) = effect { return .commit(.updateItem(id: id, saved)) }
        return effect
    }
}
