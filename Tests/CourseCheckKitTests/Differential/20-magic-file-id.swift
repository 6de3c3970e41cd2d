// main.swift — magic file id
print(#fileID)
print(#file, #filePath)
