// main.swift — runtime arithmetic
let sayilar = [7, 2]
print(sayilar[0] / sayilar[1], sayilar[0] % sayilar[1], -sayilar[0], sayilar[0] - 10)
