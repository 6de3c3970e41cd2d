// main.swift — a global named print, which the core calls
let print = 5
Swift.print(print)
