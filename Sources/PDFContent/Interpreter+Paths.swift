import PDFCore
import PDFSyntax
import PDFFile
import PDFGlyphs
import PDFFonts

// The interpreter's paths and clipping: the current path, painted paths and the clip.

extension ContentInterpreter {
    func addToPath(_ p: Point, startsSubpath: Bool = false) {
        let q = gs.ctm.apply(p)
        guard q.x.isFinite, q.y.isFinite else { return }
        if startsSubpath || subpathBounds.isEmpty {
            if subpathBounds.count <= ClipBox.maxBoxes { subpathBounds.append(Rect(x0: q.x, y0: q.y, x1: q.x, y1: q.y)) }
        } else if subpathBounds.count <= ClipBox.maxBoxes, let b = subpathBounds.last {
            subpathBounds[subpathBounds.count - 1] = Rect(x0: min(b.x0, q.x), y0: min(b.y0, q.y), x1: max(b.x1, q.x), y1: max(b.y1, q.y))
        }
        if let b = pathBounds {
            pathBounds = Rect(x0: min(b.x0, q.x), y0: min(b.y0, q.y), x1: max(b.x1, q.x), y1: max(b.y1, q.y))
        } else {
            pathBounds = Rect(x0: q.x, y0: q.y, x1: q.x, y1: q.y)
        }
    }

    /// The line width in page space (the CTM's mean scale).
    var pageLineWidth: Double {
        let m = gs.ctm
        let scale = abs(m.a * m.d - m.b * m.c).squareRoot()
        return max(gs.lineWidth, 0) * scale
    }

    func paint(stroke: Bool, fill: Bool) {
        let bounds = pathBounds
        if let b = bounds, stroke || fill {
            var r = b
            let lw = pageLineWidth
            if stroke {
                let half = max(lw, 0) / 2
                r = Rect(x0: b.x0 - half, y0: b.y0 - half, x1: b.x1 + half, y1: b.y1 + half)
            }
            if r.width > 0 || r.height > 0 {
                var color = fill ? gs.fillColor : gs.strokeColor
                color.alpha = fill ? gs.fillAlpha : gs.strokeAlpha
                sink.paintPath(PathEvent(bounds: r, isStroked: stroke, isFilled: fill, color: color,
                                         lineWidth: lw, isClip: pendingClip))
            }
        }
        if pendingClip {
            // Subpaths of no area (a lone move) paint nothing; with too many, the path's box.
            let parts = subpathBounds.filter { $0.x1 > $0.x0 && $0.y1 > $0.y0 }
            if subpathBounds.count > ClipBox.maxBoxes || parts.count < 2 {
                gs.clip = gs.clip.intersecting(bounds)
            } else {
                gs.clip = gs.clip.intersecting(boxes: parts)
            }
            pendingClip = false
        }
        pathBounds = nil
        subpathBounds.removeAll(keepingCapacity: true)
    }
}
