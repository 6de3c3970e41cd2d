// main.swift — the environment read through Foundation: SWIFT_BACKTRACE
import Foundation
print(ProcessInfo.processInfo.environment["SWIFT_BACKTRACE"] ?? "unset")
