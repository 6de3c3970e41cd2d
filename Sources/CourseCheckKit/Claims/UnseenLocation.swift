extension SourceLocation {
    /// This location, where `written` starts on `line`, moved to the character a reader cannot see
    /// or tell apart that sets `written` apart from `expected` (`Diagnostic.unseenSlip`): a finding
    /// that names such a character points at it, not at the start of a long title. When `line`
    /// does not hold `written` as written there (an entity, markup), `written` is looked for on
    /// the line; the location is kept when it is not found, or nothing unseen sets them apart.
    func atUnseen(_ written: String, _ expected: String, on line: String) -> SourceLocation {
        guard let offset = Diagnostic.unseenSlip(written, expected)?.offset else { return self }
        let bytes = Array(line.utf8)
        let wanted = Array(written.utf8.prefix(offset))
        func holds(at start: Int) -> Bool {
            start >= 0 && start + wanted.count <= bytes.count
                && bytes[start..<(start + wanted.count)].elementsEqual(wanted)
        }
        var moved = self
        if holds(at: column - 1) {
            moved.column += offset
        } else if let found = line.utf8Offset(of: written) {
            moved.column = found + offset + 1
        }
        return moved
    }
}
