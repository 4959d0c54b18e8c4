// Module PDFCrypto: see docs/ARCHITECTURE.md.
