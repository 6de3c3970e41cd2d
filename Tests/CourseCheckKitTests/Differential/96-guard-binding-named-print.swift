// main.swift — a top-level guard binding named print
guard let print = Optional(5) else { fatalError() }
Swift.print(print)
