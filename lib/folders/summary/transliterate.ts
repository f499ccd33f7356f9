// Latin spellings of Cyrillic and Greek names, after ICAO Doc 9303 part 3 (the table passports use
// in their machine-readable zone), so "Иванов" on a diploma meets "IVANOV" on a passport.
// prettier-ignore
const CYRILLIC: Record<string, string> = {
  а: "a", б: "b", в: "v", г: "g", ґ: "g", д: "d", ђ: "d", ѓ: "g", е: "e", ё: "e", є: "ie", ж: "zh",
  з: "z", ѕ: "dz", и: "i", і: "i", ї: "i", й: "i", ј: "j", к: "k", л: "l", љ: "lj", м: "m", н: "n",
  њ: "nj", о: "o", п: "p", р: "r", с: "s", т: "t", ћ: "c", ќ: "k", у: "u", ў: "u", ф: "f", х: "kh",
  ц: "ts", ч: "ch", џ: "dz", ш: "sh", щ: "shch", ъ: "ie", ы: "y", ь: "", э: "e", ю: "iu", я: "ia",
};

// prettier-ignore
const GREEK: Record<string, string> = {
  α: "a", β: "v", γ: "g", δ: "d", ε: "e", ζ: "z", η: "i", θ: "th", ι: "i", κ: "k", λ: "l", μ: "m",
  ν: "n", ξ: "x", ο: "o", π: "p", ρ: "r", σ: "s", ς: "s", τ: "t", υ: "y", φ: "f", χ: "ch", ψ: "ps",
  ω: "o",
};

/** Lower-case Latin letters for a name in any of the scripts above; Latin letters keep their accents. */
export function transliterate(text: string): string {
  let out = "";
  for (const ch of text.toLowerCase().replace(/ου/g, "ou").replace(/ού/g, "ou")) {
    // A Greek accent (ά) or Cyrillic diaeresis (ё) is a mark on the base letter the table knows.
    const base = ch.normalize("NFD")[0];
    const mapped = CYRILLIC[base] ?? GREEK[base];
    out += mapped ?? ch;
  }
  return out;
}
