import PDFCore
import PDFSyntax
import PDFGlyphs
import PDFFonts

extension ContentInterpreter {
    /// Shows a string: one glyph event per character code (ISO 32000-2 §9.4.4).
    func show(_ bytes: [UInt8]) {
        guard !budgetExceeded else { return }
        let font = currentFont()
        var showing = beginShowing(font)
        _ = bytes.withUnsafeBufferPointer { show($0, font: font, &showing) }
        endShowing(showing)
    }

    /// Shows a `TJ` array: its strings and position adjustments with one `StringShowing`
    /// for the whole array (the graphics state cannot change inside it), so that a string
    /// of one or two glyphs between kerns, as TeX and LuaTeX write them, does not read the
    /// graphics state and write the text matrix back each time.
    func show(_ array: TextArray) {
        let items = array.items
        // Numbers before the first string move the interpreter's own matrix (`adjust`).
        var first = 0
        while first < items.count, !items[first].isString {
            adjust(items[first].adjustment)
            first += 1
        }
        guard first < items.count, !budgetExceeded else { return }
        let font = currentFont()
        let vertical = font.writingMode == 1
        var showing = beginShowing(font)
        array.bytes.withUnsafeBufferPointer { bytes in
            for item in items[first...] {
                if item.isString {
                    let string = UnsafeBufferPointer(rebasing: bytes[array.range(of: item)])
                    if !show(string, font: font, &showing) { return }
                } else {
                    // As `adjust(_:)`, on the array's own text matrix.
                    let n = item.adjustment
                    guard n.isFinite else { continue }
                    let amount = -n / 1000 * showing.fontSize
                    showing.textMatrix = vertical
                        ? Matrix.translation(0, amount).concatenating(showing.textMatrix)
                        : Matrix.translation(amount * showing.horizontalScaling, 0).concatenating(showing.textMatrix)
                }
            }
        }
        endShowing(showing)
    }

    /// The font strings are shown with: the graphics state's, else (noted once, and then
    /// kept in the state) a fallback.
    func currentFont() -> Font {
        if let f = gs.font { return f }
        diagnostics.note(.fontNotSet, "text shown before Tf; a fallback font is used")
        gs.font = fallbackFont
        return fallbackFont
    }

    /// The graphics state strings are shown with, read once. The glyphs advance the text
    /// matrix and count in this local value, written back once (`endShowing`): each change
    /// of the interpreter's stored properties is checked for exclusivity at run time, which
    /// per glyph cost more than the glyph.
    func beginShowing(_ font: Font) -> StringShowing {
        var flags = hiddenDepth > 0 ? extraFlags.union(.hidden) : extraFlags
        let mode = gs.renderingMode
        if mode.isInvisible || isTransparent(mode) { flags.insert(.invisible) }
        var fill = gs.fillColor, stroke = gs.strokeColor
        fill.alpha = gs.fillAlpha
        stroke.alpha = gs.strokeAlpha
        let event = GlyphEvent(font: font, fontSize: gs.fontSize, code: 0, byteCount: 1,
                               glyph: .empty,
                               origin: Point(x: 0, y: 0), quad: Quad(Rect(x0: 0, y0: 0, x1: 0, y1: 0)), advance: 0,
                               textMatrix: .identity, renderingMode: mode, fillColor: fill, strokeColor: stroke,
                               flags: flags, showSerial: showSerial)
        return StringShowing(textMatrix: textMatrix, glyphCount: glyphCount, flags: flags, serial: showSerial,
                             fontSize: gs.fontSize, horizontalScaling: gs.horizontalScaling,
                             charSpacing: gs.charSpacing, wordSpacing: gs.wordSpacing, rise: gs.rise,
                             ctm: gs.ctm, clip: gs.clip, mode: mode, fill: fill, stroke: stroke, event: event)
    }

    func endShowing(_ showing: StringShowing) {
        textMatrix = showing.textMatrix
        glyphCount = showing.glyphCount
    }

    /// Shows one string's codes; false when the page's glyph budget ran out.
    func show(_ bytes: UnsafeBufferPointer<UInt8>, font: Font, _ showing: inout StringShowing) -> Bool {
        var stopped = false
        font.forEachCode(in: bytes) { code, byteCount in
            guard !stopped else { return }
            stopped = !showCode(code, byteCount: byteCount, font: font, &showing)
        }
        return !stopped
    }

    /// What the glyphs of one string read and write (see `show`).
    struct StringShowing {
        var textMatrix: Matrix
        var glyphCount: Int
        /// `extraFlags`, plus `.hidden` inside hidden optional content and `.invisible`
        /// for an invisible mode or a transparent colour.
        let flags: GlyphFlags
        let serial: Int
        // The graphics state a string is shown with: read once, not per glyph (no operator
        // runs inside a string).
        let fontSize: Double, horizontalScaling: Double, charSpacing: Double, wordSpacing: Double, rise: Double
        let ctm: Matrix
        let clip: ClipBox
        let mode: TextRenderingMode
        let fill: RGBA, stroke: RGBA
        /// The event sent for each glyph: made once per string or array, with the font
        /// and the fields that do not change, and filled in per glyph. A new event per
        /// glyph took a reference to the font and gave it back, two atomic operations a
        /// glyph.
        var event: GlyphEvent
        /// The linear part (a, b, c, d) of the text matrix that `linear` was worked out for,
        /// by bit pattern; NaN bits before the first glyph. Glyphs of a string only move the
        /// text matrix, so its linear part, and what follows from it, is mostly the same
        /// from one glyph to the next.
        var linearKey: (UInt64, UInt64, UInt64, UInt64) = (.max, .max, .max, .max)
        /// From the text matrix's linear part: Tm × CTM's a…d, Trm's a…d, and the lengths
        /// of Tm × CTM's first and second rows (the page-space length of a unit advance).
        var linear = LinearParts()
    }

    /// What `showCode` derives from the text matrix's linear part (see `StringShowing.linear`).
    struct LinearParts {
        var pa = 0.0, pb = 0.0, pc = 0.0, pd = 0.0
        var ta = 0.0, tb = 0.0, tc = 0.0, td = 0.0
        var rowX = 0.0, rowY = 0.0
    }

    /// A `TJ` number: moves the position by −n/1000 of the font size (horizontally scaled
    /// by Tz for horizontal writing; vertically for WMode 1).
    func adjust(_ n: Double) {
        guard n.isFinite else { return }
        let amount = -n / 1000 * gs.fontSize
        if (gs.font?.writingMode ?? 0) == 1 {
            textMatrix = Matrix.translation(0, amount).concatenating(textMatrix)
        } else {
            textMatrix = Matrix.translation(amount * gs.horizontalScaling, 0).concatenating(textMatrix)
        }
    }

    /// The vertical extent of a glyph in glyph space: a Type 3 glyph's d1 box, else the
    /// font's descent…ascent.
    func verticalExtent(_ font: Font, code: UInt32) -> (low: Double, high: Double) {
        if let t3 = font.type3 {
            if let box = type3Box(font, t3, code: code), box.height > 0 { return (box.y0, box.y1) }
            if t3.fontBBox.height > 0 { return (t3.fontBBox.y0, t3.fontBBox.y1) }
        }
        return (font.descent, font.ascent)
    }

    /// A Type 3 glyph's box from the `d1` operator of its procedure; nil for `d0` (or no
    /// procedure). Only the procedure's start is read, once per font and code: the
    /// procedure's paths, images and text are never painted as the page's.
    func type3Box(_ font: Font, _ t3: Type3Procedures, code: UInt32) -> Rect? {
        let key = Type3Key(font: ObjectIdentifier(font), code: code)
        if let cached = type3Boxes[key] { return cached }
        var box: Rect? = nil
        if let proc = t3.procedures[code] {
            var parser = ContentParser(bytes: data(of: proc), maxOperands: 64,
                                       diagnostics: CappedLog(perCode: 2))
            var seen = 0
            while seen < 32, let op = parser.next() {
                seen += 1
                if case .d1(_, _, let llx, let lly, let urx, let ury) = op {
                    box = Rect(x0: llx, y0: lly, x1: urx, y1: ury)
                    break
                }
                if case .d0 = op { break }
            }
        }
        if type3Boxes.count < 65_536 { type3Boxes[key] = box }
        return box
    }

    /// Shows one character code of `font`: advances `showing.textMatrix` and sends a glyph
    /// event. False when the page's glyph budget is spent (nothing more may be shown).
    func showCode(_ code: UInt32, byteCount: Int, font: Font, _ showing: inout StringShowing) -> Bool {
        let textMatrix = showing.textMatrix
        let g = glyphInfo(font, code, byteCount: byteCount)
        let fm = font.fontMatrix
        let fs = showing.fontSize, th = showing.horizontalScaling
        let wordSpacing = (byteCount == 1 && code == 32) ? showing.wordSpacing : 0
        // Trm = [Tfs×Th 0 0 Tfs 0 Trise] × Tm × CTM. The linear parts are worked out when the
        // text matrix's changes (the same expressions as `concatenating`, so the same bits);
        // the translations per glyph.
        let key = (textMatrix.a.bitPattern, textMatrix.b.bitPattern, textMatrix.c.bitPattern, textMatrix.d.bitPattern)
        if key != showing.linearKey {
            showing.linearKey = key
            let m = showing.ctm
            let p = Matrix(a: textMatrix.a * m.a + textMatrix.b * m.c, b: textMatrix.a * m.b + textMatrix.b * m.d,
                           c: textMatrix.c * m.a + textMatrix.d * m.c, d: textMatrix.c * m.b + textMatrix.d * m.d,
                           e: 0, f: 0)
            let sa = fs * th
            showing.linear = LinearParts(pa: p.a, pb: p.b, pc: p.c, pd: p.d,
                                         ta: sa * p.a + 0 * p.c, tb: sa * p.b + 0 * p.d,
                                         tc: 0 * p.a + fs * p.c, td: 0 * p.b + fs * p.d,
                                         rowX: (p.a * p.a + p.b * p.b).squareRoot(),
                                         rowY: (p.c * p.c + p.d * p.d).squareRoot())
        }
        let l = showing.linear
        let ctm = showing.ctm
        let textToPage = Matrix(a: l.pa, b: l.pb, c: l.pc, d: l.pd,
                                e: textMatrix.e * ctm.a + textMatrix.f * ctm.c + ctm.e,
                                f: textMatrix.e * ctm.b + textMatrix.f * ctm.d + ctm.f)
        let rise = showing.rise
        let trm = Matrix(a: l.ta, b: l.tb, c: l.tc, d: l.td,
                         e: 0 * textToPage.a + rise * textToPage.c + textToPage.e,
                         f: 0 * textToPage.b + rise * textToPage.d + textToPage.f)
        // Glyph space → text space (per unit of font size).
        let w0 = g.width * fm.a
        let extent = verticalExtent(font, code: code)
        let vertical = font.writingMode == 1
        var flags = showing.flags
        let origin: Point
        let quad: Quad
        let advance: Double
        if !vertical {
            origin = trm.apply(Point(x: 0, y: 0))
            quad = glyphQuad(x: 0, width: w0, low: extent.low, high: extent.high, fm: fm, trm: trm)
            let tx = (w0 * fs + showing.charSpacing + wordSpacing) * th
            advance = abs(tx) * l.rowX
            showing.textMatrix = Matrix.translation(tx, 0).concatenating(textMatrix)
        } else {
            flags.insert(.vertical)
            let vx = g.verticalOrigin.x * fm.a, vy = g.verticalOrigin.y * fm.d
            let w1 = g.verticalAdvance * fm.d
            // The origin is the pen position (as for horizontal text, and as MuPDF reports
            // it); the box is the glyph's advance box: w0 wide, centred by vx, running from
            // the pen down by the vertical advance w1.
            origin = trm.apply(Point(x: 0, y: 0))
            let w1Abs = abs(w1) > 1e-9 ? abs(w1) : 1
            quad = glyphQuad(x: -vx, width: w0, low: -w1Abs / max(abs(fm.d), 1e-12), high: 0, fm: fm, trm: trm)
            _ = vy
            let ty = w1 * fs + showing.charSpacing + wordSpacing
            advance = abs(ty) * l.rowY
            showing.textMatrix = Matrix.translation(0, ty).concatenating(textMatrix)
        }
        guard origin.x.isFinite, origin.y.isFinite else { return true }
        showing.glyphCount += 1
        if showing.glyphCount > options.maxGlyphs {
            exceedBudget("more than \(options.maxGlyphs) glyphs on the page; the rest is not interpreted")
            return false
        }
        if showing.clip.excludes(quad) { flags.insert(.clipped) }
        showing.event.code = code
        showing.event.byteCount = byteCount
        showing.event.glyph = g
        showing.event.origin = origin
        showing.event.quad = quad
        showing.event.advance = advance
        showing.event.textMatrix = trm
        showing.event.flags = flags
        sink.showGlyph(lending: &showing.event)
        return true
    }

    /// Whether the alpha of what the mode paints is zero.
    func isTransparent(_ mode: TextRenderingMode) -> Bool {
        switch mode {
        case .fill, .fillClip: return gs.fillAlpha <= 0
        case .stroke, .strokeClip: return gs.strokeAlpha <= 0
        case .fillStroke, .fillStrokeClip: return gs.fillAlpha <= 0 && gs.strokeAlpha <= 0
        case .invisible, .clip: return true
        }
    }

    /// The glyph box: `width` (text space per unit size) wide from `x`, `low…high` in glyph
    /// space mapped by the font matrix, then by Trm. A zero width becomes 0.05 em so that
    /// the box keeps an area.
    func glyphQuad(x: Double, width: Double, low: Double, high: Double, fm: Matrix, trm: Matrix, dy: Double = 0) -> Quad {
        let w = abs(width) < 1e-9 ? 0.05 : width
        // Vertical metrics through the font matrix's y scale (and its shear, if any).
        let y0 = low * fm.d + dy, y1 = high * fm.d + dy
        // The rectangle's corners through `trm`, each product made once: the same values,
        // bit for bit, as `Quad.transformed(by:)` gives.
        let x1 = x + w
        let ax0 = trm.a * x, ax1 = trm.a * x1, bx0 = trm.b * x, bx1 = trm.b * x1
        let cy0 = trm.c * y0, cy1 = trm.c * y1, dy0 = trm.d * y0, dy1 = trm.d * y1
        return Quad(lowerLeft: Point(x: ax0 + cy0 + trm.e, y: bx0 + dy0 + trm.f),
                    lowerRight: Point(x: ax1 + cy0 + trm.e, y: bx1 + dy0 + trm.f),
                    upperRight: Point(x: ax1 + cy1 + trm.e, y: bx1 + dy1 + trm.f),
                    upperLeft: Point(x: ax0 + cy1 + trm.e, y: bx0 + dy1 + trm.f))
    }
}
