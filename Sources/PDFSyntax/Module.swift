// Module PDFSyntax: see docs/ARCHITECTURE.md.
