/// A token of the tree language, with where it starts in the lesson.
package struct Token: Sendable, Equatable {
    package enum Kind: Sendable, Equatable {
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

    package var kind: Kind
    package var line: Int
    package var column: Int
    /// For an operator: whether whitespace (or a line end) stands on each side. Swift reads
    /// `a + b` and `a+b` as binary, `a +b` as a prefix and `a+ b` as a postfix operator.
    package var spaceBefore = false
    package var spaceAfter = false
}

/// A piece of a string literal: literal text, or the tokens of a `\(...)` interpolation.
package enum StringSegment: Sendable, Equatable {
    case text(String)
    case interpolation([Token])
}
