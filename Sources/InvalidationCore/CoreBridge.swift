/// The package-internal door to the verbatim core, for coursecheck's embedded engine.
///
/// The core's types are internal and its text may not change, so this file wraps them. Nothing
/// here decides a cause: every answer comes from calling the core itself.
package struct CoreStorage: Sendable, Equatable {
    let value: Storage

    package static func state(owner: String) -> CoreStorage { CoreStorage(value: .state(owner: owner)) }
    package static func model(object: String) -> CoreStorage { CoreStorage(value: .model(object: object)) }
    package static let environment = CoreStorage(value: .environment)

    /// The case name and its argument, for messages and equality.
    package var parts: (name: String, argument: String?) {
        switch value {
        case .state(let owner): ("state", owner)
        case .model(let object): ("model", object)
        case .environment: ("environment", nil)
        }
    }

    package static func == (lhs: CoreStorage, rhs: CoreStorage) -> Bool {
        lhs.parts == rhs.parts
    }
}

package struct CoreNode: Sendable {
    let value: ViewNode

    package init(_ name: String, parent: String?, reads: Set<String>) {
        value = ViewNode(name, parent: parent, reads: reads)
    }

    package var name: String { value.name }
    package var parent: String? { value.parent }
    package var reads: Set<String> { value.reads }
}

package struct CoreRecompute: Sendable, Equatable {
    let value: Recompute

    package init(view: String, cause: String) {
        value = Recompute(view: view, cause: cause)
    }

    init(_ value: Recompute) {
        self.value = value
    }

    package var view: String { value.view }
    package var cause: String { value.cause }

    package static func == (lhs: CoreRecompute, rhs: CoreRecompute) -> Bool {
        lhs.view == rhs.view && lhs.cause == rhs.cause
    }
}

package struct CoreTree: Sendable {
    let value: ViewTree

    package init(nodes: [CoreNode], storage: [String: CoreStorage]) {
        value = ViewTree(nodes: nodes.map(\.value), storage: storage.mapValues(\.value))
    }

    package var nodes: [CoreNode] { value.nodes.map(CoreNode.init(wrapping:)) }
    package var storage: [String: CoreStorage] { value.storage.mapValues(CoreStorage.init(value:)) }

    /// Loops forever on a parent cycle: callers must rule cycles out first.
    package func ancestors(of name: String) -> [String] { value.ancestors(of: name) }

    /// May call `ancestors(of:)`: callers must rule cycles out first.
    package func cause(of node: CoreNode, key: String) -> String { value.cause(of: node.value, key: key) }

    /// Prints one line through the core's `print`; may call `ancestors(of:)`.
    package func change(_ label: String, key: String) -> [CoreRecompute] {
        value.change(label, key: key).map(CoreRecompute.init)
    }
}

extension CoreNode {
    init(wrapping value: ViewNode) {
        self.value = value
    }
}

/// Calls the core's `countCauses`, which prints four lines through the core's `print`.
package func coreCountCauses(_ recomputes: [CoreRecompute]) {
    countCauses(recomputes.map(\.value))
}
