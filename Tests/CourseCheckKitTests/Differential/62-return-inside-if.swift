// main.swift — a return inside an if at the top level
let lessons = 1
if lessons == 1 {
    print("early")
    return
}
print("late")
