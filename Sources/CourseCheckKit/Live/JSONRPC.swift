import Foundation

/// Any JSON value, decoded and encoded with Foundation's JSON coders, so a message is read once
/// and its parts are taken as the method needs them.
package enum JSONValue: Codable, Sendable, Equatable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    package init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([JSONValue].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: JSONValue].self))
        }
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let value): try container.encode(value)
        case .number(let value):
            if value == value.rounded(), abs(value) < 1e15 {
                try container.encode(Int(value))
            } else {
                try container.encode(value)
            }
        case .string(let value): try container.encode(value)
        case .array(let value): try container.encode(value)
        case .object(let value): try container.encode(value)
        }
    }

    package subscript(key: String) -> JSONValue? {
        if case .object(let object) = self { return object[key] }
        return nil
    }

    package subscript(index: Int) -> JSONValue? {
        if case .array(let array) = self, array.indices.contains(index) { return array[index] }
        return nil
    }

    package var string: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    package var int: Int? {
        if case .number(let value) = self, value == value.rounded(), abs(value) < 1e15 { return Int(value) }
        return nil
    }

    package var array: [JSONValue]? {
        if case .array(let value) = self { return value }
        return nil
    }
}

extension JSONValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByBooleanLiteral,
    ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral, ExpressibleByNilLiteral
{
    package init(stringLiteral value: String) { self = .string(value) }
    package init(integerLiteral value: Int) { self = .number(Double(value)) }
    package init(booleanLiteral value: Bool) { self = .bool(value) }
    package init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
    package init(dictionaryLiteral elements: (String, JSONValue)...) {
        self = .object(Dictionary(elements, uniquingKeysWith: { $1 }))
    }
    package init(nilLiteral: ()) { self = .null }

    static func int(_ value: Int) -> JSONValue { .number(Double(value)) }
}

/// JSON-RPC 2.0 over LSP's base protocol: `Content-Length: N\r\n\r\n` then N bytes of JSON.
package enum JSONRPC {
    /// Error codes of JSON-RPC and LSP.
    package enum ErrorCode: Int, Sendable {
        case parseError = -32700
        case invalidRequest = -32600
        case methodNotFound = -32601
        case invalidParams = -32602
        case internalError = -32603
        case serverNotInitialized = -32002
        case requestFailed = -32803
    }

    /// One unit read from the stream.
    package enum Frame: Equatable, Sendable {
        case message([UInt8])
        /// A header block that cannot frame a message (no or a bad Content-Length); it is skipped.
        case malformed(String)
    }

    /// Splits a byte stream into frames. The header block ends at the first blank line; a header
    /// without a usable `Content-Length` is reported and skipped, so one bad message never stalls
    /// the stream.
    package struct FrameReader: Sendable {
        private var buffer: [UInt8] = []
        /// After a malformed header the body's length is unknown: bytes are dropped up to the next
        /// `Content-Length:` header, so one bad message costs one error, not every later message.
        private var resyncing = false
        /// The longest header block accepted before it is called malformed.
        static let headerLimit = 8 * 1024
        /// The largest body accepted (a 10 MB lesson, escaped as JSON, fits); a larger length would
        /// make the server wait for, and hold, bytes that never come.
        static let bodyLimit = 64 << 20
        static let marker = Array("content-length:".utf8)

        package init() {}

        package mutating func append(_ bytes: some Sequence<UInt8>) { buffer += bytes }

        package var isEmpty: Bool { buffer.isEmpty }

        package mutating func next() -> Frame? {
            if resyncing {
                guard let start = markerStart() else {
                    // Keep a tail that may hold the start of the marker.
                    if buffer.count > Self.marker.count { buffer.removeFirst(buffer.count - Self.marker.count) }
                    return nil
                }
                buffer.removeFirst(start)
                resyncing = false
            }
            guard let end = headerEnd() else {
                if buffer.count > Self.headerLimit {
                    buffer.removeAll()
                    return .malformed("header block longer than \(Self.headerLimit) bytes without a blank line")
                }
                return nil
            }
            let header = String(decoding: buffer[..<end.start], as: UTF8.self)
            var length: Int?
            for line in header.split(whereSeparator: { $0 == "\r\n" || $0 == "\n" || $0 == "\r" }) {
                let parts = line.split(separator: ":", maxSplits: 1)
                guard parts.count == 2, parts[0].trimmingCharacters(in: .whitespaces).lowercased() == "content-length"
                else { continue }
                length = Int(parts[1].trimmingCharacters(in: .whitespaces))
            }
            guard let length, length >= 0, length <= Self.bodyLimit else {
                buffer.removeFirst(end.after)
                resyncing = true
                return .malformed(
                    length.flatMap {
                        $0 > Self.bodyLimit
                            ? "Content-Length \($0) is larger than the \(Self.bodyLimit >> 20) MiB a message may have"
                            : nil
                    }
                        ?? "message without a valid Content-Length header")
            }
            guard buffer.count - end.after >= length else { return nil }
            let body = Array(buffer[end.after..<(end.after + length)])
            buffer.removeFirst(end.after + length)
            // An array keeps its capacity: a 5 MB message would hold 5 MB here for good.
            if buffer.isEmpty && buffer.capacity > 1 << 20 { buffer = [] }
            return .message(body)
        }

        /// The offset of the next `Content-Length:` (any case) in the buffer.
        private func markerStart() -> Int? {
            let marker = Self.marker
            guard buffer.count >= marker.count else { return nil }
            for start in 0...(buffer.count - marker.count) {
                var matches = true
                for offset in 0..<marker.count {
                    var byte = buffer[start + offset]
                    if byte >= 65 && byte <= 90 { byte += 32 }
                    if byte != marker[offset] {
                        matches = false
                        break
                    }
                }
                if matches { return start }
            }
            return nil
        }

        /// Where the header block ends: `\r\n\r\n` (or a bare `\n\n`, which some clients send).
        private func headerEnd() -> (start: Int, after: Int)? {
            var index = 0
            while index < buffer.count {
                if buffer[index] == 10 {
                    if index + 1 < buffer.count, buffer[index + 1] == 10 { return (index, index + 2) }
                    if index + 2 < buffer.count, buffer[index + 1] == 13, buffer[index + 2] == 10 {
                        return (index, index + 3)
                    }
                }
                index += 1
            }
            return nil
        }
    }

    /// A message framed for the wire.
    package static func frame(_ message: JSONValue) -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let body = (try? encoder.encode(message)) ?? Data("{}".utf8)
        return Data("Content-Length: \(body.count)\r\n\r\n".utf8) + body
    }

    package static func response(id: JSONValue, result: JSONValue) -> JSONValue {
        ["jsonrpc": "2.0", "id": id, "result": result]
    }

    package static func error(id: JSONValue, _ code: ErrorCode, _ message: String) -> JSONValue {
        ["jsonrpc": "2.0", "id": id, "error": ["code": .int(code.rawValue), "message": .string(message)]]
    }

    package static func notification(_ method: String, _ params: JSONValue) -> JSONValue {
        ["jsonrpc": "2.0", "method": .string(method), "params": params]
    }
}

extension JSONRPC {
    /// `bytes` with every lone UTF-16 surrogate escape in a JSON string (`\\ud800` not followed by
    /// a low one, or a low one alone) replaced by `\\ufffd`, which JSONDecoder would otherwise reject
    /// with the whole message. An escaped backslash (`\\\\ud800`) is text, and stays.
    static func replacingLoneSurrogates(_ bytes: [UInt8]) -> [UInt8] {
        guard bytes.contains(UInt8(ascii: "\\")) else { return bytes }
        func unit(at index: Int) -> UInt16? {
            guard index + 6 <= bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u")
            else { return nil }
            return UInt16(String(decoding: bytes[(index + 2)..<(index + 6)], as: UTF8.self), radix: 16)
        }
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            guard bytes[index] == UInt8(ascii: "\\"), index + 1 < bytes.count else {
                out.append(bytes[index])
                index += 1
                continue
            }
            if let high = unit(at: index), (0xD800...0xDFFF).contains(high) {
                if high <= 0xDBFF, let low = unit(at: index + 6), (0xDC00...0xDFFF).contains(low) {
                    out.append(contentsOf: bytes[index..<(index + 12)])
                    index += 12
                } else {
                    out.append(contentsOf: Array("\\ufffd".utf8))
                    index += 6
                }
                continue
            }
            // Any other escape, `\\\\` included, is copied whole.
            out.append(contentsOf: bytes[index...(index + 1)])
            index += 2
        }
        return out
    }
}
