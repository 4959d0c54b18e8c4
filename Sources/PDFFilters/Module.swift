// Module PDFFilters: see docs/ARCHITECTURE.md.
