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

    /// No fenced block can hold the tree's output; `reason` is `OutputCheck.unrepresentable`'s.
    static func unrepresentableOutput(at location: SourceLocation, _ reason: String) -> Diagnostic {
        Diagnostic(.unrepresentableOutput, at: location, reason)
    }

    /// The core block differs from the embedded core, from core line `coreLine` (nil: past its end).
    static func coreDrift(
        at location: SourceLocation, coreLine: Int?, cause: String?, attachment: Attachment
    ) -> Diagnostic {
        var message = "core block differs from the embedded core"
        if let coreLine { message += " at core line \(coreLine)" }
        if let cause { message += "; \(cause)" }
        return Diagnostic(.coreDrift, at: location, message, attachment: attachment)
    }
}
