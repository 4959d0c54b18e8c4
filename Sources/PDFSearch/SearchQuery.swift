import PDFCore

/// A search query in the syntax users know from web search, turned into an SQLite FTS5
/// expression over index terms:
///
/// - `word word` — pages with both (AND is implied; `AND` may be written).
/// - `"several words"` — the words in this order, next to each other (a phrase).
/// - `pref*` — any term starting with `pref` (also `"a phrase end"*`).
/// - `a OR b`, `a AND b`, `a NOT b`, `-word` (without it), and parentheses. Operators are
///   recognised in capitals only, as in FTS5; `and`, `or`, `not` are words.
/// - A word that the tokenizer splits into several terms (Chinese or Japanese text,
///   `e-mail`) is searched as a phrase, so `東京` finds 東京 and not 東 … 京.
///
/// Every word is folded as the index folded its text, and quoted in the expression, so
/// no user input can make an FTS5 syntax error.
public struct SearchQuery: Sendable, Hashable {
    public indirect enum Node: Sendable, Hashable {
        /// Index terms in a row (one term is a phrase of one); `prefix` marks the last.
        case phrase([String], prefix: Bool)
        case and([Node])
        case or([Node])
        /// The first without the second.
        case not(Node, Node)
    }

    public struct SyntaxError: Error, Sendable, Hashable, CustomStringConvertible {
        public var description: String
    }

    /// A query longer, with more terms or nested deeper than ``PDFCore/Limits`` allow
    /// (``PDFCore/Limits/maxQueryBytes``, ``PDFCore/Limits/maxQueryTerms``,
    /// ``PDFCore/Limits/maxQueryDepth``): refused before it reaches the index.
    public struct LimitExceeded: Error, Sendable, Hashable, CustomStringConvertible {
        public var description: String
    }

    public let root: Node

    /// The FTS5 expression (`"reading" "order"*`, `("a" OR "b") NOT "c"`).
    public var ftsExpression: String { Self.render(root) }

    /// Every term key in the query (for highlighting).
    public var keys: [String] {
        var out: [String] = []
        func walk(_ n: Node) {
            switch n {
            case .phrase(let ks, _): out += ks
            case .and(let ns), .or(let ns): ns.forEach(walk)
            case .not(let a, _): walk(a)
            }
        }
        walk(root)
        return out
    }

    /// Parses `query`; throws ``SyntaxError`` when it has no word to search for and
    /// ``LimitExceeded`` when it passes one of `limits`' query limits.
    public init(_ query: String, tokenizer: Tokenizer, limits: Limits = .default) throws {
        let bytes = query.utf8.count
        if bytes > limits.maxQueryBytes {
            throw LimitExceeded(description: "the query is \(bytes) bytes long; the longest allowed is \(limits.maxQueryBytes)")
        }
        var parser = Parser(tokens: Self.lex(query), tokenizer: tokenizer, limits: limits)
        var parts: [Node] = []
        // A stray `)` ends a group early; what follows it is ANDed in.
        while parser.position < parser.tokens.count {
            if let node = try parser.parseOr() { parts.append(node) }
            if parser.peek == .close { parser.position += 1 }
        }
        guard !parts.isEmpty else {
            throw SyntaxError(description: "the query has no word to search for")
        }
        root = parts.count == 1 ? parts[0] : .and(parts)
    }

    // MARK: Lexing

    enum Lexeme: Hashable {
        case word(String, prefix: Bool)
        case quoted(String, prefix: Bool)
        case and, or, not, minus, open, close
    }

    static func lex(_ query: String) -> [Lexeme] {
        let s = Array(query.unicodeScalars)
        var out: [Lexeme] = []
        var i = 0
        func isQuote(_ c: Unicode.Scalar) -> Bool { c == "\"" || c == "\u{201C}" || c == "\u{201D}" || c == "\u{201E}" }
        while i < s.count {
            let c = s[i]
            if c.properties.isWhitespace { i += 1; continue }
            if c == "(" { out.append(.open); i += 1; continue }
            if c == ")" { out.append(.close); i += 1; continue }
            if c == "-" && (out.isEmpty || i == 0 || s[i - 1].properties.isWhitespace || s[i - 1] == "(") {
                out.append(.minus); i += 1; continue
            }
            if isQuote(c) {
                var j = i + 1
                while j < s.count, !isQuote(s[j]) { j += 1 }
                let text = String(String.UnicodeScalarView(s[(i + 1)..<j]))
                i = min(s.count, j + 1)
                var prefix = false
                if i < s.count, s[i] == "*" { prefix = true; i += 1 }
                out.append(.quoted(text, prefix: prefix))
                continue
            }
            var j = i
            while j < s.count, !s[j].properties.isWhitespace, s[j] != "(", s[j] != ")", !isQuote(s[j]) { j += 1 }
            var text = String(String.UnicodeScalarView(s[i..<j]))
            i = j
            switch text {
            case "AND": out.append(.and)
            case "OR": out.append(.or)
            case "NOT": out.append(.not)
            default:
                var prefix = false
                while text.hasSuffix("*") { text.removeLast(); prefix = true }
                out.append(.word(text, prefix: prefix))
            }
        }
        return out
    }

    // MARK: Parsing

    struct Parser {
        var tokens: [Lexeme]
        var position = 0
        let tokenizer: Tokenizer
        let limits: Limits
        /// Parentheses open around the current position.
        var depth = 0
        /// Terms read so far.
        var termCount = 0

        init(tokens: [Lexeme], tokenizer: Tokenizer, limits: Limits = .default) {
            self.tokens = tokens
            self.tokenizer = tokenizer
            self.limits = limits
        }

        var peek: Lexeme? { position < tokens.count ? tokens[position] : nil }

        mutating func parseOr() throws -> Node? {
            var parts: [Node] = []
            if let first = try parseAnd() { parts.append(first) }
            while peek == .or {
                position += 1
                if let next = try parseAnd() { parts.append(next) }
            }
            return parts.isEmpty ? nil : parts.count == 1 ? parts[0] : .or(parts)
        }

        /// Terms joined by AND (written or implied), with NOT and `-` exclusions.
        mutating func parseAnd() throws -> Node? {
            var positive: [Node] = []
            var negative: [Node] = []
            var excludeNext = false
            loop: while let t = peek {
                switch t {
                case .or, .close:
                    break loop
                case .and:
                    position += 1
                case .not, .minus:
                    position += 1
                    excludeNext = true
                default:
                    guard let node = try parsePrimary() else { excludeNext = false; continue loop }
                    if excludeNext { negative.append(node) } else { positive.append(node) }
                    excludeNext = false
                }
            }
            if positive.isEmpty {
                if negative.isEmpty { return nil }
                throw SyntaxError(description: "a query needs a word that is not excluded (NOT or - only removes pages from other results)")
            }
            let base = positive.count == 1 ? positive[0] : .and(positive)
            if negative.isEmpty { return base }
            return .not(base, negative.count == 1 ? negative[0] : .or(negative))
        }

        mutating func parsePrimary() throws -> Node? {
            guard let t = peek else { return nil }
            position += 1
            switch t {
            case .open:
                depth += 1
                if depth > limits.maxQueryDepth {
                    throw LimitExceeded(description: "the query nests parentheses deeper than \(limits.maxQueryDepth)")
                }
                let inner = try parseOr()
                depth -= 1
                if peek == .close { position += 1 }
                return inner
            case .word(let text, let prefix), .quoted(let text, let prefix):
                let keys = terms(text)
                termCount += keys.count
                if termCount > limits.maxQueryTerms {
                    throw LimitExceeded(description: "the query has more than \(limits.maxQueryTerms) words")
                }
                return keys.isEmpty ? nil : .phrase(keys, prefix: prefix)
            default:
                return nil
            }
        }

        func terms(_ text: String) -> [String] {
            let scalars = Array(text.unicodeScalars)
            let words = tokenizer.words(in: scalars)
            return IndexTerm.terms(of: words, in: scalars, tokenizer: tokenizer).map(\.key)
        }
    }

    // MARK: Rendering

    static func render(_ node: Node) -> String {
        switch node {
        case .phrase(let keys, let prefix):
            let body = "\"" + keys.map { $0.replacingOccurrences(of: "\"", with: "\"\"") }.joined(separator: " ") + "\""
            return prefix ? body + " *" : body
        case .and(let parts):
            return parts.map { wrap($0) }.joined(separator: " AND ")
        case .or(let parts):
            return parts.map { wrap($0) }.joined(separator: " OR ")
        case .not(let a, let b):
            return wrap(a) + " NOT " + wrap(b)
        }
    }

    private static func wrap(_ node: Node) -> String {
        if case .phrase = node { return render(node) }
        return "(" + render(node) + ")"
    }
}

extension String {
    fileprivate func replacingOccurrences(of target: String, with replacement: String) -> String {
        guard contains(target) else { return self }
        return split(separator: Character(target), omittingEmptySubsequences: false).joined(separator: replacement)
    }
}
