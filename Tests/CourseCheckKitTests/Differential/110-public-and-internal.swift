// main.swift — public and internal on globals, functions and types
public let version = 2
internal var lessonCount = 3
public func describe() -> String { "v\(version) x\(lessonCount)" }
internal struct Lesson { public let title: String }
print(describe(), Lesson(title: "a"))
