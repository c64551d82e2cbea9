import ChecklistsModel

/// Measuring and sanitizing text lives in ChecklistsModel, so the command
/// line prints user text exactly as safely as the screen draws it, without
/// depending on this module. The alias keeps every drawing file's
/// `TextWidth` working without an import of its own.
public typealias TextWidth = ChecklistsModel.TextWidth
