/// Comparing what ran with what the lesson shows: expected blocks and the core.
extension Diagnostic {
    /// The tree's output differs from its expected block; `cause` says how, when it can be said.
    static func outputDrift(
        at location: SourceLocation, tree: Tree, path: String, cause: String?, attachment: Attachment
    ) -> Diagnostic {
        var message = "output of tree at line \(tree.header.number) differs from the lesson"
        if let cause { message += "; \(cause)" }
        return Diagnostic(
            .outputDrift, at: location, message,
            notes: [Note(tree.headerLocation(in: path), "tree '\(tree.title)' starts here")], attachment: attachment)
    }

    /// Why no fenced block can hold a tree's output byte for byte.
    package enum Unrepresentable: Sendable, Equatable {
        case invalidUTF8
        case nulByte
        case noFinalNewline
        /// A CR: in a lesson it ends a line, as CRLF and LF do.
        case carriageReturn
    }

    static func unrepresentableOutput(at location: SourceLocation, _ reason: Unrepresentable) -> Diagnostic {
        let message =
            switch reason {
            case .invalidUTF8: "tree printed bytes that are not valid UTF-8, so no lesson block can show its output"
            case .nulByte: "tree printed a NUL byte, so no lesson block can show its output"
            case .noFinalNewline:
                "tree's output does not end with a newline, so no fenced block can show it exactly; end the last print "
                    + "with a newline (print's default terminator)"
            case .carriageReturn:
                "tree printed a carriage return (CR), which a lesson block shows as a line ending, so no lesson block "
                    + "can show its output exactly"
            }
        return Diagnostic(.unrepresentableOutput, at: location, message)
    }

    /// The core block differs from the embedded core, from core line `coreLine` (nil: past its end).
    static func coreDrift(
        at location: SourceLocation, reference: String = "the embedded core", coreLine: Int?, cause: String?,
        attachment: Attachment
    ) -> Diagnostic {
        var message = "core block differs from \(reference)"
        if let coreLine { message += " at core line \(coreLine)" }
        if let cause { message += "; \(cause)" }
        return Diagnostic(.coreDrift, at: location, message, attachment: attachment)
    }
}
