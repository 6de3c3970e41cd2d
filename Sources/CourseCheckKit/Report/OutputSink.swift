/// Where a reporter writes: the executable passes stdout and stderr, tests pass a buffer.
package protocol OutputSink: AnyObject {
    func write(_ text: String)
}

/// An in-memory sink, for tests and for building reports before writing them.
package final class BufferSink: OutputSink {
    package private(set) var text = ""

    package init() {}

    package func write(_ text: String) {
        self.text += text
    }
}
