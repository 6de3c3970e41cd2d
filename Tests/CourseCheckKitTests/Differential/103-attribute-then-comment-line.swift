// main.swift — an attribute on its own line, then a comment line
@discardableResult
// a comment line between the attribute and its function
func record(_ text: String) -> String {
    print("recorded", text)
    return text
}
record("a")
