// Module PDFText: see docs/ARCHITECTURE.md.
