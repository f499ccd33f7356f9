#!/usr/bin/env python3
"""The "print" corpus: back-office systems. reportlab canvases (Liberation and DejaVu TrueType,
the standard Times/Helvetica) for diplomas, certificates, transcripts, payslips and letters;
hand-written PostScript through Ghostscript's ps2pdf for utility bills and bank statements (the
printer-driver route, tight numeric columns in Courier and Helvetica); transcripts and letters
signed with poppler's pdfsig (an incremental signed revision, self-signed certificate)."""
import random
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from PIL import Image, ImageDraw, ImageFont  # noqa: E402
from reportlab.lib.pagesizes import A4, letter  # noqa: E402
from reportlab.lib.utils import ImageReader  # noqa: E402
from reportlab.pdfbase import pdfmetrics  # noqa: E402
from reportlab.pdfbase.ttfonts import TTFont  # noqa: E402
from reportlab.pdfgen import canvas  # noqa: E402

from kit import art, boxes, capture, cli, fmt  # noqa: E402

NAME = "print"
KINDS = ["diploma", "certificate", "transcript", "payslip", "bank_statement", "utility_bill", "employment_letter"]
CAPTURES = ["digital-pdf", "signed-pdf", "export-png", "export-jpeg", "scan-pdf", "photo-jpeg"]
NONCREDENTIALS = ["invoice", "article"]
# Consistency forgeries its layouts cannot show: its certificate prints no date of birth to contradict.
UNSHOWN = {"impossible_dates": ["certificate"]}
NONCREDENTIAL_CAPTURES = ["digital-pdf", "scan-pdf", "export-jpeg"]
# Genuine only (issue 22): what e-signature platforms send back: the page flattened to an image,
# an invisible text layer for search (render mode 3), then a signed revision.
GENUINE_VARIANTS = [("transcript", "flattened", ["signed-pdf"]), ("employment_letter", "flattened", ["signed-pdf"]),
                    ("diploma", "flattened", ["signed-pdf"])]

TT = {"LibSerif": "liberation2/LiberationSerif-Regular.ttf", "LibSerif-B": "liberation2/LiberationSerif-Bold.ttf",
      "LibSans": "liberation2/LiberationSans-Regular.ttf", "LibSans-B": "liberation2/LiberationSans-Bold.ttf",
      "DejaVu": "dejavu/DejaVuSans.ttf", "DejaVu-B": "dejavu/DejaVuSans-Bold.ttf", "DejaVuSerif": "dejavu/DejaVuSerif.ttf"}
for n, f in TT.items():
    pdfmetrics.registerFont(TTFont(n, f"/usr/share/fonts/truetype/{f}"))
SCRIPT = "/usr/share/fonts/opentype/urw-base35/Z003-MediumItalic.otf"


def signature(name: str, path: Path) -> Path:
    """A signature as issuers paste it: an image of handwriting (here the Z003 script face)."""
    font = ImageFont.truetype(SCRIPT, 90)
    w = int(font.getlength(name)) + 40
    img = Image.new("RGBA", (w, 140), (255, 255, 255, 0))
    ImageDraw.Draw(img).text((20, 10), name, font=font, fill=(20, 30, 90, 255))
    img.save(path)
    return path


def sans_serif(rng):
    return rng.choice([("LibSans", "LibSans-B"), ("DejaVu", "DejaVu-B"), ("Helvetica", "Helvetica-Bold")])


def diploma(d, c, w, rng):
    W, H = A4
    c.setStrokeColorRGB(0.15, 0.2, 0.45); c.setLineWidth(3); c.rect(30, 30, W - 60, H - 60); c.setLineWidth(1); c.rect(38, 38, W - 76, H - 76)
    c.setFont("LibSerif-B", 28); c.drawCentredString(W / 2, H - 130, d["institution"])
    c.setFont("LibSerif", 14); c.drawCentredString(W / 2, H - 200, "This is to certify that")
    c.setFont("Times-BoldItalic", 30); c.drawCentredString(W / 2, H - 250, d["holder"])
    c.setFont("LibSerif", 14)
    c.drawCentredString(W / 2, H - 300, "having fulfilled the requirements prescribed by the University")
    c.drawCentredString(W / 2, H - 322, "has been awarded the degree of")
    c.setFont("LibSerif-B", 22); c.drawCentredString(W / 2, H - 370, d["degree"])
    c.setFont("LibSerif", 15); c.drawCentredString(W / 2, H - 398, f"in {d['major']}")
    c.setFont("LibSerif", 12); c.drawCentredString(W / 2, H - 450, f"Conferred on {fmt.long(d['awarded'])}")
    c.drawImage(ImageReader(str(art.qr(d["qr"], w / "qr.png", 5))), 70, 80, 80, 80)
    c.setFont("LibSerif", 8); c.drawString(70, 70, f"Certificate number {d['number']}")
    c.drawImage(ImageReader(str(signature(d["signatory"], w / "sig.png"))), W - 250, 120, 170, 40, mask="auto")
    c.line(W - 250, 115, W - 80, 115); c.setFont("LibSerif", 10); c.drawString(W - 250, 102, f"{d['signatory']}, Rector")


def certificate(d, c, w, rng):
    W, H = letter
    reg, bold = sans_serif(rng)
    c.setFillColorRGB(0.93, 0.36, 0.14); c.rect(0, H - 90, W, 90, fill=1, stroke=0)
    c.setFillColorRGB(1, 1, 1); c.setFont(bold, 20); c.drawString(50, H - 55, d["institution"])
    c.setFillColorRGB(0.1, 0.1, 0.1); c.setFont(bold, 26); c.drawString(50, H - 170, "CERTIFICATE")
    c.setFont(reg, 13); c.drawString(50, H - 200, "awarded to")
    c.setFont(bold, 24); c.drawString(50, H - 240, d["holder"])
    c.setFont(reg, 13); c.drawString(50, H - 280, f"for completing {d['course']} ({d['hours']} hours)")
    c.drawString(50, H - 300, f"Issued on {fmt.us(d['issued'])}   ·   Credential ID {d['number']}")
    c.drawImage(ImageReader(str(art.qr(d["qr"], w / "qr.png", 5))), W - 160, 70, 100, 100)
    c.drawImage(ImageReader(str(signature(d["signatory"], w / "sig.png"))), 50, 110, 160, 38, mask="auto")
    c.line(50, 105, 230, 105); c.setFont(reg, 10); c.drawString(50, 92, d["signatory"])


def transcript(d, c, w, rng):
    W, H = A4
    reg, bold = sans_serif(rng)
    c.setFont(bold, 15); c.drawString(50, H - 60, d["institution"].upper())
    c.setFont(reg, 10); c.drawString(50, H - 76, "Registry · Official Transcript of Records")
    c.drawRightString(W - 50, H - 60, f"Date of issue: {fmt.dots(d['issued'])}")
    y = H - 115
    for k, v in [("Name", d["holder"]), ("Date of birth", fmt.dots(d["person"]["birth"])), ("Student number", d["student_id"]),
                 ("Programme", f"{d['degree']} in {d['major']}"), ("Date of enrolment", fmt.dots(d["enrolled"]))]:
        c.setFont(reg, 9); c.drawString(50, y, k); c.setFont(bold, 10); c.drawString(160, y, v); y -= 15
    s = d["scheme"]
    cols = {"us": ["Course", "Title", "Cr.", "Grade", "Pts"], "ects": ["Code", "Module", "ECTS", "Grade"],
            "percent": ["Code", "Module", "Credits", "Mark"], "german": ["Nr.", "Modul", "LP", "Note"]}[s]
    xs = [50, 120, 380, 440, 500]
    y -= 15
    c.setFont(bold, 9)
    for x, h in zip(xs, cols):
        c.drawString(x, y, h)
    c.line(50, y - 4, W - 50, y - 4); y -= 18
    c.setFont(reg, 9)
    for r in d["rows"]:
        vals = [r["code"], r["course"], str(r["credits"]), str(r["grade"])] + ([f"{r['points'] * r['credits']:.1f}"] if s == "us" else [])
        for x, v in zip(xs, vals):
            c.drawString(x, y, v)
        y -= 14
    c.line(50, y + 6, W - 50, y + 6); y -= 10
    sm = d["summary"]
    c.setFont(bold, 10); c.drawString(50, y, f"Credits earned: {sm['total_credits']}")
    if "gpa" in sm:
        c.drawString(260, y, f"Grade point average: {sm['gpa']:.2f}")
    if "average" in sm:
        c.drawString(260, y, f"{'Durchschnittsnote' if s == 'german' else 'Average mark'}: {sm['average']}")
    c.setFont(reg, 8); c.drawString(50, 60, "Grading: " + {"us": "A=4.0 A-=3.7 B+=3.3 B=3.0 B-=2.7 C+=2.3", "ects": "ECTS grades A (best) to E (pass), F fail",
                                                         "percent": "70%+ first class, 60-69% upper second, 50-59% lower second", "german": "1,0 (sehr gut) bis 4,0 (ausreichend); 5,0 nicht bestanden"}[s])


def payslip(d, c, w, rng):
    W, H = A4
    reg, bold = sans_serif(rng)
    c.setFont(bold, 14); c.drawString(40, H - 50, d["institution"])
    c.setFont(reg, 9); c.drawString(40, H - 64, "Salary statement")
    c.drawRightString(W - 40, H - 50, f"Period: {fmt.month(d['period'])}"); c.drawRightString(W - 40, H - 64, f"Paid on {fmt.dots(d['paid'])}")
    c.rect(40, H - 140, W - 80, 60)
    c.drawString(50, H - 100, f"Employee: {d['holder']}"); c.drawString(50, H - 115, f"Employee no.: {d['employee_id']}"); c.drawString(50, H - 130, f"Job title: {d['position']}")
    c.drawString(320, H - 100, d["person"]["address"]); c.drawString(320, H - 115, f"{d['person']['postcode']} {d['person']['city']}")
    y = H - 175
    c.setFont(bold, 9); c.drawString(40, y, "Item"); c.drawRightString(W - 160, y, "Amount"); c.drawRightString(W - 40, y, "Deduction"); y -= 16
    c.setFont(reg, 9)
    for k, v in d["earnings"]:
        c.drawString(40, y, k); c.drawRightString(W - 160, y, fmt.money(v)); y -= 14
    for k, v in d["deductions"]:
        c.drawString(40, y, k); c.drawRightString(W - 40, y, fmt.money(v)); y -= 14
    c.line(40, y + 8, W - 40, y + 8); y -= 6
    c.setFont(bold, 10); c.drawString(40, y, "Gross"); c.drawRightString(W - 160, y, fmt.money(d["gross"])); y -= 16
    c.drawString(40, y, "Deductions"); c.drawRightString(W - 40, y, fmt.money(sum(v for _, v in d["deductions"]))); y -= 22
    c.setFont(bold, 12); c.drawString(40, y, "NET PAY"); c.drawRightString(W - 40, y, fmt.money(d["net"]))


def employment_letter(d, c, w, rng):
    W, H = A4
    c.setFont("DejaVu-B", 16); c.drawString(60, H - 70, d["institution"])
    c.setFont("DejaVuSerif", 10.5)
    y = H - 140
    text = [fmt.us(d["issued"]), "", "RE: Confirmation of employment", "", "Dear Sir or Madam,", "",
            f"We confirm that {d['holder']} has been employed with {d['institution']}",
            f"since {fmt.us(d['start'])} in the position of {d['position']}. The employment is {d['contract']}",
            f"and the annual base salary is EUR {d['salary']:,}.", "",
            "This letter is issued at the employee's request and without liability on the part of the company.", "",
            "Kind regards,"]
    for line in text:
        c.drawString(60, y, line); y -= 16
    c.drawImage(ImageReader(str(signature(d["signatory"], w / "sig.png"))), 60, y - 50, 150, 36, mask="auto")
    c.drawString(60, y - 65, d["signatory"]); c.drawString(60, y - 80, "HR Business Partner")


# --- PostScript, the printer driver's way: every value placed by the application at fixed x.
PS_HEAD = """%!PS-Adobe-3.0
%%Creator: {creator}
%%Title: {title}
%%Pages: 1
%%EndComments
/F {{ findfont exch scalefont setfont }} bind def
/R {{ dup stringwidth pop neg 0 rmoveto show }} bind def
%%Page: 1 1
"""


def ps_str(s) -> str:
    return "(" + str(s).replace("\\", "\\\\").replace("(", "\\(").replace(")", "\\)").encode("latin-1", "replace").decode("latin-1") + ")"


def ps_text(x, y, s, right=False):
    return f"{x:.1f} {y:.1f} moveto {ps_str(s)} {'R' if right else 'show'}\n"


def utility_ps(d, rng):
    out = PS_HEAD.format(creator="PScript5.dll Version 5.2.2", title=f"BILL_{d['account']}.pdf")
    out += "12 /Helvetica-Bold F\n" + ps_text(40, 800, d["institution"]) + "8 /Helvetica F\n" + ps_text(40, 788, f"{d['service']} supply · Customer service 0800 123 456")
    out += "9 /Helvetica F\n" + ps_text(40, 740, d["holder"]) + ps_text(40, 728, d["person"]["address"]) + ps_text(40, 716, f"{d['person']['postcode']} {d['person']['city']}")
    out += ps_text(360, 740, "Account no.") + ps_text(555, 740, d["account"], True) + ps_text(360, 728, "Bill date") + ps_text(555, 728, fmt.dots(d["issued"]), True)
    out += ps_text(360, 716, "Period") + ps_text(555, 716, f"{fmt.dots(d['period_start'])}-{fmt.dots(d['period_end'])}", True)
    out += "11 /Helvetica-Bold F\n" + ps_text(40, 670, f"Your {d['service'].lower()} bill") + "8 /Courier F\n"
    y = 640
    # tight columns, as utilities print them: quantity, unit, rate and amount almost touching
    out += ps_text(40, y, "Charge") + ps_text(330, y, "Qty", True) + ps_text(345, y, "Unit") + ps_text(420, y, "Rate", True) + ps_text(470, y, "EUR", True)
    for l in d["lines"]:
        y -= 12
        out += ps_text(40, y, l["label"]) + ps_text(330, y, l["qty"], True) + ps_text(333, y, l["unit"]) + ps_text(420, y, f"{l['rate']:.6f}", True) + ps_text(470, y, f"{l['amount']:.2f}", True)
    y -= 18
    out += ps_text(40, y, "Subtotal") + ps_text(470, y, f"{d['subtotal']:.2f}", True)
    y -= 12
    out += ps_text(40, y, "VAT 19%") + ps_text(470, y, f"{d['vat']:.2f}", True)
    y -= 16
    out += "9 /Courier-Bold F\n" + ps_text(40, y, "TOTAL DUE") + ps_text(470, y, f"{d['total']:.2f}", True)
    out += "8 /Helvetica F\n" + ps_text(40, y - 30, f"Payable by direct debit on {fmt.dots(d['due'])}.")
    return out + "showpage\n%%EOF\n"


def statement_ps(d, rng):
    out = PS_HEAD.format(creator="HP Universal Printing PS", title="Kontoauszug")
    out += "13 /Times-Bold F\n" + ps_text(40, 800, d["institution"]) + "9 /Times-Roman F\n"
    out += ps_text(40, 770, f"Statement of account {d['account']}") + ps_text(40, 758, d["holder"]) + ps_text(40, 746, f"{d['person']['address']}, {d['person']['postcode']} {d['person']['city']}")
    out += ps_text(555, 770, f"{fmt.dots(d['start'])} to {fmt.dots(d['end'])}", True)
    y = 710
    out += "8 /Helvetica-Bold F\n" + ps_text(40, y, "Date") + ps_text(95, y, "Transaction") + ps_text(420, y, "Amount", True) + ps_text(490, y, "Balance", True) + "8 /Helvetica F\n"
    y -= 14
    rows = list(reversed(d["rows"])) if d["newest_first"] else d["rows"]
    if not d["newest_first"]:
        out += ps_text(95, y, "Opening balance") + ps_text(490, y, fmt.money(d["opening"]), True); y -= 12
    for r in rows:
        out += ps_text(40, y, fmt.dots(r["date"])) + ps_text(95, y, r["description"]) + ps_text(420, y, fmt.money(r["amount"]), True) + ps_text(490, y, fmt.money(r["balance"]), True)
        y -= 12
    if d["newest_first"]:
        out += ps_text(95, y, "Opening balance") + ps_text(490, y, fmt.money(d["opening"]), True); y -= 12
    out += "8 /Helvetica-Bold F\n" + ps_text(95, y - 6, "Closing balance") + ps_text(490, y - 6, fmt.money(d["closing"]), True)
    return out + "showpage\n%%EOF\n"


def ps2pdf(ps: str, work: Path, name: str) -> Path:
    src, pdf = work / f"{name}.ps", work / f"{name}.pdf"
    src.write_text(ps, encoding="latin-1")
    subprocess.run(["ps2pdf", "-sPAPERSIZE=a4", "-dPDFSETTINGS=/printer", str(src), str(pdf)], check=True, capture_output=True)
    return pdf


REPORTLAB = {"diploma": diploma, "certificate": certificate, "transcript": transcript, "payslip": payslip, "employment_letter": employment_letter}
PRODUCERS = ["Crystal Reports", "SAP NetWeaver 7.50", "Oracle BI Publisher 12.2", "Registry Suite 4.1"]


def reportlab_pdf(fn, d, work: Path, rng) -> Path:
    pdf = work / f"{d['kind']}.pdf"
    c = canvas.Canvas(str(pdf), pagesize=letter if fn is certificate else A4, invariant=0)
    c.setCreator(rng.choice(PRODUCERS)); c.setTitle(d["kind"].replace("_", " ").title())
    fn(d, c, work, rng)
    c.showPage(); c.save()
    return pdf


def flattened(pdf: Path, work: Path, dpi: int = 200) -> Path:
    """The page as an image with its words laid over it invisibly, where they print (a search layer)."""
    words, (pw, ph) = boxes.words(pdf)
    img = capture.rasterize(pdf, dpi)
    out = work / (pdf.stem + "-flat.pdf")
    c = canvas.Canvas(str(out), pagesize=(pw, ph), invariant=0)
    c.setCreator("DocuFlow e-Sign 3.2")
    c.drawImage(ImageReader(img), 0, 0, pw, ph)
    for x0, y0, x1, y1, text in words:
        size = max(4.0, (y1 - y0) * 0.85)
        t = c.beginText()
        t.setTextRenderMode(3)
        t.setFont("DejaVu", size)
        width = c.stringWidth(text, "DejaVu", size)
        t.setHorizScale(100 * (x1 - x0) / width if width else 100)
        t.setTextOrigin(x0, ph - y1 + (y1 - y0) * 0.2)
        t.textOut(text)
        c.drawText(t)
    c.showPage(); c.save()
    return out


_NSS: dict = {}


def nss(work_root: Path) -> Path:
    """A throw-away NSS database holding the issuer's self-signed signing certificate."""
    if "dir" not in _NSS:
        d = work_root.parent / "_nss"
        if not (d / "cert9.db").exists():
            d.mkdir(parents=True, exist_ok=True)
            run = lambda *a: subprocess.run(list(a), check=True, capture_output=True)  # noqa: E731
            run("openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", str(d / "k.pem"), "-out", str(d / "c.pem"), "-days", "3650",
                "-subj", "/CN=Office of the Registrar/O=Northgate University/C=GB")
            run("openssl", "pkcs12", "-export", "-inkey", str(d / "k.pem"), "-in", str(d / "c.pem"), "-out", str(d / "c.p12"), "-passout", "pass:", "-name", "registrar")
            run("certutil", "-N", "-d", f"sql:{d}", "--empty-password")
            run("pk12util", "-i", str(d / "c.p12"), "-d", f"sql:{d}", "-W", "")
        _NSS["dir"] = d
    return _NSS["dir"]


def sign(pdf: Path, work: Path) -> Path:
    out = pdf.with_name(pdf.stem + "-signed.pdf")
    subprocess.run(["pdfsig", "-nssdir", f"sql:{nss(work)}", "-nick", "registrar", "-add-signature", "-reason", "Issued electronically",
                    str(pdf), str(out)], capture_output=True)
    if not out.exists():
        raise RuntimeError("pdfsig did not sign " + str(pdf))
    return out


def render(doc, work: Path, rng):
    k = doc["kind"]
    if k == "utility_bill":
        pdf = ps2pdf(utility_ps(doc, rng), work, k)
    elif k == "bank_statement":
        pdf = ps2pdf(statement_ps(doc, rng), work, k)
    else:
        pdf = reportlab_pdf(REPORTLAB[k], doc, work, rng)
    if doc.get("variant") == "flattened":
        pdf = flattened(pdf, work)
    return {"pdf": pdf, "sign": lambda p: sign(p, work)}


def render_noncredential(kind, work: Path, rng):
    if kind == "invoice":
        lines = [("Office chairs", 4, 129.0), ("Desk lamps", 6, 24.5), ("Delivery", 1, 35.0)]
        ps = PS_HEAD.format(creator="PScript5.dll Version 5.2.2", title="Invoice") + "14 /Helvetica-Bold F\n" + ps_text(40, 800, "INVOICE 2025-" + str(rng.randint(100, 999)))
        ps += "9 /Helvetica F\n" + ps_text(40, 780, "Office Supplies Direct Ltd, 12 Harbour Road") + "8 /Courier F\n"
        y = 740
        for item, q, p in lines:
            ps += ps_text(40, y, item) + ps_text(330, y, q, True) + ps_text(420, y, f"{p:.2f}", True) + ps_text(500, y, f"{q * p:.2f}", True); y -= 12
        ps += ps_text(40, y - 8, "Total") + ps_text(500, y - 8, f"{sum(q * p for _, q, p in lines):.2f}", True) + "showpage\n%%EOF\n"
        return {"pdf": ps2pdf(ps, work, kind)}
    pdf = work / "article.pdf"
    c = canvas.Canvas(str(pdf), pagesize=A4)
    c.setFont("LibSerif-B", 18); c.drawString(60, 780, "Notes on the history of the harbour district")
    c.setFont("LibSerif", 11)
    y = 750
    words = ("The harbour district grew quickly in the nineteenth century as warehouses replaced the old fishing huts. "
             "Merchants built tall brick stores along the quay and the railway arrived in 1871, linking the docks to the inland markets. "
             "After the decline of shipping in the 1960s many buildings stood empty until artists and small workshops moved in. ") * 3
    line = ""
    for word in words.split():
        if c.stringWidth(line + " " + word, "LibSerif", 11) > 470:
            c.drawString(60, y, line); y -= 15; line = word
        else:
            line = (line + " " + word).strip()
    c.drawString(60, y, line); c.showPage(); c.save()
    return {"pdf": pdf}


if __name__ == "__main__":
    cli.main(sys.modules[__name__], offset=1)
