// Temporary stand-ins until the ICU-backed Bidi and TextNormalization land.
public enum ParagraphDirection { case leftToRight, rightToLeft, auto }
public enum Bidi {
    public static func logicalOrder(visual clusters: [Unicode.Scalar], direction: ParagraphDirection) -> [Int] {
        direction == .rightToLeft ? Array(clusters.indices.reversed()) : Array(clusters.indices)
    }
}
public enum TextNormalization {
    public static func expandLigature(_ s: Unicode.Scalar) -> [Unicode.Scalar]? {
        switch s.value {
        case 0xFB00: return ["f", "f"]
        case 0xFB01: return ["f", "i"]
        case 0xFB02: return ["f", "l"]
        case 0xFB03: return ["f", "f", "i"]
        case 0xFB04: return ["f", "f", "l"]
        case 0xFB05, 0xFB06: return ["s", "t"]
        default: return nil
        }
    }
    public static func basePresentationForm(_ s: Unicode.Scalar) -> [Unicode.Scalar]? { nil }
}
