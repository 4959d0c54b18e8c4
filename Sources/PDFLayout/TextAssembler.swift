import PDFCore
import PDFGlyphs

/// Turns ordered blocks of segments into the page text: characters with their glyphs,
/// words, lines and blocks; ligatures expanded, right-to-left lines in logical order,
/// hyphenated line ends joined.
struct TextAssembler {
    let page: PageGlyphs
    let items: [Item]
    let segments: [Segment]
    let groups: [Orientation]
    let options: LayoutOptions
    var hyphenationsJoined = 0
    /// Accents and marks drawn as glyphs of their own, by their letter's glyph (from
    /// `LayoutBuilder.attachAccentsAndMarks`).
    var attachments: [Int32: [Int32]] = [:] {
        didSet {
            hasAttachments = [Bool](repeating: false, count: attachments.isEmpty ? 0 : page.glyphs.count)
            for k in attachments.keys where k >= 0 && Int(k) < hasAttachments.count { hasAttachments[Int(k)] = true }
        }
    }
    /// Which glyphs have entries in `attachments`: an array read per glyph instead of a
    /// hash lookup.
    private var hasAttachments: [Bool] = []

    /// The accents and marks attached to a glyph, if any.
    @inline(__always) func attached(to glyph: Int32) -> [Int32]? {
        glyph >= 0 && Int(glyph) < hasAttachments.count && hasAttachments[Int(glyph)] ? attachments[glyph] : nil
    }

    /// One unit of a line: a glyph's text (scalars in `buffer`) or a space.
    struct Cluster {
        var start: Int32
        var end: Int32
        var glyph: Int32
        var isSpace: Bool
    }

    struct PendingLine {
        var clusters: [Cluster]
        var direction: TextDirection
        var angle: Double
        var block: Int
        /// Joined to the next line (a hyphenated word): no line break between them.
        var joinsNext = false
        /// In a table's row: the space clusters between two lines of one cell, where a word
        /// hyphenated at the cell's edge is joined as at a line's end.
        var cellBreaks: [Int] = []
    }

    var buffer: [Unicode.Scalar] = []
    /// Whether any scalar of the page lies where right-to-left letters do (one pass over the
    /// page's text; most pages have none, and their blocks need no direction).
    let pageMayHaveRightToLeft: Bool

    init(page: PageGlyphs, items: [Item], segments: [Segment], groups: [Orientation], options: LayoutOptions) {
        self.page = page; self.items = items; self.segments = segments; self.groups = groups; self.options = options
        pageMayHaveRightToLeft = page.scalars.contains { Bidi.mayBeRightToLeft($0) }
    }

    mutating func assemble(_ blocks: [Block]) -> PageLayout {
        var pending: [PendingLine] = []
        var kinds: [BlockKind] = []
        for b in blocks {
            let blockIndex = kinds.count
            var any = false
            let paragraph = paragraphDirection(b)
            for line in b.lines {
                // A line without right-to-left letters takes a right-to-left paragraph's
                // direction only when it ends at the paragraph's right edge (a sentence's
                // last words, "Windows 11."); set apart, centred or to the left (a display
                // equation), it keeps its own.
                var base = paragraph
                if paragraph == .rightToLeft {
                    var x1 = -Double.infinity, size = 0.0
                    for k in line { x1 = max(x1, segments[k].x1); size = max(size, segments[k].size) }
                    if b.x1 - x1 > options.paragraphAlignmentTolerance * size { base = .auto }
                }
                if var p = makeLine(line, paragraph: base, cells: b.kind == .table) {
                    p.block = blockIndex
                    pending.append(p)
                    any = true
                }
            }
            if any { kinds.append(b.kind) }
        }
        if options.hyphenJoining != .never { joinHyphens(&pending) }
        return emit(pending, kinds: kinds)
    }

    // MARK: Lines

    mutating func appendText(of glyph: Int32) -> Cluster? {
        let g = page.glyphs[Int(glyph)]
        let start = Int32(buffer.count)
        // By index, not through a slice: a slice of the page's scalars per glyph took a
        // reference to the array and gave it back.
        for k in Int(g.text.lowerBound)..<Int(g.text.upperBound) {
            let s = page.scalars[k]
            let v = s.value
            if v < 0x20 || (v >= 0x7F && v < 0xA0) { continue }
            if v >= 0xFB00 && v <= 0xFEFF {
                if options.expandsLigatures, let parts = TextNormalization.expandLigature(s) {
                    buffer.append(contentsOf: parts); continue
                }
                if options.normalizesPresentationForms, let parts = TextNormalization.basePresentationForm(s) {
                    buffer.append(contentsOf: parts); continue
                }
            }
            buffer.append(s)
        }
        if let attached = attached(to: glyph), buffer.count > Int(start) {
            appendAttached(attached, from: Int(start))
        }
        let end = Int32(buffer.count)
        return end > start ? Cluster(start: start, end: end, glyph: glyph, isSpace: false) : nil
    }

    /// Adds the accents and marks attached to the letter whose text starts at `start`: a
    /// spacing accent becomes its combining mark and the letter is composed (NFC; a dotless
    /// i or j under an accent above becomes i or j); a combining mark is added as drawn. The
    /// letter's glyph stands for all of them (word bounds include theirs).
    mutating func appendAttached(_ attached: [Int32], from start: Int) {
        var composes = false
        for g in attached {
            let r = page.glyphs[Int(g)].text
            for s in page.scalars[Int(r.lowerBound)..<Int(r.upperBound)] {
                if let mark = TextNormalization.combiningAccent(s) {
                    let above = mark.value != 0x0327 && mark.value != 0x0328
                    if above, let last = buffer.last, last.value == 0x0131 || last.value == 0x0237 {
                        buffer[buffer.count - 1] = last.value == 0x0131 ? "i" : "j"
                    }
                    buffer.append(mark)
                    composes = true
                } else if s.isCombiningMark {
                    buffer.append(s)
                }
            }
        }
        if composes {
            let out = TextNormalization.composed(buffer[start...])
            buffer.removeSubrange(start...)
            buffer.append(contentsOf: out)
        }
    }

    /// The bidi base direction of a block's lines, decided once for the paragraph (UAX #9
    /// P2–P3 over the whole paragraph rather than line by line): nil when the block holds
    /// nothing right to left, or is a table (each row decides for itself).
    ///
    /// The glyphs are in visual order, so the first strong character is not the logical
    /// first; the evidence is the majority of strong letters over the block and, with two
    /// lines or more, its alignment: lines flush right and ragged left are right to left,
    /// flush left and ragged right left to right (`paragraphAlignmentTolerance`), unless the
    /// letters of that direction are fewer than `paragraphAlignmentMinimumShare`.
    func paragraphDirection(_ b: Block) -> ParagraphDirection? {
        guard pageMayHaveRightToLeft, b.kind != .table, let first = b.lines.first?.first else { return nil }
        let orientation = groups[segments[first].group]
        guard orientation.angle == 0 || orientation.isDiagonal else { return nil }
        // Cheap filter first: most blocks have no scalar where right-to-left letters live.
        var mayHaveRightToLeft = false
        scan: for line in b.lines { for k in line { for i in segments[k].items {
            let g = page.glyphs[Int(items[Int(i)].glyph)]
            for s in page.scalars[Int(g.text.lowerBound)..<Int(g.text.upperBound)] where Bidi.mayBeRightToLeft(s) {
                mayHaveRightToLeft = true
                break scan
            }
        } } }
        guard mayHaveRightToLeft else { return nil }
        var ltr = 0, rtl = 0
        for line in b.lines { for k in line { for i in segments[k].items {
            let g = page.glyphs[Int(items[Int(i)].glyph)]
            for s in page.scalars[Int(g.text.lowerBound)..<Int(g.text.upperBound)] {
                if Bidi.isLeftToRightLetter(s) { ltr += 1; continue }
                switch Bidi.bidiClass(s) {
                case Bidi.bidiL: ltr += 1
                case Bidi.bidiR, Bidi.bidiAL: rtl += 1
                default: break
                }
            }
        } } }
        guard rtl > 0 else { return nil }
        let majority: ParagraphDirection = rtl > ltr ? .rightToLeft : .leftToRight
        guard b.lines.count >= 2 else { return majority }
        var flushLeft = true, flushRight = true
        for line in b.lines {
            var x0 = Double.infinity, x1 = -Double.infinity, size = 0.0
            for k in line { x0 = min(x0, segments[k].x0); x1 = max(x1, segments[k].x1); size = max(size, segments[k].size) }
            let tolerance = options.paragraphAlignmentTolerance * size
            if x0 - b.x0 > tolerance { flushLeft = false }
            if b.x1 - x1 > tolerance { flushRight = false }
        }
        let total = Double(ltr + rtl)
        if flushRight && !flushLeft && Double(rtl) >= options.paragraphAlignmentMinimumShare * total { return .rightToLeft }
        if flushLeft && !flushRight && Double(ltr) >= options.paragraphAlignmentMinimumShare * total { return .leftToRight }
        return majority
    }

    /// A line from its segments (one, or a table row's cells), in logical order, read with
    /// the paragraph's base direction when the block decided one (`.auto`: right to left when
    /// the line has right-to-left letters, else the line's own).
    /// `cells`: the line is a table's row, whose cells list their lines top to bottom (a
    /// segment under the one before it, overlapping it, goes on its cell: `cellBreaks`).
    mutating func makeLine(_ segs: [Int], paragraph: ParagraphDirection? = nil, cells: Bool = false) -> PendingLine? {
        var clusters: [Cluster] = []
        // At most one cluster per item, per space after an item and per segment boundary.
        clusters.reserveCapacity(segs.reduce(0) { $0 + segments[$1].items.count + segments[$1].spaceAfter.count + 1 })
        var cellBreaks: [Int] = []
        func addSpace(_ glyph: Int32) {
            guard let last = clusters.last, !last.isSpace else { return }
            clusters.append(Cluster(start: 0, end: 0, glyph: glyph, isSpace: true))
        }
        var group = 0
        for (n, k) in segs.enumerated() {
            let s = segments[k]
            group = s.group
            if n > 0 {
                addSpace(LayoutCharacter.synthesized)
                let p = segments[segs[n - 1]]
                if cells, clusters.last?.isSpace == true, s.top >= p.top + options.cellLineBreakShift * p.size, overlap(p.x0, p.x1, s.x0, s.x1) > 0 {
                    cellBreaks.append(clusters.count - 1)
                }
            }
            for (j, i) in s.items.enumerated() {
                let it = items[Int(i)]
                if it.isSpace {
                    addSpace(it.glyph)
                } else if let c = appendText(of: it.glyph) {
                    clusters.append(c)
                }
                if j < s.spaceAfter.count && s.spaceAfter[j] { addSpace(LayoutCharacter.synthesized) }
            }
        }
        let counted = clusters.count
        dropKashidas(&clusters)
        // Clusters dropped or moved (kashidas, logical order) leave no cell breaks.
        var reordered = clusters.count != counted
        while clusters.last?.isSpace == true { clusters.removeLast() }
        let leading = clusters.prefix { $0.isSpace }.count
        clusters.removeFirst(leading)
        guard !clusters.isEmpty else { return nil }
        cellBreaks = cellBreaks.map { $0 - leading }.filter { $0 > 0 && $0 < clusters.count - 1 }
        let orientation = groups[group]
        var direction = orientation.direction
        var paragraph = paragraph
        if paragraph == .auto {
            // A right-to-left paragraph's line not at its right edge: the paragraph's direction
            // if the line has right-to-left letters, else its own.
            let hasRightToLeft = clusters.contains { !$0.isSpace && Bidi.hasRightToLeft(buffer[Int($0.start)..<Int($0.end)]) }
            paragraph = hasRightToLeft ? .rightToLeft : nil
        }
        if let paragraph, orientation.angle == 0 || orientation.isDiagonal {
            if paragraph == .rightToLeft || clusters.contains(where: { !$0.isSpace && Bidi.hasRightToLeft(buffer[Int($0.start)..<Int($0.end)]) }) {
                let reps = clusters.map { $0.isSpace ? Unicode.Scalar(0x20)! : buffer[Int($0.start)] }
                let order = Bidi.logicalOrder(visual: reps, direction: paragraph)
                if order.count == clusters.count { clusters = order.map { clusters[$0] }; reordered = true }
                if paragraph == .rightToLeft { direction = .rightToLeft }
            }
        } else if pageMayHaveRightToLeft && (orientation.angle == 0 || orientation.isDiagonal) {
            // `buffer` holds only the page's scalars, or what ligatures, presentation forms
            // and accents become, none of them right to left unless the page has some.
            if clusters.contains(where: { !$0.isSpace && Bidi.hasRightToLeft(buffer[Int($0.start)..<Int($0.end)]) }) {
                var text: [Unicode.Scalar] = []
                for c in clusters where !c.isSpace { text.append(contentsOf: buffer[Int(c.start)..<Int(c.end)]) }
                let dominant = Bidi.dominantDirection(text) ?? .leftToRight
                let reps = clusters.map { $0.isSpace ? Unicode.Scalar(0x20)! : buffer[Int($0.start)] }
                let order = Bidi.logicalOrder(visual: reps, direction: dominant)
                if order.count == clusters.count { clusters = order.map { clusters[$0] }; reordered = true }
                if dominant == .rightToLeft { direction = .rightToLeft }
            }
        }
        var line = PendingLine(clusters: clusters, direction: direction, angle: Double(orientation.angle), block: 0)
        if !reordered { line.cellBreaks = cellBreaks }
        return line
    }

    /// Unmapped glyphs (no Unicode from any source) set between two Arabic-script letters are
    /// justification elongations (kashida), which some producers draw as repeated unmapped
    /// extender glyphs: they carry no text, and a U+FFFD inside every stretched word would
    /// break it. Elsewhere an unmapped glyph stays U+FFFD, so the loss is visible.
    func dropKashidas(_ clusters: inout [Cluster]) {
        guard clusters.count >= LayoutConstants.kashidaContextClusters else { return }
        func isArabicLetter(_ c: Cluster) -> Bool {
            guard !c.isSpace else { return false }
            let v = buffer[Int(c.start)].value
            return (0x0620...0x06FF).contains(v) || (0x0750...0x077F).contains(v) || (0x08A0...0x08FF).contains(v)
                || (0xFB50...0xFDFF).contains(v) || (0xFE70...0xFEFF).contains(v)
        }
        func isUnmapped(_ c: Cluster) -> Bool {
            !c.isSpace && c.glyph >= 0 && page.glyphs[Int(c.glyph)].unicodeSource == .none
        }
        var dropped: [Range<Int>] = []  // ascending; allocated only when a kashida is found
        var k = 0
        while k < clusters.count {
            guard isUnmapped(clusters[k]) else { k += 1; continue }
            var end = k
            while end < clusters.count && isUnmapped(clusters[end]) { end += 1 }
            if k > 0, end < clusters.count, isArabicLetter(clusters[k - 1]), isArabicLetter(clusters[end]) {
                dropped.append(k..<end)
            }
            k = end
        }
        for r in dropped.reversed() { clusters.removeSubrange(r) }
    }

    // MARK: Hyphenation

    func letters(_ c: Cluster) -> ArraySlice<Unicode.Scalar> { buffer[Int(c.start)..<Int(c.end)] }

    /// Adds a cluster's letters to a word key (by index: a slice per cluster took a
    /// reference to `buffer` and gave it back).
    @inline(__always) func addLetters(_ c: Cluster, to k: inout WordKey) {
        for i in Int(c.start)..<Int(c.end) { k.add(buffer[i]) }
    }

    static func isHyphen(_ s: Unicode.Scalar) -> Bool {
        s == "-" || s.value == 0x2010 || s.value == 0x00AD
    }

    /// Hash of a word for the page vocabulary: its letters lower-cased, hyphens kept (so
    /// "well-known" and "wellknown" differ), everything else left out. 64-bit FNV-1a.
    struct WordKey: Hashable {
        var hash: UInt64 = 0xcbf29ce484222325
        var isEmpty = true
        mutating func add(_ s: Unicode.Scalar) {
            var v = s.value
            if v < 0x80 {
                guard (v | 0x20) >= 0x61 && (v | 0x20) <= 0x7A || v == 0x2D else { return }
                if v != 0x2D { v |= 0x20 }
            } else {
                guard s.isLetter else { return }
                v = s.properties.lowercaseMapping.unicodeScalars.first?.value ?? v
            }
            hash = (hash ^ UInt64(v)) &* 0x100000001b3
            isEmpty = false
        }
    }

    /// The words of a page (their non-empty `WordKey`s), in an open-addressing table of
    /// their 64-bit hashes: a `Set<WordKey>` hashed each key again (SipHash) to place it,
    /// the largest part of building the vocabulary. Answers as that set did: two keys are
    /// the same word when their hashes are equal, and an empty key is never in it.
    struct WordSet {
        private var slots: [UInt64]
        private var mask: Int
        private var count = 0
        /// Whether the word whose hash is 0 is in (0 marks an empty slot).
        private var hasZero = false

        init(minimumCapacity: Int) {
            var n = 16
            while n < max(minimumCapacity, 1) * 2 && n < 1 << 40 { n <<= 1 }
            slots = [UInt64](repeating: 0, count: n)
            mask = n - 1
        }

        @inline(__always) private func slot(_ hash: UInt64) -> Int {
            // The FNV hash's low bits are weak: the high bits of a multiplication place it.
            Int(truncatingIfNeeded: (hash &* 0x9E37_79B9_7F4A_7C15) >> 32) & mask
        }

        mutating func insert(_ key: WordKey) {
            guard !key.isEmpty else { return }
            let h = key.hash
            if h == 0 { hasZero = true; return }
            if (count + 1) * 2 > slots.count { grow() }
            var s = slot(h)
            while true {
                let v = slots[s]
                if v == h { return }
                if v == 0 { slots[s] = h; count += 1; return }
                s = (s + 1) & mask
            }
        }

        func contains(_ key: WordKey) -> Bool {
            guard !key.isEmpty else { return false }
            let h = key.hash
            if h == 0 { return hasZero }
            var s = slot(h)
            while true {
                let v = slots[s]
                if v == h { return true }
                if v == 0 { return false }
                s = (s + 1) & mask
            }
        }

        private mutating func grow() {
            let old = slots
            slots = [UInt64](repeating: 0, count: old.count * 2)
            mask = slots.count - 1
            count = 0
            for v in old where v != 0 {
                var s = slot(v)
                while slots[s] != 0 { s = (s + 1) & mask }
                slots[s] = v
                count += 1
            }
        }
    }

    func key(_ clusters: ArraySlice<Cluster>, into k: inout WordKey) {
        for c in clusters where !c.isSpace { addLetters(c, to: &k) }
    }

    /// Joins words broken by a hyphen at a line's end (`hyphenBreaks`) in every line but a
    /// right-to-left one: lines running up or down a page turned a quarter are Latin too.
    mutating func joinHyphens(_ lines: inout [PendingLine]) {
        var vocabulary: WordSet? = nil
        for k in 0..<max(0, lines.count - 1) where lines[k].block == lines[k + 1].block
            && lines[k].direction != .rightToLeft {
            guard let hyphenAlone = hyphenBreaks(lines[k].clusters[...], lines[k + 1].clusters[...],
                                                 vocabulary: &vocabulary, lines: lines) else { continue }
            let cl = lines[k].clusters
            if hyphenAlone {
                lines[k].clusters.removeLast()
            } else {
                lines[k].clusters[cl.count - 1].end -= 1
            }
            lines[k].joinsNext = true
            hyphenationsJoined += 1
        }
        // A table cell's lines inside its row (`PendingLine.cellBreaks`), last first so that
        // the earlier breaks keep their places.
        for k in lines.indices where !lines[k].cellBreaks.isEmpty && lines[k].direction != .rightToLeft {
            for b in lines[k].cellBreaks.reversed() where b > 0 && b + 1 < lines[k].clusters.count {
                let cl = lines[k].clusters
                guard let hyphenAlone = hyphenBreaks(cl[..<b], cl[(b + 1)...], vocabulary: &vocabulary, lines: lines) else { continue }
                lines[k].clusters.remove(at: b)
                if hyphenAlone {
                    lines[k].clusters.remove(at: b - 1)
                } else {
                    lines[k].clusters[b - 1].end -= 1
                }
                hyphenationsJoined += 1
            }
        }
    }

    /// Whether a line (or a table cell's line) ending `head` breaks a word with a hyphen that
    /// the text going on in `tail` completes: the hyphen follows a letter, the tail starts in
    /// lower case, and (`hyphenJoining` `.evidenced`) the joined word is on the page or the
    /// compound with its hyphen is not. Nil when not; else whether the hyphen is a cluster
    /// of its own.
    func hyphenBreaks(_ head: ArraySlice<Cluster>, _ tail: ArraySlice<Cluster>, vocabulary: inout WordSet?,
                      lines: [PendingLine]) -> Bool? {
        guard let last = head.last, last.end > last.start else { return nil }
        let hyphen = buffer[Int(last.end) - 1]
        guard Self.isHyphen(hyphen) else { return nil }
        // The letter before the hyphen.
        let hyphenAlone = last.end - last.start == 1
        let before: Unicode.Scalar
        if hyphenAlone {
            guard head.count >= 2, !head[head.endIndex - 2].isSpace else { return nil }
            before = buffer[Int(head[head.endIndex - 2].end) - 1]
        } else {
            before = buffer[Int(last.end) - 2]
        }
        guard before.isLetter else { return nil }
        guard let first = tail.first, !first.isSpace,
              buffer[Int(first.start)].properties.isLowercase else { return nil }
        if hyphen.value == 0x00AD || options.hyphenJoining == .always { return hyphenAlone }
        if vocabulary == nil { vocabulary = pageVocabulary(lines) }
        // The head: the last word of the line without its hyphen.
        let headStart = head[..<(head.endIndex - 1)].lastIndex { $0.isSpace }.map { $0 + 1 } ?? head.startIndex
        var word = [Unicode.Scalar]()
        for c in head[headStart...] { word.append(contentsOf: letters(c)) }
        word.removeLast()
        let tailEnd = tail.firstIndex { $0.isSpace } ?? tail.endIndex
        var joined = WordKey(), compound = WordKey()
        for s in word { joined.add(s); compound.add(s) }
        compound.add("-")
        key(tail[tail.startIndex..<tailEnd], into: &joined)
        key(tail[tail.startIndex..<tailEnd], into: &compound)
        // For: the joined word is on the page. Against: the compound is. Neither:
        // join, since a line-end hyphen before a lower-case letter is far more often
        // hyphenation than a compound's own hyphen.
        return vocabulary!.contains(joined) || !vocabulary!.contains(compound) ? hyphenAlone : nil
    }

    /// Every word on the page (as `WordKey`s).
    func pageVocabulary(_ lines: [PendingLine]) -> WordSet {
        // Room for every word at once (at most one per space, and one more per line): grown
        // by doubling, the set hashed its words again at each growth.
        var words = 0
        for line in lines { words += 1; for c in line.clusters where c.isSpace { words += 1 } }
        var vocabulary = WordSet(minimumCapacity: words)
        for line in lines {
            var word = WordKey()
            for c in line.clusters {
                if c.isSpace {
                    if !word.isEmpty { vocabulary.insert(word) }
                    word = WordKey()
                } else {
                    addLetters(c, to: &word)
                }
            }
            if !word.isEmpty { vocabulary.insert(word) }
        }
        return vocabulary
    }

    // MARK: Output

    func bounds(ofGlyph g: Int32) -> Rect? {
        guard g >= 0 else { return nil }
        return page.glyphs[Int(g)].quad.bounds
    }

    func union(_ a: Rect?, _ b: Rect?) -> Rect? {
        guard let a else { return b }
        guard let b else { return a }
        return Rect(x0: min(a.x0, b.x0), y0: min(a.y0, b.y0), x1: max(a.x1, b.x1), y1: max(a.y1, b.y1))
    }

    func emit(_ lines: [PendingLine], kinds: [BlockKind]) -> PageLayout {
        var out = PageLayout(pageIndex: page.pageIndex)
        out.characters.reserveCapacity(buffer.count + lines.count * 8)
        let zero = Rect(x0: 0, y0: 0, x1: 0, y1: 0)
        var blockStartLine = 0
        var blockBounds: Rect? = nil
        func newline(_ out: inout PageLayout) { out.characters.append(LayoutCharacter(scalar: "\n", glyph: LayoutCharacter.synthesized)) }
        for (n, line) in lines.enumerated() {
            if n > 0 && lines[n - 1].block != line.block {
                out.blocks.append(LayoutBlock(lines: Int32(blockStartLine)..<Int32(out.lines.count),
                                              bounds: blockBounds ?? zero, kind: kinds[lines[n - 1].block]))
                blockStartLine = out.lines.count
                blockBounds = nil
                newline(&out)
            }
            let lineStart = Int32(out.characters.count)
            let firstWord = Int32(out.words.count)
            var lineBounds: Rect? = nil
            var wordStart = out.characters.count
            var wordBounds: Rect? = nil
            var wordGlyph: Int32 = -1
            func closeWord(_ out: inout PageLayout) {
                guard out.characters.count > wordStart else { return }
                var font: Int32 = 0, size: Float = 0
                if wordGlyph >= 0 {
                    let run = page.runs[Int(page.glyphs[Int(wordGlyph)].run)]
                    font = run.font; size = Float(run.effectiveSize)
                }
                out.words.append(LayoutWord(characters: Int32(wordStart)..<Int32(out.characters.count),
                                            bounds: wordBounds ?? zero, font: font, fontSize: size))
                lineBounds = union(lineBounds, wordBounds)
            }
            for c in line.clusters {
                if c.isSpace {
                    closeWord(&out)
                    out.characters.append(LayoutCharacter(scalar: " ", glyph: c.glyph))
                    wordStart = out.characters.count
                    wordBounds = nil
                    wordGlyph = -1
                    continue
                }
                for i in Int(c.start)..<Int(c.end) {
                    out.characters.append(LayoutCharacter(scalar: buffer[i], glyph: c.glyph))
                }
                wordBounds = union(wordBounds, bounds(ofGlyph: c.glyph))
                if let attached = attached(to: c.glyph) {
                    for g in attached { wordBounds = union(wordBounds, bounds(ofGlyph: g)) }
                }
                if wordGlyph < 0 { wordGlyph = c.glyph }
            }
            closeWord(&out)
            out.lines.append(LayoutLine(words: firstWord..<Int32(out.words.count),
                                        characters: lineStart..<Int32(out.characters.count),
                                        bounds: lineBounds ?? zero, direction: line.direction, angle: line.angle,
                                        frame: frame(of: line)))
            blockBounds = union(blockBounds, lineBounds)
            if !line.joinsNext { newline(&out) }
        }
        if let last = lines.last {
            out.blocks.append(LayoutBlock(lines: Int32(blockStartLine)..<Int32(out.lines.count),
                                          bounds: blockBounds ?? zero, kind: kinds[last.block]))
        }
        return out
    }

    /// A horizontal line's baseline frame: that of its first glyph in a horizontal run with
    /// a usable text matrix.
    private func frame(of line: PendingLine) -> LineFrame? {
        guard line.direction == .leftToRight || line.direction == .rightToLeft else { return nil }
        for c in line.clusters where c.glyph >= 0 && Int(c.glyph) < page.glyphs.count {
            let r = Int(page.glyphs[Int(c.glyph)].run)
            guard r >= 0, r < page.runs.count, page.runs[r].writingMode == 0 else { continue }
            let m = page.runs[r].textMatrix
            if let f = LineFrame(textMatrixA: m.a, b: m.b, c: m.c, d: m.d) { return f }
        }
        return nil
    }
}
