// main.swift — the command line's argument count and first argument
print(CommandLine.arguments.count, CommandLine.argc)
print(CommandLine.arguments[0])
