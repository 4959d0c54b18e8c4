// The invariant checks the fuzz entry points share: a broken invariant is a finding as
// much as a crash is.

import PDFCore
import PDFGlyphs
import PDFContent

/// Touches every glyph's text, quad, flags and run and every run, span, path and image;
/// traps when an index points outside its array. Returns a value the caller keeps alive.
package func touch(_ page: PageGlyphs) -> Int {
    var sink = page.pageIndex &+ page.rotation &+ page.diagnostics.entries.count
    let glyphCount = page.glyphs.count, scalarCount = page.scalars.count
    for i in 0..<glyphCount {
        let g = page.glyphs[i]
        check(g.text.lowerBound >= 0 && Int(g.text.upperBound) <= scalarCount, "glyph \(i): text \(g.text) of \(scalarCount)")
        check(g.run >= 0 && Int(g.run) < page.runs.count, "glyph \(i): run \(g.run) of \(page.runs.count)")
        sink &+= page.text(of: i).unicodeScalars.count
        sink &+= Int(g.flags.rawValue) &+ Int(g.code & 0xFF) &+ Int(g.glyphID & 0xFF)
        sink &+= Int(g.unicodeSource.rawValue)
        let b = g.quad.bounds
        sink &+= (b.x0.isNaN ? 1 : 0) &+ (b.y1.isFinite ? 2 : 0) &+ (g.origin.x.isFinite ? 4 : 0)
        sink &+= g.advance.isFinite ? 8 : 0
    }
    for (i, run) in page.runs.enumerated() {
        check(run.glyphs.lowerBound >= 0 && Int(run.glyphs.upperBound) <= glyphCount, "run \(i): glyphs \(run.glyphs) of \(glyphCount)")
        check(run.font >= 0 && Int(run.font) < page.fonts.count, "run \(i): font \(run.font) of \(page.fonts.count)")
        check(run.markedContent >= -1 && Int(run.markedContent) < page.markedContent.count, "run \(i): span \(run.markedContent)")
        sink &+= run.effectiveSize.isFinite ? 1 : 0
        sink &+= Int(run.renderingMode.rawValue) &+ Int(run.writingMode)
    }
    for (i, span) in page.markedContent.enumerated() {
        check(span.parent >= -1 && Int(span.parent) < i, "span \(i): parent \(span.parent)")
        sink &+= span.tag.utf8.count &+ (span.actualText?.utf8.count ?? 0) &+ (span.mcid ?? 0)
    }
    for f in page.fonts { sink &+= f.name.utf8.count &+ f.family.utf8.count &+ (f.isBold ? 1 : 0) }
    for p in page.paths { sink &+= p.bounds.width.isFinite ? 1 : 0 }
    for q in page.images { sink &+= q.bounds.height.isFinite ? 1 : 0 }
    return sink
}

/// A broken invariant: reported like a crash, so that libFuzzer keeps the input.
@inline(never)
public func check(_ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String) {
    if !condition() { fatalError("invariant: \(message())") }
}

/// The bytes of a fuzzer input.
public func bytes(_ data: UnsafePointer<UInt8>, _ size: Int) -> [UInt8] {
    Array(UnsafeBufferPointer(start: data, count: size))
}

/// Keeps a computed value from being optimised away.
@inline(never)
public func keep(_ value: Int) {
    if value == Int.min { print("unreachable", value) }
}

/// Extraction budgets small enough that every input runs in well under a second.
package func fuzzingOptions(includeAnnotations: Bool) -> ExtractionOptions {
    var o = ExtractionOptions()
    o.includeAnnotations = includeAnnotations
    o.maxOperators = 200_000
    o.maxGlyphs = 100_000
    o.maxPaths = 10_000
    return o
}
