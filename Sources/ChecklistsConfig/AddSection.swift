import Foundation

/// `[add]`: where an item added without a list goes, and whether
/// `checklists add` reads quick-add words without `--quick`.
///
///     [add]
///     default_list = "Inbox"   # default: a list named Inbox, made when first needed
///     quick = true             # default: false; scripts stay literal
public struct AddSection: ConfigSection {
    public static let name = "add"

    /// The list's name, matched as `--list` matches it; nil: "Inbox".
    public var defaultList: String?
    /// Whether `add` reads its text as quick add without `--quick`.
    public var quick: Bool

    public init(defaultList: String? = nil, quick: Bool = false) {
        self.defaultList = defaultList
        self.quick = quick
    }

    public init(reading table: TableReader) throws(ConfigError) {
        try table.refuseUnknownKeys(known: ["default_list", "quick"], expected: "default_list or quick")
        if let name = try table.string("default_list", expected: "a list's name") {
            guard !name.trimmingCharacters(in: .whitespaces).isEmpty else {
                throw table.error(at: "default_list", "\"default_list\" is empty; name a list, or leave it out for \"Inbox\"")
            }
            defaultList = name
        }
        quick = try table.bool("quick", expected: "true or false") ?? false
    }
}
