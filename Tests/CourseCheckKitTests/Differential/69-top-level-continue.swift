// main.swift — a continue inside an if, outside any loop
let done = true
if done {
    continue
}
print("after")
