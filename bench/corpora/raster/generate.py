#!/usr/bin/env python3
"""The "raster" corpus: documents drawn straight as images with PIL/FreeType, the way card
printers, kiosk apps and image-only issuers make them. Identity cards and passport data pages
(OCR-B zones, guilloche backgrounds, holder photo), certificates, diplomas and payslips in
TeX Gyre, DejaVu and URW faces. Captures: PNG/JPEG exports, scans, phone photos."""
import math
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from PIL import Image, ImageDraw, ImageFont  # noqa: E402

from kit import art, cli, fmt, lang  # noqa: E402

NAME = "raster"
KINDS = ["passport", "id_card", "diploma", "certificate", "payslip", "employment_letter"]
CAPTURES = ["export-png", "export-jpeg", "scan-pdf", "photo-jpeg"]
NONCREDENTIALS = ["graphic", "blank", "photo"]
# Consistency forgeries its layouts cannot show: its certificate prints no date of birth to contradict.
UNSHOWN = {"impossible_dates": ["certificate"]}
NONCREDENTIAL_CAPTURES = CAPTURES
# Genuine only (issue 22): diplomas drawn in the languages we serve (DejaVu Serif: Latin and
# Cyrillic), and a colourful certificate as an app exports it (flat colour, shapes, big type).
GENUINE_VARIANTS = [("diploma", code, CAPTURES) for code in lang.LANGUAGES] + [("certificate", "colourful", ["export-png", "export-jpeg"])]

GYRE = "/usr/share/texmf/fonts/opentype/public/tex-gyre/"
F = {"ocrb": "/usr/share/fonts/opentype/ocr-b/OCRB.otf", "sans": GYRE + "texgyreheros-regular.otf", "sansb": GYRE + "texgyreheros-bold.otf",
     "serif": GYRE + "texgyretermes-regular.otf", "serifb": GYRE + "texgyretermes-bold.otf", "script": GYRE + "texgyrechorus-mediumitalic.otf",
     "dv": "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf", "dvb": "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf",
     "schola": GYRE + "texgyreschola-regular.otf", "scholab": GYRE + "texgyreschola-bold.otf",
     "dvs": "/usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf", "dvsb": "/usr/share/fonts/truetype/dejavu/DejaVuSerif-Bold.ttf",
     "dvsi": "/usr/share/fonts/truetype/dejavu/DejaVuSerif-Italic.ttf"}


def font(name, size):
    return ImageFont.truetype(F[name], size)


class Page:
    """A canvas that remembers where the holder's name and another word were drawn."""

    def __init__(self, w, h, bg=(255, 255, 255)):
        self.img = Image.new("RGB", (w, h), bg)
        self.d = ImageDraw.Draw(self.img)
        self.boxes = {}

    def text(self, xy, s, f, fill=(20, 20, 30), anchor="la", tag=None):
        self.d.text(xy, s, font=f, fill=fill, anchor=anchor)
        if tag:
            self.boxes[tag] = self.d.textbbox(xy, s, font=f, anchor=anchor)

    def result(self, dpi):
        self.boxes.setdefault("other", self.boxes.get("name"))
        return {"image": self.img, "boxes": self.boxes, "dpi": dpi}


def guilloche(p: Page, color, rng):
    w, h = p.img.size
    for k in range(18):
        pts = [(x, h / 2 + (h / 3) * math.sin(x / (40 + 3 * k) + k) * math.cos(x / 310 + k / 3)) for x in range(0, w, 6)]
        p.d.line(pts, fill=color, width=1)


def identity(d, rng, card):
    dpi = 600
    w, h = (int(85.6 / 25.4 * dpi), int(54 / 25.4 * dpi)) if card else (int(125 / 25.4 * dpi), int(88 / 25.4 * dpi))
    p = Page(w, h, (236, 240, 250) if card else (246, 238, 226))
    guilloche(p, (205, 214, 236) if card else (230, 214, 196), rng)
    s = w / 2000
    given, surname = d["holder"].split(" ", 1)
    p.text((60 * s, 40 * s), d["country"].upper(), font("sansb", int(54 * s)), (30, 50, 110))
    p.text((w - 60 * s, 40 * s), "IDENTITY CARD / CARTE D'IDENTITÉ" if card else "PASSPORT / PASSEPORT", font("sansb", int(40 * s)), (30, 50, 110), "ra")
    photo = art.face(rng, (int(420 * s), int(540 * s)))
    p.img.paste(photo, (int(60 * s), int(150 * s)))
    x, y = 540 * s, 150 * s
    lab, val = font("sans", int(26 * s)), font("sansb", int(40 * s))
    rows = [("Document No.", d["number"], None), ("Surname", surname.upper(), "surname"), ("Given names", given.upper(), "name"),
            ("Nationality", d["code"] if len(d["code"]) == 3 else "DEU", None), ("Date of birth", fmt.passport(d["person"]["birth"]), "other"),
            ("Sex", d["person"]["sex"], None)]
    rows2 = [("Place of birth", d["place_of_birth"]), ("Date of issue", fmt.passport(d["issued"])), ("Date of expiry", fmt.passport(d["expiry"])), ("Authority", d["authority"])]
    for label, value, tag in rows:
        p.text((x, y), label, lab, (80, 90, 110)); p.text((x, y + 28 * s), value, val, tag=tag); y += 78 * s
    x, y = 1260 * s, 150 * s
    for label, value in rows2:
        p.text((x, y), label, lab, (80, 90, 110)); p.text((x, y + 28 * s), value, val); y += 78 * s
    p.text((w - 120 * s, 650 * s), d["holder"], font("script", int(50 * s)), (20, 30, 90), "ra")
    n = len(d["mrz"])
    mf = font("ocrb", int((1800 * s) / (len(d["mrz"][0]) * 0.68)))
    my = h - (n * 1.25 + 0.6) * mf.size
    p.d.rectangle((0, my - 0.3 * mf.size, w, h), fill=(250, 250, 250))
    for i, line in enumerate(d["mrz"]):
        p.text((70 * s, my + i * 1.25 * mf.size), line, mf, (10, 10, 10))
    return p.result(dpi)


def diploma(d, rng, work):
    dpi = 200
    w, h = int(8.27 * dpi), int(11.69 * dpi)
    p = Page(w, h, (253, 250, 240))
    p.d.rectangle((40, 40, w - 40, h - 40), outline=(120, 20, 40), width=10)
    c = w / 2
    p.text((c, 260), d["institution"], font("scholab", 72), (120, 20, 40), "ma")
    p.text((c, 480), "hereby certifies that", font("schola", 40), anchor="ma")
    p.text((c, 580), d["holder"], font("script", 110), anchor="ma", tag="name")
    p.text((c, 760), f"has completed the studies of {d['major']}", font("schola", 40), anchor="ma")
    p.text((c, 840), "and is awarded the degree", font("schola", 40), anchor="ma")
    p.text((c, 940), d["degree"], font("scholab", 64), (120, 20, 40), "ma")
    p.text((c, 1100), f"{d['city']}, {fmt.long(d['awarded'])}", font("schola", 38), anchor="ma", tag="other")
    q = Image.open(art.qr(d["qr"], work / f"qr-{rng.random()}.png", 8)).resize((300, 300))
    p.img.paste(q, (160, h - 520))
    p.text((160, h - 200), f"No. {d['number']}", font("schola", 28))
    p.text((w - 200, h - 430), d["signatory"], font("script", 70), (30, 30, 100), "ra")
    p.d.line((w - 700, h - 330, w - 200, h - 330), fill=(30, 30, 30), width=3)
    p.text((w - 200, h - 310), f"{d['signatory']}, Dean", font("schola", 30), anchor="ra")
    return p.result(dpi)


def certificate(d, rng, work):
    dpi = 150
    w, h = int(11.69 * dpi), int(8.27 * dpi)
    p = Page(w, h)
    p.d.rectangle((0, 0, 70, h), fill=(16, 110, 90))
    p.text((130, 90), d["institution"].upper(), font("sansb", 40), (16, 110, 90))
    p.text((130, 220), "Certificate of Achievement", font("serifb", 70))
    p.text((130, 350), "Presented to", font("sans", 32), (90, 90, 90))
    p.text((130, 400), d["holder"], font("serifb", 76), tag="name")
    p.text((130, 530), f"for successfully completing “{d['course']}”", font("sans", 32))
    p.text((130, 580), f"{d['hours']} hours · issued {fmt.long(d['issued'])} · ID {d['number']}", font("sans", 28), (90, 90, 90), tag="other")
    q = Image.open(art.qr(d["qr"], work / f"qr-{rng.random()}.png", 6)).resize((220, 220))
    p.img.paste(q, (w - 320, h - 330))
    p.text((130, h - 200), d["signatory"], font("script", 64), (20, 20, 90))
    p.d.line((130, h - 120, 600, h - 120), fill=(0, 0, 0), width=2)
    return p.result(dpi)


def payslip(d, rng):
    dpi = 200
    w, h = int(8.27 * dpi), int(11.69 * dpi)
    p = Page(w, h)
    f, fb = font("dv", 30), font("dvb", 30)
    p.text((120, 120), d["institution"], font("dvb", 52))
    p.text((w - 120, 130), f"PAYSLIP {fmt.month(d['period']).upper()}", fb, anchor="ra")
    p.text((120, 260), "Employee", f, (100, 100, 100)); p.text((420, 260), d["holder"], fb, tag="name")
    p.text((120, 310), "Employee ID", f, (100, 100, 100)); p.text((420, 310), d["employee_id"], f)
    p.text((120, 360), "Position", f, (100, 100, 100)); p.text((420, 360), d["position"], f, tag="other")
    y = 480
    p.d.rectangle((120, y - 10, w - 120, y + 44), fill=(230, 236, 245))
    p.text((140, y), "Description", fb); p.text((w - 480, y), "Earnings", fb, anchor="ra"); p.text((w - 140, y), "Deductions", fb, anchor="ra")
    y += 70
    for k, v in d["earnings"]:
        p.text((140, y), k, f); p.text((w - 480, y), fmt.money(v), f, anchor="ra"); y += 50
    for k, v in d["deductions"]:
        p.text((140, y), k, f); p.text((w - 140, y), fmt.money(v), f, anchor="ra"); y += 50
    p.d.line((120, y, w - 120, y), fill=(0, 0, 0), width=2); y += 20
    p.text((140, y), "Total gross", fb); p.text((w - 480, y), fmt.money(d["gross"]), fb, anchor="ra"); y += 50
    p.text((140, y), "Total deductions", fb); p.text((w - 140, y), fmt.money(sum(v for _, v in d["deductions"])), fb, anchor="ra"); y += 80
    p.text((140, y), "Net salary paid", font("dvb", 40)); p.text((w - 140, y), f"EUR {fmt.money(d['net'])}", font("dvb", 40), anchor="ra")
    return p.result(dpi)


def employment_letter(d, rng):
    dpi = 200
    w, h = int(8.5 * dpi), int(11 * dpi)
    p = Page(w, h)
    f = font("serif", 36)
    p.text((150, 150), d["institution"], font("serifb", 56))
    p.d.line((150, 230, w - 150, 230), fill=(60, 60, 60), width=2)
    p.text((150, 320), fmt.us(d["issued"]), f)
    p.text((150, 440), "To whom it may concern:", f)
    y = 540
    p.text((150, y), "We are pleased to confirm that", f)
    p.text((150 + p.d.textlength("We are pleased to confirm that ", font=f), y), d["holder"], f, tag="name")
    lines = [f"is employed by {d['institution']} as {d['position']},", f"having joined the company on {fmt.us(d['start'])}.",
             f"The position is {d['contract']}, with an annual salary of EUR {d['salary']:,}.", "",
             "Please do not hesitate to contact us for any further information.", "", "Sincerely,"]
    for line in lines:
        y += 56
        p.text((150, y), line, f, tag="other" if line.startswith("Please") else None)
    p.text((150, y + 90), d["signatory"], font("script", 80), (20, 30, 90))
    p.text((150, y + 200), f"{d['signatory']}, People Operations", f)
    return p.result(dpi)


def wrap(p, c, y, text, f, width, **kw):
    """Centred lines no wider than width; returns the y under them."""
    line = ""
    for word in text.split():
        if line and p.d.textlength(line + " " + word, font=f) > width:
            p.text((c, y), line, f, anchor="ma", **kw)
            y, line = y + int(f.size * 1.4), word
        else:
            line = (line + " " + word).strip()
    p.text((c, y), line, f, anchor="ma", **kw)
    return y + int(f.size * 1.4)


def diploma_in(d, rng, code):
    t = lang.diploma(d, code, rng)
    dpi = 200
    w, h = int(8.27 * dpi), int(11.69 * dpi)
    p = Page(w, h, (252, 251, 246))
    p.d.rectangle((50, 50, w - 50, h - 50), outline=(30, 60, 110), width=8)
    p.d.rectangle((70, 70, w - 70, h - 70), outline=(30, 60, 110), width=2)
    c = w / 2
    y = wrap(p, c, 230, t["institution"], font("dvsb", 58), w - 300, fill=(30, 60, 110))
    y = wrap(p, c, y + 90, t["title"], font("dvsb", 80), w - 300)
    y = wrap(p, c, y + 60, t["before"], font("dvs", 36), w - 360)
    p.text((c, y + 40), t["holder"], font("dvsi", 84), anchor="ma", tag="name")
    y = wrap(p, c, y + 190, t["after"], font("dvs", 36), w - 360)
    y = wrap(p, c, y + 40, t["degree"], font("dvsb", 54), w - 300, fill=(30, 60, 110))
    p.text((c, y + 60), t["place"], font("dvs", 34), anchor="ma", tag="other")
    for i, (n, r) in enumerate(zip(t["signatory_names"], t["signatories"])):
        x = w * (0.28 + 0.44 * i)
        p.text((x, h - 420), n, font("dvsi", 44), (30, 30, 100), "ma")
        p.d.line((x - 250, h - 350, x + 250, h - 350), fill=(30, 30, 30), width=3)
        p.text((x, h - 330), r, font("dvs", 28), anchor="ma")
    p.text((c, h - 180), f"No {t['number']}", font("dvs", 26), anchor="ma")
    return p.result(dpi)


def certificate_colourful(d, rng):
    """A certificate an app exports as a picture: saturated flat colour, circles, large white type."""
    w, h = 1600, 1130
    top, bottom = rng.choice([((255, 94, 58), (255, 149, 0)), ((94, 53, 177), (233, 30, 99)), ((0, 150, 199), (0, 201, 167))])
    p = Page(w, h)
    for y in range(h):
        a = y / h
        p.d.line((0, y, w, y), fill=tuple(int(top[k] * (1 - a) + bottom[k] * a) for k in range(3)))
    for _ in range(12):
        r, x, y = rng.randint(30, 140), rng.randint(int(w * 0.72), w), rng.randint(0, h)
        p.d.ellipse((x - r, y - r, x + r, y + r), outline=(255, 255, 255), width=rng.randint(3, 10))
    white = (255, 255, 255)
    p.text((110, 110), d["institution"].upper(), font("sansb", 40), white)
    p.text((110, 230), "CERTIFICATE", font("sansb", 120), white)
    p.text((110, 370), "OF COMPLETION", font("sans", 60), white)
    p.text((110, 520), "This certificate is proudly presented to", font("sans", 38), white)
    p.text((110, 590), d["holder"], font("sansb", 96), white, tag="name")
    p.text((110, 740), f"for completing {d['course']} ({d['hours']} hours)", font("sans", 38), white)
    p.text((110, 800), f"Issued {fmt.us(d['issued'])}  ·  ID {d['number']}", font("sans", 34), white, tag="other")
    p.text((110, 930), d["signatory"], font("script", 64), white)
    return p.result(150)


RENDER = {"passport": lambda d, r, w: identity(d, r, False), "id_card": lambda d, r, w: identity(d, r, True), "diploma": diploma,
          "certificate": certificate, "payslip": lambda d, r, w: payslip(d, r), "employment_letter": lambda d, r, w: employment_letter(d, r)}


def render(doc, work: Path, rng):
    if doc.get("variant") in lang.LANGUAGES:
        return diploma_in(doc, rng, doc["variant"])
    if doc.get("variant") == "colourful":
        return certificate_colourful(doc, rng)
    return RENDER[doc["kind"]](doc, rng, work)


def render_noncredential(kind, work: Path, rng):
    p = Page(1600, 1200, (255, 255, 255) if kind != "photo" else (120, 160, 210))
    if kind == "graphic":  # bars and a circle, no text
        for i in range(7):
            hgt = rng.randint(150, 800)
            p.d.rectangle((150 + i * 150, 1050 - hgt, 250 + i * 150, 1050), fill=tuple(rng.randint(40, 220) for _ in range(3)))
        p.d.ellipse((1250, 150, 1500, 400), fill=(230, 120, 40))
    elif kind == "photo":  # sky, hills and a sun: a holiday picture
        for y in range(600, 1200):
            p.d.line((0, y, 1600, y), fill=(60, 120 + (y - 600) // 10, 60))
        p.d.ellipse((1200, 150, 1380, 330), fill=(255, 225, 120))
        p.d.polygon([(0, 700), (500, 420), (900, 700)], fill=(90, 110, 90))
    return p.result(150)


if __name__ == "__main__":
    cli.main(sys.modules[__name__], offset=2)
