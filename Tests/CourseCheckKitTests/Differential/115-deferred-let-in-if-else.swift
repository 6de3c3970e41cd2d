// main.swift — a global constant initialised in if and else
let label: String
let size = [1, 2, 3].count
if size > 2 {
    label = "many"
} else {
    label = "few"
}
print(label)
