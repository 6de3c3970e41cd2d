import Foundation

/// Runs work on a thread with a large stack, once per batch: nested calls run in place.
public enum LargeStack {
    public static let size = 256 << 20
    private static let marker = "coursecheck.large-stack"

    /// Runs `body` on a large-stack thread, or directly when already on one.
    public static func run<T>(_ body: @escaping () -> T) -> T {
        if Thread.current.threadDictionary[marker] != nil { return body() }
        let box = Box<T>()
        let work = UncheckedSendable(body)
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            Thread.current.threadDictionary[marker] = true
            box.value = work.value()
            done.signal()
        }
        thread.stackSize = size
        thread.start()
        done.wait()
        return box.value!
    }

    /// Carries the result back to the waiting caller.
    private final class Box<T>: @unchecked Sendable {
        var value: T?
    }

    /// The body runs on exactly one other thread while the caller waits, so no access overlaps.
    private struct UncheckedSendable<Value>: @unchecked Sendable {
        let value: Value
        init(_ value: Value) { self.value = value }
    }
}
