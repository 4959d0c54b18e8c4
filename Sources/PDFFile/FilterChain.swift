import PDFCore
import PDFFilters
import PDFSyntax

/// Reads a stream's `/Filter` and `/DecodeParms` (a name or array, a dictionary or array
/// with nulls, either of them indirect) into the filter chain the decoders take.
package enum FilterChain {
    package struct Item {
        package var filter: StreamFilter
        package var parameters: FilterParameters
        /// For `/Crypt`: the crypt filter named in its parameters (§7.4.10).
        package var cryptFilterName: String?
    }

    /// `/DecodeParms` values, each read through `integer` (which may resolve references).
    static func parameters(_ d: PDFDictionary, integer: (Name) -> Int?) -> FilterParameters {
        FilterParameters(
            predictor: integer("Predictor") ?? 1, colors: integer("Colors") ?? 1,
            bitsPerComponent: integer("BitsPerComponent") ?? 8, columns: integer("Columns") ?? 1,
            earlyChange: integer("EarlyChange") ?? 1)
    }

    package static func filters(_ dict: PDFDictionary, store: ObjectStore) -> [Item] {
        let filterObject = store.resolve(dict["Filter"])
        let names: [Name]
        switch filterObject {
        case .name(let n): names = [n]
        case .array(let a): names = a.compactMap { store.name($0) }
        default: return []
        }
        let parmsObject = store.resolve(dict["DecodeParms"])
        var parms: [PDFDictionary?] = []
        switch parmsObject {
        case .dictionary(let d): parms = [d]
        case .array(let a): parms = a.map { store.dictionary($0) }
        default: break
        }
        return names.prefix(store.limits.maxFilterChain + 1).enumerated().map { i, name in
            let p = i < parms.count ? parms[i] : nil
            let params = p.map { d in parameters(d) { store.integer(d[$0]) } } ?? FilterParameters()
            return Item(filter: StreamFilter(name: name.string), parameters: params, cryptFilterName: p.flatMap { store.name($0["Name"])?.string })
        }
    }
}
