/// Where a reporter writes: the executable passes stdout and stderr, tests pass a buffer.
public protocol OutputSink: AnyObject {
    func write(_ text: String)
}

/// An in-memory sink, for tests and for building reports before writing them.
public final class BufferSink: OutputSink {
    public private(set) var text = ""

    public init() {}

    public func write(_ text: String) {
        self.text += text
    }
}
