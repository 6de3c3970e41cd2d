// main.swift — the directory the program runs in holds what the reader's does
import Foundation
print(try FileManager.default.contentsOfDirectory(atPath: ".").sorted())
print(CommandLine.arguments[0])
