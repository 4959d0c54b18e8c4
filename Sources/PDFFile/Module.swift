// Module PDFFile: see docs/ARCHITECTURE.md.
