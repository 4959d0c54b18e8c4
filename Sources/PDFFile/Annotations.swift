import PDFCore
import PDFSyntax

extension Diagnostic.Code {
    /// An `/Annots` entry that is not an annotation dictionary, has no usable `/Rect`, or
    /// repeats one already read. It is left out.
    public static let annotationInvalid = Diagnostic.Code("annotationInvalid")
    /// A page has more annotations than ``Limits/maxAnnotationsPerPage``; the rest are left out.
    public static let annotationLimit = Diagnostic.Code("annotationLimit")
    /// A form field's `/Parent` chain comes back to a field already visited, or is deeper
    /// than ``Limits/maxRecursionDepth``. The chain is cut there.
    public static let fieldParentLoop = Diagnostic.Code("fieldParentLoop")
}

/// An interactive form field's type (`/FT`, ISO 32000-2 §12.7.4).
public enum FormFieldType: String, Sendable, Hashable {
    case text = "Tx", button = "Btn", choice = "Ch", signature = "Sig"
}

/// The form field a widget annotation belongs to (§12.7.4), with inherited attributes
/// resolved through its `/Parent` chain.
public struct FormFieldInfo: Sendable, Hashable {
    /// The fully qualified name: the partial names (`/T`) from the root field down, joined by ".".
    public var fullName: String
    /// `/FT`, inherited; nil when no field on the chain has a known one.
    public var type: FormFieldType?
    /// `/Ff`, inherited (0 when absent).
    public var flags: Int
    /// `/V`, inherited. Text fields: the text. Buttons: the state name, the on state's name
    /// (e.g. "Yes", or the chosen radio button's) or "Off" (also when the field has no value;
    /// nil for push buttons). Choice fields: the selected item (the first of several).
    public var value: String?
    /// Choice fields: every selected item (a list box may have several).
    public var selectedValues: [String]
    /// Choice fields: the items shown (`/Opt`), in order.
    public var options: [String]
    /// Choice fields: the export value of each item of ``options`` (the item itself when
    /// `/Opt` gives no separate export value).
    public var exportValues: [String]
    /// Check boxes and radio buttons: the name of this widget's on state (the key of its
    /// normal appearance other than "Off").
    public var onStateName: String?

    public init(fullName: String, type: FormFieldType? = nil, flags: Int = 0, value: String? = nil, selectedValues: [String] = [],
                options: [String] = [], exportValues: [String] = [], onStateName: String? = nil) {
        self.fullName = fullName
        self.type = type
        self.flags = flags
        self.value = value
        self.selectedValues = selectedValues
        self.options = options
        self.exportValues = exportValues
        self.onStateName = onStateName
    }

    /// Field flag bit 1: the user may not change the value.
    public var isReadOnly: Bool { flags & 1 != 0 }
    /// Field flag bit 2: the field must have a value when the form is submitted.
    public var isRequired: Bool { flags & (1 << 1) != 0 }
    /// Field flag bit 3: the field is not exported when the form is submitted.
    public var isNoExport: Bool { flags & (1 << 2) != 0 }
    /// Buttons, flag bit 16.
    public var isRadioButton: Bool { type == .button && flags & (1 << 15) != 0 }
    /// Buttons, flag bit 17.
    public var isPushButton: Bool { type == .button && flags & (1 << 16) != 0 }
    /// A button that is neither a radio button nor a push button.
    public var isCheckBox: Bool { type == .button && !isRadioButton && !isPushButton }
    /// Text fields, flag bit 13: what is typed is not shown.
    public var isPassword: Bool { type == .text && flags & (1 << 12) != 0 }
    /// Text fields, flag bit 14.
    public var isMultiline: Bool { type == .text && flags & (1 << 13) != 0 }
    /// Choice fields, flag bit 18: a combo box (else a list box).
    public var isComboBox: Bool { type == .choice && flags & (1 << 17) != 0 }
    /// Choice fields, flag bit 22: several items may be selected.
    public var isMultiSelect: Bool { type == .choice && flags & (1 << 21) != 0 }
}

/// One annotation of a page (ISO 32000-2 §12.5), read-only.
public struct AnnotationInfo: Sendable, Hashable {
    /// `/Subtype` without its slash: "Link", "Text", "Highlight", "Widget", … ("" when missing).
    public var subtype: String
    /// `/Rect` in page space, normalised.
    public var rect: Rect
    /// `/QuadPoints` (Link and text-markup annotations), one quad per 8 numbers, when the
    /// array is valid (a non-empty multiple of 8 numbers); else empty. The numbers are read,
    /// as viewers do, as upper-left, upper-right, lower-left, lower-right.
    public var quadPoints: [Quad]
    /// `/Contents`: the text shown, or an alternate description.
    public var contents: String?
    /// `/NM`: the annotation's name, unique on its page.
    public var name: String?
    /// `/M` as written (a PDF date, or any text some writers put there).
    public var modified: String?
    /// `/F`: annotation flags (bit 1 Invisible, 2 Hidden, 3 Print, 6 NoView, 7 ReadOnly, …).
    public var flags: Int
    /// The annotation's object number, when it is an indirect object.
    public var objectNumber: Int?
    /// `/AS`: which appearance state is shown (check boxes and radio buttons: the on state or "Off").
    public var appearanceState: String?
    /// Markup annotations: `/T`, the author.
    public var author: String?
    /// Markup annotations: `/Subj`.
    public var subject: String?
    /// Text and Popup annotations: `/Open`; other markup annotations: the `/Open` of their
    /// `/Popup`.
    public var isOpen: Bool?
    /// `/A`, the action, when there is one.
    public var action: ActionInfo?
    /// Links: `/Dest`, or the destination of a GoTo action.
    public var destination: Destination?
    /// Links: a URI action's target.
    public var url: String?
    /// `/S` of the action when it is neither GoTo nor URI ("GoToR", "Launch", "Named", …).
    public var actionType: String?
    /// Widgets: the form field.
    public var field: FormFieldInfo?

    public init(subtype: String, rect: Rect) {
        self.subtype = subtype
        self.rect = rect
        self.quadPoints = []
        self.flags = 0
    }

    /// `/M` parsed, when it is a PDF date.
    public var modifiedDate: PDFDate? { modified.flatMap { PDFDate($0) } }
    /// Flag bit 2: not shown, not printed.
    public var isHidden: Bool { flags & (1 << 1) != 0 }
}

extension Document {
    /// The annotations of page `pageIndex` (0-based) in `/Annots` order; empty for a page
    /// out of range. Malformed entries are left out (see the other overload for why).
    public func annotations(pageIndex: Int) -> [AnnotationInfo] {
        var log = DiagnosticLog(capacity: store.limits.maxDiagnostics)
        return annotations(pageIndex: pageIndex, log: &log)
    }

    /// The annotations of page `pageIndex`, with a diagnostic in `log` for each entry left
    /// out: not a dictionary, no usable `/Rect`, listed twice, past
    /// ``Limits/maxAnnotationsPerPage``; and for each form-field `/Parent` chain cut short.
    public func annotations(pageIndex: Int, log: inout DiagnosticLog) -> [AnnotationInfo] {
        let pages = self.pages
        guard pageIndex >= 0, pageIndex < pages.count,
              let entries = store.array(pages[pageIndex].dictionary["Annots"]) else { return [] }
        let reader = AnnotationReader(store: store, links: links)
        let limit = store.limits.maxAnnotationsPerPage
        if entries.count > limit {
            log.append(.annotationLimit, .warning, "page \(pageIndex + 1) lists \(entries.count) annotations; only the first \(limit) are read")
        }
        var seen: Set<Int> = []
        var out: [AnnotationInfo] = []
        for entry in entries.prefix(limit) {
            if let r = entry.reference, !seen.insert(r.number).inserted {
                log.append(.annotationInvalid, .warning, "page \(pageIndex + 1) lists an annotation twice", objectNumber: r.number)
                continue
            }
            if let a = reader.read(entry, log: &log) { out.append(a) }
        }
        return out
    }
}

/// Reads annotation dictionaries into ``AnnotationInfo``.
struct AnnotationReader {
    let store: ObjectStore
    let links: LinkResolver

    func read(_ entry: PDFObject, log: inout DiagnosticLog) -> AnnotationInfo? {
        let number = entry.reference?.number
        guard let d = store.dictionary(entry) else {
            log.append(.annotationInvalid, .warning, "an /Annots entry is not a dictionary", objectNumber: number)
            return nil
        }
        guard let rect = PageTree.rect(d["Rect"], store: store) else {
            log.append(.annotationInvalid, .warning, "an annotation has no usable /Rect", objectNumber: number)
            return nil
        }
        let subtype = store.name(d["Subtype"])?.string ?? ""
        var a = AnnotationInfo(subtype: subtype, rect: rect)
        a.objectNumber = number
        a.quadPoints = quads(d["QuadPoints"])
        a.contents = store.text(d["Contents"])
        a.name = store.text(d["NM"])
        a.modified = store.text(d["M"])
        a.flags = store.integer(d["F"]) ?? 0
        a.appearanceState = store.name(d["AS"])?.string
        let target = links.target(dest: d["Dest"], action: d["A"])
        a.destination = target.destination
        a.url = target.uri
        a.actionType = target.actionType
        a.action = target.action
        if subtype == "Widget" {
            a.field = field(d, objectNumber: number, log: &log)
        } else {
            a.author = store.text(d["T"])
            a.subject = store.text(d["Subj"])
            if subtype == "Text" || subtype == "Popup" {
                a.isOpen = store.resolve(d["Open"]).bool
            } else if let popup = store.dictionary(d["Popup"]) {
                a.isOpen = store.resolve(popup["Open"]).bool
            }
        }
        return a
    }

    /// `/QuadPoints`, when it is a non-empty multiple of 8 numbers.
    func quads(_ object: PDFObject?) -> [Quad] {
        guard let array = store.array(object), !array.isEmpty, array.count % 8 == 0 else { return [] }
        let v = array.compactMap { store.number($0) }
        guard v.count == array.count else { return [] }
        return stride(from: 0, to: v.count, by: 8).map { i in
            Quad(lowerLeft: Point(x: v[i + 4], y: v[i + 5]), lowerRight: Point(x: v[i + 6], y: v[i + 7]),
                 upperRight: Point(x: v[i + 2], y: v[i + 3]), upperLeft: Point(x: v[i], y: v[i + 1]))
        }
    }

    /// The field of a widget: partial names, and `/FT`, `/Ff`, `/V` and `/Opt` from the
    /// nearest dictionary on the `/Parent` chain that has them.
    func field(_ widget: PDFDictionary, objectNumber: Int?, log: inout DiagnosticLog) -> FormFieldInfo {
        var names: [String] = []
        var type: FormFieldType? = nil
        var flags: Int? = nil
        var value: PDFObject? = nil
        var options: [PDFObject]? = nil
        var visited: Set<Int> = objectNumber.map { [$0] } ?? []
        var node = widget
        var depth = 0
        while true {
            if let t = store.text(node["T"]) { names.append(t) }
            if type == nil, let ft = store.name(node["FT"]) { type = FormFieldType(rawValue: ft.string) }
            if flags == nil { flags = store.integer(node["Ff"]) }
            if value == nil, let v = node["V"], !store.resolve(v).isNull { value = store.resolve(v) }
            if options == nil { options = store.array(node["Opt"]) }
            guard let parent = node["Parent"], let next = store.dictionary(parent) else { break }
            depth += 1
            let repeated = parent.reference.map { !visited.insert($0.number).inserted } ?? false
            if repeated || depth > store.limits.maxRecursionDepth {
                log.append(.fieldParentLoop, .warning, "a form field's /Parent chain loops or is too deep; cut there",
                           objectNumber: parent.reference?.number ?? objectNumber)
                break
            }
            node = next
        }
        var f = FormFieldInfo(fullName: names.reversed().joined(separator: "."), type: type, flags: flags ?? 0)
        f.onStateName = onState(widget)
        switch type {
        case .button?:
            if !f.isPushButton { f.value = store.name(value)?.string ?? store.text(value) ?? "Off" }
        case .choice?:
            if let items = value?.array {
                f.selectedValues = items.compactMap { store.text($0) }
            } else if let s = text(value) {
                f.selectedValues = [s]
            }
            f.value = f.selectedValues.first
            for item in options ?? [] {
                let o = store.resolve(item)
                if let pair = o.array, pair.count >= 2 {
                    f.exportValues.append(store.text(pair[0]) ?? "")
                    f.options.append(store.text(pair[1]) ?? "")
                } else if let s = o.text {
                    f.exportValues.append(s)
                    f.options.append(s)
                }
            }
        default:
            f.value = text(value)
        }
        return f
    }

    /// A text value: a text string, or a text stream (§12.7.4.3 allows either for `/V`).
    func text(_ object: PDFObject?) -> String? {
        guard let object else { return nil }
        if let s = object.text { return s }
        if let s = object.stream { return TextString.decode(store.streamData(s).bytes) }
        return nil
    }

    /// The widget's on-state name: a key of `/AP /N` (or `/AP /D`) other than "Off".
    func onState(_ widget: PDFDictionary) -> String? {
        guard let ap = store.dictionary(widget["AP"]) else { return nil }
        for key in ["N", "D"] as [Name] {
            guard store.resolve(ap[key]).stream == nil, let states = store.dictionary(ap[key]) else { continue }
            if let on = states.keys.filter({ $0 != "Off" }).sorted().first { return on.string }
        }
        return nil
    }
}
