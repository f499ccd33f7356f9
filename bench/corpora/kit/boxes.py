"""Where a printed value sits on page 1 of a PDF, from poppler's word boxes (pdftotext -bbox)."""
import re
import subprocess
from pathlib import Path

WORD = re.compile(r'<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)</word>')
PAGE = re.compile(r'<page width="([\d.]+)" height="([\d.]+)">')


def words(pdf: Path) -> tuple[list[tuple[float, float, float, float, str]], tuple[float, float]]:
    html = subprocess.run(["pdftotext", "-f", "1", "-l", "1", "-bbox", str(pdf), "-"], check=True,
                          capture_output=True, text=True).stdout
    size = PAGE.search(html)
    out = [(float(a), float(b), float(c), float(d), unescape(w)) for a, b, c, d, w in WORD.findall(html)]
    return out, (float(size.group(1)), float(size.group(2)))


def unescape(s: str) -> str:
    return s.replace("&amp;", "&").replace("&lt;", "<").replace("&gt;", ">").replace("&quot;", '"').replace("&#39;", "'")


def find(pdf: Path, value: str, nth: int = 0):
    """Box (x0, y0, x1, y1) in points, top-left origin, of the nth occurrence of value's words in a row."""
    ws, size = words(pdf)
    tokens = value.split()
    hits = []
    for i in range(len(ws) - len(tokens) + 1):
        if all(ws[i + j][4].strip(",.:;").casefold() == t.strip(",.:;").casefold() for j, t in enumerate(tokens)):
            group = ws[i:i + len(tokens)]
            hits.append((min(w[0] for w in group), min(w[1] for w in group), max(w[2] for w in group), max(w[3] for w in group)))
    return (hits[nth] if len(hits) > nth else None), size, ws
