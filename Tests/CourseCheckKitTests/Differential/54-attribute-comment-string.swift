// main.swift — an attribute with a comment and a string
@discardableResult // returns its input
func echo(_ text: String = "// not a comment") -> String {
    print(text)
    return text
}
echo()
echo("/* nor this */")
