import PDFCore
import PDFSyntax
import PDFFile
import PDFGlyphs
import PDFFonts

// The interpreter's XObjects: forms run in place, images reported to the sink.

extension ContentInterpreter {
    func doXObject(_ name: Name, resources: PDFDictionary?) {
        guard let ref = resourceEntry("XObject", name, in: resources) else {
            diagnostics.note(.resourceMissing, "XObject \(name) not in the resources")
            return
        }
        guard let stream = store.resolve(ref).stream else {
            diagnostics.note(.resourceMissing, "XObject \(name) is not a stream")
            return
        }
        switch store.name(stream.dictionary["Subtype"]) {
        case "Image":
            var event = ImageEvent(quad: Quad(Rect(x0: 0, y0: 0, x1: 1, y1: 1)).transformed(by: gs.ctm),
                                   isInline: false, name: name)
            if sink.wantsImageSources {
                event.source = .xobject(stream)
                event.resources = resources
                event.fillColor = gs.fillColor
            }
            sink.paintImage(event)
        case "Form":
            let hidden = !optionalContent.isVisible(stream.dictionary["OC"], store: store)
            if hidden { hiddenDepth += 1 }
            runForm(stream, id: ref.reference ?? stream.objectID, callerResources: resources, matrix: nil)
            if hidden { hiddenDepth -= 1 }
        default:
            break  // PostScript XObjects paint nothing we read
        }
    }

    /// Runs a form XObject (ISO 32000-2 §8.10): its /Matrix, /BBox clip and resources
    /// (its own, else the caller's). `matrix`, when given, replaces the CTM the form is
    /// painted under (annotations).
    package func runForm(_ stream: PDFStream, id: ObjectID?, callerResources: PDFDictionary?, matrix: Matrix?) {
        guard !budgetExceeded else { return }
        guard formStack.count < options.maxFormDepth else {
            diagnostics.note(.formRecursion, "form XObjects nested deeper than \(options.maxFormDepth); skipped")
            return
        }
        if let id, formStack.contains(id) {
            diagnostics.note(.formRecursion, "form XObject \(id) draws itself; skipped", objectNumber: id.number)
            return
        }
        guard spend(options.formRunCost) else { return }
        let d = stream.dictionary
        let savedState = gs, savedText = textMatrix, savedLine = lineMatrix
        let savedPath = pathBounds, savedSubpaths = subpathBounds, savedPending = pendingClip
        defer {
            gs = savedState; textMatrix = savedText; lineMatrix = savedLine
            pathBounds = savedPath; subpathBounds = savedSubpaths; pendingClip = savedPending
        }
        if let matrix { gs.ctm = matrix }
        if let m = matrixValue(d["Matrix"]) { gs.ctm = m.concatenating(gs.ctm) }
        if let bbox = rectValue(d["BBox"]) {
            gs.clip = gs.clip.intersecting(gs.ctm.bounds(of: bbox))
        }
        pathBounds = nil
        subpathBounds.removeAll()
        pendingClip = false
        let resources = store.dictionary(d["Resources"]) ?? callerResources
        let content = decoded(stream)
        formStack.append(id ?? ObjectID(-1 - formStack.count))
        defer { formStack.removeLast() }
        sink.beginForm(objectID: id)
        withExtendedLifetime(content.lease) { run(content.bytes, resources: resources) }
        sink.endForm()
    }

    func matrixValue(_ o: PDFObject?) -> Matrix? {
        guard let a = store.array(o), a.count == 6 else { return nil }
        let v = a.compactMap { store.number($0) }
        guard v.count == 6 else { return nil }
        let m = Matrix(a: v[0], b: v[1], c: v[2], d: v[3], e: v[4], f: v[5])
        return m.isFinite ? m : nil
    }

    func rectValue(_ o: PDFObject?) -> Rect? {
        guard let a = store.array(o), a.count == 4 else { return nil }
        let v = a.compactMap { store.number($0) }
        guard v.count == 4 else { return nil }
        return Rect(x0: v[0], y0: v[1], x1: v[2], y1: v[3])
    }
}
