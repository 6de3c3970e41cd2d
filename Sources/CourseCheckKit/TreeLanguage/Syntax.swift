/// A position in the lesson: line and column of a syntax node, ordered as they read.
public struct SyntaxPosition: Sendable, Comparable {
    public var line: Int
    public var column: Int

    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    init(_ token: Token) {
        line = token.line
        column = token.column
    }

    var pair: (line: Int, column: Int) { (line, column) }

    public static func < (lhs: Self, rhs: Self) -> Bool { (lhs.line, lhs.column) < (rhs.line, rhs.column) }
}

/// A type annotation of the tree language.
public indirect enum TypeSyntax: Sendable, Equatable {
    case named(String)
    case array(TypeSyntax)
    case dictionary(TypeSyntax, TypeSyntax)
    case set(TypeSyntax)
    case optional(TypeSyntax)
}

/// An argument of a call, with its label when it has one.
public struct ArgumentSyntax: Sendable, Equatable {
    public var label: String?
    public var value: ExpressionSyntax
}

/// An expression node.
public struct ExpressionSyntax: Sendable, Equatable {
    public indirect enum Kind: Sendable, Equatable {
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
    public enum StringPart: Sendable, Equatable {
        case text(String)
        case interpolation(ExpressionSyntax)
    }

    public var kind: Kind
    public var position: SyntaxPosition
}

/// `key: value` in a dictionary literal.
public struct DictionaryEntrySyntax: Sendable, Equatable {
    public var key: ExpressionSyntax
    public var value: ExpressionSyntax
}

/// A function parameter: the argument label (nil for `_`), the local name and the type.
public struct ParameterSyntax: Sendable, Equatable {
    public var label: String?
    public var name: String
    public var type: TypeSyntax
}

/// A statement node.
public struct StatementSyntax: Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        case binding(name: String, type: TypeSyntax?, value: ExpressionSyntax)
        case function(FunctionSyntax)
        case expression(ExpressionSyntax)
        case returnStatement(ExpressionSyntax?)
    }

    public var kind: Kind
    public var position: SyntaxPosition
}

/// `func name(params) -> Type { body }`.
public struct FunctionSyntax: Sendable, Equatable {
    public var name: String
    public var parameters: [ParameterSyntax]
    public var returnType: TypeSyntax?
    public var body: [StatementSyntax]
}
