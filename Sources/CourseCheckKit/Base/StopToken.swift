import Dispatch
import Synchronization

/// A request to stop work in flight: a newer text superseded it, the loop is shutting down, or
/// the time slice it had on the loop ran out. The interpreter polls it between steps and a child
/// process between waits, so the work ends within milliseconds and leaves nothing running.
package final class StopToken: Sendable {
    private let stopped = Atomic<Bool>(false)
    /// `DispatchTime` uptime in nanoseconds after which the token counts as stopped; nil for none.
    let deadline: UInt64?

    package init(seconds: Double? = nil) {
        deadline = seconds.map { DispatchTime.now().uptimeNanoseconds + UInt64(max($0, 0) * 1e9) }
    }

    /// A token whose deadline is `seconds` from now or `outer`'s, whichever comes first.
    package init(seconds: Double, within outer: StopToken?) {
        let own = DispatchTime.now().uptimeNanoseconds + UInt64(max(seconds, 0) * 1e9)
        deadline = min(own, outer?.deadline ?? .max)
    }

    package func stop() { stopped.store(true, ordering: .relaxed) }

    /// True once `stop()` was called, and never a deadline's doing.
    package var wasStopped: Bool { stopped.load(ordering: .relaxed) }

    package var isStopped: Bool {
        if stopped.load(ordering: .relaxed) { return true }
        guard let deadline else { return false }
        return DispatchTime.now().uptimeNanoseconds >= deadline
    }
}
