/// Decides whether a tree may share the merged program or must be built standalone.
///
/// The fidelity rule: every mode prints what `swiftc Invalidation.swift main.swift` prints, as
/// module `main`. The merged program is also module `main`, and the core sits at its file scope as
/// in the real program, so core values print identically. What the merge does change is the tree's
/// own scope: its statements run inside `static func run()` of `enum Tree_<n>`. A tree that could
/// observe that (its own types, extensions, operators, functions, imports, magic literals,
/// concurrency, a name the core or the runner declares) is built standalone, verbatim. The test is
/// textual and conservative: a false alarm only costs a compile.
package enum MergeSafety {
    /// Names the core declares at module scope: redeclaring one is an error in the real program.
    static let coreNames: Set<Substring> = ["Storage", "ViewNode", "Recompute", "ViewTree", "countCauses"]
    /// Standard-library names the core calls: a tree's own global `print` replaces `Swift.print`
    /// inside the core too in the real program, but not when the tree runs as a function's locals.
    static let namesTheCoreUses: Set<Substring> = ["print", "Set", "String"]
    /// The merged program's own names: inside `static func run()`, `run` resolves to it.
    static let runnerNames: Set<Substring> = ["run"]
    static let declarationKeywords: Set<Substring> = [
        "let", "var", "func", "struct", "class", "enum", "actor", "protocol", "typealias", "case",
    ]
    /// Words whose meaning depends on where the code sits: the enclosing function, the file, the actor.
    static let scopeSensitiveWords: [(word: Substring, reason: String)] = [
        ("#line", "uses a magic literal"), ("#column", "uses a magic literal"), ("#function", "uses a magic literal"),
        ("#file", "uses a magic literal"), ("#fileID", "uses a magic literal"), ("#filePath", "uses a magic literal"),
        ("#dsohandle", "uses a magic literal"), ("#sourceLocation", "uses a magic literal"),
        ("async", "uses concurrency"), ("await", "uses concurrency"), ("Task", "uses concurrency"),
        ("@MainActor", "uses concurrency"), ("isolated", "uses concurrency"), ("Thread", "uses concurrency"),
        ("DispatchQueue", "uses concurrency"), ("CommandLine", "reads the command line"),
        ("operator", "declares an operator"), ("precedencegroup", "declares an operator"),
        ("self", "refers to self"), ("Self", "refers to self"),
        ("#if", "uses conditional compilation"),
    ]

    /// Why the tree must be built standalone, or nil when the merge cannot change what it prints.
    package static func standaloneReason(_ lines: [Line]) -> String? {
        let kinds = Set(TopLevelItems.split(lines).map(\.kind))
        // The most telling reason first: an import is already named when auto routes the tree.
        if kinds.contains(.typeDeclaration) { return "declares a type" }
        if kinds.contains(.extensionDeclaration) { return "declares an extension" }
        if kinds.contains(.importDeclaration) { return "imports a module" }
        // Inside the merged program's function a top-level `return` compiles; the real program
        // rejects it, and only a build of the tree alone says so.
        var depth = 0
        for line in lines {
            let first = Self.words(line.text).first
            if depth <= 0, first == "return" { return "returns at the top level" }
            // An access modifier is legal on a global, not on a local of the merged program's function.
            if depth <= 0, let first, ["private", "fileprivate", "internal", "public", "open"].contains(first) {
                return "declares with an access modifier"
            }
            depth += line.text.count { $0 == "{" } - line.text.count { $0 == "}" }
        }
        for line in lines {
            let words = Self.words(line.text)
            // The declared names come before the first `:`, `=` or `{` (`let x: Storage` declares x).
            let head = Self.words(String(line.text.prefix { $0 != ":" && $0 != "=" && $0 != "{" }))
            for (index, word) in head.enumerated() where head[..<index].contains(where: declarationKeywords.contains) {
                if coreNames.contains(word) { return "declares '\(word)', a name of the core" }
                if namesTheCoreUses.contains(word) { return "declares '\(word)', a name the core uses" }
            }
            for word in words {
                if word == "func" { return "declares a function" }
                if let hit = scopeSensitiveWords.first(where: { $0.word == word }) { return hit.reason }
                if word.hasPrefix("coursecheck") || word.hasPrefix("Tree_") || runnerNames.contains(word) {
                    return "uses a name of the merged program"
                }
            }
        }
        return nil
    }

    /// Identifier-like words (with a leading `#` or `@`), everything else as separators; strings
    /// and comments are not skipped, which only errs towards standalone.
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
