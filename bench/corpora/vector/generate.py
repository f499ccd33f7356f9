#!/usr/bin/env python3
"""The "vector" corpus: documents written as SVG and rendered by librsvg to PDF through cairo
(`rsvg-convert -f pdf`), the way design tools and templating services that fill an SVG export
them. Layouts of its own; faces no other corpus sets its text in (TeX Gyre Pagella, Bonum and
Adventor, URW Bookman, Nimbus Sans Narrow, TeX Gyre Cursor for figures), Z003 signatures, OCR-B
zones. Captures: the PDF itself, PNG/JPEG exports, scans and phone photos. Made after the
engine's rules of session 11 and held out from the start: no rule or threshold is chosen on it."""
import base64
import io
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from kit import art, cli, fmt  # noqa: E402

NAME = "vector"
KINDS = ["diploma", "certificate", "transcript", "passport", "id_card", "payslip", "bank_statement", "utility_bill", "employment_letter"]
CAPTURES = ["digital-pdf", "export-png", "export-jpeg", "scan-pdf", "photo-jpeg"]
NONCREDENTIALS = ["poster", "menu", "chart"]
NONCREDENTIAL_CAPTURES = CAPTURES

A4 = (595, 842)
INK = "#1c1f2a"
esc = fmt.esc


class Svg:
    """An SVG page in points (1 px = 1 pt: cairo's PDF page is the SVG's size)."""

    def __init__(self, size=A4, background="#ffffff"):
        self.w, self.h = size
        self.parts = [f'<rect width="{self.w}" height="{self.h}" fill="{background}"/>']

    def text(self, x, y, s, size, family, weight="normal", anchor="start", fill=INK, style="normal", spacing=0):
        self.parts.append(
            f'<text x="{x:.1f}" y="{y:.1f}" font-family="{family}" font-size="{size}" font-weight="{weight}" font-style="{style}" '
            f'text-anchor="{anchor}" letter-spacing="{spacing}" fill="{fill}" xml:space="preserve">{esc(s)}</text>')

    def rect(self, x, y, w, h, fill="none", stroke="none", width=1, rx=0):
        self.parts.append(f'<rect x="{x}" y="{y}" width="{w}" height="{h}" rx="{rx}" fill="{fill}" stroke="{stroke}" stroke-width="{width}"/>')

    def line(self, x1, y1, x2, y2, stroke=INK, width=0.6):
        self.parts.append(f'<line x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}" stroke="{stroke}" stroke-width="{width}"/>')

    def path(self, d, stroke, width=0.5, fill="none", opacity=1):
        self.parts.append(f'<path d="{d}" stroke="{stroke}" stroke-width="{width}" fill="{fill}" opacity="{opacity}"/>')

    def image(self, x, y, w, h, pil_image):
        buf = io.BytesIO()
        pil_image.save(buf, "PNG")
        data = base64.b64encode(buf.getvalue()).decode()
        self.parts.append(f'<image x="{x}" y="{y}" width="{w}" height="{h}" href="data:image/png;base64,{data}"/>')

    def render(self, work: Path, name: str) -> Path:
        svg, pdf = work / f"{name}.svg", work / f"{name}.pdf"
        svg.write_text(f'<svg xmlns="http://www.w3.org/2000/svg" width="{self.w}pt" height="{self.h}pt" '
                       f'viewBox="0 0 {self.w} {self.h}">' + "".join(self.parts) + "</svg>", encoding="utf-8")
        subprocess.run(["rsvg-convert", "-f", "pdf", "-o", str(pdf), str(svg)], check=True, capture_output=True)
        return pdf


def qr_image(payload, work, rng):
    from PIL import Image
    return Image.open(art.qr(payload, work / f"qr-{rng.random()}.png", 6))


def waves(p: Svg, color, rng, top=0, height=None, count=14):
    """Fine line work behind the text, as security printing has (drawn as vector curves)."""
    height = height or p.h
    for k in range(count):
        y0 = top + height * (k + 0.5) / count
        amp = height / count * rng.uniform(0.6, 1.4)
        d = f"M 0 {y0:.1f} " + " ".join(f"Q {x + 20:.1f} {y0 + (amp if (x // 40) % 2 else -amp):.1f} {x + 40:.1f} {y0:.1f}" for x in range(0, int(p.w), 40))
        p.path(d, color, 0.4, opacity=0.7)


def diploma(d, rng, work):
    p = Svg(A4, "#fffdf6")
    serif = "TeX Gyre Pagella"
    p.rect(24, 24, A4[0] - 48, A4[1] - 48, stroke="#2d4a6b", width=2.5)
    p.rect(32, 32, A4[0] - 64, A4[1] - 64, stroke="#2d4a6b", width=0.6)
    c = A4[0] / 2
    p.text(c, 120, d["institution"].upper(), 22, serif, "bold", "middle", "#2d4a6b", spacing=1.5)
    p.text(c, 150, f"{d['city']}", 12, serif, anchor="middle", style="italic")
    p.text(c, 230, "The Senate, on the recommendation of the Faculty, confers upon", 12, serif, anchor="middle")
    p.text(c, 290, d["holder"], 30, serif, "bold", "middle")
    p.text(c, 330, f"born {fmt.long(d['person']['birth'])}", 11, serif, anchor="middle")
    p.text(c, 380, "the degree of", 12, serif, anchor="middle")
    p.text(c, 420, d["degree"], 24, serif, anchor="middle", fill="#2d4a6b")
    p.text(c, 450, f"in {d['major']}", 15, serif, anchor="middle", style="italic")
    p.text(c, 500, f"with all the rights and privileges thereto pertaining, on {fmt.long(d['awarded'])}.", 11, serif, anchor="middle")
    p.image(60, 640, 96, 96, qr_image(d["qr"], work, rng))
    p.text(60, 752, f"Certificate No. {d['number']}", 8, serif)
    p.text(430, 690, d["signatory"], 26, "Z003", anchor="middle", fill="#1a2a66")
    p.line(340, 700, 520, 700)
    p.text(430, 714, f"{d['signatory']}, Rector", 9, serif, anchor="middle")
    return p.render(work, "diploma")


def certificate(d, rng, work):
    size = (842, 595)
    p = Svg(size, "#ffffff")
    p.rect(0, 0, 842, 90, fill="#0f3d3e")
    p.text(50, 58, d["institution"], 24, "TeX Gyre Adventor", "bold", fill="#ffffff")
    p.text(50, 170, "CERTIFICATE OF ACHIEVEMENT", 13, "TeX Gyre Adventor", fill="#0f3d3e", spacing=3)
    p.text(50, 215, "This certifies that", 13, "TeX Gyre Adventor")
    p.text(50, 262, d["holder"], 34, "TeX Gyre Adventor", "bold")
    p.text(560, 262, f"born {fmt.us(d['person']['birth'])}", 11, "TeX Gyre Adventor", fill="#555555")
    p.text(50, 305, f"successfully completed the course {d['course']}", 14, "TeX Gyre Adventor")
    p.text(50, 328, f"({d['hours']} hours of instruction) and passed its final assessment.", 12, "TeX Gyre Adventor")
    p.text(50, 380, f"Issued on {fmt.us(d['issued'])}", 12, "TeX Gyre Adventor")
    p.text(50, 400, f"Credential ID {d['number']}", 10, "TeX Gyre Cursor")
    p.image(700, 400, 110, 110, qr_image(d["qr"], work, rng))
    p.text(300, 500, d["signatory"], 28, "Z003", fill="#0f3d3e")
    p.line(290, 510, 520, 510)
    p.text(290, 524, f"{d['signatory']}, Programme Director", 9, "TeX Gyre Adventor")
    return p.render(work, "certificate")


def transcript(d, rng, work):
    p = Svg(A4)
    book, mono = "TeX Gyre Bonum", "TeX Gyre Cursor"
    p.text(40, 60, d["institution"], 17, book, "bold")
    p.text(40, 78, "Office of the Registrar · Academic Record", 9, book)
    p.rect(40, 95, 515, 58, stroke="#888888", width=0.6)
    p.text(50, 113, f"Student: {d['holder']}", 10, book)
    p.text(50, 129, f"Student number: {d['student_id']}", 10, book)
    p.text(50, 145, f"Programme: {d['degree']}, {d['major']}", 10, book)
    p.text(545, 113, f"Enrolled {fmt.slashes(d['enrolled'])}", 9, book, anchor="end")
    p.text(545, 129, f"Issued {fmt.slashes(d['issued'])}", 9, book, anchor="end")
    y = 185
    head = {"us": ("Credits", "Grade", "Points"), "ects": ("ECTS", "Grade", ""), "percent": ("Credits", "Mark", ""), "german": ("LP", "Note", "")}[d["scheme"]]
    p.text(40, y, "Code", 9, book, "bold"); p.text(110, y, "Course", 9, book, "bold")
    p.text(390, y, head[0], 9, book, "bold", "end"); p.text(450, y, head[1], 9, book, "bold", "end"); p.text(520, y, head[2], 9, book, "bold", "end")
    p.line(40, y + 5, 555, y + 5)
    for r in d["rows"]:
        y += 16
        p.text(40, y, r["code"], 9, mono); p.text(110, y, r["course"], 9, book)
        p.text(390, y, f"{r['credits']:g}", 9, mono, anchor="end"); p.text(450, y, str(r["grade"]), 9, mono, anchor="end")
        if "points" in r:
            p.text(520, y, f"{r['points'] * r['credits']:.1f}", 9, mono, anchor="end")
    y += 12
    p.line(40, y, 555, y)
    s = d["summary"]
    y += 18
    p.text(110, y, "Credits earned", 10, book, "bold"); p.text(390, y, f"{s['total_credits']:g}", 10, mono, "bold", "end")
    if "gpa" in s:
        y += 16
        p.text(110, y, "Grade point average (4.0 scale)", 10, book, "bold"); p.text(450, y, f"{s['gpa']:.2f}", 10, mono, "bold", "end")
    if "average" in s:
        y += 16
        p.text(110, y, "Weighted average", 10, book, "bold"); p.text(450, y, f"{s['average']:g}", 10, mono, "bold", "end")
    p.text(40, 790, "This record is valid without signature when its seal can be verified with the Registrar.", 7.5, book, style="italic")
    return p.render(work, "transcript")


def identity(d, rng, work, card):
    size = (243, 153) if card else (354, 249)  # ID-1 card, TD3 data page, in points
    p = Svg(size, "#eef3ee" if card else "#f4efe4")
    waves(p, "#b9cdb9" if card else "#d9c6a6", rng, 0, size[1] * 0.7)
    s = size[0] / 243
    given, surname = d["holder"].split(" ", 1)
    sans = "Nimbus Sans Narrow"
    p.text(8 * s, 14 * s, d["country"].upper(), 8 * s, sans, "bold", fill="#24492e")
    p.text(size[0] - 8 * s, 14 * s, "IDENTITY CARD" if card else "PASSPORT", 7 * s, sans, "bold", "end", "#24492e")
    p.image(8 * s, 22 * s, 52 * s, 66 * s, art.face(rng, (260, 330)))
    x, y = 68 * s, 26 * s
    rows = [("Surname / Nom", surname.upper()), ("Given names / Prénoms", given.upper()), ("Date of birth", fmt.dots(d["person"]["birth"])),
            ("Document no.", d["number"]), ("Date of issue", fmt.dots(d["issued"])), ("Date of expiry", fmt.dots(d["expiry"]))]
    for i, (label, value) in enumerate(rows):
        col, row = divmod(i, 3) if card else (0, i)
        xx, yy = x + col * 88 * s, y + row * (17 if card else 13) * s
        p.text(xx, yy, label, 3.6 * s, sans, fill="#4b5a4e")
        p.text(xx, yy + 5.5 * s, value, 5.6 * s, sans, "bold")
    p.text(size[0] - 10 * s, (88 if card else 110) * s, d["holder"], 8 * s, "Z003", anchor="end", fill="#1a2a66")
    n = len(d["mrz"])
    fs = (size[0] - 14 * s) / (len(d["mrz"][0]) * 0.6)
    top = size[1] - n * fs * 1.2 - 4 * s
    p.rect(0, top - 2 * s, size[0], size[1] - top + 2 * s, fill="#fafafa")
    p.image(7 * s, top, size[0] - 14 * s, n * fs * 1.2, mrz_image(d["mrz"], fs))
    return p.render(work, "card" if card else "passport")


def mrz_image(lines, fs_pt, px_per_pt=8):
    """The zone as a picture in OCR-B: cairo's PDF output of the OCR-B face is damaged (qpdf and
    poppler cannot read the font), so the zone is placed as an image, as card personalisation
    software often does."""
    from PIL import Image, ImageDraw, ImageFont
    size = int(fs_pt * px_per_pt)
    face = ImageFont.truetype("/usr/share/fonts/opentype/ocr-b/OCRB.otf", size)
    width = int(max(face.getlength(line) for line in lines)) + 2
    img = Image.new("RGB", (width, int(len(lines) * size * 1.2)), (250, 250, 250))
    draw = ImageDraw.Draw(img)
    for i, line in enumerate(lines):
        draw.text((0, i * size * 1.2 + size * 0.1), line, font=face, fill=(10, 10, 10))
    return img


def payslip(d, rng, work):
    p = Svg(A4)
    sans, mono = "Nimbus Sans Narrow", "TeX Gyre Cursor"
    p.rect(0, 0, A4[0], 70, fill="#eaeef5")
    p.text(40, 42, d["institution"], 16, sans, "bold")
    p.text(555, 34, "PAYSLIP", 14, sans, "bold", "end", "#3a4a7a")
    p.text(555, 52, fmt.month(d["period"]), 10, sans, anchor="end")
    p.text(40, 100, d["holder"], 12, sans, "bold")
    p.text(40, 115, d["person"]["address"], 9, sans)
    p.text(40, 127, f"{d['person']['postcode']} {d['person']['city']}", 9, sans)
    p.text(360, 100, f"Employee ID  {d['employee_id']}", 9, sans)
    p.text(360, 114, f"Position  {d['position']}", 9, sans)
    p.text(360, 128, f"Payment date  {fmt.dots(d['paid'])}", 9, sans)
    y = 170
    p.text(40, y, "Earnings", 10, sans, "bold"); p.text(300, y, "Amount", 10, sans, "bold", "end")
    p.text(330, y, "Deductions", 10, sans, "bold"); p.text(555, y, "Amount", 10, sans, "bold", "end")
    for i, (k, v) in enumerate(d["earnings"]):
        p.text(40, y + 18 + 14 * i, k, 9, sans); p.text(300, y + 18 + 14 * i, fmt.money(v), 9, mono, anchor="end")
    for i, (k, v) in enumerate(d["deductions"]):
        p.text(330, y + 18 + 14 * i, k, 9, sans); p.text(555, y + 18 + 14 * i, fmt.money(v), 9, mono, anchor="end")
    y += 18 + 14 * max(len(d["earnings"]), len(d["deductions"])) + 6
    p.line(40, y - 8, 555, y - 8)
    p.text(40, y + 6, "Total earnings", 9, sans, "bold"); p.text(300, y + 6, fmt.money(d["gross"]), 9, mono, "bold", "end")
    p.text(330, y + 6, "Total deductions", 9, sans, "bold"); p.text(555, y + 6, fmt.money(sum(v for _, v in d["deductions"])), 9, mono, "bold", "end")
    p.rect(330, y + 20, 225, 28, fill="#eaeef5")
    p.text(340, y + 39, "Net pay", 12, sans, "bold"); p.text(548, y + 39, f"EUR {fmt.money(d['net'])}", 12, mono, "bold", "end")
    return p.render(work, "payslip")


def bank_statement(d, rng, work):
    p = Svg(A4)
    font, mono = "URW Bookman", "TeX Gyre Cursor"
    p.text(40, 56, d["institution"], 18, font, "bold", fill="#6b1d1d")
    p.text(40, 74, "Account statement", 10, font)
    p.text(555, 56, f"{fmt.slashes(d['start'])} – {fmt.slashes(d['end'])}", 9, font, anchor="end")
    p.text(40, 110, d["holder"], 10, font, "bold")
    p.text(40, 124, f"{d['person']['address']}, {d['person']['postcode']} {d['person']['city']}", 9, font)
    p.text(40, 138, f"IBAN {d['account']}", 9, mono)
    y = 175
    for x, label, anchor in [(40, "Date", "start"), (110, "Description", "start"), (440, "Amount", "end"), (555, "Balance", "end")]:
        p.text(x, y, label, 9, font, "bold", anchor)
    p.line(40, y + 5, 555, y + 5)
    rows = list(reversed(d["rows"])) if d["newest_first"] else d["rows"]
    lines = [(None, "Balance brought forward", None, d["opening"])] + [(r["date"], r["description"], r["amount"], r["balance"]) for r in rows]
    if d["newest_first"]:
        lines = lines[1:] + lines[:1]
    for date, desc, amount, balance in lines:
        y += 15
        if date:
            p.text(40, y, fmt.slashes(date), 8.5, mono)
        p.text(110, y, desc, 8.5, font)
        if amount is not None:
            p.text(440, y, fmt.money(amount), 8.5, mono, anchor="end", fill="#8a1c1c" if amount < 0 else INK)
        p.text(555, y, fmt.money(balance), 8.5, mono, anchor="end")
    y += 22
    p.text(110, y, "Closing balance", 9.5, font, "bold"); p.text(555, y, fmt.money(d["closing"]), 9.5, mono, "bold", "end")
    return p.render(work, "statement")


def utility_bill(d, rng, work):
    p = Svg(A4)
    sans, mono = "TeX Gyre Adventor", "TeX Gyre Cursor"
    p.rect(40, 40, 8, 40, fill="#2f7d32")
    p.text(56, 64, d["institution"], 16, sans, "bold")
    p.text(56, 80, f"{d['service']} · customer account {d['account']}", 8.5, sans)
    p.text(40, 130, d["holder"], 10, sans)
    p.text(40, 143, d["person"]["address"], 9, sans)
    p.text(40, 156, f"{d['person']['postcode']} {d['person']['city']}", 9, sans)
    p.text(555, 130, f"Invoice date {fmt.long(d['issued'])}", 9, sans, anchor="end")
    p.text(555, 143, f"Billing period {fmt.dots(d['period_start'])} – {fmt.dots(d['period_end'])}", 9, sans, anchor="end")
    y = 200
    for x, label, anchor in [(40, "Item", "start"), (330, "Quantity", "end"), (420, "Unit price", "end"), (555, "Amount EUR", "end")]:
        p.text(x, y, label, 8.5, sans, "bold", anchor)
    for l in d["lines"]:
        y += 16
        p.text(40, y, l["label"], 9, sans); p.text(330, y, f"{l['qty']} {l['unit']}", 9, mono, anchor="end")
        p.text(420, y, f"{l['rate']:.4f}", 9, mono, anchor="end"); p.text(555, y, f"{l['amount']:.2f}", 9, mono, anchor="end")
    y += 24
    for label, value, weight in [("Net amount", d["subtotal"], "normal"), ("VAT 19 %", d["vat"], "normal"), ("Amount due", d["total"], "bold")]:
        p.text(420, y, label, 9.5, sans, weight, "end"); p.text(555, y, f"{value:.2f}", 9.5, mono, weight, "end"); y += 15
    p.text(40, y + 20, f"Please pay by {fmt.long(d['due'])}.", 9, sans)
    return p.render(work, "bill")


def employment_letter(d, rng, work):
    p = Svg(A4)
    serif = "TeX Gyre Pagella"
    p.text(555, 60, d["institution"], 14, serif, "bold", "end")
    p.text(555, 76, "Human Resources", 9, serif, anchor="end")
    p.text(60, 140, fmt.long(d["issued"]), 10.5, serif)
    p.text(60, 175, "To whom it may concern", 10.5, serif, "bold")
    body = [f"This is to confirm that {d['holder']}, born on {fmt.long(d['person']['birth'])},",
            f"has been working for {d['institution']} since {fmt.long(d['start'])}.",
            f"The current position is {d['position']}, on a {d['contract']} contract,",
            f"with a gross annual salary of EUR {d['salary']:,}.",
            "", "This confirmation is given at the request of the employee."]
    y = 205
    for line in body:
        p.text(60, y, line, 10.5, serif); y += 16
    p.text(60, y + 50, d["signatory"], 22, "Z003", fill="#1a2a66")
    p.text(60, y + 70, d["signatory"], 10, serif)
    p.text(60, y + 84, "Head of People Operations", 9, serif)
    return p.render(work, "letter")


def render(doc, work: Path, rng):
    k = doc["kind"]
    if k in ("passport", "id_card"):
        return {"pdf": identity(doc, rng, work, k == "id_card")}
    return {"pdf": {"diploma": diploma, "certificate": certificate, "transcript": transcript, "payslip": payslip,
                    "bank_statement": bank_statement, "utility_bill": utility_bill, "employment_letter": employment_letter}[k](doc, rng, work)}


def render_noncredential(kind, work: Path, rng):
    if kind == "poster":
        p = Svg(A4, "#13294b")
        p.text(297, 220, "SUMMER", 80, "TeX Gyre Adventor", "bold", "middle", "#f4c542")
        p.text(297, 300, "OPEN-AIR CINEMA", 30, "TeX Gyre Adventor", "bold", "middle", "#ffffff")
        p.text(297, 360, "Every Friday in July · Harbour Park · 9 pm", 14, "TeX Gyre Adventor", anchor="middle", fill="#ffffff")
        for i in range(6):
            p.rect(60 + i * 80, 480, 60, 200 - i * 25, fill="#f4c542")
        return {"pdf": p.render(work, "poster")}
    if kind == "menu":
        p = Svg(A4, "#fbf7ef")
        p.text(297, 90, "Trattoria del Ponte", 28, "TeX Gyre Pagella", "bold", "middle")
        y = 160
        for dish, price in [("Bruschetta al pomodoro", 7.5), ("Risotto ai funghi", 14), ("Tagliatelle al ragù", 13.5),
                            ("Branzino alla griglia", 21), ("Tiramisù", 6.5), ("Panna cotta", 6)]:
            p.text(80, y, dish, 14, "TeX Gyre Pagella"); p.text(515, y, f"{price:.2f}", 14, "TeX Gyre Pagella", anchor="end"); y += 34
        return {"pdf": p.render(work, "menu")}
    p = Svg((842, 595))
    p.text(60, 60, "Quarterly visitors by region", 18, "Nimbus Sans Narrow", "bold")
    for i, (region, v) in enumerate([("North", 320), ("East", 410), ("South", 260), ("West", 380)]):
        p.rect(100 + i * 170, 500 - v, 100, v, fill=["#4e79a7", "#f28e2b", "#59a14f", "#e15759"][i])
        p.text(150 + i * 170, 525, region, 12, "Nimbus Sans Narrow", anchor="middle")
    return {"pdf": p.render(work, "chart")}


if __name__ == "__main__":
    cli.main(sys.modules[__name__], offset=4)
