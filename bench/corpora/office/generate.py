#!/usr/bin/env python3
"""The "office" corpus: documents typed in a word processor and exported to PDF by LibreOffice
Writer (headless, HTML imported as a Writer document, writer_pdf_Export). Classic table layouts in
Liberation Serif/Sans, Carlito (the Calibri metric twin) and TeX Gyre Termes, TeX Gyre Chorus
signatures."""
import atexit
import os
import shutil
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from kit import art, cli, fmt, lang  # noqa: E402
from kit.fmt import esc  # noqa: E402

NAME = "office"
KINDS = ["diploma", "certificate", "transcript", "payslip", "bank_statement", "utility_bill", "employment_letter"]
CAPTURES = ["digital-pdf", "export-png", "export-jpeg", "scan-pdf", "photo-jpeg"]
NONCREDENTIALS = ["article", "recipe", "invoice"]
NONCREDENTIAL_CAPTURES = CAPTURES
# Genuine only (issue 22): diplomas typed in the languages we serve, in Liberation Serif (Latin and Cyrillic).
GENUINE_VARIANTS = [("diploma", code, CAPTURES) for code in lang.LANGUAGES]
# One LibreOffice profile per run: two runs sharing one (two corpora, two draws at once) each find
# the other's instance holding it and write broken or no PDFs.
PROFILE = Path(os.environ.get("TMPDIR", "/tmp")) / f"bench-corpora-lo-{os.getuid()}-{os.getpid()}"
atexit.register(shutil.rmtree, PROFILE, True)


def doc(body: str, face: str = "Liberation Serif", size: int = 11) -> str:
    return (f"<html><head><meta charset='utf-8'><style>body{{font-family:'{face}';font-size:{size}pt}} td{{font-family:'{face}';font-size:{size}pt}}"
            f" .sig{{font-family:'TeX Gyre Chorus';font-size:24pt;color:#1c2b70}}</style></head><body>{body}</body></html>")


def table(rows, widths=None, border=1) -> str:
    out = f"<table border='{border}' cellspacing='0' cellpadding='4' width='100%'>"
    for i, r in enumerate(rows):
        out += "<tr>" + "".join(f"<td{' align=right' if j > 0 and isinstance(c, str) and c[:1] in '-0123456789' else ''}>{'<b>' if i == 0 else ''}{c}{'</b>' if i == 0 else ''}</td>" for j, c in enumerate(r)) + "</tr>"
    return out + "</table>"


def diploma(d, w):
    qr = art.qr(d["qr"], w / "qr.png", 4)
    return doc(f"""<p align=center><font size=6>{esc(d['institution'])}</font></p><p align=center>&nbsp;</p>
<p align=center><i>The Senate of the University certifies that</i></p><p align=center><font size=6><b>{esc(d['holder'])}</b></font></p>
<p align=center>born on {fmt.dots(d['person']['birth'])}</p><p align=center>has been admitted to the degree of</p>
<p align=center><font size=5>{esc(d['degree'])} ({esc(d['major'])})</font></p><p align=center>on {fmt.long(d['awarded'])}.</p><p>&nbsp;</p><p>&nbsp;</p>
<table width='100%' border=0><tr><td><img src='{qr.name}' width=100 height=100><br><font size=2>Reg. no. {esc(d['number'])}</font></td>
<td align=right><span class=sig>{esc(d['signatory'])}</span><br>{esc(d['signatory'])}<br>Vice-Chancellor</td></tr></table>""", "TeX Gyre Termes", 13)


def diploma_in(d, w, code):
    import random

    t = lang.diploma(d, code, random.Random(d["number"]))
    sigs = "".join(f"<td align=center><span class=sig>{esc(n)}</span><br>{esc(r)}</td>" for n, r in zip(t["signatory_names"], t["signatories"]))
    return doc(f"""<p align=center><font size=5>{esc(t['institution'])}</font></p><p align=center>&nbsp;</p>
<p align=center><font size=6><b>{esc(t['title'])}</b></font></p><p align=center>&nbsp;</p><p align=center>{esc(t['before'])}</p>
<p align=center><font size=6><i>{esc(t['holder'])}</i></font></p><p align=center>{esc(t['after'])}</p>
<p align=center><font size=5><b>{esc(t['degree'])}</b></font></p><p align=center>&nbsp;</p><p align=center>{esc(t['place'])}</p><p>&nbsp;</p>
<table width='100%' border=0><tr>{sigs}</tr></table><p align=center><font size=2>{esc(t['number'])}</font></p>""", "Liberation Serif", 13)


def certificate(d, w):
    qr = art.qr(d["qr"], w / "qr.png", 4)
    return doc(f"""<p align=center><font size=5 color='#1f4e79'><b>{esc(d['institution'])}</b></font></p><p align=center>&nbsp;</p>
<p align=center><font size=6>CERTIFICATE</font></p><p align=center>This is to certify that</p><p align=center><font size=5><b>{esc(d['holder'])}</b></font></p>
<p align=center>born on {fmt.dots(d['person']['birth'])}</p>
<p align=center>attended and passed the training</p><p align=center><font size=4><b>{esc(d['course'])}</b></font></p>
<p align=center>({d['hours']} teaching hours), completed on {fmt.dots(d['issued'])}.</p><p>&nbsp;</p>
<table width='100%' border=0><tr><td><span class=sig>{esc(d['signatory'])}</span><br>{esc(d['signatory'])}, Head of Training</td>
<td align=right><img src='{qr.name}' width=90 height=90><br><font size=2>Certificate {esc(d['number'])}</font></td></tr></table>""", "Carlito", 12)


def transcript(d, w):
    s = d["scheme"]
    head = {"us": ["Course", "Title", "Credits", "Grade", "Quality points"], "ects": ["Code", "Course unit", "ECTS credits", "ECTS grade"],
            "percent": ["Code", "Module", "Credits", "Mark"], "german": ["Modul-Nr.", "Modul", "Leistungspunkte", "Note"]}[s]
    rows = [head] + [[r["code"], esc(r["course"]), str(r["credits"]), str(r["grade"])] + ([f"{r['points'] * r['credits']:.1f}"] if s == "us" else []) for r in d["rows"]]
    sm = d["summary"]
    summary = f"<p><b>Total credits:</b> {sm['total_credits']}"
    if "gpa" in sm:
        summary += f" &nbsp; <b>GPA:</b> {sm['gpa']:.2f}"
    if "average" in sm:
        summary += f" &nbsp; <b>{'Gesamtnote' if s == 'german' else 'Average'}:</b> {sm['average']}"
    return doc(f"""<p><font size=5><b>{esc(d['institution'])}</b></font><br>Transcript of Academic Record</p>
{table([['Name', f'<b>{esc(d["holder"])}</b>'], ['Student number', d['student_id']], ['Date of birth', fmt.dots(d['person']['birth'])], ['Programme', f"{esc(d['degree'])}, {esc(d['major'])}"], ['Admitted', fmt.dots(d['enrolled'])], ['Date of issue', fmt.dots(d['issued'])]], border=0)}
<p>&nbsp;</p>{table(rows)}{summary}</p><p>&nbsp;</p><p><span class=sig>Registrar</span><br>Academic Registrar</p>""", "Liberation Sans", 10)


def payslip(d, w):
    rows = [["Pay element", "Amount"]] + [[esc(k), fmt.money(v)] for k, v in d["earnings"]] + [["Gross pay", fmt.money(d["gross"])]]
    rows += [[esc(k), fmt.money(-v)] for k, v in d["deductions"]] + [["<b>Net pay</b>", f"<b>{fmt.money(d['net'])}</b>"]]
    return doc(f"""<p><font size=5><b>{esc(d['institution'])}</b></font></p><p><b>PAY ADVICE</b> &nbsp; {fmt.month(d['period'])}</p>
{table([['Employee name', esc(d['holder'])], ['Payroll number', d['employee_id']], ['Role', esc(d['position'])], ['Pay date', fmt.long(d['paid'])]], border=0)}<p>&nbsp;</p>{table(rows)}
<p><font size=2>Amounts in EUR. Please keep this document for your records.</font></p>""", "Carlito", 11)


def bank_statement(d, w):
    rows = list(reversed(d["rows"])) if d["newest_first"] else d["rows"]
    body = [["Date", "Details", "Amount", "Balance"]] + [[fmt.slashes(r["date"]), esc(r["description"]), fmt.money(r["amount"]), fmt.money(r["balance"])] for r in rows]
    return doc(f"""<p><font size=5><b>{esc(d['institution'])}</b></font></p><p>{esc(d['holder'])}<br>{esc(d['person']['address'])}<br>{d['person']['postcode']} {esc(d['person']['city'])}</p>
<p><b>Account statement</b> {fmt.slashes(d['start'])} – {fmt.slashes(d['end'])}<br>Account {d['account']}<br>Balance brought forward: {fmt.money(d['opening'])}</p>
{table(body)}<p><b>Balance carried forward: {fmt.money(d['closing'])}</b></p>""", "Liberation Sans", 10)


def utility_bill(d, w):
    body = [["Description", "Consumption", "Unit price", "Amount"]] + [[l["label"], f"{l['qty']} {l['unit']}", f"{l['rate']:.4f}", fmt.money(l["amount"])] for l in d["lines"]]
    body += [["Net amount", "", "", fmt.money(d["subtotal"])], ["VAT (19%)", "", "", fmt.money(d["vat"])], ["<b>Amount due</b>", "", "", f"<b>{fmt.money(d['total'])}</b>"]]
    return doc(f"""<p><font size=5 color='#2e7d32'><b>{esc(d['institution'])}</b></font></p>
<table width='100%' border=0><tr><td>{esc(d['holder'])}<br>{esc(d['person']['address'])}<br>{d['person']['postcode']} {esc(d['person']['city'])}</td>
<td align=right>Customer account {d['account']}<br>Invoice date {fmt.long(d['issued'])}<br>Supply period {fmt.dots(d['period_start'])} to {fmt.dots(d['period_end'])}</td></tr></table>
<p><b>{d['service']} – your bill</b></p>{table(body)}<p>The amount will be collected on {fmt.long(d['due'])}.</p>""", "Liberation Sans", 10)


def employment_letter(d, w):
    return doc(f"""<p align=right><b>{esc(d['institution'])}</b><br>Human Resources Department</p><p>{fmt.long(d['issued'])}</p><p>&nbsp;</p>
<p><b>Certificate of Employment</b></p><p>We hereby certify that <b>{esc(d['holder'])}</b>, date of birth {fmt.long(d['person']['birth'])}, has worked for our company as {esc(d['position'])}
since {fmt.long(d['start'])}. The employment is {d['contract']}.</p><p>Annual gross salary: EUR {d['salary']:,}.</p>
<p>This certificate is issued upon request of the employee.</p><p>&nbsp;</p><p>Sincerely,</p><p><span class=sig>{esc(d['signatory'])}</span><br>{esc(d['signatory'])}<br>HR Manager</p>""", "Liberation Serif", 11)


RENDER = {"diploma": diploma, "certificate": certificate, "transcript": transcript, "payslip": payslip, "bank_statement": bank_statement,
          "utility_bill": utility_bill, "employment_letter": employment_letter}


def writer_pdf(html: str, work: Path, name: str) -> Path:
    src = work / f"{name}.html"
    src.write_text(html)
    subprocess.run(["soffice", f"-env:UserInstallation=file://{PROFILE}", "--headless", "--norestore", "--infilter=HTML (StarWriter)",
                    "--convert-to", "pdf:writer_pdf_Export", "--outdir", str(work), str(src)], check=True, capture_output=True, timeout=180)
    return work / f"{name}.pdf"


def render(d, work: Path, rng):
    if d.get("variant") in lang.LANGUAGES:
        return {"pdf": writer_pdf(diploma_in(d, work, d["variant"]), work, d["kind"])}
    return {"pdf": writer_pdf(RENDER[d["kind"]](d, work), work, d["kind"])}


def render_noncredential(kind, work: Path, rng):
    if kind == "article":
        body = ("<h1>Volunteers restore the old mill</h1><p>After three years of weekend work, a group of volunteers has restored the water mill on the river bank. "
                "The wheel turned again for the first time last Saturday, watched by more than two hundred visitors.</p><p>The association plans guided tours "
                "for schools and a small museum about the history of milling in the valley. Donations paid for new oak beams and a replacement millstone.</p>") * 2
    elif kind == "recipe":
        body = ("<h1>Tomato soup</h1><p><i>Serves 4</i></p><ul><li>1 kg ripe tomatoes</li><li>1 onion</li><li>2 cloves garlic</li><li>700 ml vegetable stock</li>"
                "<li>Basil, salt, pepper</li></ul><ol><li>Soften the onion and garlic in olive oil.</li><li>Add tomatoes and stock; simmer 25 minutes.</li><li>Blend, season and serve with basil.</li></ol>")
    else:
        body = (f"<p><b>Harbour Print Shop</b></p><p><b>INVOICE</b> no. {rng.randint(1000, 9999)}</p>"
                + table([["Item", "Qty", "Price", "Total"], ["Business cards", "500", "0.08", "40.00"], ["Flyers A5", "1000", "0.05", "50.00"], ["Total", "", "", "90.00"]]))
    return {"pdf": writer_pdf(doc(body), work, kind)}


if __name__ == "__main__":
    cli.main(sys.modules[__name__], offset=3)
