// main.swift — #sourceLocation moving the line and file, then reset
#sourceLocation(file: "lesson.swift", line: 100)
print(#line, #fileID)
#sourceLocation()
print(#line, #fileID)
