// libFuzzer target: the claim readers over one lesson.
//
// Bytes → SourceFile.decode → MarkdownScanner.scan → Classifier.classify → Prose (paragraphs,
// headings, lists, tables, inline text) and FrontMatter → every claim that needs no compiler
// (front matter, index, declared triggers, closing table, trigger distribution, notes, labels),
// with the lesson as a one-lesson course and the same bytes as its index. The expected blocks
// stand in for the trees' outputs, so the trigger claims read them. Findings are ordinary results.
import CourseCheckKit

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard case .success(let file) = SourceFile.decode(bytes, path: "lessons/01-fuzz.md") else { return 0 }
    let scanned = MarkdownScanner.scan(file)
    let (lesson, _) = Classifier.classify(file, blocks: scanned.blocks)
    let facts = CourseFacts.LessonFacts(
        lesson: lesson, prose: Prose(lesson: lesson), frontMatter: FrontMatter.parse(file.lines),
        outputs: lesson.trees.map { $0.expected.content })
    let index = CourseFacts.Index(
        file: file, prose: Prose(file: file, document: scanned.document), frontMatter: FrontMatter.parse(file.lines))
    let course = CourseFacts(lessons: [facts], index: index, isWholeCourse: true, cache: nil, environment: [:])
    let report = CourseClaims.check(course, claims: CourseClaims.all.filter { $0.id != .fragmentSyntax })
    for diagnostic in report.diagnostics {
        _ = String(describing: diagnostic)
    }
    return 0
}
