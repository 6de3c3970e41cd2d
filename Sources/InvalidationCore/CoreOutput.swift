import Synchronization

/// Captures what the verbatim core prints, in-process.
///
/// `Invalidation.swift` calls `print`; inside this module that name resolves to the module-scope
/// `print` below, which shadows `Swift.print` without a byte of the core changing. While a capture
/// is active on the current task, output goes to its buffer; otherwise to standard output.
package enum CoreOutput {
    /// An append-only text buffer shared with the evaluator.
    package final class Buffer: Sendable {
        private let storage = Mutex("")

        package init() {}

        package func append(_ text: String) {
            storage.withLock { $0 += text }
        }

        package var text: String {
            storage.withLock { $0 }
        }

        package var utf8Count: Int {
            storage.withLock { $0.utf8.count }
        }
    }

    @TaskLocal package static var current: Buffer?

    /// Runs `body` with the core's output going to `buffer`.
    package static func capture<T>(into buffer: Buffer, _ body: () throws -> T) rethrows -> T {
        try $current.withValue(buffer, operation: body)
    }
}

/// Shadows `Swift.print` for this module, so the core's output can be captured.
func print(_ items: Any..., separator: String = " ", terminator: String = "\n") {
    var text = ""
    for (index, item) in items.enumerated() {
        if index > 0 { text += separator }
        Swift.print(item, terminator: "", to: &text)
    }
    text += terminator
    if let buffer = CoreOutput.current {
        buffer.append(text)
    } else {
        Swift.print(text, terminator: "")
    }
}
