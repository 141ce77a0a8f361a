import Foundation

/// The fields `icalkit edit` changes the same way on events and reminders.
struct TextFieldsEdit {
    var title: String?
    /// nil: unchanged; `.some(nil)`: cleared (an empty value on the command line).
    var location: String??
    var notes: String??
    var url: URL??

    var isEmpty: Bool { title == nil && location == nil && notes == nil && url == nil }
}
