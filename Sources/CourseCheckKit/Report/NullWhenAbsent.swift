/// An optional JSON value that is encoded as `null` when absent, never left out: every documented
/// key of a report stays present. Decoding reads `null` and a missing key alike as nil.
@propertyWrapper
package struct NullWhenAbsent<Value: Codable & Sendable & Equatable>: Codable, Sendable, Equatable {
    package var wrappedValue: Value?

    package init(wrappedValue: Value?) {
        self.wrappedValue = wrappedValue
    }

    package init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        wrappedValue = container.decodeNil() ? nil : try container.decode(Value.self)
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(wrappedValue)
    }
}

extension KeyedDecodingContainer {
    /// A missing key is nil, as it is for a plain optional.
    package func decode<Value>(_ type: NullWhenAbsent<Value>.Type, forKey key: Key) throws -> NullWhenAbsent<Value> {
        try decodeIfPresent(type, forKey: key) ?? NullWhenAbsent(wrappedValue: nil)
    }
}
