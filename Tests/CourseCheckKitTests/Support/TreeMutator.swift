import Foundation

/// Small, seeded, token-level mutations of a tree, each aimed at a place where an engine may be
/// more lenient than the compiler: argument labels out of order or given twice, control and
/// invisible characters in literals and identifiers, NFC against NFD, ownership words, `let`
/// against `var`, access modifiers, a line moved above what it uses. The same seed and tree give
/// the same mutant, so a failure that names its seed replays.
struct TreeMutator {
    /// One lexical piece of a tree; the pieces joined are the tree, byte for byte.
    struct Token: Equatable {
        enum Kind: Equatable { case identifier, string, number, punctuation, space, newline, comment }
        var kind: Kind
        var text: String
    }

    /// A mutant: the tree as mutated and what was done to it, in words.
    struct Mutant {
        var tree: String
        var mutation: String
    }

    /// Every mutation the fuzzer knows, by name (a name replays one kind: `COURSECHECK_LENIENCY_KIND`).
    static let kinds: [String] = [
        "swap-labels", "repeat-label", "drop-label", "add-label", "rename-label", "print-labels",
        "control-in-literal", "invisible-in-literal", "invisible-in-identifier", "lookalike-in-identifier",
        "nfd-identifier", "nfd-literal", "ownership", "let-var", "access-modifier", "move-line",
        "redeclare", "quote-lookalike", "escape", "case-change", "backtick", "comma", "operator-spacing",
        "number-literal", "retype", "literal-swap", "duplicate-element",
    ]

    static let keywords: Set<String> = [
        "let", "var", "func", "nil", "true", "false", "import", "return", "for", "in", "if", "else", "while",
        "struct", "class", "enum", "case", "switch", "default", "private", "public", "internal", "fileprivate",
        "init", "self", "Self", "some", "any", "inout", "guard", "break", "continue", "defer", "do", "try",
        "throw", "throws", "static", "where", "is", "as", "didSet", "willSet", "get", "set", "consume",
        "borrowing", "consuming", "copy", "mutating", "open",
    ]

    /// The control characters a literal may receive: C0 without the line breaks, and DEL.
    /// (Its element types spelt out: inferred, this one line took the type checker seconds in every
    /// file that reads it.)
    static let controls: [Unicode.Scalar] = (UInt8(0x01)...UInt8(0x7F)).compactMap { (byte: UInt8) -> Unicode.Scalar? in
        byte < 0x20 && byte != 0x0A && byte != 0x0D || byte == 0x7F ? Unicode.Scalar(byte) : nil
    }

    /// Characters a reader does not see, or sees as a space.
    static let invisibles: [Unicode.Scalar] = [
        "\u{200B}", "\u{200C}", "\u{200D}", "\u{00A0}", "\u{FEFF}", "\u{2060}", "\u{00AD}", "\u{202E}", "\u{2028}",
        "\u{3000}", "\u{034F}",
    ]

    /// Latin letters and a character that looks the same (Cyrillic, Greek, Turkish dotless i, full width).
    static let lookalikes: [(Character, Character)] = [
        ("a", "\u{0430}"), ("e", "\u{0435}"), ("o", "\u{043E}"), ("p", "\u{0440}"), ("c", "\u{0441}"),
        ("x", "\u{0445}"), ("y", "\u{0443}"), ("i", "\u{0131}"), ("i", "\u{0456}"), ("o", "\u{03BF}"),
        ("s", "\u{0455}"), ("V", "\u{0412}"), ("T", "\u{0422}"), ("N", "\u{039D}"), ("e", "\u{FF45}"),
    ]

    /// Turkish words with letters that have a canonical decomposition (ş ğ ü ö ç İ), written NFC.
    static let turkish: [String] = ["görünüm", "değişiklik", "öğe", "üçüncü", "şeçim", "İçerik", "köşe", "düğme"]

    static func tokenize(_ text: String) -> [Token] {
        var tokens: [Token] = []
        let scalars = Array(text.unicodeScalars)
        var index = 0
        func isIdentifierScalar(_ scalar: Unicode.Scalar) -> Bool {
            scalar == "_" || scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)
                || scalar.value > 0x7F
                    && !scalar.properties.isWhitespace
        }
        while index < scalars.count {
            let start = index
            let scalar = scalars[index]
            let kind: Token.Kind
            if scalar == "\n" {
                index += 1
                kind = .newline
            } else if scalar == " " || scalar == "\t" || scalar == "\r" {
                while index < scalars.count, [" ", "\t", "\r"].contains(scalars[index]) { index += 1 }
                kind = .space
            } else if scalar == "/", index + 1 < scalars.count, scalars[index + 1] == "/" {
                while index < scalars.count, scalars[index] != "\n" { index += 1 }
                kind = .comment
            } else if scalar == "\"" {
                index = stringEnd(scalars, from: index)
                kind = .string
            } else if ("0"..."9").contains(scalar) {
                while index < scalars.count,
                    isIdentifierScalar(scalars[index])
                        || scalars[index] == "."
                            && index + 1
                                < scalars.count
                            && ("0"..."9").contains(scalars[index + 1])
                {
                    index += 1
                }
                kind = .number
            } else if isIdentifierScalar(scalar) {
                while index < scalars.count, isIdentifierScalar(scalars[index]) { index += 1 }
                kind = .identifier
            } else {
                index += 1
                kind = .punctuation
            }
            var piece = String.UnicodeScalarView()
            piece.append(contentsOf: scalars[start..<index])
            tokens.append(Token(kind: kind, text: String(piece)))
        }
        return tokens
    }

    /// The index after a single-line string literal starting at `start`, interpolations included.
    static func stringEnd(_ scalars: [Unicode.Scalar], from start: Int) -> Int {
        var index = start + 1
        var depth = 0
        while index < scalars.count, scalars[index] != "\n" {
            let scalar = scalars[index]
            if scalar == "\\", index + 1 < scalars.count {
                if depth == 0, scalars[index + 1] == "(" {
                    depth = 1
                    index += 2
                    continue
                }
                index += 2
                continue
            }
            if depth > 0 {
                if scalar == "(" { depth += 1 }
                if scalar == ")" { depth -= 1 }
                if scalar == "\"" { index = stringEnd(scalars, from: index) - 1 }
            } else if scalar == "\"" {
                return index + 1
            }
            index += 1
        }
        return index
    }

    var random: BlockStructurePropertyTests.Generator

    init(seed: UInt64) {
        random = BlockStructurePropertyTests.Generator(state: seed)
    }

    mutating func pick<T>(_ items: [T]) -> T? {
        items.isEmpty ? nil : items[Int(random.next() % UInt64(items.count))]
    }

    mutating func chance(_ oneIn: UInt64) -> Bool { random.next() % oneIn == 0 }

    /// One mutant of `tree` (its first line, the `// main.swift` comment, is never touched), or nil
    /// when the kind finds nothing to mutate in it.
    mutating func mutate(_ tree: String, kind: String) -> Mutant? {
        var tokens = Self.tokenize(tree)
        // The first line stays: it is the marker that makes the block a tree.
        let firstNewline = tokens.firstIndex { $0.kind == .newline } ?? 0
        let body = Array(tokens.indices.dropFirst(firstNewline + 1))
        func indices(_ test: (Token) -> Bool) -> [Int] { body.filter { test(tokens[$0]) } }
        let identifiers = indices { $0.kind == .identifier && !Self.keywords.contains($0.text) }
        let strings = indices { $0.kind == .string && $0.text.count > 2 }
        func joined() -> String { tokens.map(\.text).joined() }
        func show(_ text: String) -> String {
            text.unicodeScalars.map {
                $0.isASCII && $0.value >= 0x20 && $0.value != 0x7F ? String($0) : $0.escaped(asASCII: true)
            }
            .joined()
        }
        func next(_ from: Int, skippingSpace: Bool = true) -> Int? {
            var index = from + 1
            while index < tokens.count, skippingSpace && tokens[index].kind == .space { index += 1 }
            return index < tokens.count ? index : nil
        }

        switch kind {
        case "swap-labels", "repeat-label", "drop-label", "add-label", "rename-label":
            let calls = callArguments(tokens, body: body)
            guard let call = pick(calls.filter { kind != "swap-labels" || $0.count >= 2 }) else { return nil }
            let labelled = call.filter { $0.label != nil }
            switch kind {
            case "swap-labels":
                let first = Int(random.next() % UInt64(call.count - 1))
                let a = call[first]
                let b = call[first + 1]
                let textA = tokens[a.range].map(\.text).joined()
                let textB = tokens[b.range].map(\.text).joined()
                tokens.replaceSubrange(b.range, with: [Token(kind: .identifier, text: textA)])
                tokens.replaceSubrange(a.range, with: [Token(kind: .identifier, text: textB)])
                return Mutant(tree: joined(), mutation: "swap arguments `\(show(textA))` and `\(show(textB))`")
            case "repeat-label":
                guard let argument = pick(labelled) else { return nil }
                let text = tokens[argument.range].map(\.text).joined()
                tokens.insert(Token(kind: .identifier, text: text + ", "), at: argument.range.lowerBound)
                return Mutant(tree: joined(), mutation: "repeat argument `\(show(text))`")
            case "drop-label":
                guard let argument = pick(labelled), let label = argument.label else { return nil }
                let end = next(label + 1) ?? label + 1
                let name = tokens[label].text
                tokens.removeSubrange(label..<end)
                return Mutant(tree: joined(), mutation: "drop label `\(name)`")
            case "add-label":
                guard let argument = pick(call.filter { $0.label == nil }) else { return nil }
                let label = pick(["label", "_", "key", "parent", "reads", "separator", "terminator"]) ?? "label"
                tokens.insert(Token(kind: .identifier, text: label + ": "), at: argument.range.lowerBound)
                return Mutant(tree: joined(), mutation: "add label `\(label):`")
            default:
                guard let argument = pick(labelled), let label = argument.label else { return nil }
                let old = tokens[label].text
                var characters = Array(old)
                if characters.count > 1, chance(2) {
                    characters.swapAt(0, 1)
                } else {
                    characters[0] = Character(characters[0].uppercased())
                }
                tokens[label].text = String(characters)
                return Mutant(tree: joined(), mutation: "rename label `\(old)` to `\(show(tokens[label].text))`")
            }

        case "print-labels":
            // A print with its labels in or out of order, given twice, or unknown, after a random line.
            let names = Set(
                identifiers.filter {
                    ($0 > 0 && tokens[$0 - 1].kind == .space && $0 > 1 && ["let", "var"].contains(tokens[$0 - 2].text))
                }.map { tokens[$0].text })
            let argument = pick(names.sorted() + ["\"a\"", "1", "\"ğ\""]) ?? "1"
            let options = [
                ", separator: \" \", terminator: \"\\n\"", ", terminator: \"\\n\", separator: \" \"",
                ", terminator: \"\", separator: \" \"", ", terminator: \"\\n\", terminator: \"\\n\"",
                ", separator: \"-\", separator: \"-\"", ", \(argument), separator: \"|\"",
                ", terminator: \"!\\n\"", ", separator: \"\"", ", seperator: \" \"", ", to: \"\"",
                " , terminator : \"\\n\"", ", terminator: \"\\n\",", ", Terminator: \"\\n\"",
            ]
            let suffix = pick(options) ?? ""
            let line = "print(\(argument)\(suffix))"
            var lines = tree.components(separatedBy: "\n")
            // After a line at the top level (not inside a bracket), so it parses as a statement.
            let topLevel = lines.indices.dropFirst().filter { index in
                let upTo = lines[...index].joined(separator: "\n")
                return upTo.count { "([{".contains($0) } == upTo.count { ")]}".contains($0) }
            }
            // Mostly at the end, where every global is declared; sometimes between two statements.
            let end = lines.last == "" ? lines.count - 1 : lines.count
            guard let after = chance(4) ? pick(Array(topLevel)).map({ $0 + 1 }) : end else { return nil }
            lines.insert(line, at: min(after, end))
            return Mutant(tree: lines.joined(separator: "\n"), mutation: "insert `\(show(line))`")

        case "control-in-literal", "invisible-in-literal":
            guard let string = pick(strings) else { return nil }
            let scalar =
                kind == "control-in-literal" ? pick(Self.controls) ?? "\u{1}" : pick(Self.invisibles) ?? "\u{200B}"
            let old = tokens[string].text
            tokens[string].text = insertInLiteral(old, scalar)
            return Mutant(
                tree: joined(), mutation: "insert U+\(hex(scalar)) into literal \(old) → \(show(tokens[string].text))")

        case "invisible-in-identifier", "lookalike-in-identifier":
            guard let identifier = pick(identifiers) else { return nil }
            let old = tokens[identifier].text
            if kind == "invisible-in-identifier" {
                let scalar = pick(Self.invisibles) ?? "\u{200B}"
                var scalars = Array(old.unicodeScalars)
                scalars.insert(scalar, at: Int(random.next() % UInt64(scalars.count + 1)))
                tokens[identifier].text = String(String.UnicodeScalarView(scalars))
                return Mutant(tree: joined(), mutation: "insert U+\(hex(scalar)) into one `\(old)`")
            }
            let possible = Self.lookalikes.filter { old.contains($0.0) }
            guard let (latin, other) = pick(possible), let at = old.firstIndex(of: latin) else { return nil }
            var text = old
            text.replaceSubrange(at...at, with: String(other))
            tokens[identifier].text = text
            return Mutant(tree: joined(), mutation: "write one `\(old)` as `\(show(text))`")

        case "nfd-identifier":
            // Rename a bound name everywhere to a Turkish one (NFC), then write one occurrence NFD.
            let bound = identifiers.filter { $0 > 1 && ["let", "var"].contains(tokens[$0 - 2].text) }
            guard let declaration = pick(bound), let word = pick(Self.turkish) else { return nil }
            let old = tokens[declaration].text
            let name = old + word.prefix(1).uppercased() + word.dropFirst()
            let uses = identifiers.filter { tokens[$0].text == old }
            for use in uses { tokens[use].text = name }
            guard let one = pick(uses) else { return nil }
            tokens[one].text = name.decomposedStringWithCanonicalMapping
            let control = chance(4)
            if control { tokens[one].text = name }
            return Mutant(
                tree: joined(),
                mutation: control
                    ? "rename `\(old)` to `\(name)` (NFC everywhere)"
                    : "rename `\(old)` to `\(name)`, one occurrence NFD (`\(show(tokens[one].text))`)")

        case "nfd-literal":
            // Rename a string used more than once to Turkish (NFC), one occurrence NFD.
            var counts: [String: Int] = [:]
            for string in strings { counts[tokens[string].text, default: 0] += 1 }
            let repeated = counts.filter { $0.value > 1 && !$0.key.contains("\\") }.keys.sorted()
            guard let literal = pick(repeated.isEmpty ? strings.map { tokens[$0].text } : repeated),
                let word = pick(Self.turkish)
            else { return nil }
            let renamed = "\"" + word + "-" + literal.dropFirst().dropLast() + "\""
            let uses = strings.filter { tokens[$0].text == literal }
            for use in uses { tokens[use].text = renamed }
            guard let one = pick(uses) else { return nil }
            tokens[one].text = renamed.decomposedStringWithCanonicalMapping
            return Mutant(
                tree: joined(),
                mutation: "rename \(literal) to \(renamed), one occurrence NFD (\(show(tokens[one].text)))")

        case "ownership":
            // `consume` or `copy` (mostly) before a use of a bound name, else another ownership word.
            let word =
                chance(4)
                ? pick(["borrowing", "consuming", "_borrow", "__owned", "inout"]) ?? "borrowing"
                : pick(["consume", "consume", "copy"]) ?? "consume"
            let bound = Set(
                identifiers.filter { $0 > 1 && ["let", "var"].contains(tokens[$0 - 2].text) }.map { tokens[$0].text })
            let targets = identifiers.filter { index in
                guard index > 0, bound.contains(tokens[index].text) else { return false }
                let before = tokens[..<index].last { $0.kind != .space }?.text ?? ""
                return ["(", "=", ",", ":", "["].contains(before)
                    && !(index + 1 < tokens.count && tokens[index + 1].text == ":")
                    && !(index > 1 && ["let", "var"].contains(tokens[index - 2].text))
            }
            guard let target = pick(targets) else { return nil }
            let old = tokens[target].text
            tokens[target].text = word + " " + old
            return Mutant(tree: joined(), mutation: "write `\(word) \(old)`")

        case "let-var":
            let bindings = indices { $0.text == "let" || $0.text == "var" }
            guard let binding = pick(bindings) else { return nil }
            let old = tokens[binding].text
            tokens[binding].text = old == "let" ? "var" : "let"
            return Mutant(tree: joined(), mutation: "change one `\(old)` to `\(tokens[binding].text)`")

        case "access-modifier":
            // Top-level declarations: a line that starts with `let`, `var`, `func`, `struct`, ...
            let starts = body.filter { index in
                ["let", "var", "func", "struct", "class", "enum", "final"].contains(tokens[index].text)
                    && index > 0 && tokens[index - 1].kind == .newline
            }
            guard let start = pick(starts) else { return nil }
            let modifier =
                pick([
                    "private", "fileprivate", "public", "internal", "open", "private(set)", "public private(set)",
                    "private private", "static", "final", "lazy", "nonisolated", "@MainActor", "package",
                ]) ?? "private"
            tokens.insert(Token(kind: .identifier, text: modifier + " "), at: start)
            return Mutant(tree: joined(), mutation: "add `\(modifier)` to a top-level `\(tokens[start + 1].text)`")

        case "move-line":
            // A whole top-level statement of one line, moved above another top-level statement
            // (often the declaration it uses).
            var lines = tree.components(separatedBy: "\n")
            let starts = topLevelStarts(lines)
            let single = starts.filter { index in
                let line = lines[index]
                return line.count { "([{".contains($0) } == line.count { ")]}".contains($0) }
                    && !line.trimmingCharacters(in: .whitespaces).isEmpty
            }
            guard let from = pick(single), let to = pick(starts.filter { $0 < from }) else { return nil }
            let line = lines.remove(at: from)
            lines.insert(line, at: to)
            return Mutant(
                tree: lines.joined(separator: "\n"),
                mutation: "move line \(from + 1) (`\(show(line))`) to line \(to + 1)")

        case "redeclare":
            var lines = tree.components(separatedBy: "\n")
            let declarations = lines.indices.filter {
                lines[$0].hasPrefix("let ") || lines[$0].hasPrefix("var ") || lines[$0].hasPrefix("func ")
            }
            guard let line = pick(declarations) else { return nil }
            let name = lines[line].split(separator: " ").dropFirst().first.map {
                String($0.prefix { $0.isLetter || $0.isNumber || $0 == "_" })
            }
            let redeclaration =
                pick([
                    "let \(name ?? "x") = 0", "var \(name ?? "x") = 1", "let countCauses = 1",
                    "let print = 1", "let storage: [String: Storage] = [:]", "func \(name ?? "x")() {}",
                ]) ?? ""
            lines.insert(redeclaration, at: line)
            return Mutant(tree: lines.joined(separator: "\n"), mutation: "insert `\(redeclaration)`")

        case "quote-lookalike":
            guard let string = pick(strings) else { return nil }
            let old = tokens[string].text
            let quotes: [(String, String)] = [("\u{201C}", "\u{201D}"), ("\u{FF02}", "\u{FF02}"), ("'", "'")]
            guard let (open, close) = pick(quotes) else { return nil }
            tokens[string].text = open + old.dropFirst().dropLast() + close
            return Mutant(tree: joined(), mutation: "quote \(old) as \(show(tokens[string].text))")

        case "escape":
            guard let string = pick(strings) else { return nil }
            let old = tokens[string].text
            let escape =
                pick([
                    "\\u{41}", "\\u{D800}", "\\u{110000}", "\\u{}", "\\q", "\\0", "\\'", "\\u{0131}", "\\u{301}",
                    "\\u{1F600}", "\\t", "\\u{000000041}", "\\x41", "\\e", "\\ ",
                ]) ?? "\\q"
            var text = old
            text.insert(contentsOf: escape, at: text.index(before: text.endIndex))
            tokens[string].text = text
            return Mutant(tree: joined(), mutation: "escape `\(escape)` in \(old)")

        case "case-change":
            guard let identifier = pick(identifiers) else { return nil }
            let old = tokens[identifier].text
            var characters = Array(old)
            let at = Int(random.next() % UInt64(characters.count))
            let changed =
                String(characters[at]).uppercased() == String(characters[at])
                ? String(characters[at]).lowercased() : String(characters[at]).uppercased()
            guard changed.count == 1, let character = changed.first, character != characters[at] else { return nil }
            characters[at] = character
            tokens[identifier].text = String(characters)
            return Mutant(tree: joined(), mutation: "write one `\(old)` as `\(tokens[identifier].text)`")

        case "backtick":
            guard let identifier = pick(identifiers + indices { $0.text == "nil" || $0.text == "true" }) else {
                return nil
            }
            let old = tokens[identifier].text
            tokens[identifier].text = "`\(old)`"
            return Mutant(tree: joined(), mutation: "write one `\(old)` in backticks")

        case "comma":
            let commas = indices { $0.text == "," }
            guard let comma = pick(commas) else { return nil }
            let replacement = pick(["", ",,", ";", ", ,"]) ?? ""
            tokens[comma].text = replacement
            return Mutant(tree: joined(), mutation: "replace a `,` with `\(replacement)`")

        case "operator-spacing":
            // `: ` of a label or type, ` = `, `==`, `?`, `.`: one side's space removed or added.
            let operators = indices { [":", "=", ".", "?", "!", "-", ">", "<"].contains($0.text) }
            guard let op = pick(operators) else { return nil }
            let old = tokens[op].text
            let variants = [" \(old)", "\(old) ", " \(old) "]
            if op + 1 < tokens.count, tokens[op + 1].kind == .space, chance(2) {
                tokens[op + 1].text = ""
                return Mutant(tree: joined(), mutation: "remove the space after a `\(old)`")
            }
            if op > 0, tokens[op - 1].kind == .space, chance(2) {
                tokens[op - 1].text = ""
                return Mutant(tree: joined(), mutation: "remove the space before a `\(old)`")
            }
            tokens[op].text = pick(variants) ?? old
            return Mutant(tree: joined(), mutation: "write a `\(old)` as `\(tokens[op].text)`")

        case "number-literal":
            let numbers = indices { $0.kind == .number }
            let variants = ["0_", "00", "0x0", "1__0", "0b1", "0o7", "1_", "08", "1e0", "-0", "+1", "0.", "٣", "１"]
            if let number = pick(numbers) {
                let old = tokens[number].text
                let variant = pick(variants) ?? "00"
                tokens[number].text = variant
                return Mutant(tree: joined(), mutation: "write number `\(old)` as `\(variant)`")
            }
            let line = "print(\(pick(variants) ?? "00"))"
            return Mutant(tree: tree + line + "\n", mutation: "append `\(show(line))`")

        case "retype":
            // A binding's type annotation changed, or one added that does not hold.
            let bound = identifiers.filter { $0 > 1 && ["let", "var"].contains(tokens[$0 - 2].text) }
            guard let name = pick(bound) else { return nil }
            let type =
                pick([
                    "Int", "String", "[String]", "[Recompute]", "[String: String]", "[String: Storage]?", "ViewNode",
                    "Set<String>", "[Substring: Storage]", "Any", "[ViewTree]", "Bool", "Recompute",
                ]) ?? "Int"
            if name + 1 < tokens.count, tokens[name + 1].text == ":" {
                var end = name + 2
                while end < tokens.count, tokens[end].text != "=", tokens[end].kind != .newline { end += 1 }
                let old = tokens[(name + 2)..<end].map(\.text).joined()
                tokens.replaceSubrange((name + 2)..<end, with: [Token(kind: .identifier, text: " " + type + " ")])
                return Mutant(
                    tree: joined(), mutation: "annotate `\(tokens[name].text)` as `\(type)` instead of `\(old)`")
            }
            tokens[name].text += ": " + type
            return Mutant(tree: joined(), mutation: "annotate `\(tokens[name].text)`")

        case "literal-swap":
            // One argument or element replaced by a literal of another type.
            let values = body.filter {
                [.string, .number].contains(tokens[$0].kind) || ["nil", "true", "false"].contains(tokens[$0].text)
            }
            guard let value = pick(values) else { return nil }
            let old = tokens[value].text
            let replacement =
                pick(["1", "nil", "true", "\"\"", "\"x\"", "[]", "[:]", "1.5", "-1", ".environment", "\"\\(1)\""])
                ?? "1"
            guard replacement != old else { return nil }
            tokens[value].text = replacement
            return Mutant(tree: joined(), mutation: "replace `\(show(old))` by `\(replacement)`")

        case "duplicate-element":
            // A line of a collection literal (an element, a key) given twice.
            var lines = tree.components(separatedBy: "\n")
            let elements = lines.indices.dropFirst().filter {
                lines[$0].hasPrefix("    ") && lines[$0].hasSuffix(",")
                    && lines[$0].count { "([{".contains($0) } == lines[$0].count { ")]}".contains($0) }
            }
            guard let line = pick(elements) else { return nil }
            lines.insert(lines[line], at: line + 1)
            return Mutant(
                tree: lines.joined(separator: "\n"), mutation: "repeat line \(line + 1) (`\(show(lines[line]))`)")

        default:
            return nil
        }
    }

    /// The lines (after the first) where a top-level statement starts: column 0, outside any bracket.
    func topLevelStarts(_ lines: [String]) -> [Int] {
        var depth = 0
        var starts: [Int] = []
        for (index, line) in lines.enumerated() {
            if index > 0, depth == 0, let first = line.first, !first.isWhitespace, !")]}".contains(first) {
                starts.append(index)
            }
            depth += line.count { "([{".contains($0) } - line.count { ")]}".contains($0) }
        }
        return starts
    }

    /// The arguments of every call in the body: each argument's token range and its label's token.
    func callArguments(_ tokens: [Token], body: [Int]) -> [[(range: Range<Int>, label: Int?)]] {
        var calls: [[(range: Range<Int>, label: Int?)]] = []
        for open in body where tokens[open].text == "(" && open > 0 && tokens[open - 1].kind == .identifier {
            var depth = 0
            var start = open + 1
            var arguments: [(range: Range<Int>, label: Int?)] = []
            var index = open
            func add(_ end: Int) {
                var first = start
                while first < end, tokens[first].kind == .space || tokens[first].kind == .newline { first += 1 }
                var last = end
                while last > first, tokens[last - 1].kind == .space || tokens[last - 1].kind == .newline { last -= 1 }
                guard first < last else { return }
                let label =
                    tokens[first].kind == .identifier && first + 1 < last && tokens[first + 1].text == ":"
                    ? first : nil
                arguments.append((first..<last, label))
            }
            while index < tokens.count {
                let text = tokens[index].text
                if ["(", "[", "{"].contains(text) { depth += 1 }
                if [")", "]", "}"].contains(text) {
                    depth -= 1
                    if depth == 0 {
                        add(index)
                        break
                    }
                }
                if depth == 1, text == "," {
                    add(index)
                    start = index + 1
                }
                index += 1
            }
            if !arguments.isEmpty { calls.append(arguments) }
        }
        return calls
    }

    /// `literal` with `scalar` inserted at a random point of its text (not in an escape or an
    /// interpolation).
    mutating func insertInLiteral(_ literal: String, _ scalar: Unicode.Scalar) -> String {
        var scalars = Array(literal.unicodeScalars)
        var places: [Int] = []
        var index = 1
        var depth = 0
        while index < scalars.count {
            if depth == 0 { places.append(index) }
            if scalars[index] == "\\" && depth == 0 {
                if index + 1 < scalars.count, scalars[index + 1] == "(" { depth = 1 }
                index += 2
                continue
            }
            if depth > 0, scalars[index] == "(" { depth += 1 }
            if depth > 0, scalars[index] == ")" { depth -= 1 }
            index += 1
        }
        let at = pick(places.filter { $0 < scalars.count }) ?? 1
        scalars.insert(scalar, at: at)
        return String(String.UnicodeScalarView(scalars))
    }

    func hex(_ scalar: Unicode.Scalar) -> String {
        let digits = String(scalar.value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
}
