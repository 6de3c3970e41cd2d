// main.swift — the reader's run: its name and its environment
import Glibc
print(CommandLine.arguments[0])
print(getenv("SWIFT_BACKTRACE") == nil ? "no SWIFT_BACKTRACE" : "SWIFT_BACKTRACE set")
print(getenv("SWIFT_DETERMINISTIC_HASHING") == nil ? "no deterministic hashing" : "deterministic hashing")
