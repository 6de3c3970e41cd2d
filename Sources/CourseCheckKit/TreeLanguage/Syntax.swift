/// A position in the lesson: line and column of a syntax node, ordered as they read.
package struct SyntaxPosition: Sendable, Comparable {
    package var line: Int
    package var column: Int

    package init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    init(_ token: Token) {
        line = token.line
        column = token.column
    }

    var pair: (line: Int, column: Int) { (line, column) }

    package static func < (lhs: Self, rhs: Self) -> Bool { (lhs.line, lhs.column) < (rhs.line, rhs.column) }
}

/// A type annotation of the tree language.
package indirect enum TypeSyntax: Sendable, Equatable {
    case named(String)
    case array(TypeSyntax)
    case dictionary(TypeSyntax, TypeSyntax)
    case set(TypeSyntax)
    case optional(TypeSyntax)
}

/// An argument of a call, with its label when it has one.
package struct ArgumentSyntax: Sendable, Equatable {
    package var label: String?
    package var value: ExpressionSyntax
}

/// An expression node.
package struct ExpressionSyntax: Sendable, Equatable {
    package indirect enum Kind: Sendable, Equatable {
        case integer(Int)
        case boolean(Bool)
        case string([StringPart])
        case nilLiteral
        case identifier(String)
        /// `.state(owner:)`, `.environment`: a member of the contextual type.
        case implicitMember(String)
        case member(ExpressionSyntax, String)
        case call(ExpressionSyntax, [ArgumentSyntax])
        case subscriptAccess(ExpressionSyntax, [ArgumentSyntax])
        case array([ExpressionSyntax])
        case dictionary([DictionaryEntrySyntax])
        /// `{ $0.x }` or `{ a, b in ... }`.
        case closure(parameters: [String], body: [StatementSyntax])
        /// `\.view`: a key path over one or more members.
        case keyPath([String])
        case anonymousArgument(Int)
        case binary(String, ExpressionSyntax, ExpressionSyntax)
        case prefix(String, ExpressionSyntax)
        case forceUnwrap(ExpressionSyntax)
        case ternary(ExpressionSyntax, ExpressionSyntax, ExpressionSyntax)
    }

    /// A piece of a string literal.
    package enum StringPart: Sendable, Equatable {
        case text(String)
        case interpolation(ExpressionSyntax)
    }

    package var kind: Kind
    package var position: SyntaxPosition
}

/// `key: value` in a dictionary literal.
package struct DictionaryEntrySyntax: Sendable, Equatable {
    package var key: ExpressionSyntax
    package var value: ExpressionSyntax
}

/// A function parameter: the argument label (nil for `_`), the local name and the type.
package struct ParameterSyntax: Sendable, Equatable {
    package var label: String?
    package var name: String
    package var type: TypeSyntax
}

/// A statement node.
package struct StatementSyntax: Sendable, Equatable {
    package enum Kind: Sendable, Equatable {
        case binding(name: String, type: TypeSyntax?, value: ExpressionSyntax)
        case function(FunctionSyntax)
        case expression(ExpressionSyntax)
        case returnStatement(ExpressionSyntax?)
    }

    package var kind: Kind
    package var position: SyntaxPosition
}

/// `func name(params) -> Type { body }`.
package struct FunctionSyntax: Sendable, Equatable {
    package var name: String
    package var parameters: [ParameterSyntax]
    package var returnType: TypeSyntax?
    package var body: [StatementSyntax]
}
