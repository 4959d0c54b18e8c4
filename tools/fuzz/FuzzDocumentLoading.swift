// libFuzzer entry point for document loading: opens the input as a PDF with the fuzzing
// limits and walks everything the file layer offers. libFuzzer supplies `main`; see README.md.

import PDFCore
import PDFFile
import PDFSyntax

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let document: Document
    do {
        document = try Document(bytes: bytes, limits: .fuzzing)
    } catch {
        // Refusing the input is fine; crashing, hanging or exhausting memory is not.
        return 0
    }
    var sink = 0

    for page in document.pages {
        sink &+= page.index &+ page.rotation
        sink &+= Int(page.mediaBox.width.isFinite ? 1 : 0) &+ Int(page.cropBox.height.isFinite ? 1 : 0)
        for box in [page.bleedBox, page.trimBox, page.artBox] {
            if let box, !box.isEmpty { sink &+= 1 }
        }
        sink &+= page.resources?.count ?? 0
        sink &+= page.userUnit > 0 ? 1 : 0
    }
    sink &+= document.declaredPageCount ?? 0
    sink &+= document.pageLabels?.reduce(0) { $0 &+ $1.utf8.count } ?? 0
    sink &+= count(document.outline)

    let info = document.info
    sink &+= (info.title?.utf8.count ?? 0) &+ info.custom.count
    sink &+= info.creationDate == nil ? 0 : 1
    sink &+= document.xmpMetadata?.utf8.count ?? 0
    sink &+= document.isLinearized ? 1 : 0
    sink &+= document.version.utf8.count
    sink &+= document.isTagged ? 1 : 0
    sink &+= document.hasJavaScript ? 1 : 0
    sink &+= document.formKind.rawValue.utf8.count

    sink &+= document.permissions.hashValue & 1
    if document.isEncrypted {
        sink &+= document.unlock(password: "not the password \u{1F512}") ? 1 : 0
        sink &+= document.unlock(password: "") ? 1 : 0
        sink &+= document.permissions.hashValue & 1
    }

    // Every stream, decoded (decrypted first when a key is installed).
    let store = document.store
    for n in store.objectNumbers {
        if case .stream(let s) = store.object(ObjectID(n)) {
            let decoded = store.streamData(s)
            sink &+= decoded.bytes.count &+ (decoded.isComplete ? 1 : 0)
        }
    }
    sink &+= document.diagnostics.count

    if sink == Int.min { print("unreachable", sink) }
    return 0
}

private func count(_ items: [OutlineItem]) -> Int {
    items.reduce(items.count) { $0 &+ count($1.children) &+ $1.title.utf8.count }
}
