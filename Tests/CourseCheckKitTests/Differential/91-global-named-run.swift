// main.swift — a global named run
let run = "kosu"
print(run, run.count)
