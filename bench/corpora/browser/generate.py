#!/usr/bin/env python3
"""The "browser" corpus: issuer web apps printing HTML/CSS to PDF with headless Chromium (Skia/PDF),
and screenshots of the same pages as PNG exports. Modern layouts (grid, cards), URW and TeX Gyre
sans/serif families, Z003 script signatures, OCR-B machine-readable zones."""
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from PIL import Image  # noqa: E402

from kit import art, capture, cli, fmt, lang  # noqa: E402
from kit.fmt import esc  # noqa: E402

NAME = "browser"
KINDS = ["diploma", "certificate", "transcript", "passport", "id_card", "payslip", "bank_statement", "utility_bill", "employment_letter"]
CAPTURES = ["digital-pdf", "export-png", "export-jpeg", "scan-pdf", "photo-jpeg"]
NONCREDENTIALS = ["article", "invoice", "recipe"]
# Consistency forgeries its layouts cannot show: its certificate prints no date of birth to contradict.
UNSHOWN = {"impossible_dates": ["certificate"]}
NONCREDENTIAL_CAPTURES = CAPTURES
# Genuine only (issue 22): diplomas in the languages we serve, and certificates as people send them
# from a learning platform: a screenshot of a colourful certificate page, a badge page.
GENUINE_VARIANTS = [("diploma", code, CAPTURES) for code in lang.LANGUAGES] + [
    ("diploma", "sr", ["digital-pdf"]),
    ("certificate", "screenshot", ["export-png", "export-jpeg"]),
    ("certificate", "badge", ["export-png", "export-jpeg"]),
]

BASE_CSS = """
@page { size: A4; margin: 16mm 18mm; }
body { font-family: 'Nimbus Sans', 'TeX Gyre Heros', sans-serif; color: #1d2330; font-size: 10.5pt; margin: 0; }
h1 { font-weight: 600; letter-spacing: .02em; }
.muted { color: #5b6475; } .right { text-align: right; } .mono { font-family: 'OCR B'; }
table.grid { width: 100%; border-collapse: collapse; margin-top: 10px; }
table.grid th { text-align: left; font-size: 9pt; color: #3a4358; border-bottom: 1.5px solid #3a4358; padding: 5px 6px; }
table.grid td { padding: 5px 6px; border-bottom: 1px solid #d8dce5; }
table.grid td.num, table.grid th.num { text-align: right; font-variant-numeric: tabular-nums; }
.sig { font-family: 'Z003', 'TeX Gyre Chorus'; font-size: 22pt; color: #1b2a6b; }
.head { display: flex; justify-content: space-between; align-items: flex-end; border-bottom: 3px solid var(--accent, #24477a); padding-bottom: 8px; }
.kv { display: grid; grid-template-columns: 150px 1fr; row-gap: 4px; margin-top: 12px; }
"""


def page(body: str, css: str = "", accent: str = "#24477a") -> str:
    return f"<!doctype html><html><head><meta charset='utf-8'><style>{BASE_CSS}{css}</style></head><body style='--accent:{accent}'>{body}</body></html>"


def diploma(d, w):
    qr = art.qr(d["qr"], w / "qr.png", 4)
    seal = art.seal(__import__("random").Random(d["number"]), w / "seal.png", d["city"])
    return page(f"""
<div style="border:6px double #8a6d2b;padding:38px 44px;height:235mm;box-sizing:border-box;text-align:center;font-family:'C059','TeX Gyre Schola',serif">
<div style="font-size:26pt;letter-spacing:.06em;color:#5a3d0c">{esc(d['institution'])}</div>
<div style="margin-top:40px;font-size:12pt" class="muted">The Board of Trustees, on the recommendation of the Faculty, hereby confers upon</div>
<div style="font-size:30pt;margin:26px 0;font-family:'P052','TeX Gyre Pagella',serif">{esc(d['holder'])}</div>
<div style="font-size:12pt">born {fmt.long(d['person']['birth'])}, the degree of</div>
<div style="font-size:22pt;margin:18px 0;color:#5a3d0c">{esc(d['degree'])}</div>
<div style="font-size:13pt">in {esc(d['major'])}</div>
<div style="font-size:11pt;margin-top:26px">with all the rights, honours and privileges thereunto appertaining.<br>Given at {esc(d['city'])} on {fmt.us(d['awarded'])}.</div>
<div style="display:flex;justify-content:space-between;align-items:flex-end;margin-top:60px">
 <div style="text-align:left"><img src="{qr.name}" style="width:26mm"><div style="font-size:8pt" class="muted">Diploma no. {esc(d['number'])}</div></div>
 <img src="{seal.name}" style="width:34mm">
 <div><div class="sig">{esc(d['signatory'])}</div><div style="border-top:1px solid #333;font-size:9pt;padding-top:3px">{esc(d['signatory'])}, President</div></div>
</div></div>""", accent="#8a6d2b")


def diploma_in(d, w, code):
    t = lang.diploma(d, code, __import__("random").Random(d["number"]))
    seal = art.seal(__import__("random").Random(d["number"]), w / "seal.png", d["city"])
    sigs = "".join(f"<div><div class='sig' style='font-family:DejaVu Serif;font-style:italic'>{esc(n)}</div><div style='border-top:1px solid #333;font-size:9pt;padding-top:3px'>{esc(r)}</div></div>"
                   for n, r in zip(t["signatory_names"], t["signatories"]))
    return page(f"""
<div style="border:5px solid #1d3b6e;padding:36px 44px;height:235mm;box-sizing:border-box;text-align:center;font-family:'C059','DejaVu Serif',serif">
<div style="font-size:22pt;color:#1d3b6e">{esc(t['institution'])}</div>
<div style="font-size:28pt;margin-top:34px;letter-spacing:.08em">{esc(t['title'])}</div>
<div style="margin-top:30px;font-size:12pt">{esc(t['before'])}</div>
<div style="font-size:26pt;margin:22px 0;font-family:'P052','DejaVu Serif',serif">{esc(t['holder'])}</div>
<div style="font-size:12pt;max-width:150mm;margin:0 auto">{esc(t['after'])}</div>
<div style="font-size:20pt;margin:22px 0;color:#1d3b6e">{esc(t['degree'])}</div>
<div style="font-size:11pt;margin-top:24px">{esc(t['place'])}</div>
<div style="display:flex;justify-content:space-between;align-items:flex-end;margin-top:60px">{sigs}</div>
<div style="display:flex;justify-content:center;margin-top:20px"><img src="{seal.name}" style="width:30mm"></div>
<div style="font-size:8pt;margin-top:8px" class="muted">Nr. {esc(t['number'])}</div></div>""", accent="#1d3b6e")


def screenshot(html: str, work: Path, name: str, size=(1280, 1000)) -> dict:
    """What a holder sends from a learning platform: a screenshot of the page, at screen size."""
    src, png = work / f"{name}.html", work / f"{name}.png"
    src.write_text(html)
    subprocess.run(["chromium", "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", f"--window-size={size[0]},{size[1]}",
                    f"--screenshot={png}", src.as_uri()], check=True, capture_output=True, timeout=120)
    img = Image.open(png).convert("RGB")
    return {"image": img, "screen": True, "boxes": {"name": (0, 0, 1, 1), "other": (0, 0, 1, 1)}}


def certificate_screenshot(d, w, rng):
    """A colourful certificate as a platform shows it: gradient, shapes, big type, a web page around it."""
    hue = rng.choice([("#ff6a3d", "#ffb13d"), ("#7b2ff7", "#f107a3"), ("#00b4db", "#0083b0"), ("#11998e", "#38ef7d")])
    dots = "".join(f"<div style='position:absolute;left:{rng.randint(0, 95)}%;top:{rng.randint(0, 90)}%;width:{rng.randint(20, 90)}px;height:{rng.randint(20, 90)}px;border-radius:50%;background:rgba(255,255,255,{rng.uniform(.12, .35):.2f})'></div>" for _ in range(14))
    html = f"""<!doctype html><html><head><meta charset='utf-8'></head><body style="margin:0;background:#f2f3f7;font-family:'Nimbus Sans',sans-serif">
<div style="height:56px;background:#fff;box-shadow:0 1px 4px rgba(0,0,0,.12);display:flex;align-items:center;padding:0 28px;font-weight:700;color:#333">{esc(d['institution'])}<span style="margin-left:auto;font-weight:400;color:#777">My learning · Certificates · {esc(d['holder'].split()[0])}</span></div>
<div style="position:relative;overflow:hidden;margin:36px auto;width:1000px;height:700px;border-radius:18px;background:linear-gradient(135deg,{hue[0]},{hue[1]});color:#fff;box-shadow:0 10px 30px rgba(0,0,0,.2)">{dots}
<div style="position:absolute;left:70px;top:60px;right:70px">
<div style="font-size:22px;letter-spacing:.3em;opacity:.9">{esc(d['institution']).upper()}</div>
<div style="font-size:64px;font-weight:800;margin-top:40px;line-height:1">Certificate<br>of Achievement</div>
<div style="font-size:22px;margin-top:36px;opacity:.9">Proudly presented to</div>
<div style="font-size:54px;font-weight:700;margin-top:8px">{esc(d['holder'])}</div>
<div style="font-size:22px;margin-top:22px">for successfully completing <b>{esc(d['course'])}</b></div>
<div style="font-size:18px;margin-top:40px;opacity:.9">Issued {fmt.us(d['issued'])} · Credential ID {esc(d['number'])} · {d['hours']} hours</div>
</div></div></body></html>"""
    return screenshot(html, w, "certificate-screenshot")


def badge_page(d, w, rng):
    """A badge page of an Open Badges platform: the badge graphic, who earned it, who issued it, skills."""
    colour = rng.choice(["#e4572e", "#2e86ab", "#6a4c93", "#2a9d8f"])
    skills = "".join(f"<span style='display:inline-block;border:1px solid #ccd;border-radius:14px;padding:4px 12px;margin:4px;font-size:14px'>{s}</span>"
                     for s in rng.sample(["Planning", "Risk management", "Cloud", "Python", "Teamwork", "Communication", "Security", "Analytics"], 4))
    html = f"""<!doctype html><html><head><meta charset='utf-8'></head><body style="margin:0;background:#fafafa;font-family:'Nimbus Sans',sans-serif;color:#222">
<div style="height:60px;background:#1f2430;color:#fff;display:flex;align-items:center;padding:0 30px;font-size:20px;font-weight:700">BadgeHub<span style="margin-left:auto;font-size:14px;font-weight:400;opacity:.8">Explore · Earners · Sign in</span></div>
<div style="display:flex;gap:50px;margin:50px 80px">
<svg width="300" height="330" viewBox="0 0 300 330"><polygon points="150,5 290,85 290,245 150,325 10,245 10,85" fill="{colour}"/>
<polygon points="150,30 268,98 268,232 150,300 32,232 32,98" fill="none" stroke="#fff" stroke-width="6"/>
<circle cx="150" cy="150" r="58" fill="#fff" opacity=".9"/><path d="M120 150 l20 22 l40 -46" stroke="{colour}" stroke-width="14" fill="none"/>
<rect x="40" y="225" width="220" height="40" fill="#fff"/><text x="150" y="252" text-anchor="middle" font-size="20" font-weight="700" fill="{colour}">CERTIFIED</text></svg>
<div style="flex:1"><div style="font-size:40px;font-weight:700">{esc(d['course'])}</div>
<div style="font-size:18px;margin-top:8px">Issued by <a style="color:{colour}">{esc(d['institution'])}</a></div>
<div style="font-size:16px;margin-top:28px;line-height:1.5;max-width:640px">Earners of this badge have completed {d['hours']} hours of instruction and passed the final assessment of the {esc(d['course'])} programme.</div>
<div style="font-size:16px;margin-top:24px"><b>Skills</b><br>{skills}</div>
<div style="margin-top:30px;border-top:1px solid #ddd;padding-top:20px;font-size:17px">This badge was issued to <b>{esc(d['holder'])}</b> on {fmt.us(d['issued'])}</div>
<div style="font-size:14px;color:#666;margin-top:6px">Badge ID {esc(d['number'])} · Verified · Open Badges 2.0</div>
<div style="margin-top:20px"><span style="background:{colour};color:#fff;padding:10px 20px;border-radius:6px;font-size:15px">Verify badge</span></div></div></div></body></html>"""
    return screenshot(html, w, "badge-page")


def certificate(d, w):
    qr = art.qr(d["qr"], w / "qr.png", 4)
    return page(f"""
<div style="background:linear-gradient(135deg,#eef4ff,#ffffff 55%);border-left:14px solid #2a62c9;padding:34px 40px;height:240mm;box-sizing:border-box">
<div style="font-family:'URW Gothic';font-size:13pt;color:#2a62c9;letter-spacing:.2em">{esc(d['institution']).upper()}</div>
<h1 style="font-size:30pt;margin:30px 0 6px">Certificate of Completion</h1>
<div class="muted">This certifies that</div>
<div style="font-size:26pt;font-weight:600;margin:18px 0">{esc(d['holder'])}</div>
<div>has successfully completed the course</div>
<div style="font-size:17pt;margin:12px 0;color:#2a62c9">{esc(d['course'])}</div>
<div>comprising {d['hours']} hours of instruction and assessment.</div>
<div class="kv"><div class="muted">Date of issue</div><div>{fmt.long(d['issued'])}</div><div class="muted">Certificate ID</div><div>{esc(d['number'])}</div></div>
<div style="display:flex;justify-content:space-between;align-items:flex-end;margin-top:70px">
<div><div class="sig">{esc(d['signatory'])}</div><div style="border-top:1px solid #333;font-size:9pt">{esc(d['signatory'])}, Programme Director</div></div>
<div style="text-align:center"><img src="{qr.name}" style="width:28mm"><div style="font-size:7.5pt" class="muted">Scan to verify</div></div>
</div></div>""", accent="#2a62c9")


def transcript(d, w):
    s = d["scheme"]
    head = {"us": "<th>Code</th><th>Course</th><th class=num>Credits</th><th class=num>Grade</th><th class=num>Points</th>",
            "ects": "<th>Code</th><th>Module</th><th class=num>ECTS</th><th class=num>Grade</th>",
            "percent": "<th>Code</th><th>Module</th><th class=num>Credits</th><th class=num>Mark</th>",
            "german": "<th>Nr.</th><th>Modul</th><th class=num>LP</th><th class=num>Note</th>"}[s]
    rows = ""
    for r in d["rows"]:
        extra = f"<td class=num>{r['points'] * r['credits']:.1f}</td>" if s == "us" else ""
        rows += f"<tr><td>{r['code']}</td><td>{esc(r['course'])}</td><td class=num>{r['credits']}</td><td class=num>{r['grade']}</td>{extra}</tr>"
    sm = d["summary"]
    summary = f"Total credits: <b>{sm['total_credits']}</b>"
    if "gpa" in sm:
        summary += f" &nbsp;&nbsp; Cumulative GPA: <b>{sm['gpa']:.2f}</b> / 4.00"
    if "average" in sm:
        summary += f" &nbsp;&nbsp; {'Gesamtnote' if s == 'german' else 'Weighted average'}: <b>{sm['average']}</b>"
    return page(f"""
<div class="head"><div><div style="font-size:18pt;font-weight:600">{esc(d['institution'])}</div><div class="muted">Office of the Registrar</div></div>
<div class="right"><div style="font-size:14pt">Academic Transcript</div><div class="muted">Issued {fmt.long(d['issued'])}</div></div></div>
<div class="kv"><div class="muted">Student</div><div><b>{esc(d['holder'])}</b></div><div class="muted">Student ID</div><div>{d['student_id']}</div>
<div class="muted">Date of birth</div><div>{fmt.long(d['person']['birth'])}</div><div class="muted">Programme</div><div>{esc(d['degree'])}, {esc(d['major'])}</div>
<div class="muted">Enrolled</div><div>{fmt.long(d['enrolled'])}</div></div>
<table class="grid"><thead><tr>{head}</tr></thead><tbody>{rows}</tbody></table>
<p style="margin-top:14px">{summary}</p>
<div style="margin-top:40px"><div class="sig">Registrar</div><div class="muted" style="font-size:9pt">This transcript is valid without a signature when verified online.</div></div>""")


def identity(d, w, card: bool):
    photo = w / "face.png"
    art.face(__import__("random").Random(d["number"])).save(photo)
    given, surname = d["holder"].split(" ", 1)
    mrz = "<br>".join(esc(line) for line in d["mrz"])
    title = "IDENTITY CARD" if card else "PASSPORT"
    width = "86mm" if card else "125mm"
    fields = [("Surname / Nom", surname.upper()), ("Given names / Prénoms", given.upper()),
              ("Nationality", d["country"].upper()), ("Date of birth", fmt.passport(d["person"]["birth"])),
              ("Sex", d["person"]["sex"]), ("Place of birth", d["place_of_birth"]),
              ("Date of issue", fmt.passport(d["issued"])), ("Date of expiry", fmt.passport(d["expiry"])),
              ("Authority", d["authority"])]
    fields_html = "".join(f"<div style='font-size:{5.5 if card else 6.5}pt;color:#50607a'>{k}</div><div style='font-size:{7.5 if card else 9}pt;font-weight:600;margin-bottom:2px'>{esc(v)}</div>" for k, v in fields)
    return page(f"""
<div style="width:{width};border-radius:3mm;background:linear-gradient(160deg,#e3efe6,#f7efe0);padding:4mm;box-shadow:0 0 0 .3mm #8a9;font-family:'Nimbus Sans'">
<div style="display:flex;justify-content:space-between;font-size:{8 if card else 10}pt;font-weight:700;color:#27466b"><span>{esc(d['country'].upper())}</span><span>{title}</span><span>{'No.' if card else 'Passport No.'} {d['number']}</span></div>
<div style="display:flex;gap:4mm;margin-top:3mm"><img src="{photo.name}" style="width:{24 if card else 32}mm;height:{30 if card else 40}mm;object-fit:cover">
<div style="columns:2;column-gap:4mm;flex:1">{fields_html}</div></div>
<div class="mono" style="margin-top:3mm;font-size:{8.6 if card else 10.4}pt;letter-spacing:.04em;line-height:1.25;white-space:nowrap">{mrz}</div>
</div>""", css="@page{size:%s;margin:3mm}" % ("94mm 64mm" if card else "133mm 96mm"))


def payslip(d, w):
    e = "".join(f"<tr><td>{esc(k)}</td><td class=num>{fmt.money(v)}</td><td></td></tr>" for k, v in d["earnings"])
    x = "".join(f"<tr><td>{esc(k)}</td><td></td><td class=num>{fmt.money(v)}</td></tr>" for k, v in d["deductions"])
    return page(f"""
<div class="head"><div style="font-size:17pt;font-weight:700">{esc(d['institution'])}</div><div class="right"><div style="font-size:13pt">Payslip</div><div class="muted">Pay period {fmt.month(d['period'])}</div></div></div>
<div class="kv"><div class="muted">Employee</div><div><b>{esc(d['holder'])}</b></div><div class="muted">Employee ID</div><div>{d['employee_id']}</div>
<div class="muted">Position</div><div>{esc(d['position'])}</div><div class="muted">Payment date</div><div>{fmt.slashes(d['paid'])}</div></div>
<table class="grid"><thead><tr><th>Description</th><th class=num>Earnings (EUR)</th><th class=num>Deductions (EUR)</th></tr></thead>
<tbody>{e}{x}<tr><td><b>Gross pay</b></td><td class=num><b>{fmt.money(d['gross'])}</b></td><td></td></tr>
<tr><td><b>Total deductions</b></td><td></td><td class=num><b>{fmt.money(sum(v for _, v in d['deductions']))}</b></td></tr></tbody></table>
<div style="margin-top:18px;background:#eef2f8;padding:10px 14px;display:flex;justify-content:space-between;font-size:13pt"><span>Net pay</span><b>EUR {fmt.money(d['net'])}</b></div>""")


def bank_statement(d, w):
    rows = list(reversed(d["rows"])) if d["newest_first"] else d["rows"]
    body = "".join(f"<tr><td>{fmt.dots(r['date'])}</td><td>{esc(r['description'])}</td><td class=num>{fmt.money(r['amount']) if r['amount'] < 0 else ''}</td><td class=num>{fmt.money(r['amount']) if r['amount'] > 0 else ''}</td><td class=num>{fmt.money(r['balance'])}</td></tr>" for r in rows)
    return page(f"""
<div class="head"><div style="font-size:18pt;font-weight:700;color:#0b5d4b">{esc(d['institution'])}</div><div class="right">Account statement<br><span class="muted">{fmt.dots(d['start'])} – {fmt.dots(d['end'])}</span></div></div>
<div class="kv"><div class="muted">Account holder</div><div><b>{esc(d['holder'])}</b><br>{esc(d['person']['address'])}, {d['person']['postcode']} {esc(d['person']['city'])}</div>
<div class="muted">IBAN</div><div>{d['account']}</div><div class="muted">Opening balance</div><div>{fmt.money(d['opening'])}</div><div class="muted">Closing balance</div><div>{fmt.money(d['closing'])}</div></div>
<table class="grid"><thead><tr><th>Date</th><th>Description</th><th class=num>Debit</th><th class=num>Credit</th><th class=num>Balance</th></tr></thead><tbody>{body}</tbody></table>""", accent="#0b5d4b")


def utility_bill(d, w):
    body = "".join(f"<tr><td>{l['label']}</td><td class=num>{l['qty']} {l['unit']}</td><td class=num>{l['rate']:.4f}</td><td class=num>{fmt.money(l['amount'])}</td></tr>" for l in d["lines"])
    return page(f"""
<div class="head"><div style="font-size:18pt;font-weight:700;color:#c25400">{esc(d['institution'])}</div><div class="right">{d['service']} bill<br><span class="muted">Bill date {fmt.long(d['issued'])}</span></div></div>
<div style="display:flex;justify-content:space-between;margin-top:14px"><div><b>{esc(d['holder'])}</b><br>{esc(d['person']['address'])}<br>{d['person']['postcode']} {esc(d['person']['city'])}</div>
<div class="kv" style="margin-top:0"><div class="muted">Account number</div><div>{d['account']}</div><div class="muted">Billing period</div><div>{fmt.dots(d['period_start'])} – {fmt.dots(d['period_end'])}</div><div class="muted">Due date</div><div>{fmt.dots(d['due'])}</div></div></div>
<table class="grid"><thead><tr><th>Charge</th><th class=num>Quantity</th><th class=num>Rate (EUR)</th><th class=num>Amount (EUR)</th></tr></thead><tbody>{body}
<tr><td colspan=3>Subtotal</td><td class=num>{fmt.money(d['subtotal'])}</td></tr><tr><td colspan=3>VAT 19%</td><td class=num>{fmt.money(d['vat'])}</td></tr>
<tr><td colspan=3><b>Total amount due</b></td><td class=num><b>{fmt.money(d['total'])}</b></td></tr></tbody></table>""", accent="#c25400")


def employment_letter(d, w):
    return page(f"""
<div class="head"><div style="font-size:17pt;font-weight:700">{esc(d['institution'])}</div><div class="right muted">Human Resources</div></div>
<p style="margin-top:30px">{fmt.long(d['issued'])}</p>
<h2 style="font-size:14pt">Employment verification</h2>
<p>To whom it may concern,</p>
<p>This letter confirms that <b>{esc(d['holder'])}</b>, born {fmt.long(d['person']['birth'])}, has been employed by {esc(d['institution'])} since {fmt.long(d['start'])} as <b>{esc(d['position'])}</b> on a {d['contract']} contract.</p>
<p>The current gross annual salary is EUR {d['salary']:,}.</p>
<p>Should you require any further information, please contact our Human Resources department.</p>
<p style="margin-top:40px">Yours faithfully,</p><div class="sig">{esc(d['signatory'])}</div><div>{esc(d['signatory'])}<br><span class="muted">Head of Human Resources</span></div>""")


RENDER = {"diploma": diploma, "certificate": certificate, "transcript": transcript, "payslip": payslip,
          "bank_statement": bank_statement, "utility_bill": utility_bill, "employment_letter": employment_letter,
          "passport": lambda d, w: identity(d, w, False), "id_card": lambda d, w: identity(d, w, True)}


def chromium(html: str, work: Path, name: str) -> Path:
    src = work / f"{name}.html"
    src.write_text(html)
    pdf = work / f"{name}.pdf"
    subprocess.run(["chromium", "--headless", "--no-sandbox", "--disable-gpu", "--no-pdf-header-footer", "--run-all-compositor-stages-before-draw",
                    f"--print-to-pdf={pdf}", src.as_uri()], check=True, capture_output=True, timeout=120)
    return pdf


def render(doc, work: Path, rng):
    variant = doc.get("variant")
    if variant == "screenshot":
        return certificate_screenshot(doc, work, rng)
    if variant == "badge":
        return badge_page(doc, work, rng)
    if variant in lang.LANGUAGES:
        return {"pdf": chromium(diploma_in(doc, work, variant), work, doc["kind"])}
    return {"pdf": chromium(RENDER[doc["kind"]](doc, work), work, doc["kind"])}


ARTICLE = """<h1 style="font-family:'C059'">City council approves new cycling lanes</h1><p class=muted>By our local reporter</p>
<p>The city council voted on Tuesday to extend the network of protected cycling lanes by twelve kilometres over the next two years. The plan, which was debated for more than four hours, includes new crossings near three schools and a pilot of shared streets in the old town.</p>
<p>Supporters argued that the lanes would reduce congestion and improve air quality, while shop owners on the main avenue raised concerns about deliveries and parking. The council promised a consultation with residents before construction begins in the spring.</p>
<p>Funding will come partly from a regional mobility programme and partly from the municipal budget. Work on the first section is expected to start in March.</p>"""
RECIPE = """<h1 style="font-family:'URW Gothic'">Lemon and herb roast chicken</h1><p class=muted>Serves 4 · 1 h 30 min</p>
<h3>Ingredients</h3><ul><li>1 whole chicken, about 1.6 kg</li><li>2 lemons</li><li>4 cloves of garlic</li><li>A bunch of thyme and rosemary</li><li>3 tbsp olive oil</li><li>Salt and black pepper</li></ul>
<h3>Method</h3><ol><li>Heat the oven to 200 °C.</li><li>Rub the chicken with oil, salt and pepper; fill it with lemon halves, garlic and herbs.</li><li>Roast for 75 minutes, basting twice, until the juices run clear.</li><li>Rest for 10 minutes before carving.</li></ol>"""


def render_noncredential(kind, work: Path, rng):
    if kind == "invoice":
        n = rng.randint(1000, 9999)
        rows = "".join(f"<tr><td>{item}</td><td class=num>{q}</td><td class=num>{p:.2f}</td><td class=num>{q * p:.2f}</td></tr>" for item, q, p in
                       [("Consulting hours", rng.randint(5, 40), 85.0), ("Travel expenses", 1, round(rng.uniform(40, 300), 2)), ("Software licence", rng.randint(1, 5), 49.0)])
        html = page(f"<div class=head><h1>INVOICE</h1><div class=right>Invoice no. {n}<br>Northwind Consulting</div></div><table class=grid><tr><th>Item</th><th class=num>Qty</th><th class=num>Unit price</th><th class=num>Amount</th></tr>{rows}</table><p>Payment within 30 days. Thank you for your business.</p>")
    else:
        html = page(ARTICLE if kind == "article" else RECIPE)
    return {"pdf": chromium(html, work, kind)}


if __name__ == "__main__":
    cli.main(sys.modules[__name__], offset=0)
