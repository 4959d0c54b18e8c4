import PDFCore
import PDFSyntax
import PDFFile
import Synchronization

/// Fonts of one document, each loaded once (by object number) and shared by every page and
/// thread. Embedded font programs are parsed once as well.
package final class FontCache: Sendable {
    package let store: ObjectStore
    private let fonts = Mutex<[Int: Font]>([:])
    private let programs = ProgramCache()

    package init(store: ObjectStore) { self.store = store }

    /// A key of font dictionaries the toolkit makes itself (appearances it synthesises for
    /// annotations without one): a Type 0 font with Identity-H whose codes are UTF-16 code
    /// units, read as their own text.
    package static let utf16CodesKey: Name = "PDFTextUTF16Codes"

    /// The font a font dictionary (or a reference to one) describes. Never fails: a missing
    /// or broken dictionary gives a fallback font (Helvetica metrics, Latin-1 guesses) with
    /// diagnostics saying what was wrong.
    package func font(_ object: PDFObject) -> Font {
        if let id = object.reference {
            if let f = fonts.withLock({ $0[id.number] }) { return f }
            var loader = FontLoader(store: store, programs: programs)
            let f = loader.load(store.resolve(object).dictionary, objectNumber: id.number)
            return fonts.withLock { cache in
                if let existing = cache[id.number] { return existing }
                cache[id.number] = f
                return f
            }
        }
        var loader = FontLoader(store: store, programs: programs)
        return loader.load(store.resolve(object).dictionary, objectNumber: nil)
    }
}
