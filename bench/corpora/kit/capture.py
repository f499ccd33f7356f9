"""How a document reaches us: the issuer's digital PDF, an exported PNG/JPEG, a scanned PDF, a
phone photo. Rasters come from poppler (pdftoppm); scans and photos are degraded with PIL and
wrapped or tagged the way scanners and phones do (img2pdf, exiftool)."""
import io
import math
import random
import subprocess
from pathlib import Path

import img2pdf
import numpy as np
from PIL import Image, ImageFilter

CAPTURES = ["digital-pdf", "signed-pdf", "export-png", "export-jpeg", "scan-pdf", "photo-jpeg"]
CONTENT_TYPES = {"pdf": "application/pdf", "png": "image/png", "jpg": "image/jpeg"}
PHONES = [("Apple", "iPhone 13"), ("samsung", "SM-G991B"), ("Google", "Pixel 7"), ("Xiaomi", "2201117TG")]
SCANNERS = [("Canon", "imageRUNNER ADVANCE C5535"), ("HP", "HP LaserJet MFP M428fdw"), ("Epson", "ES-580W"),
            ("Brother", "MFC-L2750DW")]


def run(cmd: list[str], **kw) -> subprocess.CompletedProcess:
    return subprocess.run(cmd, check=True, capture_output=True, **kw)


def rasterize(pdf: Path, dpi: int) -> Image.Image:
    out = run(["pdftoppm", "-r", str(dpi), "-f", "1", "-l", "1", "-png", str(pdf)]).stdout
    return Image.open(io.BytesIO(out)).convert("RGB")


def save_png(img: Image.Image, path: Path) -> Path:
    img.save(path, "PNG", optimize=False, compress_level=6)
    return path


def save_jpeg(img: Image.Image, path: Path, quality: int) -> Path:
    img.save(path, "JPEG", quality=quality, subsampling=2 if quality < 90 else 0)
    return path


def scan(img: Image.Image, rng: random.Random):
    """A flatbed scan of a printout: paper tint, slight skew, blur, sensor noise, 300 dpi.
    Returns the scan and a function mapping a box of the original to the scan."""
    a = np.asarray(img).astype(np.float32)
    tint = np.array([rng.uniform(238, 250), rng.uniform(236, 248), rng.uniform(228, 242)], dtype=np.float32) / 255
    a = a * tint
    page = Image.fromarray(np.clip(a, 0, 255).astype(np.uint8))
    angle = rng.uniform(-0.8, 0.8)
    page = page.rotate(angle, resample=Image.BICUBIC, expand=False, fillcolor=(245, 244, 240))
    cx, cy, t = page.width / 2, page.height / 2, math.radians(angle)

    def point(x, y):
        return cx + (x - cx) * math.cos(t) + (y - cy) * math.sin(t), cy - (x - cx) * math.sin(t) + (y - cy) * math.cos(t)

    page = page.filter(ImageFilter.GaussianBlur(rng.uniform(0.4, 0.8)))
    a = np.asarray(page).astype(np.float32)
    a += np.random.default_rng(rng.randint(0, 2**31)).normal(0, rng.uniform(2.0, 4.0), a.shape[:2])[..., None]
    return Image.fromarray(np.clip(a, 0, 255).astype(np.uint8)), lambda box: map_box(box, point)


def scan_pdf(img: Image.Image, path: Path, rng: random.Random, dpi: int = 300) -> Path:
    """The scanner's own PDF: its JPEG wrapped unchanged, producer named after the device."""
    buf = io.BytesIO()
    img.save(buf, "JPEG", quality=rng.choice([75, 82, 88]), dpi=(dpi, dpi))
    make, model = rng.choice(SCANNERS)
    layout = img2pdf.get_fixed_dpi_layout_fun((dpi, dpi))
    pdf = img2pdf.convert(buf.getvalue(), layout_fun=layout, producer=f"{make} {model}", creator=f"{make} Scan")
    path.write_bytes(pdf)
    return path


def photo(img: Image.Image, rng: random.Random):
    """A phone photo of the printout on a desk: perspective, uneven light, blur, noise.
    Returns the photo and a function mapping a box of the original to the photo."""
    w, h = img.size
    scale = 2400 / max(w, h)
    img = img.resize((int(w * scale), int(h * scale)), Image.LANCZOS)
    w, h = img.size
    margin = int(0.12 * max(w, h))
    canvas = Image.new("RGB", (w + 2 * margin, h + 2 * margin), tuple(rng.randint(60, 120) for _ in range(3)))
    canvas.paste(img, (margin, margin))
    W, H = canvas.size
    j = lambda: rng.uniform(0.005, 0.06) * W  # noqa: E731 (outward only: the whole page stays in frame)
    src = [(margin - j(), margin - j()), (W - margin + j(), margin - j()), (W - margin + j(), H - margin + j()), (margin - j(), H - margin + j())]
    dst = [(0, 0), (W, 0), (W, H), (0, H)]
    coeffs = _perspective(dst, src)
    fwd = _perspective(src, dst)

    def point(x, y):
        x, y = x * scale + margin, y * scale + margin
        d = fwd[6] * x + fwd[7] * y + 1
        return (fwd[0] * x + fwd[1] * y + fwd[2]) / d, (fwd[3] * x + fwd[4] * y + fwd[5]) / d

    canvas = canvas.transform((W, H), Image.PERSPECTIVE, coeffs, Image.BICUBIC)
    a = np.asarray(canvas).astype(np.float32)
    yy, xx = np.mgrid[0:H, 0:W]
    light = 1.0 - rng.uniform(0.08, 0.2) * ((xx / W - rng.uniform(0.2, 0.8)) ** 2 + (yy / H - rng.uniform(0.2, 0.8)) ** 2)
    a = a * light[..., None] * np.array([1.0, rng.uniform(0.97, 1.0), rng.uniform(0.9, 0.97)])
    canvas = Image.fromarray(np.clip(a, 0, 255).astype(np.uint8)).filter(ImageFilter.GaussianBlur(rng.uniform(0.6, 1.3)))
    a = np.asarray(canvas).astype(np.float32)
    a += np.random.default_rng(rng.randint(0, 2**31)).normal(0, rng.uniform(3, 6), a.shape)
    return Image.fromarray(np.clip(a, 0, 255).astype(np.uint8)), lambda box: map_box(box, point)


def map_box(box, point):
    x0, y0, x1, y1 = box
    pts = [point(x, y) for x, y in ((x0, y0), (x1, y0), (x1, y1), (x0, y1))]
    return (min(p[0] for p in pts), min(p[1] for p in pts), max(p[0] for p in pts), max(p[1] for p in pts))


def _perspective(dst, src):
    """Coefficients PIL needs to map output (dst) points to input (src) points."""
    m = []
    for (x, y), (u, v) in zip(dst, src):
        m.append([x, y, 1, 0, 0, 0, -u * x, -u * y])
        m.append([0, 0, 0, x, y, 1, -v * x, -v * y])
    b = np.array([c for p in src for c in p], dtype=np.float64)
    return np.linalg.solve(np.array(m, dtype=np.float64), b).tolist()


def tag_photo(path: Path, rng: random.Random, when: str) -> None:
    """EXIF a phone writes: make, model, capture time, exposure."""
    make, model = rng.choice(PHONES)
    run(["exiftool", "-q", "-overwrite_original", f"-Make={make}", f"-Model={model}", f"-DateTimeOriginal={when}",
         f"-CreateDate={when}", f"-ModifyDate={when}", "-ExposureTime=1/60", f"-ISO={rng.choice([100, 200, 400])}",
         "-FNumber=1.8", str(path)])
