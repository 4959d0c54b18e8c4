import PDFContent
import PDFCore
import PDFFile
import PDFGlyphs
import PDFSyntax

/// An image as painted on a page: where (the unit square's image under the CTM) and what.
package struct PlacedImage: Sendable {
    /// Image space (the unit square, y up, the first row at the top) → page space.
    package var matrix: Matrix
    package var source: ImageSource
    package var resources: PDFDictionary?
    /// The gray a stencil mask paints in (its fill colour's luminance).
    package var ink: UInt8
}

/// Collects the images a page paints, in painting order, with their sources. Text, paths
/// and shadings are ignored.
final class ImageCollector: ContentSink {
    var images: [PlacedImage] = []
    let maxImages: Int
    var dropped = 0
    init(maxImages: Int) { self.maxImages = maxImages }

    var wantsImageSources: Bool { true }
    func showGlyph(_ glyph: GlyphEvent) {}
    func beginMarkedContent(tag: Name, properties: PDFDictionary?) {}
    func endMarkedContent() {}
    func paintPath(_ path: PathEvent) {}

    func paintImage(_ image: ImageEvent) {
        guard let source = image.source else { return }
        guard images.count < maxImages else { dropped += 1; return }
        let q = image.quad
        let m = Matrix(a: q.lowerRight.x - q.lowerLeft.x, b: q.lowerRight.y - q.lowerLeft.y,
                       c: q.upperLeft.x - q.lowerLeft.x, d: q.upperLeft.y - q.lowerLeft.y,
                       e: q.lowerLeft.x, f: q.lowerLeft.y)
        guard m.isAllFinite, abs(m.a * m.d - m.b * m.c) > 1e-9 else { return }
        let c = image.fillColor
        let ink = 0.299 * Double(c.red) + 0.587 * Double(c.green) + 0.114 * Double(c.blue)
        images.append(PlacedImage(matrix: m, source: source, resources: image.resources,
                                  ink: UInt8(max(0, min(255, (ink * 255).rounded())))))
    }
}

/// The images of one page, read by running its content again with an image collector.
package enum PageImages {
    /// The images page `index` paints (forms and, with the extractor's options, annotation
    /// appearances included), at most `maxImages`.
    package static func collect(_ extractor: PageExtractor, pageIndex: Int, maxImages: Int = 4096,
                                log: inout DiagnosticLog) -> [PlacedImage] {
        let pages = extractor.document.pages
        guard pageIndex >= 0, pageIndex < pages.count else { return [] }
        let collector = ImageCollector(maxImages: maxImages)
        extractor.interpret(page: pages[pageIndex], sink: collector)
        if collector.dropped > 0 {
            log.append(.imageTooLarge, .warning, "page paints more than \(maxImages) images; \(collector.dropped) left out of OCR")
        }
        return collector.images
    }
}
