// main.swift — the environment read through Foundation: SWIFT_DETERMINISTIC_HASHING
import Foundation
print(ProcessInfo.processInfo.environment["SWIFT_DETERMINISTIC_HASHING"] ?? "unset")
