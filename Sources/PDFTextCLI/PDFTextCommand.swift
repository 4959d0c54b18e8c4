import ArgumentParser

public struct PDFTextCommand: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "pdftext",
        abstract: "Text, structure and metadata out of PDF files.")
    public init() {}
}
