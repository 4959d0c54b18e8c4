import Foundation
import PDFCore
import PDFFile

/// A widget's field type, as PDFKit's `PDFAnnotationWidgetSubtype` (raw values as PDFKit's:
/// the `/FT` name with its slash).
public struct PDFAnnotationWidgetSubtype: RawRepresentable, Hashable, Sendable {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let button = PDFAnnotationWidgetSubtype(rawValue: "/Btn")
    public static let choice = PDFAnnotationWidgetSubtype(rawValue: "/Ch")
    public static let signature = PDFAnnotationWidgetSubtype(rawValue: "/Sig")
    public static let text = PDFAnnotationWidgetSubtype(rawValue: "/Tx")
}

/// A button widget's state, as PDFKit's `PDFWidgetCellState`.
public enum PDFWidgetCellState: Int, Sendable {
    case mixedState = -1, offState = 0, onState = 1
}

/// A button widget's kind, as PDFKit's `PDFWidgetControlType`.
public enum PDFWidgetControlType: Int, Sendable {
    case unknownControl = -1, pushButtonControl = 0, radioButtonControl = 1, checkBoxControl = 2
}

/// An annotation of a page, as PDFKit's `PDFAnnotation`, read-only: links, notes and text
/// markup, form-field widgets, and the rest by ``type``.
public final class PDFAnnotation: Sendable {
    /// The file layer's reading of the annotation, with what PDFKit does not expose.
    public let info: AnnotationInfo
    /// The page the annotation is on.
    public let page: PDFPage?
    /// `/Dest`, or a GoTo action's destination.
    public let destination: PDFDestination?
    /// `/A`, when there is one.
    public let action: PDFAction?

    init(info: AnnotationInfo, page: PDFPage?) {
        self.info = info
        self.page = page
        var lookup: (@Sendable (Int) -> PDFPage?)? = nil
        if let page { lookup = { page.sibling(at: $0) } }
        self.destination = info.destination.map { PDFDestination($0, pageLookup: lookup) }
        self.action = info.action.map { PDFAction.make($0, pageLookup: lookup, base: nil) }
    }

    /// The subtype without its slash ("Link", "Text", "Highlight", "Widget", …), as
    /// PDFKit's `type`; nil when the annotation has none.
    public var type: String? { info.subtype.isEmpty ? nil : info.subtype }

    /// `/Rect` in page space.
    public var bounds: CGRect {
        let r = info.rect
        return CGRect(x: r.x0, y: r.y0, width: r.width, height: r.height)
    }

    /// `/Contents`.
    public var contents: String? { info.contents }

    /// A URI action's target.
    public var url: URL? { info.url.flatMap { linkURL($0) } }

    /// Markup annotations: the author (`/T`).
    public var userName: String? { info.author }

    /// `/M` as a date, when it parses.
    public var modificationDate: Date? { info.modifiedDate?.date }

    /// `/QuadPoints` as PDFKit gives them: four points per quadrilateral (upper left, upper
    /// right, lower left, lower right), relative to the origin of ``bounds``; nil when the
    /// annotation has none.
    public var quadrilateralPoints: [CGPoint]? {
        guard !info.quadPoints.isEmpty else { return nil }
        let o = info.rect
        return info.quadPoints.flatMap { q in
            [q.upperLeft, q.upperRight, q.lowerLeft, q.lowerRight].map { CGPoint(x: $0.x - o.x0, y: $0.y - o.y0) }
        }
    }

    /// `/QuadPoints` in page space.
    public var quadrilaterals: [Quad] { info.quadPoints }

    /// Whether a viewer shows the annotation (flags Hidden and NoView clear).
    public var shouldDisplay: Bool { info.flags & ((1 << 1) | (1 << 5)) == 0 }
    /// Whether the annotation is printed (flag Print set, Hidden clear).
    public var shouldPrint: Bool { info.flags & (1 << 2) != 0 && info.flags & (1 << 1) == 0 }

    // MARK: Widgets

    /// The form field's fully qualified name.
    public var fieldName: String? { info.field?.fullName }

    /// The form field's type (`/FT`, inherited).
    public var widgetFieldType: PDFAnnotationWidgetSubtype? {
        guard let t = info.field?.type else { return nil }
        return PDFAnnotationWidgetSubtype(rawValue: "/" + t.rawValue)
    }

    /// The field's value: a text field's text, a choice field's selected item, a button's
    /// state name ("Off" or the on state).
    public var widgetStringValue: String? { info.field?.value }

    /// Buttons: push button, radio button or check box.
    public var widgetControlType: PDFWidgetControlType {
        guard let f = info.field, f.type == .button else { return .unknownControl }
        return f.isPushButton ? .pushButtonControl : f.isRadioButton ? .radioButtonControl : .checkBoxControl
    }

    /// Check boxes and radio buttons: on when this widget shows its on state (`/AS`), or,
    /// without `/AS`, when the field's value is this widget's on state.
    public var buttonWidgetState: PDFWidgetCellState {
        guard let f = info.field, f.type == .button, !f.isPushButton else { return .offState }
        if let state = info.appearanceState { return state == "Off" ? .offState : .onState }
        if let on = f.onStateName, f.value == on { return .onState }
        return .offState
    }

    /// Check boxes and radio buttons: the name of this widget's on state.
    public var buttonWidgetStateString: String { info.field?.onStateName ?? "" }

    /// Choice fields: the items shown.
    public var choices: [String]? {
        guard let f = info.field, f.type == .choice else { return nil }
        return f.options
    }

    /// Choice fields: the export value of each item.
    public var values: [String]? {
        guard let f = info.field, f.type == .choice else { return nil }
        return f.exportValues
    }

    /// The field is read-only (field flag 1), or the annotation is (annotation flag 7).
    public var isReadOnly: Bool { (info.field?.isReadOnly ?? false) || info.flags & (1 << 6) != 0 }
    /// Field flag 2: a value is required.
    public var isRequired: Bool { info.field?.isRequired ?? false }
    /// Text fields: several lines.
    public var isMultiline: Bool { info.field?.isMultiline ?? false }
    /// Text fields: what is typed is hidden.
    public var isPasswordField: Bool { info.field?.isPassword ?? false }
    /// Choice fields: a list box rather than a combo box.
    public var isListChoice: Bool { info.field.map { $0.type == .choice && !$0.isComboBox } ?? false }
}

extension PDFPage {
    /// The page's annotations in `/Annots` order (entries that are not annotations are left
    /// out; `file.annotations(pageIndex:log:)` says which).
    public var annotations: [PDFAnnotation] {
        file.annotations(pageIndex: pageIndex).map { PDFAnnotation(info: $0, page: self) }
    }

    /// Another page of the same document.
    func sibling(at index: Int) -> PDFPage? {
        core.page(at: index, document: document)
    }
}
