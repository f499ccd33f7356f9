// Finding the value printed beside (or under) a label: "Date of birth: 01/02/1990",
// "Net pay    2,345.67", or an ID card's "Surname" with "SMITH" on the line below.

/** Text after the first label found on a line, cut at the next column gap; or the next line's text. */
export function labelled(lines: string[], labels: RegExp[], opts: { nextLine?: boolean } = {}): string | null {
  for (let i = 0; i < lines.length; i++) {
    for (const label of labels) {
      const m = lines[i].match(label);
      if (!m || m.index === undefined) continue;
      const rest = cleanValue(lines[i].slice(m.index + m[0].length));
      if (rest) return rest;
      if (opts.nextLine !== false && i + 1 < lines.length) {
        const next = cleanValue(lines[i + 1]);
        if (next) return next;
      }
    }
  }
  return null;
}

/** All lines (with their index) on which any of the labels occurs. */
export function linesWith(lines: string[], labels: RegExp[]): Array<{ line: string; index: number; after: string }> {
  const out: Array<{ line: string; index: number; after: string }> = [];
  lines.forEach((line, index) => {
    for (const label of labels) {
      const m = line.match(label);
      if (m && m.index !== undefined) {
        out.push({ line, index, after: line.slice(m.index + m[0].length) });
        return;
      }
    }
  });
  return out;
}

function cleanValue(s: string): string {
  // Bilingual labels ("Surname / Nom") and separators come before the value.
  let v = s.replace(/^\s*(\/\s*[\p{L}'.]+(?: [\p{L}'.]+)*?(?=\s{2,}|\s*$|\s*:))?\s*[:\-–.#]*\s*/u, "");
  // A wide gap starts the next column.
  v = v.split(/\s{2,}|\t/)[0];
  return v.trim();
}
