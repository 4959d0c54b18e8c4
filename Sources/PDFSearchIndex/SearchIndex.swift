import Foundation
import GRDB
import PDFCore
import PDFSearch

/// A full-text index of PDF pages in one SQLite file (FTS5), built by `pdftext index` and
/// queried by `pdftext search`. Layout (schema `pdftext-index/1`, docs/SEARCH.md):
///
/// - `meta(key, value)`: schema, the ``SearchFolding`` the index was built with, and the
///   tokenizer. Queries are folded the same way.
/// - `documents(id, path, sha256, size, mtime, pages, title, language)`: one row per
///   indexed file (absolute path; `mtime` in nanoseconds).
/// - `failures(path, sha256, size, mtime, message)`: files that could not be indexed.
/// - `pages`: the FTS5 table, one row per page, `rowid = documents.id << 20 | page`:
///   `terms` (the searched column: folded index terms separated by spaces), then, stored but
///   not searched, `file`, `sha256`, `page` (1-based), `label`, `language` and `text` (the
///   page string).
/// - `words(id, width, height, boxes)`: per page (same id as the `pages` rowid), the page
///   size and every term's offsets and boxes (``TermBoxes``), for highlighting.
///
/// Every document is written in one transaction, so a process killed at any moment leaves
/// an index that opens, holding whole documents only.
///
/// Not for concurrent writes from several threads: one writer (the indexing run) at a time;
/// searches may run from any thread.
public final class SearchIndex: @unchecked Sendable {
    public static let schema = "pdftext-index/1"
    /// Pages per document the row ids leave room for.
    public static let maxPages = (1 << 20) - 1

    public let path: String
    public let folding: SearchFolding
    public let tokenizer: Tokenizer
    let db: DatabaseQueue
    /// The document ``beginDocument(_:title:language:pageCount:)`` opened, if any.
    private var open: (Int64, FileState)?

    public struct OpenError: Error, CustomStringConvertible {
        public var description: String
    }

    /// Stemming of the index's terms, chosen when it is created.
    public enum Stemming: String, Sendable, Hashable, CaseIterable {
        /// Terms are matched as folded: `walkers` finds `walkers` only (`walk*` finds both).
        case none
        /// SQLite's Porter stemmer on top: English words match their other forms
        /// (`walkers`, `walked`, `walking` → `walk`), in the index and in queries alike. It
        /// touches words of ASCII letters only; other scripts are as without it.
        case english
    }

    /// The index's stemming.
    public let stemming: Stemming

    /// Opens the index at `path`, creating it when `create` is true and it does not exist.
    /// `folding` applies to a new index; for an existing one it must match (nil: whatever
    /// the index has).
    /// `stemming` likewise.
    public init(path: String, create: Bool, folding requested: SearchFolding? = nil, stemming requestedStemming: Stemming? = nil) throws {
        self.path = path
        let exists = FileManager.default.fileExists(atPath: path)
        if !exists && !create { throw OpenError(description: "\(path): no such index (build one with `pdftext index PATH... --db \(path)`)") }
        var config = Configuration()
        config.busyMode = .timeout(10)
        // beginDocument/commitDocument keep one transaction open across accesses.
        config.allowsUnsafeTransactions = true
        config.prepareDatabase { db in
            try db.execute(sql: "PRAGMA journal_mode = WAL")
            try db.execute(sql: "PRAGMA synchronous = NORMAL")
        }
        let queue: DatabaseQueue
        do {
            queue = try DatabaseQueue(path: path, configuration: config)
        } catch {
            throw OpenError(description: "\(path): cannot open the index: \(Self.message(error))")
        }
        db = queue
        var stored: SearchFolding? = nil
        var storedStemming = Stemming.none
        do {
            // Never add tables to somebody else's database.
            let tables = try queue.read { db in
                Set(try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table'"))
            }
            // Our tables (FTS5 adds pages_data, pages_idx, …). A run killed while creating
            // the index can leave some of them (GRDB's grdb_migrations is made before the
            // schema's transaction); anything else is somebody else's database.
            let known: Set<String> = ["meta", "documents", "failures", "words", "grdb_migrations"]
            let foreign = tables.filter { !known.contains($0) && $0 != "pages" && !$0.hasPrefix("pages_") }
            if !foreign.isEmpty { throw OpenError(description: "\(path): an SQLite database that is not a pdftext index; name another --db") }
            let migrated = tables.contains("meta") && tables.contains("grdb_migrations")
            // An existing index is only read here, so opening one never waits for a run
            // that is writing to it.
            if !migrated { try Self.migrator(folding: requested ?? SearchFolding(), stemming: requestedStemming ?? .none).migrate(queue) }
            try queue.read { db in
                let schema = try String.fetchOne(db, sql: "SELECT value FROM meta WHERE key = 'schema'")
                guard schema == Self.schema else {
                    throw OpenError(description: "\(path): not a pdftext index (schema \(schema ?? "none"))")
                }
                if let f = try String.fetchOne(db, sql: "SELECT value FROM meta WHERE key = 'folding'") {
                    stored = SearchFolding(summary: f)
                }
                if let v = try String.fetchOne(db, sql: "SELECT value FROM meta WHERE key = 'stemming'") {
                    guard let st = Stemming(rawValue: v) else {
                        throw OpenError(description: "\(path): the index stems with \(v), which this version does not know")
                    }
                    storedStemming = st
                }
            }
        } catch let e as OpenError {
            throw e
        } catch {
            throw OpenError(description: "\(path): not a usable index: \(Self.message(error))")
        }
        guard let stored else { throw OpenError(description: "\(path): the index does not record its folding") }
        if let requested, requested != stored {
            throw OpenError(description: "\(path): the index folds \(stored.summary), not \(requested.summary); use another --db to change it")
        }
        if let requestedStemming, requestedStemming != storedStemming {
            throw OpenError(description: "\(path): the index has stemming \(storedStemming.rawValue), not \(requestedStemming.rawValue); use another --db to change it")
        }
        folding = stored
        stemming = storedStemming
        tokenizer = Tokenizer(folding: stored)
    }

    static func message(_ error: Error) -> String {
        if let e = error as? DatabaseError { return e.message ?? "\(e.resultCode)" }
        return "\(error)"
    }

    static func migrator(folding: SearchFolding, stemming: Stemming) -> DatabaseMigrator {
        let tokenize = (stemming == .english ? "porter " : "") + "unicode61 remove_diacritics 0 categories 'L* N* Co M*'"
        var m = DatabaseMigrator()
        m.registerMigration("v1") { db in
            try db.execute(sql: """
                CREATE TABLE meta(key TEXT PRIMARY KEY, value TEXT NOT NULL);
                CREATE TABLE documents(
                    id INTEGER PRIMARY KEY, path TEXT NOT NULL UNIQUE, sha256 TEXT NOT NULL,
                    size INTEGER NOT NULL, mtime INTEGER NOT NULL, pages INTEGER NOT NULL,
                    title TEXT, language TEXT);
                CREATE TABLE failures(
                    path TEXT PRIMARY KEY, sha256 TEXT, size INTEGER NOT NULL, mtime INTEGER NOT NULL,
                    message TEXT NOT NULL);
                CREATE VIRTUAL TABLE pages USING fts5(
                    terms, file UNINDEXED, sha256 UNINDEXED, page UNINDEXED, label UNINDEXED,
                    language UNINDEXED, text UNINDEXED,
                    tokenize = "\(tokenize)");
                CREATE TABLE words(id INTEGER PRIMARY KEY, width REAL NOT NULL, height REAL NOT NULL, boxes BLOB NOT NULL);
                """)
            try db.execute(sql: "INSERT INTO meta(key, value) VALUES ('schema', ?), ('folding', ?), ('tokenizer', ?), ('stemming', ?)",
                           arguments: [Self.schema, folding.summary, "icu-words/1", stemming.rawValue])
        }
        return m
    }

    // MARK: Documents

    /// What the index holds about a file.
    public struct StoredFile: Sendable, Hashable {
        public var sha256: String?
        public var size: Int64
        public var mtime: Int64
        /// True when the file is recorded as failed rather than indexed.
        public var failed: Bool
    }

    /// Every file the index knows, indexed or failed, by path.
    public func storedFiles() throws -> [String: StoredFile] {
        try db.read { db in
            var out: [String: StoredFile] = [:]
            for row in try Row.fetchAll(db, sql: "SELECT path, sha256, size, mtime FROM documents") {
                out[row[0]] = StoredFile(sha256: row[1], size: row[2], mtime: row[3], failed: false)
            }
            for row in try Row.fetchAll(db, sql: "SELECT path, sha256, size, mtime FROM failures") {
                out[row[0]] = StoredFile(sha256: row[1], size: row[2], mtime: row[3], failed: true)
            }
            return out
        }
    }

    /// A file's identity when it was read.
    public struct FileState: Sendable, Hashable {
        public var path: String
        public var sha256: String
        public var size: Int64
        public var mtime: Int64
        public init(path: String, sha256: String, size: Int64, mtime: Int64) {
            self.path = path; self.sha256 = sha256; self.size = size; self.mtime = mtime
        }
    }

    /// One page to store: what the index keeps of a ``SearchablePage`` (its text, terms,
    /// language, size and term boxes), compact enough to queue between threads.
    public struct PageRecord: Sendable {
        public var number: Int
        public var label: String?
        public var text: String
        public var terms: String
        public var language: String?
        public var width: Double
        public var height: Double
        public var boxes: [UInt8]

        public init(number: Int, label: String?, text: String, terms: String, language: String?,
                    width: Double, height: Double, boxes: [UInt8]) {
            self.number = number; self.label = label; self.text = text; self.terms = terms
            self.language = language; self.width = width; self.height = height; self.boxes = boxes
        }

        public init(number: Int, label: String?, page: SearchablePage) {
            self.number = number
            self.label = label
            text = page.text
            terms = page.termString
            language = page.language
            width = page.width
            height = page.height
            boxes = TermBoxes.encode(page)
        }
    }

    /// Replaces whatever the index has for `file.path` with these pages, in one transaction.
    public func replace(_ file: FileState, title: String?, language: String?, pageCount: Int, pages: [PageRecord]) throws {
        try db.write { db in
            let id = try Self.begin(file, title: title, language: language, pageCount: pageCount, in: db)
            for p in pages { try Self.insert(p, document: id, file: file, in: db) }
        }
    }

    /// Starts replacing a document page by page (for documents too long to hold in memory):
    /// opens the transaction that ``addPage(_:)`` fills and ``commitDocument()`` ends. Until
    /// then nothing of it is visible, and a crash leaves the index as it was.
    public func beginDocument(_ file: FileState, title: String?, language: String?, pageCount: Int) throws {
        try db.writeWithoutTransaction { db in
            try db.execute(sql: "BEGIN IMMEDIATE")
            do {
                let id = try Self.begin(file, title: title, language: language, pageCount: pageCount, in: db)
                open = (id, file)
            } catch {
                try? db.execute(sql: "ROLLBACK")
                throw error
            }
        }
    }

    /// Adds a page to the document ``beginDocument(_:title:language:pageCount:)`` opened.
    public func addPage(_ page: PageRecord) throws {
        guard let (id, file) = open else { return }
        try db.writeWithoutTransaction { db in try Self.insert(page, document: id, file: file, in: db) }
    }

    /// Commits the open document.
    public func commitDocument() throws {
        guard open != nil else { return }
        open = nil
        try db.writeWithoutTransaction { db in try db.execute(sql: "COMMIT") }
    }

    /// Drops the open document, leaving the index as it was before it began.
    public func rollbackDocument() {
        guard open != nil else { return }
        open = nil
        try? db.writeWithoutTransaction { db in try db.execute(sql: "ROLLBACK") }
    }

    private static func begin(_ file: FileState, title: String?, language: String?, pageCount: Int, in db: Database) throws -> Int64 {
        try delete(path: file.path, in: db)
        try db.execute(sql: "INSERT INTO documents(path, sha256, size, mtime, pages, title, language) VALUES (?, ?, ?, ?, ?, ?, ?)",
                       arguments: [file.path, file.sha256, file.size, file.mtime, pageCount, title, language])
        return db.lastInsertedRowID
    }

    private static func insert(_ p: PageRecord, document id: Int64, file: FileState, in db: Database) throws {
        guard p.number >= 1 && p.number <= maxPages else { return }
        let rowid = id << 20 | Int64(p.number)
        try db.cachedStatement(sql: "INSERT INTO pages(rowid, terms, file, sha256, page, label, language, text) VALUES (?, ?, ?, ?, ?, ?, ?, ?)")
            .execute(arguments: [rowid, p.terms, file.path, file.sha256, p.number, p.label, p.language, p.text])
        try db.cachedStatement(sql: "INSERT INTO words(id, width, height, boxes) VALUES (?, ?, ?, ?)")
            .execute(arguments: [rowid, p.width, p.height, Data(p.boxes)])
    }

    /// Indexes `file` by copying the pages of `source`, an indexed file with the same
    /// content, in one transaction; returns the number of pages copied.
    @discardableResult
    public func copyDocument(from source: String, to file: FileState) throws -> Int {
        try db.write { db in
            guard let row = try Row.fetchOne(db, sql: "SELECT id, pages, title, language FROM documents WHERE path = ?", arguments: [source]) else {
                throw OpenError(description: "\(source): not in the index")
            }
            let from: Int64 = row[0]
            let id = try Self.begin(file, title: row[2], language: row[3], pageCount: row[1], in: db)
            let lo = from << 20, hi = lo | Int64(Self.maxPages), base = id << 20
            try db.execute(sql: """
                INSERT INTO pages(rowid, terms, file, sha256, page, label, language, text)
                SELECT ? | page, terms, ?, sha256, page, label, language, text FROM pages WHERE rowid BETWEEN ? AND ?
                """, arguments: [base, file.path, lo, hi])
            try db.execute(sql: "INSERT INTO words(id, width, height, boxes) SELECT ? | (id & ?), width, height, boxes FROM words WHERE id BETWEEN ? AND ?",
                           arguments: [base, Int64(Self.maxPages), lo, hi])
            return try Int.fetchOne(db, sql: "SELECT count(*) FROM words WHERE id BETWEEN ? AND ?", arguments: [base, base | Int64(Self.maxPages)]) ?? 0
        }
    }

    /// Records that a file could not be indexed (dropping what the index had for it).
    public func recordFailure(path: String, sha256: String?, size: Int64, mtime: Int64, message: String) throws {
        try db.write { db in
            try Self.delete(path: path, in: db)
            try db.execute(sql: "INSERT INTO failures(path, sha256, size, mtime, message) VALUES (?, ?, ?, ?, ?)",
                           arguments: [path, sha256, size, mtime, message])
        }
    }

    /// A file whose time changed but whose content did not: keeps its pages, notes the time.
    public func updateStat(path: String, size: Int64, mtime: Int64) throws {
        try db.write { db in
            try db.execute(sql: "UPDATE documents SET size = ?, mtime = ? WHERE path = ?", arguments: [size, mtime, path])
        }
    }

    /// Removes files from the index (each in its own transaction).
    public func remove(paths: [String]) throws {
        for p in paths {
            try db.write { db in try Self.delete(path: p, in: db) }
        }
    }

    private static func delete(path: String, in db: Database) throws {
        if let id = try Int64.fetchOne(db, sql: "SELECT id FROM documents WHERE path = ?", arguments: [path]) {
            let lo = id << 20, hi = (id << 20) | Int64(maxPages)
            try db.execute(sql: "DELETE FROM pages WHERE rowid BETWEEN ? AND ?", arguments: [lo, hi])
            try db.execute(sql: "DELETE FROM words WHERE id BETWEEN ? AND ?", arguments: [lo, hi])
            try db.execute(sql: "DELETE FROM documents WHERE id = ?", arguments: [id])
        }
        try db.execute(sql: "DELETE FROM failures WHERE path = ?", arguments: [path])
    }

    /// Numbers of documents, pages and failures.
    public func counts() throws -> (documents: Int, pages: Int, failures: Int) {
        try db.read { db in
            (try Int.fetchOne(db, sql: "SELECT count(*) FROM documents") ?? 0,
             try Int.fetchOne(db, sql: "SELECT count(*) FROM words") ?? 0,
             try Int.fetchOne(db, sql: "SELECT count(*) FROM failures") ?? 0)
        }
    }

    /// The index's logical content as text, independent of row ids and write order: one
    /// line per document, failure and page (with a digest of its terms and boxes). Two
    /// indexes of the same files give the same dump.
    public func dump() throws -> String {
        try db.read { db in
            var lines: [String] = []
            for row in try Row.fetchAll(db, sql: "SELECT path, sha256, size, pages, title, language FROM documents ORDER BY path") {
                lines.append("document\t\(row[0] as String)\t\(row[1] as String)\t\(row[2] as Int64)\t\(row[3] as Int)\t\((row[4] as String?) ?? "")\t\((row[5] as String?) ?? "")")
            }
            for row in try Row.fetchAll(db, sql: "SELECT path, sha256, message FROM failures ORDER BY path") {
                lines.append("failure\t\(row[0] as String)\t\((row[1] as String?) ?? "")\t\(row[2] as String)")
            }
            let pages = try Row.fetchAll(db, sql: """
                SELECT p.file, p.page, p.label, p.language, p.text, p.terms, w.width, w.height, w.boxes
                FROM pages p JOIN words w ON w.id = p.rowid ORDER BY p.file, p.page
                """)
            for row in pages {
                let boxes: Data = row[8]
                lines.append("page\t\(row[0] as String)\t\(row[1] as Int)\t\((row[2] as String?) ?? "")\t\((row[3] as String?) ?? "")\t\(Self.digest(row[4] as String))\t\(Self.digest(row[5] as String))\t\(row[6] as Double)x\(row[7] as Double)\t\(Self.digest(boxes))")
            }
            let fts = try Int.fetchOne(db, sql: "SELECT count(*) FROM pages") ?? 0
            lines.append("fts-rows\t\(fts)")
            return lines.joined(separator: "\n") + "\n"
        }
    }

    /// FNV-1a of the bytes, in hex (a short stand-in for long values in ``dump()``).
    static func digest<S: Sequence>(_ bytes: S) -> String where S.Element == UInt8 {
        var h: UInt64 = 0xcbf29ce484222325
        for b in bytes { h = (h ^ UInt64(b)) &* 0x100000001b3 }
        return String(h, radix: 16)
    }

    static func digest(_ s: String) -> String { digest(s.utf8) }

    /// Runs SQLite's integrity checks (the table's and FTS5's own); nil when all is well.
    public func integrityProblem() throws -> String? {
        try db.write { db in
            let r = try String.fetchAll(db, sql: "PRAGMA integrity_check")
            if r != ["ok"] { return r.joined(separator: "; ") }
            do {
                try db.execute(sql: "INSERT INTO pages(pages, rank) VALUES ('integrity-check', 1)")
            } catch {
                return "fts5: \(Self.message(error))"
            }
            return nil
        }
    }
}
