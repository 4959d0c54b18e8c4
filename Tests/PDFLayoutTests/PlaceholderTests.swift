import Testing
@testable import PDFLayout
