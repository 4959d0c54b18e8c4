// Module PDFTestSupport: see docs/ARCHITECTURE.md.
