import PDFCore

/// The predictors of FlateDecode and LZWDecode (ISO 32000-2 §7.4.4.4): TIFF predictor 2 and
/// the PNG predictors (Predictor >= 10, where each row's leading tag byte picks None, Sub,
/// Up, Average or Paeth).
package enum Predictor {
    /// Undoes the prediction described by `parameters` (Predictor, Colors, BitsPerComponent,
    /// Columns). Predictor 1 returns the input. A final partial row is decoded as far as it
    /// goes. Parameters that cannot be applied give the input back with a diagnostic.
    package static func decode(
        _ input: ArraySlice<UInt8>, parameters: FilterParameters, maxOutput: Int, log: inout DiagnosticLog
    ) -> (bytes: [UInt8], complete: Bool) {
        let cap = max(0, maxOutput)
        var result: (bytes: [UInt8], complete: Bool)
        switch parameters.predictor {
        case 1:
            result = (Array(input), true)
        case 2, 10...:
            guard let layout = Layout(parameters, inputCount: input.count) else {
                log.append(.predictorCorrupt, .warning, "Predictor \(parameters.predictor): unusable parameters Colors \(parameters.colors) BitsPerComponent \(parameters.bitsPerComponent) Columns \(parameters.columns); data left as is")
                result = (Array(input), false)
                break
            }
            if parameters.predictor == 2 {
                guard [1, 2, 4, 8, 16].contains(parameters.bitsPerComponent) else {
                    log.append(.predictorCorrupt, .warning, "TIFF predictor: BitsPerComponent \(parameters.bitsPerComponent) is not 1, 2, 4, 8 or 16; data left as is")
                    result = (Array(input), false)
                    break
                }
                result = (tiff(input, layout, bitsPerComponent: parameters.bitsPerComponent, colors: parameters.colors), true)
            } else {
                result = png(input, layout, log: &log)
            }
        default:
            log.append(.predictorCorrupt, .warning, "Predictor \(parameters.predictor) is not defined; data left as is")
            result = (Array(input), true)
        }
        if result.bytes.count > cap {
            result.bytes.removeLast(result.bytes.count - cap)
            result.complete = false
            logSizeLimit(&log, "Predictor", cap)
        }
        return result
    }

    /// Row geometry, with lengths clamped to the input size so that absurd parameters cannot
    /// make arithmetic overflow or buffers huge (a row longer than the data is one partial row).
    struct Layout {
        /// Bytes in one row of samples (without a PNG tag byte).
        var rowLength: Int
        /// Bytes per whole pixel, at least 1: the distance to the "left" byte.
        var bytesPerPixel: Int
        /// Samples in one row (colors × columns), clamped.
        var samplesPerRow: Int

        init?(_ p: FilterParameters, inputCount: Int) {
            guard p.colors >= 1, p.bitsPerComponent >= 1, p.columns >= 1 else { return nil }
            let ceiling = max(inputCount, 1)
            let bitsPerPixel = p.colors.multipliedSaturating(by: p.bitsPerComponent)
            let bitsPerRow = bitsPerPixel.multipliedSaturating(by: p.columns)
            rowLength = min(ceiling, bitsPerRow / 8 + (bitsPerRow % 8 == 0 ? 0 : 1))
            bytesPerPixel = min(ceiling, bitsPerPixel / 8 + (bitsPerPixel % 8 == 0 ? 0 : 1))
            samplesPerRow = min(p.colors.multipliedSaturating(by: p.columns), rowLength.multipliedSaturating(by: 8) / p.bitsPerComponent)
        }
    }

    static func png(_ input: ArraySlice<UInt8>, _ layout: Layout, log: inout DiagnosticLog) -> (bytes: [UInt8], complete: Bool) {
        let rowLength = layout.rowLength
        let bpp = layout.bytesPerPixel
        let stride = rowLength + 1
        let fullRows = input.count / stride
        let rest = input.count % stride
        let partialLength = rest > 0 ? rest - 1 : 0
        let outCount = fullRows * rowLength + partialLength
        var badTagRow = -1
        var badTag: UInt8 = 0
        var badTagCount = 0

        let out = [UInt8](unsafeUninitializedCapacity: outCount) { dst, initialized in
            input.withUnsafeBufferPointer { src in
                var row = 0
                var inStart = 0
                var outStart = 0
                while inStart < src.count {
                    let length = min(rowLength, src.count - inStart - 1)
                    if length <= 0 { break }
                    var tag = src[inStart]
                    if tag > 4 {
                        if badTagRow < 0 { badTagRow = row; badTag = tag }
                        badTagCount += 1
                        tag = 0
                    }
                    let s = inStart + 1
                    let o = outStart
                    let up = outStart - rowLength  // prior row start; valid when row > 0
                    if row == 0 {
                        // No prior row: Up is None, Average halves the left byte, Paeth is Sub.
                        switch tag {
                        case 1, 4:
                            for k in 0..<length { dst[o + k] = k >= bpp ? src[s + k] &+ dst[o + k - bpp] : src[s + k] }
                        case 3:
                            for k in 0..<length { dst[o + k] = k >= bpp ? src[s + k] &+ dst[o + k - bpp] >> 1 : src[s + k] }
                        default:
                            for k in 0..<length { dst[o + k] = src[s + k] }
                        }
                    } else {
                        switch tag {
                        case 1:
                            let head = min(bpp, length)
                            for k in 0..<head { dst[o + k] = src[s + k] }
                            for k in head..<length { dst[o + k] = src[s + k] &+ dst[o + k - bpp] }
                        case 2:
                            for k in 0..<length { dst[o + k] = src[s + k] &+ dst[up + k] }
                        case 3:
                            let head = min(bpp, length)
                            for k in 0..<head { dst[o + k] = src[s + k] &+ dst[up + k] >> 1 }
                            for k in head..<length {
                                let average = (UInt16(dst[o + k - bpp]) + UInt16(dst[up + k])) >> 1
                                dst[o + k] = src[s + k] &+ UInt8(truncatingIfNeeded: average)
                            }
                        case 4:
                            let head = min(bpp, length)
                            // Left and upper-left are 0 here, so Paeth picks the byte above.
                            for k in 0..<head { dst[o + k] = src[s + k] &+ dst[up + k] }
                            for k in head..<length {
                                dst[o + k] = src[s + k] &+ paeth(dst[o + k - bpp], dst[up + k], dst[up + k - bpp])
                            }
                        default:
                            for k in 0..<length { dst[o + k] = src[s + k] }
                        }
                    }
                    row += 1
                    inStart += stride
                    outStart += length
                }
                initialized = outStart
            }
        }

        var complete = true
        if badTagRow >= 0 {
            complete = false
            log.append(.predictorCorrupt, .warning, "PNG predictor: row tag \(badTag) at row \(badTagRow) is not 0...4 (\(badTagCount) such rows); treated as None")
        }
        if rest > 0 {
            log.append(.predictorCorrupt, .info, "PNG predictor: last row has \(partialLength) of \(rowLength) bytes; decoded as far as it goes")
        }
        return (out, complete)
    }

    @inline(__always)
    static func paeth(_ a: UInt8, _ b: UInt8, _ c: UInt8) -> UInt8 {
        let p = Int(a) + Int(b) - Int(c)
        let pa = abs(p - Int(a)), pb = abs(p - Int(b)), pc = abs(p - Int(c))
        if pa <= pb && pa <= pc { return a }
        if pb <= pc { return b }
        return c
    }

    static func tiff(_ input: ArraySlice<UInt8>, _ layout: Layout, bitsPerComponent bpc: Int, colors: Int) -> [UInt8] {
        let rowLength = layout.rowLength
        return [UInt8](unsafeUninitializedCapacity: input.count) { dst, initialized in
            input.withUnsafeBufferPointer { src in
                var rowStart = 0
                while rowStart < src.count {
                    let length = min(rowLength, src.count - rowStart)
                    let o = rowStart
                    switch bpc {
                    case 8:
                        for k in 0..<length {
                            dst[o + k] = k >= colors ? src[o + k] &+ dst[o + k - colors] : src[o + k]
                        }
                    case 16:
                        let samples = min(layout.samplesPerRow, length / 2)
                        for j in 0..<samples {
                            var v = UInt16(src[o + 2 * j]) << 8 | UInt16(src[o + 2 * j + 1])
                            if j >= colors {
                                let l = o + 2 * (j - colors)
                                v &+= UInt16(dst[l]) << 8 | UInt16(dst[l + 1])
                            }
                            dst[o + 2 * j] = UInt8(truncatingIfNeeded: v >> 8)
                            dst[o + 2 * j + 1] = UInt8(truncatingIfNeeded: v)
                        }
                        for k in (2 * samples)..<length { dst[o + k] = src[o + k] }
                    default:
                        // 1, 2 or 4 bits: copy the row (keeping any padding bits), then add
                        // each sample's left neighbour in place.
                        for k in 0..<length { dst[o + k] = src[o + k] }
                        let samples = min(layout.samplesPerRow, length * 8 / bpc)
                        let mask = UInt8(truncatingIfNeeded: 1 << bpc - 1)
                        var j = colors
                        while j < samples {
                            let bit = j * bpc
                            let byte = o + bit >> 3
                            let shift = UInt8(truncatingIfNeeded: 8 - bpc - bit & 7)
                            let leftBit = (j - colors) * bpc
                            let left = dst[o + leftBit >> 3] >> UInt8(truncatingIfNeeded: 8 - bpc - leftBit & 7) & mask
                            let value = (dst[byte] >> shift &+ left) & mask
                            dst[byte] = dst[byte] & ~(mask << shift) | value << shift
                            j += 1
                        }
                    }
                    rowStart += length
                }
                initialized = src.count
            }
        }
    }
}
