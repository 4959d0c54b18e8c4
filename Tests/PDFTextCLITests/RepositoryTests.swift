import Foundation
import Testing
@testable import PDFTextCLI

/// What the repository says of itself: its sources, docs and tests point at nothing a
/// reader of a clone does not have (design notes outside it), and call the C library in a
/// way that builds on Darwin too.
@Suite struct RepositoryTests {
    /// Every file under `folders` of the repository with one of `extensions`.
    static func files(under folders: [String], extensions: Set<String>) -> [URL] {
        var out: [URL] = []
        for folder in folders {
            let root = CLI.projectRoot.appendingPathComponent(folder)
            guard let e = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil) else { continue }
            for case let url as URL in e where extensions.contains(url.pathExtension) { out.append(url) }
        }
        return out
    }

    @Test("no source, doc or test points at design notes outside the repository")
    func selfContained() throws {
        // Spelt in parts, so that this file does not name them.
        let outside = ["shared" + "/design", "ACCESSIBILITY" + ".md", "PDFKIT-AND-PEERS" + ".md", "CLI-FORMATS-LIBRARIES" + ".md"]
        let files = Self.files(under: ["Sources", "docs", "Tests"], extensions: ["swift", "md", "c", "h"])
            + [CLI.projectRoot.appendingPathComponent("README.md")]
        #expect(files.count > 100)
        var found: [String] = []
        for url in files {
            let text = try String(contentsOf: url, encoding: .utf8)
            for name in outside where text.contains(name) { found.append("\(url.lastPathComponent): \(name)") }
        }
        #expect(found.isEmpty, "\(found)")
    }

    @Test("the C library is reached through SystemCall or a conditional import, never by its Linux module's name")
    func portableCalls() throws {
        let qualified = "Glibc" + "."
        var found: [String] = []
        for url in Self.files(under: ["Sources"], extensions: ["swift"]) where url.lastPathComponent != "SystemCall.swift" {
            let text = try String(contentsOf: url, encoding: .utf8)
            if text.contains(qualified) { found.append(url.lastPathComponent) }
            // `import Glibc` only inside `#if canImport(Glibc)`.
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            for (k, line) in lines.enumerated() where line == "import Glibc" {
                if k == 0 || !lines[k - 1].contains("canImport(Glibc)") { found.append("\(url.lastPathComponent): bare import") }
            }
        }
        #expect(found.isEmpty, "\(found)")
    }
}

/// Package.swift's targets and what their sources import.
@Suite struct PackageImportTests {
    struct Target { var name: String; var dependencies: [String]; var isTest: Bool }

    /// The targets of Package.swift in the order written, with their direct dependencies
    /// (target names, and product names for `.product(name:…)`).
    static func targets() throws -> [Target] {
        let text = try String(contentsOf: CLI.projectRoot.appendingPathComponent("Package.swift"), encoding: .utf8)
        var out: [Target] = []
        let scanner = text.unicodeScalars.map(Character.init)
        let source = String(scanner)
        let pattern = try Regex(#"\.(target|executableTarget|testTarget|systemLibrary)\(\s*name:\s*"([^"]+)"(?:[^\[\)]*dependencies:\s*\[((?:[^\[\]]|\[[^\]]*\])*)\])?"#)
        for m in source.matches(of: pattern) {
            let kind = String(m.output[1].substring ?? "")
            let name = String(m.output[2].substring ?? "")
            let list = m.output.count > 3 ? String(m.output[3].substring ?? "") : ""
            var deps: [String] = []
            for d in list.matches(of: try Regex(#"(?:\.product\(name:\s*)?"([^"]+)""#)) {
                let whole = String(d.output[0].substring ?? "")
                let value = String(d.output[1].substring ?? "")
                // `.product(name: X, package: Y)`: X is the module; the package name is skipped.
                if whole.hasPrefix(".product") || !list.contains("package: \"\(value)\"") { deps.append(value) }
            }
            out.append(Target(name: name, dependencies: deps, isTest: kind == "testTarget"))
        }
        return out
    }

    /// The modules a Swift file imports (`import X`, `@testable import X`, `import struct X.Y`).
    static func imports(_ text: String) -> Set<String> {
        var out: Set<String> = []
        for line in text.split(separator: "\n") {
            var words = line.split(separator: " ").map(String.init)
            while let w = words.first, w.hasPrefix("@") || ["public", "package", "internal", "private"].contains(w) { words.removeFirst() }
            guard words.first == "import", words.count >= 2 else { continue }
            let module = words.count >= 3 && ["struct", "class", "enum", "func", "protocol", "typealias", "var", "let"].contains(words[1]) ? words[2] : words[1]
            out.insert(String(module.split(separator: ".").first ?? ""))
        }
        return out
    }

    @Test("every module of the package a target's sources import is one it declares, and declared targets come before it")
    func declaredImports() throws {
        let targets = try Self.targets()
        #expect(targets.count >= 30, "\(targets.count) targets read from Package.swift")
        let names = Set(targets.map(\.name))
        let products: Set<String> = ["ArgumentParser", "Crypto", "_CryptoExtras", "GRDB", "Hummingbird", "HummingbirdTesting", "Logging"]
        var position: [String: Int] = [:]
        for (k, t) in targets.enumerated() { position[t.name] = k }
        var problems: [String] = []
        for t in targets {
            // A target depends only on targets written above it (the layer order).
            for d in t.dependencies where names.contains(d) && position[d]! >= position[t.name]! {
                problems.append("\(t.name) depends on \(d), written below it")
            }
            let folder = CLI.projectRoot.appendingPathComponent(t.isTest ? "Tests" : "Sources").appendingPathComponent(t.name)
            guard let e = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil) else { continue }
            for case let url as URL in e where url.pathExtension == "swift" {
                let text = try String(contentsOf: url, encoding: .utf8)
                for module in Self.imports(text) where (names.contains(module) || products.contains(module)) && module != t.name {
                    if !t.dependencies.contains(module) { problems.append("\(t.name)/\(url.lastPathComponent) imports \(module), not declared") }
                }
            }
        }
        #expect(problems.isEmpty, "\(problems.sorted())")
    }

    @Test("the import reader: plain, attributed and kind-qualified imports")
    func importReader() {
        let text = "import Foundation\n@testable import PDFCore\npublic import PDFText\nimport struct PDFSyntax.Name\n// import Nothing\nlet x = 1"
        #expect(Self.imports(text) == ["Foundation", "PDFCore", "PDFText", "PDFSyntax"])
    }
}

/// The size rules for hand-written sources: no file over ``SourceSizeTests/fileLimit``
/// lines, no function body over ``SourceSizeTests/functionLimit`` lines. Generated tables
/// (files in a `Generated/` folder whose header says they are generated) are exempt.
@Suite struct SourceSizeTests {
    static let fileLimit = 600
    static let functionLimit = 120

    @Test("no hand-written source file over 600 lines, no function over 120 lines")
    func sizes() throws {
        var problems: [String] = []
        let root = CLI.projectRoot.path + "/"
        for url in RepositoryTests.files(under: ["Sources"], extensions: ["swift"]) {
            let text = try String(contentsOf: url, encoding: .utf8)
            let path = url.path.hasPrefix(root) ? String(url.path.dropFirst(root.count)) : url.path
            if SourceMeasure.isGenerated(path: path, text: text) { continue }
            let lines = SourceMeasure.lineCount(text)
            if lines > Self.fileLimit { problems.append("\(path): \(lines) lines (limit \(Self.fileLimit))") }
            for f in SourceMeasure.functions(in: text) where f.lines > Self.functionLimit {
                problems.append("\(path):\(f.line) \(f.name): \(f.lines) lines (limit \(Self.functionLimit))")
            }
        }
        #expect(problems.isEmpty, "\(problems.count) over the limits:\n\(problems.sorted().joined(separator: "\n"))")
    }

    @Test("the measure: a long function, nested functions, one-liners and protocol requirements")
    func measureLengths() {
        let body = String(repeating: "    x += 1\n", count: 130)
        let text = "struct S {\n    func long() {\n" + body + "    }\n    func short() { }\n}\n"
        #expect(SourceMeasure.functions(in: text).map(\.lines) == [132, 1])
        #expect(SourceMeasure.functions(in: text).map(\.name) == ["func long", "func short"])
        #expect(SourceMeasure.lineCount(text) == 135)
        // A nested function counts toward the one that holds it and is not measured apart.
        let nested = "func outer() {\n    func inner() {\n        a()\n    }\n    inner()\n}\nfunc next() {\n}\n"
        #expect(SourceMeasure.functions(in: nested).map(\.lines) == [6, 2])
        // A requirement without a body, then a computed property, a closure-bodied
        // property, an initializer, a subscript and a multi-line signature.
        let kinds = """
        protocol P {
            func f() -> Int
            var g: Int { get }
        }
        extension S: P {
            @inline(__always) public static func f() -> Int { 1 }
            var h: [String: Int] {
                [:]
            }
            static let table: [Int] = {
                [1]
            }()
            package init?(x: Int) {
            }
            subscript(i: Int) -> Int { i }
            func long(
                a: Int
            ) -> Int
                where T: Q
            {
                a
            }
            var stored: Int = 0
        }
        """
        // (A requirement's accessor list counts as a body of one line.)
        let measured = SourceMeasure.functions(in: kinds)
        #expect(measured.map(\.name) == ["var g", "func f", "var h", "let table", "init?", "subscript", "func long"])
        #expect(measured.map(\.lines) == [1, 1, 3, 3, 2, 1, 7])
    }

    @Test("the measure: braces in strings, multi-line strings, interpolations and comments are not code")
    func measureSkipsStringsAndComments() {
        let strings = #"""
        func f() {
            let s = "}}} \" }"
            let t = """
                {{{ "
                """
            let u = #"\"}"#
            let v = "\(a ? "}" : "{") }"
        }
        func g() {
        }
        """#
        #expect(SourceMeasure.functions(in: strings).map(\.lines) == [8, 2])
        let comments = """
        func f() { // }
            /* } /* nested } */ { */
            a()
        }
        // func notAFunction() {
        func g() { }
        """
        #expect(SourceMeasure.functions(in: comments).map(\.lines) == [4, 1])
        #expect(SourceMeasure.functions(in: comments).map(\.name) == ["func f", "func g"])
    }

    @Test("generated tables are exempt only in a Generated folder with a generated header")
    func generatedExemption() {
        #expect(SourceMeasure.isGenerated(path: "Sources/A/Generated/T.swift", text: "// generated by tools/x.py — do not edit\n"))
        #expect(!SourceMeasure.isGenerated(path: "Sources/A/Generated/T.swift", text: "// hand-written\n"))
        #expect(!SourceMeasure.isGenerated(path: "Sources/A/T.swift", text: "// Generated by tools/x.py\n"))
    }
}

/// Layout thresholds have names: outside `LayoutOptions` (and its files), the code of
/// PDFLayout writes no decimal number but in the declaration of a named constant or field
/// (0.0 and 1.0, the start of a sum or a product, aside).
@Suite struct LayoutThresholdTests {
    nonisolated(unsafe) static let literal = try! Regex(#"(?:^|[^\w.$])(\d+\.\d+)(?![\w.])"#)
    nonisolated(unsafe) static let namedConstant = try! Regex(
        #"^\s*(?:(?:public|package|private|fileprivate|internal|static)\s+)*(?:let|var)\s+\w+(?:\s*:\s*[\w.]+)?\s*=\s*-?\d+(?:\.\d+)?\s*$"#)

    /// The decimal numbers of `text`'s code (comments and strings left out) that are not the
    /// whole value of a named constant, as "line: number".
    static func bareNumbers(_ text: String) -> [String] {
        let lines = String(decoding: SourceMeasure.codeOnly(text), as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        var out: [String] = []
        for (k, line) in lines.enumerated() where line.wholeMatch(of: namedConstant) == nil {
            for m in line.matches(of: literal) {
                guard let number = m.output[1].substring, !["0.0", "1.0"].contains(number) else { continue }
                out.append("\(k + 1): \(number)")
            }
        }
        return out
    }

    /// An integer compared with something: after a comparison operator, or before one (on a
    /// line whose shifts and arrows were blanked first).
    nonisolated(unsafe) static let comparedInteger = try! Regex(
        #"(?:[<>]=?|[=!]=)\s*(\d+)(?![\w.])|(?:^|[^\w.$])(\d+)\s*(?:[<>]=?|[=!]=)"#)

    /// The integers of `text`'s code that a comparison tests against, 3 or more (a count of
    /// 0, 1 or 2 says "none", "one" or "more than one"; angles of a quarter turn are
    /// geometry), as "line: number".
    static func comparedCounts(_ text: String) -> [String] {
        let lines = String(decoding: SourceMeasure.codeOnly(text), as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        var out: [String] = []
        for (k, line) in lines.enumerated() {
            let line = line.replacing("<<", with: "  ").replacing(">>", with: "  ").replacing("->", with: "  ")
            for m in line.matches(of: comparedInteger) {
                guard let digits = m.output[1].substring ?? m.output[2].substring, let n = Int(digits),
                      n >= 3, ![90, 180, 270, 360].contains(n) else { continue }
                out.append("\(k + 1): \(n)")
            }
        }
        return out
    }

    @Test("PDFLayout writes no bare decimal threshold, and compares no count with a bare integer, outside LayoutOptions")
    func namedThresholds() throws {
        var found: [String] = []
        for url in RepositoryTests.files(under: ["Sources/PDFLayout"], extensions: ["swift"])
        where !url.lastPathComponent.hasPrefix("LayoutOptions") {
            let text = try String(contentsOf: url, encoding: .utf8)
            found += (Self.bareNumbers(text) + Self.comparedCounts(text)).map { "\(url.lastPathComponent):\($0)" }
        }
        #expect(found.isEmpty, "\(found.sorted())")
    }

    @Test("the count reader: integers compared are found, shifts, small counts, angles and comments are not")
    func countReader() {
        let text = "if a.count >= 3 { }\nguard 12 < n else {}\nx = n << 40\nif d >= 360 {}\nif k == 2 {}\n// n > 9\nlet y = a <= 30 && b != 8"
        #expect(Self.comparedCounts(text) == ["1: 3", "2: 12", "7: 30", "7: 8"])
    }

    @Test("the number reader: constants and fields pass, numbers in code, not in comments or strings, are found")
    func numberReader() {
        let text = "let a = 0.5\nstatic let b: Double = 12.5\nx = y * 0.35 // 0.7\nlet s = \"1.5\"\nvar total = 0.0\nz = w.1 + 2.25\nu = $0.1 < 0.25"
        #expect(Self.bareNumbers(text) == ["3: 0.35", "6: 2.25", "7: 0.25"])
    }
}

/// Measures Swift sources: lines of a file, and the declarations with a body (functions,
/// initializers, deinitializers, subscripts, computed and closure-bodied properties) with
/// the lines from the declaration to its closing brace. Braces are matched on the code
/// alone: string literals (single-line, multi-line, raw, with interpolations) and comments
/// (line, nested block) are blanked out first. A declaration inside a measured body counts
/// toward that body and is not measured on its own.
enum SourceMeasure {
    struct Function: Equatable { var name: String; var line: Int; var lines: Int }

    /// The number of lines, as `wc -l` counts them for a file ending in a newline.
    static func lineCount(_ text: String) -> Int {
        var n = 0
        for b in text.utf8 where b == 0x0A { n += 1 }
        return text.utf8.last == 0x0A || text.isEmpty ? n : n + 1
    }

    /// A generated table: under a `Generated/` folder and saying so in its first line.
    static func isGenerated(path: String, text: String) -> Bool {
        guard path.contains("/Generated/") else { return false }
        let first = text.prefix { $0 != "\n" }
        return first.lowercased().contains("generated")
    }

    /// The declarations with a body, in order, each with its first line (1-based) and its
    /// length in lines from the declaration to the closing brace. Attributes on lines of
    /// their own are not counted.
    static func functions(in text: String) -> [Function] {
        let code = codeOnly(text)
        var starts = [0]
        for (k, b) in code.enumerated() where b == 0x0A { starts.append(k + 1) }
        func lineIndex(_ offset: Int) -> Int {
            var lo = 0, hi = starts.count - 1
            while lo < hi { let mid = (lo + hi + 1) / 2; if starts[mid] <= offset { lo = mid } else { hi = mid - 1 } }
            return lo
        }
        var out: [Function] = []
        var line = 0
        while line < starts.count {
            let start = starts[line]
            let end = line + 1 < starts.count ? starts[line + 1] - 1 : code.count
            if let (name, after) = declaration(String(decoding: code[start ..< end], as: UTF8.self)),
               let open = bodyStart(code, from: start + after, property: name.hasPrefix("var") || name.hasPrefix("let")),
               let close = matchingBrace(code, open) {
                let last = lineIndex(close)
                out.append(Function(name: name, line: line + 1, lines: last - line + 1))
                line = last + 1
            } else {
                line += 1
            }
        }
        return out
    }

    nonisolated(unsafe) private static let declarationPattern = try! Regex(
        #"^\s*(?:@\w+(?:\([^)]*\))?\s+)*(?:(?:public|package|private|fileprivate|internal|open|static|class|final|override|mutating|nonmutating|nonisolated|convenience|required|lazy|dynamic|consuming|borrowing)(?:\((?:set|unsafe)\))?\s+)*(func\s+[^\s(<]+|init[?!]?(?=\s*[(<])|deinit(?=\s*\{)|subscript(?=\s*[(<])|(?:var|let)\s+\w+)"#)

    /// The kind and name a code line declares (`func name`, `init?`, `var name`…) and the
    /// UTF-8 offset in the line just after it.
    static func declaration(_ line: String) -> (String, Int)? {
        guard let m = line.prefixMatch(of: declarationPattern), let name = m.output[1].substring else { return nil }
        let words = name.split(whereSeparator: { $0 == " " || $0 == "\t" })
        return (words.joined(separator: " "), line.utf8.distance(from: line.utf8.startIndex, to: name.endIndex.samePosition(in: line.utf8) ?? line.utf8.endIndex))
    }

    /// Where the body of a declaration starts (its `{`), scanning code from `offset`, or nil
    /// when it has none (a requirement, a stored property). A property has a body when a
    /// `{` follows its name and type (accessors) or directly follows its `=` (a closure).
    static func bodyStart(_ code: [UInt8], from offset: Int, property: Bool) -> Int? {
        var depth = 0
        var k = offset
        func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || b == 0x0D }
        while k < code.count {
            let b = code[k]
            switch b {
            case UInt8(ascii: "("), UInt8(ascii: "["): depth += 1
            case UInt8(ascii: ")"), UInt8(ascii: "]"): depth -= 1
            case UInt8(ascii: "{") where depth == 0: return k
            case UInt8(ascii: "}") where depth == 0: return nil
            case UInt8(ascii: "=") where depth == 0 && property:
                var n = k + 1
                while n < code.count, isSpace(code[n]) { n += 1 }
                return n < code.count && code[n] == UInt8(ascii: "{") ? n : nil
            case 0x0A where depth == 0:
                if property { return nil }
                // A signature goes on when this line ends, or the next code line starts, with
                // a piece of one.
                var e = k - 1
                while e >= offset, isSpace(code[e]) { e -= 1 }
                let ending = e >= offset ? code[e] : 0
                var n = k + 1
                while n < code.count, isSpace(code[n]) || code[n] == 0x0A { n += 1 }
                let rest = String(decoding: code[n ..< min(code.count, n + 8)], as: UTF8.self)
                let arrow = e > offset && code[e - 1] == UInt8(ascii: "-") && ending == UInt8(ascii: ">")
                let goesOn = arrow || [UInt8(ascii: ","), UInt8(ascii: "&"), UInt8(ascii: "(")].contains(ending)
                    || ["{", "->", "where", "throws", "rethrows", "async", ",", "&"].contains { rest.hasPrefix($0) }
                if !goesOn { return nil }
                k = n - 1
            default: break
            }
            k += 1
        }
        return nil
    }

    /// The offset of the `}` closing the `{` at `open`.
    static func matchingBrace(_ code: [UInt8], _ open: Int) -> Int? {
        var depth = 0
        for k in open ..< code.count {
            if code[k] == UInt8(ascii: "{") { depth += 1 } else if code[k] == UInt8(ascii: "}") { depth -= 1; if depth == 0 { return k } }
        }
        return nil
    }

    private enum Context { case code(parens: Int), string(multiLine: Bool, hashes: Int) }

    /// `text` with every byte of a comment or string literal (delimiters included) set to a
    /// space, newlines kept: what is left is code, line for line.
    static func codeOnly(_ text: String) -> [UInt8] {
        let s = Array(text.utf8)
        var out = s
        var stack: [Context] = [.code(parens: 0)]
        var i = 0
        func blank(_ k: Int) { if out[k] != 0x0A { out[k] = 0x20 } }
        func at(_ k: Int, _ literal: String) -> Bool {
            let l = Array(literal.utf8)
            return k + l.count <= s.count && Array(s[k ..< k + l.count]) == l
        }
        func hashes(from k: Int) -> Int { var n = 0; while k + n < s.count, s[k + n] == UInt8(ascii: "#") { n += 1 }; return n }
        while i < s.count {
            switch stack[stack.count - 1] {
            case .code(let parens):
                if at(i, "//") {
                    while i < s.count, s[i] != 0x0A { blank(i); i += 1 }
                } else if at(i, "/*") {
                    var depth = 0
                    repeat {
                        if at(i, "/*") { depth += 1; blank(i); blank(i + 1); i += 2 }
                        else if at(i, "*/") { depth -= 1; blank(i); blank(i + 1); i += 2 }
                        else { blank(i); i += 1 }
                    } while depth > 0 && i < s.count
                } else if s[i] == UInt8(ascii: "\"") || (s[i] == UInt8(ascii: "#") && i + hashes(from: i) < s.count && s[i + hashes(from: i)] == UInt8(ascii: "\"")) {
                    let n = hashes(from: i)
                    let multi = at(i + n, "\"\"\"")
                    let open = n + (multi ? 3 : 1)
                    for k in i ..< i + open { blank(k) }
                    i += open
                    stack.append(.string(multiLine: multi, hashes: n))
                } else if parens > 0 && s[i] == UInt8(ascii: "(") {
                    stack[stack.count - 1] = .code(parens: parens + 1); i += 1
                } else if parens > 0 && s[i] == UInt8(ascii: ")") {
                    blank(i); i += 1
                    if parens == 1 { stack.removeLast() } else { stack[stack.count - 1] = .code(parens: parens - 1) }
                } else {
                    if parens > 0 { blank(i) }  // interpolated code belongs to its string
                    i += 1
                }
            case .string(let multi, let n):
                let close = (multi ? "\"\"\"" : "\"") + String(repeating: "#", count: n)
                if at(i, close) {
                    for k in i ..< i + close.utf8.count { blank(k) }
                    i += close.utf8.count
                    stack.removeLast()
                } else if s[i] == UInt8(ascii: "\\") && hashes(from: i + 1) >= n && i + 1 + n < s.count {
                    let next = i + 1 + n
                    for k in i ... next { blank(k) }
                    if s[next] == UInt8(ascii: "(") { stack.append(.code(parens: 1)) }
                    i = next + 1
                } else {
                    blank(i); i += 1
                }
            }
        }
        return out
    }
}
