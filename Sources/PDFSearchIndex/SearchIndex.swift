import Foundation
import GRDB
import PDFCore
import PDFSearch

/// A full-text index of PDF pages in one SQLite file (FTS5), built by `pdftext index` and
/// queried by `pdftext search`. Layout (schema `pdftext-index/1`, docs/SEARCH.md):
///
/// - `meta(key, value)`: schema, the ``SearchFolding`` the index was built with, and the
///   tokenizer. Queries are folded the same way.
/// - `documents(id, path, sha256, size, mtime, pages, title, language, truncated)`: one
///   row per indexed file (absolute path; `mtime` in nanoseconds; `truncated`: the page
///   from which the file was cut or left out by its ``FileLimits``, NULL when whole).
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
    ///
    /// An existing file is first looked at through a read-only connection, without a pragma:
    /// a file that is not an SQLite database, or a database that is not a pdftext index,
    /// is refused before anything is written to it (its bytes stay as they were). With
    /// `readOnly`, the index is only ever read (`search`): no pragma, no migration, no write;
    /// SQLite may still make the `-wal` and `-shm` files of an index in WAL mode, as any
    /// reader of it does, and never changes the index file itself.
    public init(path: String, create: Bool, readOnly: Bool = false, folding requested: SearchFolding? = nil,
                stemming requestedStemming: Stemming? = nil) throws {
        self.path = path
        let exists = FileManager.default.fileExists(atPath: path)
        if !exists && (!create || readOnly) { throw OpenError(description: "\(path): no such index (build one with `pdftext index PATH... --db \(path)`)") }
        // SQLite would open a named pipe and wait for a writer forever.
        var st = stat()
        if exists, stat(path, &st) == 0, (st.st_mode & S_IFMT) != S_IFREG {
            throw OpenError(description: "\(path): not a regular file; name another --db")
        }
        // What the file holds, read before any write: nil for a new or empty database.
        let existing = exists ? try Self.inspect(path) : nil
        if readOnly && existing == nil { throw OpenError(description: "\(path): not a pdftext index (an empty database)") }
        var config = Configuration()
        config.busyMode = .timeout(10)
        if readOnly {
            config.readonly = true
        } else {
            // beginDocument/commitDocument keep one transaction open across accesses.
            config.allowsUnsafeTransactions = true
            config.prepareDatabase { db in
                try db.execute(sql: "PRAGMA journal_mode = WAL")
                try db.execute(sql: "PRAGMA synchronous = NORMAL")
            }
        }
        let queue: DatabaseQueue
        do {
            queue = try DatabaseQueue(path: path, configuration: config)
        } catch {
            throw OpenError(description: "\(path): cannot open the index: \(Self.message(error))")
        }
        db = queue
        self.readOnly = readOnly
        var stored: SearchFolding? = nil
        var storedStemming = Stemming.none
        var hasTruncated = false
        do {
            // A new index, or one a killed run left half made: the schema, in one transaction.
            // An index of an earlier version gets the columns added since (never when only
            // reading: then they are read when present).
            // An index that is up to date is only read here, so opening one never waits for
            // a run that is writing to it.
            if !readOnly && existing?.current != true {
                try Self.migrator(folding: requested ?? SearchFolding(), stemming: requestedStemming ?? .none).migrate(queue)
            }
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
                hasTruncated = try db.columns(in: "documents").contains { $0.name == "truncated" }
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
        recordsTruncation = hasTruncated
    }

    /// True when opened with `readOnly`.
    public let readOnly: Bool
    /// True when the index's `documents` table has the `truncated` column (indexes made
    /// before it was added have not, until a writer opens them).
    let recordsTruncation: Bool

    /// Whether a table name is of this schema: ours, FTS5's shadow tables of `pages`, and
    /// GRDB's migration log.
    static func isOwnTable(_ name: String) -> Bool {
        ["meta", "documents", "failures", "words", "grdb_migrations", "pages"].contains(name) || name.hasPrefix("pages_")
    }

    /// What ``inspect(_:)`` found: a pdftext index, and whether it has every column of
    /// this version.
    struct Found { var current: Bool }

    /// Looks at an existing file through a read-only connection that runs no pragma and
    /// writes nothing: what it holds when it is a pdftext index, nil when it is an empty
    /// database (or one a run killed while creating the index left with GRDB's empty
    /// migration log only); throws for anything else.
    static func inspect(_ path: String) throws -> Found? {
        var config = Configuration()
        config.readonly = true
        config.busyMode = .timeout(10)
        do {
            let queue = try DatabaseQueue(path: path, configuration: config)
            defer { try? queue.close() }
            return try queue.read { db -> Found? in
                let objects = try Row.fetchAll(db, sql: "SELECT type, name, tbl_name FROM sqlite_master")
                let tables = Set(objects.compactMap { row -> String? in (row[0] as String?) == "table" ? row[1] : nil })
                // Every table, index, view and trigger must belong to a table of ours
                // (SQLite's own, sqlite_sequence or sqlite_stat1, are anybody's).
                let foreign = objects.filter { row in
                    let table: String = row[2] ?? ""
                    return !isOwnTable(table) && !table.hasPrefix("sqlite_")
                }
                if !foreign.isEmpty { throw OpenError(description: "\(path): an SQLite database that is not a pdftext index; name another --db") }
                if tables.isSubset(of: ["grdb_migrations"]) {
                    let applied = tables.isEmpty ? 0 : try Int.fetchOne(db, sql: "SELECT count(*) FROM grdb_migrations") ?? 0
                    if applied == 0 { return nil }
                }
                guard tables.contains("meta") else {
                    throw OpenError(description: "\(path): not a pdftext index (no meta table)")
                }
                let schema = try String.fetchOne(db, sql: "SELECT value FROM meta WHERE key = 'schema'")
                guard schema == Self.schema else {
                    throw OpenError(description: "\(path): not a pdftext index (schema \(schema ?? "none"))")
                }
                return Found(current: try db.columns(in: "documents").contains { $0.name == "truncated" })
            }
        } catch let e as OpenError {
            throw e
        } catch {
            throw OpenError(description: "\(path): cannot open the index: \(Self.message(error))")
        }
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
        // The page from which a file was left out (its term or character limit); NULL when
        // it is indexed whole. Readers of the first layout ignore it.
        m.registerMigration("v2-truncated") { db in
            try db.execute(sql: "ALTER TABLE documents ADD COLUMN truncated INTEGER")
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

    /// Replaces whatever the index has for `file.path` with these pages, in one transaction,
    /// keeping what `limits` allow (``FileBudget``); returns the page from which the file
    /// was cut or left out, nil when it is indexed whole.
    @discardableResult
    public func replace(_ file: FileState, title: String?, language: String?, pageCount: Int, pages: [PageRecord],
                        limits: FileLimits = FileLimits()) throws -> Int? {
        let budget = FileBudget(limits)
        return try db.write { db in
            let id = try Self.begin(file, title: title, language: language, pageCount: pageCount, in: db)
            for p in pages {
                if let kept = budget.take(p, number: p.number) { try Self.insert(kept, document: id, file: file, in: db) }
            }
            try Self.markTruncated(id, from: budget.truncatedFromPage, in: db)
            return budget.truncatedFromPage
        }
    }

    private static func markTruncated(_ id: Int64, from page: Int?, in db: Database) throws {
        guard let page else { return }
        try db.execute(sql: "UPDATE documents SET truncated = ? WHERE id = ?", arguments: [page, id])
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

    /// Commits the open document; `truncatedFromPage` records the page from which it was
    /// cut or left out (``FileBudget/truncatedFromPage``).
    public func commitDocument(truncatedFromPage: Int? = nil) throws {
        guard let (id, _) = open else { return }
        open = nil
        try db.writeWithoutTransaction { db in
            try Self.markTruncated(id, from: truncatedFromPage, in: db)
            try db.execute(sql: "COMMIT")
        }
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
            guard let row = try Row.fetchOne(db, sql: "SELECT id, pages, title, language, truncated FROM documents WHERE path = ?", arguments: [source]) else {
                throw OpenError(description: "\(source): not in the index")
            }
            let from: Int64 = row[0]
            let id = try Self.begin(file, title: row[2], language: row[3], pageCount: row[1], in: db)
            try Self.markTruncated(id, from: row[4], in: db)
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
            let truncated = recordsTruncation ? "truncated" : "NULL"
            for row in try Row.fetchAll(db, sql: "SELECT path, sha256, size, pages, title, language, \(truncated) FROM documents ORDER BY path") {
                var line = "document\t\(row[0] as String)\t\(row[1] as String)\t\(row[2] as Int64)\t\(row[3] as Int)\t\((row[4] as String?) ?? "")\t\((row[5] as String?) ?? "")"
                if let page = row[6] as Int? { line += "\ttruncated from page \(page)" }
                lines.append(line)
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
