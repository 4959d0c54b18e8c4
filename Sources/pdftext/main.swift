import PDFTextCLI

PDFTextCommand.main()
