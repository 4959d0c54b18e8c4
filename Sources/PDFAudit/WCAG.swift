/// WCAG 2.2 success criteria the audit rules support (docs/AUDIT.md, "WCAG 2.2 success
/// criteria"): their numbers and names.
package enum WCAG {
    /// Number → name, for the criteria the rule tables use.
    package static let names: [String: String] = [
        "1.1.1": "Non-text Content",
        "1.3.1": "Info and Relationships",
        "1.3.2": "Meaningful Sequence",
        "1.4.5": "Images of Text",
        "2.1.1": "Keyboard",
        "2.4.1": "Bypass Blocks",
        "2.4.2": "Page Titled",
        "2.4.3": "Focus Order",
        "2.4.4": "Link Purpose (In Context)",
        "2.4.5": "Multiple Ways",
        "2.4.6": "Headings and Labels",
        "2.4.9": "Link Purpose (Link Only)",
        "3.1.1": "Language of Page",
        "3.1.2": "Language of Parts",
        "3.3.2": "Labels or Instructions",
        "4.1.2": "Name, Role, Value",
    ]

    /// The name of criterion `number`, or "" when unknown.
    package static func name(_ number: String) -> String { names[number] ?? "" }
}
