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

    /// What an opening fence indented `indent` spaces does to the block below it (`what`: "the
    /// core", "the block"), and the fix; `firstDiffering`: the block's first line that then
    /// differs ("core line 3").
    static func fenceIndentation(_ indent: Int, what: String, firstDiffering: String?) -> String {
        let takes = indent == 1 ? "one space" : "up to \(indent) spaces"
        let blanks = indent == 1 ? "the space" : "the \(indent) spaces"
        return "the fence is indented \(Plural.count(indent, "space")), so GitHub takes \(takes) of indentation off "
            + "each line of \(what)" + (firstDiffering.map { " (\($0) is the first to differ)" } ?? "")
            + "; delete \(blanks) before the fence"
    }

    /// The tree's output differs from its expected block only by what the block's indented opening
    /// fence takes off its lines (`indent` spaces), first at the block's line `line`: one finding
    /// at the fence.
    static func outputFenceIndented(at location: SourceLocation, tree: Tree, path: String, indent: Int, line: Int?)
        -> Diagnostic
    {
        Diagnostic(
            .outputDrift, at: location,
            "output of tree at line \(tree.header.number) differs from the lesson only by this expected block's "
                + "opening fence: "
                + fenceIndentation(indent, what: "the block", firstDiffering: line.map { "its line \($0)" }),
            notes: [Note(tree.headerLocation(in: path), "tree '\(tree.title)' starts here")])
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
        if reference == Self.otherCoursesCore { message += "; " + Self.otherCoursesCoreAdvice }
        return Diagnostic(.coreDrift, at: location, message, attachment: attachment)
    }

    /// What a core drift calls another course's core, whose text its lessons decide.
    static let otherCoursesCore = "the course's core"

    /// Another course's core is the text most of its lessons hold: `--promote` writes that back
    /// over an edit made in one lesson, so an author changing the core is told how the change
    /// reaches the core instead.
    static let otherCoursesCoreAdvice =
        "'coursecheck --promote' writes the course's core (the text most lessons hold) back into this block; "
        + "to change the core, make the same edit in every lesson's core block"

    /// A core drift (`drift`, the first lesson's message) that every one of `lessons` lessons' core
    /// blocks shares, byte for byte; `path` is that lesson's.
    static func coreDriftEverywhere(_ drift: String, lessons: Int, path: String) -> String {
        "\(drift); every lesson's core block (all \(lessons)) differs from it the same way, but this course's "
            + "core is the one built into coursecheck from Sources/InvalidationCore/Invalidation.swift: to "
            + "change it, change that file and rebuild coursecheck, then the lessons' copies; "
            + "\(command("--promote", lessonAt: path)) writes the built-in core back into every lesson"
    }

    /// The core block differs from `reference` only by what its indented opening fence takes off
    /// its lines (`indent` spaces), first at core line `coreLine`: one finding at the fence.
    static func coreFenceIndented(at location: SourceLocation, reference: String, indent: Int, coreLine: Int?)
        -> Diagnostic
    {
        Diagnostic(
            .coreDrift, at: location,
            "core block differs from \(reference) only by its opening fence: "
                + fenceIndentation(indent, what: "the core", firstDiffering: coreLine.map { "core line \($0)" }))
    }
}
