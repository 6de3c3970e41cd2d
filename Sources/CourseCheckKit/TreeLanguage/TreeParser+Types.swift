extension TreeParser {
    /// `Name`, `[T]`, `[K: V]`, `Set<T>`, `Array<T>`, `Dictionary<K, V>`, `Optional<T>`, `T?`.
    mutating func parseType() throws(TreeLanguageError) -> TypeSyntax {
        try descend { parser throws(TreeLanguageError) in
            var type = try parser.parseTypeAtom()
            while parser.isSymbol("?") || parser.isSymbol("??") {
                type = parser.isSymbol("??") ? .optional(.optional(type)) : .optional(type)
                _ = parser.advance()
            }
            if parser.isSymbol("!") { throw parser.unsupported("implicitly unwrapped optional") }
            return type
        }
    }

    private mutating func parseTypeAtom() throws(TreeLanguageError) -> TypeSyntax {
        if isPunctuation("[") {
            _ = advance()
            let element = try parseType()
            if isPunctuation(":") {
                _ = advance()
                let value = try parseType()
                try expectPunctuation("]", "to close the dictionary type")
                return .dictionary(element, value)
            }
            try expectPunctuation("]", "to close the array type")
            return .array(element)
        }
        if isPunctuation("(") { throw unsupported("tuple or function type") }
        let name = try identifier("a type")
        if isPunctuation(".") { throw unsupported("qualified type name") }
        guard isSymbol("<") else { return .named(name) }
        _ = advance()
        var arguments: [TypeSyntax] = [try parseType()]
        while isPunctuation(",") {
            _ = advance()
            arguments.append(try parseType())
        }
        guard isSymbol(">") else {
            throw invalid("expected '>' to close the generic arguments of '\(name)', found \(describe(current))")
        }
        _ = advance()
        switch (name, arguments.count) {
        case ("Set", 1): return .set(arguments[0])
        case ("Array", 1): return .array(arguments[0])
        case ("Optional", 1): return .optional(arguments[0])
        case ("Dictionary", 2): return .dictionary(arguments[0], arguments[1])
        default: throw unsupported("generic type '\(name)'")
        }
    }
}
