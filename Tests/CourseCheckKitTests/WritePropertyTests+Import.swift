import CourseCheckKit
import Foundation
import XCTest

/// `import` into random existing folders (unrelated files, lesson-named files that are not this
/// course's lessons, earlier imports with an author's edits, README variants, `.git`, a goldens
/// directory) changes a file only when it was absent, or was the file import wrote there: an
/// earlier import's output byte for byte, or one the author edited below its front matter (which
/// still names the lesson's source, or the course's title and source). A refused import changes
/// nothing at all, and a folder holding only such files is never refused.
///
/// `COURSECHECK_PROPERTY_CASES` sets the number of folders (`make soak` runs many); a failure
/// names its seed, and `COURSECHECK_PROPERTY_SEED` replays it. A `WritePropertyTests` case, so
/// `make soak` runs it with the other write properties.
extension WritePropertyTests {
    static let importNames = ["01-ilk-ders.md", "02-son-ders.md", "README.md"]

    /// What a file at one of import's names is, as the test made it.
    private enum ImportVariant: CaseIterable {
        case absent, earlierImport, newerImport, otherCourse, authorNote, objectives, otherSource, noFrontMatter,
            unrelated

        /// Import's own file, which it may replace.
        var isImports: Bool { [.earlierImport, .newerImport, .authorNote, .objectives].contains(self) }
    }

    func testImportChangesOnlyWhatItWrote() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let newer = try ImportTests.export.replacingEvery("Özet cümlesi.", with: "Yeni özet.")
            .replacingEvery("Son dersin metni.", with: "Yeni metin.")
        let other = try ImportTests.export.replacingEvery("Mini Kurs", with: "Başka Kurs")
            .replacingEvery("example.invalid/kurs", with: "example.invalid/baska")
        let exports = [ImportTests.export, newer, other]
        var outputs: [[String: Data]] = []
        for (index, export) in exports.enumerated() {
            try Data(export.utf8).write(to: scratch.url.appendingPathComponent("export-\(index).md"))
            let result = InProcess.run(["import", "export-\(index).md", "made-\(index)"], in: scratch.url)
            XCTAssertEqual(result.status, .clean, result.stderr)
            outputs.append(FileTree.contents(of: scratch.url.appendingPathComponent("made-\(index)")))
        }

        for seed in PropertySeeds.seeds(defaultCases: 15) {
            var random = BlockStructurePropertyTests.Generator(state: seed)
            func chance(_ one: UInt64) -> Bool { random.next() % one == 0 }
            // Each folder in a place of its own, which is all that is compared.
            let place = scratch.url.appendingPathComponent("seed-\(seed)")
            let folder = chance(8) ? "course/goldens" : "target"
            let root = place.appendingPathComponent(folder)
            try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
            var made: [String] = []
            // A repository's top, a goldens directory, a folder of other files: no lessons directory.
            var notLessons = folder.hasSuffix("goldens")
            func put(_ name: String, _ data: Data) throws {
                let url = root.appendingPathComponent(name)
                try FileManager.default.createDirectory(
                    at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try data.write(to: url)
                made.append(name)
            }
            if chance(5) {
                try put(".git/HEAD", Data("ref: refs/heads/main\n".utf8))
                notLessons = true
            }
            if chance(10) {
                try put("TOOLCHAIN", Data("Swift version 6.3.1\n".utf8))
                notLessons = true
            }
            if chance(4) {
                try put(chance(2) ? "kitap.pdf" : "notlar.txt", Data("yazarın dosyası\n".utf8))
                notLessons = true
            }
            if chance(4) { try put(".DS_Store", Data([0, 1, 2])) }
            if chance(4) { try put("resimler/sekil.png", Data([0x89, 0x50])) }
            var mayRefuse = notLessons
            var variants: [String: ImportVariant] = [:]
            for name in Self.importNames {
                let variant = ImportVariant.allCases[Int(random.next() % UInt64(ImportVariant.allCases.count))]
                variants[name] = variant
                if variant != .absent && !variant.isImports { mayRefuse = true }
                guard let data = try importFile(variant, name: name, outputs: outputs, random: &random) else {
                    continue
                }
                try put(name, data)
            }
            let export = Int(random.next() % 2)
            let before = FileTree.contents(of: place)
            let result = InProcess.run(["import", "../export-\(export).md", folder], in: place)
            let after = FileTree.contents(of: place)
            func fail(_ message: String) {
                XCTFail(
                    "seed \(seed), \(folder) holding \(made.sorted()) as \(variants.sorted { $0.key < $1.key }), "
                        + "export \(export): \(message)\n\(result.stderr)")
            }
            let changed = Set(before.keys).union(after.keys).filter { before[$0] != after[$0] }.sorted()
            for path in changed {
                let name = String(path.dropFirst(folder.count + 1))
                guard path.hasPrefix(folder + "/"), let old = before[path] else {
                    if before[path] != nil || !path.hasPrefix(folder + "/") { fail("changed \(path)") }
                    continue
                }
                if after[path] == nil { fail("removed \(path)") }
                let wroteIt = outputs.prefix(2).contains { $0[name] == old }
                if !wroteIt && variants[name]?.isImports != true { fail("changed \(path), which import did not write") }
            }
            if notLessons && result.status != .failure { fail("imported into a folder that is no lessons directory") }
            switch result.status {
            case .clean:
                for name in Self.importNames where after["\(folder)/\(name)"] == nil { fail("no \(name) after import") }
            case .failure:
                if !changed.isEmpty { fail("a refused import changed \(changed)") }
                if !mayRefuse { fail("refused a folder that holds only import's files") }
                let lines = result.stderr.split(separator: "\n")
                if lines.isEmpty || !lines.allSatisfy({ $0.hasPrefix("coursecheck: error: refusing ") }) {
                    fail("a refusal not in words")
                }
            default: fail("status \(result.status)")
            }
        }
    }

    /// The bytes of a file of `variant` at import's `name`, or nil for none.
    private func importFile(
        _ variant: ImportVariant, name: String, outputs: [[String: Data]],
        random: inout BlockStructurePropertyTests.Generator
    ) throws -> Data? {
        let earlier = String(decoding: outputs[0][name] ?? Data(), as: UTF8.self)
        switch variant {
        case .absent: return nil
        case .earlierImport: return outputs[0][name]
        case .newerImport: return outputs[1][name]
        case .otherCourse: return outputs[2][name]
        case .authorNote: return Data((earlier + "\nYazarın notu \(random.next() % 1000).\n").utf8)
        case .objectives:
            // Objectives in a lesson's front matter (an index gets a note below its own).
            guard name != "README.md" else { return Data((earlier + "\nSon söz.\n").utf8) }
            return Data(
                try earlier.replacingFirst(
                    "license: 'CC BY-SA 4.0'\n---", with: "license: 'CC BY-SA 4.0'\nobjectives:\n    - 'Bir hedef'\n---"
                )
                .utf8)
        case .otherSource:
            return Data(
                try
                    (name == "README.md"
                    ? earlier.replacingFirst("title: 'Mini Kurs'", with: "title: 'Eski Kurs'")
                    : earlier.replacingFirst("example.invalid/kurs/", with: "example.invalid/eski/")).utf8)
        case .noFrontMatter:
            let body = try earlier.locate("\n---\n", after: "---\n").upperBound
            return Data(earlier[body...].utf8)
        case .unrelated: return Data("yazarın metni \(random.next() % 1000)\n".utf8)
        }
    }
}
