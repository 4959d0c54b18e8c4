import ArgumentParser
import Foundation
import PDFCore
import PDFSearchIndex
import PDFViewer

/// `pdftext serve [PATH...] [--db INDEX]`: the web viewer over local files, on 127.0.0.1.
package struct Serve: ParsableCommand {
    package static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve a local web viewer: search hits, reading order, glyphs, tags and audit findings drawn on the pages.",
        discussion: """
            Serves the PDF files under each PATH (a folder: its .pdf files at any depth, \
            hidden ones and links leading out of it left out; a file: itself) and those of \
            the index --db, and nothing else, to a web app at http://127.0.0.1:PORT/: a \
            search box over the index, and each page rendered by pdf.js (Debian's \
            libjs-pdf, served from /usr/share/javascript/pdf) with our overlays as layers \
            to toggle: search hits, words, lines, blocks in reading order, glyphs by \
            Unicode source, structure elements and audit findings. Without --db, an index \
            of the PATHs is built in a temporary folder in the background (search answers \
            with no hit until it is ready) and removed on exit.

            It listens on 127.0.0.1 unless --host names another address on purpose. URLs \
            name documents by opaque ids, never by path; requests with .., percent-encoded \
            paths or targets over 8 KiB are refused, and each client is rate limited. \
            SIGINT or SIGTERM stops it after the requests under way. The HTTP interface: \
            docs/VIEWER.md.

            Exit codes: 0 stopped by a signal; 1 a PATH does not exist, or nothing to serve; \
            2 the index or the address cannot be opened; 64 bad usage.
            """)

    @Argument(help: ArgumentHelp("PDF files and folders to serve.", valueName: "path"))
    package var paths: [String] = []

    @Option(help: ArgumentHelp("A search index built by `pdftext index` (its files are served too).", valueName: "file"))
    package var db: String?

    @Option(help: "The port to listen on (0: any free port).")
    package var port: Int = 8080

    @Option(help: ArgumentHelp("The address to listen on; only on purpose: anything but 127.0.0.1 lets other machines read the files.", valueName: "address"))
    package var host: String = "127.0.0.1"

    package init() {}

    package func validate() throws {
        if paths.isEmpty && db == nil { throw ValidationError("give a PATH to serve, or --db") }
        if !(0...65535).contains(port) { throw ValidationError("--port must be 0 to 65535") }
        if host.isEmpty || host.utf8.contains(where: { $0 <= 32 || $0 == 127 }) { throw ValidationError("--host must be an address") }
    }

    package func run() throws {
        for p in paths where !FileManager.default.fileExists(atPath: p) {
            printError("\(p): no such file or folder")
            throw ExitCode(ExitStatus.openFailed)
        }
        var indexed: [String] = []
        if let db {
            do {
                let index = try SearchIndex(path: db, create: false, readOnly: true)
                indexed = try index.storedFiles().filter { !$0.value.failed }.map(\.key)
            } catch {
                printError("\(db): cannot open the index: \(error)")
                throw ExitCode(ExitStatus.outputFailed)
            }
        }
        let catalog = DocumentCatalog(paths: paths, indexed: indexed)
        guard !catalog.entries.isEmpty else {
            printError("no PDF file to serve")
            throw ExitCode(ExitStatus.openFailed)
        }
        let viewer = Viewer(catalog: catalog)
        var temporary: String? = nil
        if let db {
            viewer.useIndex(path: db)
        } else {
            temporary = buildIndexInBackground(viewer, catalog: catalog)
        }
        defer { if let temporary { try? FileManager.default.removeItem(atPath: temporary) } }
        var server = ViewerServer(viewer: viewer, host: host, port: port)
        let shownHost = host.contains(":") ? "[\(host)]" : host
        let count = catalog.entries.count
        server.onListening = { port in
            let line = "pdftext: serving \(count) document\(count == 1 ? "" : "s") at http://\(shownHost):\(port)/ (Ctrl-C stops)\n"
            FileHandle.standardOutput.write(Data(line.utf8))
        }
        if let failure = Self.wait(for: server) {
            printError("cannot serve on \(shownHost):\(port): \(failure)")
            throw ExitCode(ExitStatus.outputFailed)
        }
    }

    /// Runs the server until a signal stops it; the error that ended it otherwise.
    static func wait(for server: ViewerServer) -> String? {
        let done = DispatchSemaphore(value: 0)
        let outcome = ResultBox()
        Task.detached {
            do { try await server.run() } catch { outcome.set(String(describing: error)) }
            done.signal()
        }
        done.wait()
        return outcome.value
    }

    /// Indexes the catalogue's files into a new temporary folder on another thread, and
    /// hands the index to the viewer when it is written; returns the folder.
    func buildIndexInBackground(_ viewer: Viewer, catalog: DocumentCatalog) -> String? {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pdftext-serve-\(UUID().uuidString)").path
        do { try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false) } catch {
            printError("cannot create a temporary index: \(error.localizedDescription)")
            viewer.search = .failed("no search index")
            return nil
        }
        let db = folder + "/index.sqlite"
        let files = catalog.entries.map(\.path)
        viewer.search = .building
        Thread.detachNewThread {
            guard let command = try? IndexCommand.parse(["--db", db, "--quiet", "--no-progress", "--"] + files) else {
                viewer.search = .failed("no search index")
                return
            }
            let status = IndexRun(command: command).run()
            if status == ExitStatus.success || status == ExitStatus.findings {
                viewer.useIndex(path: db)
            } else {
                viewer.search = .failed("the search index could not be built")
            }
        }
        return folder
    }
}

/// A value set once from another thread.
final class ResultBox: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: String?
    func set(_ v: String) { lock.lock(); stored = v; lock.unlock() }
    var value: String? { lock.lock(); defer { lock.unlock() }; return stored }
}
