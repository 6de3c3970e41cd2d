// main.swift — deferred initialisation of a global
let mode: String
if CommandLine.arguments.count > 5 {
    mode = "many"
} else {
    mode = "few"
}
print(mode)
