"""Forgeries made with the tools forgers use: MuPDF (mutool) for PDF edits saved incrementally or
re-saved by an editor, ImageMagick for pixel edits (retype, splice, copy-move), exiftool for the
editor's traces. Every function takes the genuine file and writes the forged one."""
import random
import shutil
import subprocess
import tempfile
from pathlib import Path

from PIL import Image

CONVERT = "/usr/bin/convert"  # Debian's ImageMagick (a stand-in may shadow `convert` on PATH)
EDITORS_PDF = ["Adobe Acrobat Pro (64-bit) 23.6.20320", "PDFescape Online Editor", "Foxit PDF Editor 12.1",
               "iLovePDF", "Sejda PDF Editor"]
EDITORS_IMG = [("Adobe Photoshop 25.1 (Windows)", "Adobe Photoshop 25.1 (Windows)"), ("GIMP 2.10.34", "GIMP 2.10"),
               ("Adobe Photoshop Lightroom Classic 13.0 (Macintosh)", "Adobe Photoshop Lightroom Classic 13.0")]
PIXEL_FONTS = ["/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf", "/usr/share/fonts/truetype/liberation2/LiberationSans-Regular.ttf",
               "/usr/share/fonts/opentype/urw-base35/NimbusSans-Regular.otf", "/usr/share/fonts/truetype/liberation2/LiberationSerif-Regular.ttf"]

MUTOOL_EDIT = r"""
var doc = new PDFDocument(scriptArgs[0]);
var out = scriptArgs[1], mode = scriptArgs[2], text = scriptArgs[3];
var x0 = +scriptArgs[4], y0 = +scriptArgs[5], x1 = +scriptArgs[6], y1 = +scriptArgs[7], producer = scriptArgs[8];
var page = doc.findPage(0);
var font = doc.addSimpleFont(new Font("Helvetica"), "Latin");
var res = page.get("Resources");
var fonts = res.get("Font");
if (!fonts || !fonts.isDictionary()) { fonts = doc.newDictionary(); res.put("Font", fonts); }
fonts.put("FEd1", font);
// Coordinates come from the page's top-left corner; a media box need not start at 0 0.
var box = page.get("MediaBox"), ox = box && box.isArray() ? +box.get(0) : 0, oy = box && box.isArray() ? +box.get(1) : 0;
x0 += ox; x1 += ox; y0 += oy; y1 += oy;
var size = Math.max(6, (y1 - y0) * 0.8);
var ops = "q 1 1 1 rg " + (x0 - 1) + " " + (y0 - 1) + " " + (x1 - x0 + 2) + " " + (y1 - y0 + 2) + " re f Q " +
  "q 0 0 0 rg BT /FEd1 " + size + " Tf " + x0 + " " + (y0 + (y1 - y0) * 0.2) + " Td (" + text.replace(/([()\\])/g, "\\$1") + ") Tj ET Q";
// The page's own content may leave its graphics state changed (Skia ends with a scaled, flipped
// CTM; others leave a fill colour or clip): it is wrapped in q ... Q so the edit draws in default
// user space, as an editor's appended stream does.
var stream = doc.addStream(ops, {});
var contents = page.get("Contents");
var arr = doc.newArray();
arr.push(doc.addStream("q\n", {}));
if (contents.isArray()) { for (var i = 0; i < contents.length; i++) arr.push(contents.get(i)); } else arr.push(contents);
arr.push(doc.addStream("\nQ\n", {}));
arr.push(stream);
page.put("Contents", arr);
var info = doc.getTrailer().get("Info");
if (producer) {
  if (!info || !info.isDictionary()) { info = doc.addObject(doc.newDictionary()); doc.getTrailer().put("Info", info); }
  // A JS string put as is becomes a PDF name (/Foxit#20PDF...), which no reader takes for a Producer.
  info.put("Producer", doc.newString(producer));
  var d = new Date(); var p = function (n) { return (n < 10 ? "0" : "") + n; };
  info.put("ModDate", doc.newString("D:" + d.getUTCFullYear() + p(d.getUTCMonth() + 1) + p(d.getUTCDate()) + p(d.getUTCHours()) + p(d.getUTCMinutes()) + "00Z"));
}
doc.save(out, mode === "incremental" ? "incremental" : "garbage,compress");
"""


def run(cmd, **kw):
    return subprocess.run([str(c) for c in cmd], check=True, capture_output=True, **kw)


def pdf_edit(src: Path, dst: Path, box_pt, page_h: float, text: str, incremental: bool, rng: random.Random) -> str:
    """Covers a printed value with a white box and types a new one. Incremental: appended as an
    update (what online editors and 'save' in Acrobat do); otherwise the editor rewrites the file."""
    x0, top, x1, bottom = box_pt
    with tempfile.TemporaryDirectory() as tmp:
        script = Path(tmp) / "edit.js"
        script.write_text(MUTOOL_EDIT)
        shutil.copy(src, dst)
        producer = "" if incremental else rng.choice(EDITORS_PDF)
        target = dst if incremental else Path(tmp) / "out.pdf"
        run(["mutool", "run", script, dst, target, "incremental" if incremental else "full", text,
             f"{x0:.2f}", f"{page_h - bottom:.2f}", f"{x1:.2f}", f"{page_h - top:.2f}", producer])
        if not incremental:
            shutil.copy(target, dst)
    return "mutool: value covered and retyped, saved incrementally" if incremental else f"mutool: value retyped, file re-saved as {producer}"


def _colors(img: Image.Image, box):
    x0, y0, x1, y1 = box
    pad = 4
    ring = img.crop((max(0, x0 - pad * 3), max(0, y0 - pad * 3), x1 + pad * 3, y1 + pad * 3)).convert("RGB")
    px = sorted(ring.getdata(), key=sum)
    return px[len(px) * 9 // 10], px[len(px) // 50]


def retype(img: Image.Image, box, text: str, rng: random.Random, font: str | None = None) -> Image.Image:
    """ImageMagick: paint the field over with the paper's colour and type the new value."""
    x0, y0, x1, y1 = [int(v) for v in box]
    paper, ink = _colors(img, (x0, y0, x1, y1))
    h = y1 - y0
    with tempfile.TemporaryDirectory() as tmp:
        src, out = Path(tmp) / "in.png", Path(tmp) / "out.png"
        img.save(src)
        run([CONVERT, src, "-fill", "rgb(%d,%d,%d)" % paper, "-draw", f"rectangle {x0 - 2},{y0 - 2},{x1 + 2},{y1 + 2}",
             "-font", font or rng.choice(PIXEL_FONTS), "-pointsize", str(max(8, int(h * 0.95))), "-fill", "rgb(%d,%d,%d)" % ink,
             "-annotate", f"+{x0}+{y1 - int(h * 0.2)}", text, out])
        return Image.open(out).convert("RGB")


def splice(img: Image.Image, box, donor: Image.Image, donor_box) -> Image.Image:
    """ImageMagick composite: a value cut from another document pasted over this one's."""
    x0, y0, x1, y1 = [int(v) for v in box]
    dx0, dy0, dx1, dy1 = [int(v) for v in donor_box]
    with tempfile.TemporaryDirectory() as tmp:
        src, patch, out = Path(tmp) / "in.png", Path(tmp) / "patch.png", Path(tmp) / "out.png"
        img.save(src)
        donor.crop((dx0 - 3, dy0 - 3, dx1 + 3, dy1 + 3)).resize((max(8, x1 - x0 + 6), max(8, y1 - y0 + 6))).save(patch)
        run([CONVERT, src, patch, "-geometry", f"+{x0 - 3}+{y0 - 3}", "-composite", out])
        return Image.open(out).convert("RGB")


def copy_move(img: Image.Image, box, source_box) -> Image.Image:
    """ImageMagick: a region of the same page cloned over the field (clone-stamp style)."""
    sx0, sy0, sx1, sy1 = [int(v) for v in source_box]
    x0, y0 = int(box[0]), int(box[1])
    with tempfile.TemporaryDirectory() as tmp:
        src, out = Path(tmp) / "in.png", Path(tmp) / "out.png"
        img.save(src)
        run([CONVERT, src, "(", "+clone", "-crop", f"{sx1 - sx0 + 4}x{sy1 - sy0 + 4}+{sx0 - 2}+{sy0 - 2}", "+repage", ")",
             "-geometry", f"+{x0 - 2}+{y0 - 2}", "-composite", out])
        return Image.open(out).convert("RGB")


def editor_traces(path: Path, rng: random.Random) -> str:
    """exiftool: what Photoshop/GIMP leave in a saved file (Software, XMP CreatorTool and history)."""
    software, agent = rng.choice(EDITORS_IMG)
    run(["exiftool", "-q", "-overwrite_original", f"-Software={software}", f"-XMP-xmp:CreatorTool={software}",
         "-XMP-xmpMM:HistoryAction=saved", f"-XMP-xmpMM:HistorySoftwareAgent={agent}",
         "-XMP-xmp:ModifyDate=now", "-ModifyDate=now", str(path)])
    return software
