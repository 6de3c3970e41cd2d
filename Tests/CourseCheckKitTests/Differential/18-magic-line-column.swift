// main.swift — magic line column
print(#line)
print(#column, #line)
