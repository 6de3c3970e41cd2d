// main.swift — type names of top-level types, plain and reflecting
struct Lesson {}
enum Level { case low }
final class Box<T> { init(_ value: T) {} }
print(type(of: Lesson()), type(of: Level.low), type(of: Box(1)))
print(String(reflecting: Lesson.self), String(reflecting: Box<String>.self))
