/// Which of three texts is the slip when a lesson's trigger bullet disagrees with the closing table.
///
/// A lesson's trigger is stated three times: its own bullet, its row of the closing table and,
/// summed, the distribution sentence. When one bullet changes, the other two still agree with
/// each other, and a reader would fix the bullet. So a bullet both the table's row and the
/// sentence outvote is the one finding, at the bullet; the claims that read declarations treat
/// it as unsound and stay quiet. Without that agreement the bullet stands, as before.
package enum TriggerConsensus {
    /// A bullet the closing table and the distribution sentence both contradict.
    package struct Outvoted: Sendable, Equatable {
        /// The trigger the closing table's row gives the lesson.
        package var tableSays: String
        /// Where that row's trigger cell is.
        package var row: SourceLocation
    }

    /// The outvoted bullets, by lesson index.
    static func outvoted(in course: CourseFacts) -> [Int: Outvoted] {
        let declarations = course.lessons.map(\.declaration)
        guard !declarations.isEmpty, declarations.allSatisfy({ $0 != nil }),
            let (_, table) = ClosingTableClaim.table(in: course),
            let lessonColumn = table.column("Ders"), let triggerColumn = table.column("Tetik"),
            let last = course.lessons.last
        else { return [:] }
        var disagreeing: [Int: Outvoted] = [:]
        for (index, lesson) in course.lessons.enumerated() {
            guard let declaration = declarations[index], declaration.printed != nil else { continue }
            let rows = table.rows.filter { $0.cells.count > max(lessonColumn, triggerColumn) }
                .filter { lesson.isTitled($0.cells[lessonColumn].text) }
            guard rows.count == 1 else { continue }
            let cell = rows[0].cells[triggerColumn]
            // The row gives another trigger, or a distribution (`dördü (2/2/2/2)`) where the bullet gives one.
            // A quoted cell (`“ortam”`) gives the name it quotes.
            let given = cell.name
            guard !given.sameBytes(declaration.value),
                Triggers.names.contains(where: { $0.declared.sameBytes(given) }) || given.hasPrefix("dördü (")
            else { continue }
            // A bullet its own trees refute is declared-trigger's finding already.
            guard DeclaredTriggerClaim().problem(lesson, declaration) == nil else { continue }
            disagreeing[index] = Outvoted(tableSays: given, row: cell.location)
        }
        // The sentence is read only when a bullet and its row disagree: the usual course pays nothing.
        guard !disagreeing.isEmpty, let sentence = TriggerDistributionClaim.sentence(in: last) else { return [:] }
        func counts(_ trigger: (Int, Triggers.Declaration?) -> String?) -> [Int] {
            var counts = Triggers.names.map { _ in 0 }
            for (index, declaration) in declarations.enumerated() {
                guard let name = trigger(index, declaration),
                    let position = Triggers.names.firstIndex(where: { $0.declared.sameBytes(name) })
                else { continue }
                counts[position] += 1
            }
            return counts
        }
        let byBullets = counts { _, declaration in declaration?.printed == nil ? nil : declaration?.value }
        let byTable = counts { index, declaration in
            if let table = disagreeing[index] { return table.tableSays }
            return declaration?.printed == nil ? nil : declaration?.value
        }
        return sentence == byTable && sentence != byBullets ? disagreeing : [:]
    }
}
