import Foundation
import PDFCore
import PDFText

/// The documents the viewer may serve, fixed when it starts: the PDF files under the
/// roots it was given (folders walked, files taken as they are) and those of a search index.
/// Each has an opaque id (the first 16 hex digits of the SHA-256 of its canonical path) and
/// a name relative to its root; a URL names a document by id only, so no path from a request
/// ever reaches the file system.
package struct DocumentCatalog: Sendable {
    package struct Entry: Sendable, Hashable {
        package var id: String
        /// Shown to the user: the path relative to its root (a root that is a file: its name).
        package var name: String
        /// The canonical path (every link resolved).
        package var path: String
        /// The canonical folder the file must stay inside when it is opened.
        package var root: String
        package init(id: String, name: String, path: String, root: String) {
            self.id = id; self.name = name; self.path = path; self.root = root
        }
    }

    package private(set) var entries: [Entry] = []
    package private(set) var byID: [String: Entry] = [:]
    /// The canonical roots.
    package private(set) var roots: [String] = []

    /// The most documents a catalogue holds (a walk stops there).
    package static let maxDocuments = 100_000

    package init() {}

    /// The PDF files under `paths` (a folder: its `.pdf` files at any depth, hidden files
    /// and folders left out, links to folders not followed, links to files followed only
    /// when they stay inside the folder; a file: itself, whatever its name), then
    /// `indexed` files (canonical paths of a search index), each once.
    package init(paths: [String], indexed: [String] = []) {
        for path in paths {
            guard let canonical = Self.canonical(path) else { continue }
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: canonical, isDirectory: &isFolder) else { continue }
            if isFolder.boolValue {
                roots.append(canonical)
                walk(folder: canonical)
            } else {
                let folder = (canonical as NSString).deletingLastPathComponent
                roots.append(canonical)
                add(path: canonical, name: (canonical as NSString).lastPathComponent, root: folder.isEmpty ? "/" : folder)
            }
        }
        // Files of the index not under a root: named relative to the folder they share.
        let extra = indexed.compactMap(Self.canonical).filter { p in byID[Self.id(of: p)] == nil }
        let common = Self.commonFolder(extra)
        for p in extra.sorted() {
            roots.append(p)
            let name = common == "/" ? String(p.dropFirst()) : String(p.dropFirst(common.count + 1))
            add(path: p, name: name, root: (p as NSString).deletingLastPathComponent)
        }
    }

    mutating func add(path: String, name: String, root: String) {
        guard entries.count < Self.maxDocuments else { return }
        let id = Self.id(of: path)
        guard byID[id] == nil else { return }
        let entry = Entry(id: id, name: name, path: path, root: root)
        entries.append(entry)
        byID[id] = entry
    }

    mutating func walk(folder: String) {
        guard let e = FileManager.default.enumerator(
            at: URL(fileURLWithPath: folder, isDirectory: true), includingPropertiesForKeys: [.isRegularFileKey, .isSymbolicLinkKey],
            options: [.skipsHiddenFiles]) else { return }
        var found: [String] = []
        for case let url as URL in e {
            guard url.pathExtension.lowercased() == "pdf" else { continue }
            let values = try? url.resourceValues(forKeys: [.isRegularFileKey, .isSymbolicLinkKey])
            let path = url.path
            if values?.isSymbolicLink == true {
                // A link is taken only when its target is a file inside the folder.
                guard let target = Self.canonical(path), Self.isInside(target, folder: folder) else { continue }
                found.append(target)
            } else if values?.isRegularFile == true {
                found.append(path)
            }
            if found.count >= Self.maxDocuments { break }
        }
        for p in found.sorted() {
            guard let c = Self.canonical(p), Self.isInside(c, folder: folder) else { continue }
            add(path: c, name: String(c.dropFirst(folder == "/" ? 1 : folder.count + 1)), root: folder)
        }
    }

    /// The id of a canonical path: the first 16 hex digits of its SHA-256.
    package static func id(of canonicalPath: String) -> String {
        String(PDFDocument.sha256Hex(Array(canonicalPath.utf8)).prefix(16))
    }

    /// The path with every link resolved, or nil when it cannot be (missing, a loop).
    package static func canonical(_ path: String) -> String? {
        guard !path.utf8.contains(0), let r = realpath(path, nil) else { return nil }
        defer { free(r) }
        return String(validatingCString: r)
    }

    /// True when `path` is `folder` or lies under it (both canonical).
    package static func isInside(_ path: String, folder: String) -> Bool {
        if folder == "/" || path == folder { return true }
        return path.hasPrefix(folder.hasSuffix("/") ? folder : folder + "/")
    }

    /// The deepest folder holding every path ("/" for none).
    static func commonFolder(_ paths: [String]) -> String {
        guard var common = paths.first.map({ ($0 as NSString).deletingLastPathComponent }) else { return "/" }
        for p in paths.dropFirst() {
            while !isInside(p, folder: common), common != "/" {
                common = (common as NSString).deletingLastPathComponent
                if common.isEmpty { common = "/" }
            }
        }
        return common.isEmpty ? "/" : common
    }

    /// The entry's file, checked again as it is opened: still a regular file whose canonical
    /// path is the entry's (a link swapped in since the walk is refused), read whole up to
    /// `limits.maxInputBytes`.
    package func bytes(of entry: Entry, limits: Limits = .default) -> [UInt8]? {
        guard let now = Self.canonical(entry.path), now == entry.path, Self.isInside(now, folder: entry.root) else { return nil }
        return try? FileBytes.read(path: now, maxBytes: limits.maxInputBytes)
    }
}
