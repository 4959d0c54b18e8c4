import ArgumentParser
import PDFText

/// The permission check of the subcommands that extract text: `--accessibility` says the
/// text is for assistive technology, which a document may allow when it forbids copying
/// (see `PDFDocument.textAccess(for:)`). A subcommand adds `@OptionGroup var access:
/// TextAccessOptions` and calls ``refusal(for:path:)`` (or the static form with
/// ``purpose``) after opening each file.
package struct TextAccessOptions: ParsableArguments {
    @Flag(help: "Extract for accessibility (screen readers, audits): allowed by documents whose permissions forbid copying but allow accessibility.")
    package var accessibility = false

    package init() {}

    package var purpose: TextPurpose { accessibility ? .accessibility : .general }

    /// nil when the document's permissions allow extraction for ``purpose``; else the
    /// one-line failure to report (exit code 3, as pdftotext's for this).
    package func refusal(for document: Document, path: String) -> Opening.Failure? {
        Self.refusal(for: document, path: path, purpose: purpose)
    }

    /// ``refusal(for:path:)`` for a purpose (what a `@Sendable` pipeline stage captures).
    package static func refusal(for document: Document, path: String, purpose: TextPurpose) -> Opening.Failure? {
        let reason: String
        switch document.textAccess(for: purpose) {
        case .allowed:
            return nil
        case .allowedForAccessibilityOnly:
            reason = "copying text is not permitted by the document's permissions; extraction for accessibility is allowed: "
                + "use --accessibility, or give the owner password with --owner-password"
        case .denied:
            reason = "copying text is not permitted by the document's permissions, not even for accessibility: "
                + "give the owner password with --owner-password"
        }
        return Opening.Failure(message: "\(path): \(reason)", exitCode: ExitStatus.password)
    }
}
