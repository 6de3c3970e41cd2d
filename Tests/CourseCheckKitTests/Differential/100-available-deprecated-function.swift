// main.swift — a deprecated function whose message holds a brace
@available(*, deprecated, message: "a } brace")
func oldGreeting() -> String { "merhaba" }
print(oldGreeting())
