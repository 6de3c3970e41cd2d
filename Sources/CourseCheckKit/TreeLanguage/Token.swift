/// A token of the tree language, with where it starts in the lesson.
public struct Token: Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        case identifier(String)
        case keyword(String)
        case integer(Int)
        /// A string literal, split into text and interpolated source segments.
        case string([StringSegment])
        /// `$0`, `$1`, ...
        case anonymousArgument(Int)
        case punctuation(String)
        /// Operators: `==`, `!=`, `+`, `&&`, `?`, ...
        case symbol(String)
        case newline
        case end
    }

    public var kind: Kind
    public var line: Int
    public var column: Int
    /// For an operator: whether whitespace (or a line end) stands on each side. Swift reads
    /// `a + b` and `a+b` as binary, `a +b` as a prefix and `a+ b` as a postfix operator.
    public var spaceBefore = false
    public var spaceAfter = false
}

/// A piece of a string literal: literal text, or the tokens of a `\(...)` interpolation.
public enum StringSegment: Sendable, Equatable {
    case text(String)
    case interpolation([Token])
}
