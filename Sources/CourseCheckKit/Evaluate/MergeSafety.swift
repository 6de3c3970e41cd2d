/// Decides whether a tree may share the merged program or must be built standalone.
///
/// The fidelity rule: every mode prints what `swiftc Invalidation.swift main.swift` prints, as
/// module `main`. The merged program is also module `main` with the core at file scope, so core
/// values print identically; what the merge changes is the tree's own scope, whose statements run
/// inside `static func run()` of `enum Tree_<n>`.
///
/// The compiler's parser decides. A tree is merged only when every item at its file scope is on
/// `mergeable`, an explicit allow-list whose kinds behave the same inside that function (each
/// backed by trees of the differential corpus), its top-level code holds nothing that means
/// something else inside a function, and none of its globals takes a name the core resolves at
/// module scope. A word filter over the text runs after it and can only send more trees
/// standalone: a false alarm costs a compile, a missed one would cost the truth.
package enum MergeSafety {
    /// The file-scope kinds that behave the same as statements of `run()`: top-level code, and the
    /// globals it binds (a `pattern_binding_decl` as the parser reads a library file, and its
    /// `var_decl`s), which become locals, observers and computed accessors included.
    static let mergeable: Set<String> = ["top_level_code_decl", "pattern_binding_decl", "var_decl"]

    /// Why an item off the allow-list is, in the words of Swift's own grammar.
    static func reason(forKind kind: String) -> String {
        switch kind {
        // The parser names a protocol `protocol` and an alias `typealias`; an actor is a `class_decl`.
        case "struct_decl", "class_decl", "enum_decl", "actor_decl", "protocol", "protocol_decl", "typealias",
            "typealias_decl":
            return "declares a type"
        case "extension_decl": return "declares an extension"
        case "import_decl": return "imports a module"
        case "func_decl": return "declares a function"
        case "infix_operator_decl", "prefix_operator_decl", "postfix_operator_decl", "precedence_group_decl":
            return "declares an operator"
        case "if_config_decl": return "uses conditional compilation"
        case "macro_decl", "macro_expansion_decl": return "uses a macro"
        case "pound_diagnostic_decl": return "uses #warning or #error"
        default: return "has a top-level \(String(kind.map { $0 == "_" ? " " : $0 }))"
        }
    }

    static let fileScopeOnlyReasons: [String: String] = [
        "return_stmt": "returns at the top level",
        "throw_stmt": "throws at the top level",
        "try_expr": "tries at the top level",
        "await_expr": "uses concurrency",
        "yield_stmt": "yields at the top level",
    ]

    /// The merged program's own names: inside `static func run()`, `run` resolves to it.
    static let runnerNames: Set<String> = ["run"]

    /// Words whose meaning depends on where the code sits: the enclosing function, the file, the
    /// actor, the line. Strings and comments are not skipped, which only errs towards standalone.
    static let scopeSensitiveWords: [(word: Substring, reason: String)] = [
        ("#line", "uses a magic literal"), ("#column", "uses a magic literal"), ("#function", "uses a magic literal"),
        ("#file", "uses a magic literal"), ("#fileID", "uses a magic literal"), ("#filePath", "uses a magic literal"),
        ("#dsohandle", "uses a magic literal"), ("#sourceLocation", "uses a magic literal"),
        ("async", "uses concurrency"), ("await", "uses concurrency"), ("Task", "uses concurrency"),
        ("@MainActor", "uses concurrency"), ("isolated", "uses concurrency"), ("Thread", "uses concurrency"),
        ("DispatchQueue", "uses concurrency"), ("CommandLine", "reads the command line"),
        ("operator", "declares an operator"), ("precedencegroup", "declares an operator"),
        ("self", "refers to self"), ("Self", "refers to self"), ("func", "declares a function"),
        ("#if", "uses conditional compilation"),
    ]

    /// Why the tree must be built standalone, or nil when the merge cannot change what it prints.
    /// `tree` is the parser's structure of the tree as `main.swift`, `core` that of the core.
    package static func standaloneReason(
        _ lines: [Line], tree: CompilerParser.Outcome, core: CompilerParser.Outcome
    ) -> String? {
        guard case .parsed(let structure) = tree else {
            if case .unavailable(let why) = tree { return "has no parsed structure (\(why))" }
            return "has no parsed structure"
        }
        guard case .parsed(let coreStructure) = core else { return "has no parsed structure of the core" }
        // The real program rejects it: only a build of the tree alone gives its true error.
        if !structure.errors.isEmpty { return "does not parse" }
        for item in structure.items where !mergeable.contains(item.kind) {
            return reason(forKind: item.kind)
        }
        let coreNames = coreStructure.moduleScopeNames
        // A global is visible to the whole file, lines above it included, where it hides a
        // library name (`print(max(1, 2)); let max = 10`); a local is not. So no global may be
        // named where an earlier item refers to it.
        var referencedAbove: Set<String> = []
        for item in structure.items {
            if item.kind == "var_decl", let name = item.name, referencedAbove.contains(name) {
                return "refers to '\(name)' above the global that declares it"
            }
            referencedAbove.formUnion(item.references)
        }
        for item in structure.items {
            if let kind = item.fileScopeOnly.first { return fileScopeOnlyReasons[kind] ?? "uses \(kind)" }
            guard item.kind == "var_decl" else { continue }
            // A global may carry attributes a local cannot (`public`, `lazy` is refused on one).
            if item.attributes.contains("access_control_attr") { return "declares with an access modifier" }
            if !item.attributes.isEmpty { return "declares a global with an attribute" }
            if let name = item.name {
                // Access to a global is checked for exclusivity at run time (a conflict traps);
                // to a local, at compile time or not at all.
                if structure.inoutNames.contains(name) { return "passes the global '\(name)' inout" }
                if coreNames.contains(name) { return "declares '\(name)', a name the core resolves at module scope" }
                if name.hasPrefix("coursecheck") || name.hasPrefix("Tree_") || runnerNames.contains(name) {
                    return "uses a name of the merged program"
                }
            }
        }
        return wordReason(lines)
    }

    /// The word filter: a scope-sensitive word, or a name of the merged program, anywhere in the text.
    static func wordReason(_ lines: [Line]) -> String? {
        for line in lines {
            for word in Self.words(line.text) {
                if let hit = scopeSensitiveWords.first(where: { $0.word == word }) { return hit.reason }
                if word.hasPrefix("coursecheck") || word.hasPrefix("Tree_") || runnerNames.contains(String(word)) {
                    return "uses a name of the merged program"
                }
            }
        }
        return nil
    }

    /// Identifier-like words (with a leading `#` or `@`), everything else as separators.
    static func words(_ text: String) -> [Substring] {
        var words: [Substring] = []
        var start: String.Index?
        var index = text.startIndex
        while index < text.endIndex {
            let c = text[index]
            let isWordCharacter = c.isLetter || c.isNumber || c == "_" || ((c == "#" || c == "@") && start == nil)
            if isWordCharacter {
                if start == nil { start = index }
            } else if let begin = start {
                words.append(text[begin..<index])
                start = nil
            }
            index = text.index(after: index)
        }
        if let begin = start { words.append(text[begin...]) }
        return words
    }
}
