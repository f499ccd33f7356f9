"""Pictures documents carry: a holder photo, a QR code, a seal."""
import random
from pathlib import Path

import qrcode
from PIL import Image, ImageDraw


def face(rng: random.Random, size=(300, 380)) -> Image.Image:
    w, h = size
    bg = tuple(rng.randint(200, 235) for _ in range(3))
    img = Image.new("RGB", size, bg)
    d = ImageDraw.Draw(img)
    skin = rng.choice([(233, 196, 170), (198, 150, 120), (141, 98, 72), (250, 214, 190)])
    hair = rng.choice([(40, 30, 20), (90, 60, 30), (20, 20, 20), (160, 120, 60), (120, 120, 120)])
    coat = tuple(rng.randint(20, 120) for _ in range(3))
    d.ellipse((w * 0.05, h * 0.7, w * 0.95, h * 1.3), fill=coat)
    d.rectangle((w * 0.42, h * 0.55, w * 0.58, h * 0.75), fill=skin)
    d.ellipse((w * 0.25, h * 0.12, w * 0.75, h * 0.62), fill=hair)
    d.ellipse((w * 0.29, h * 0.2, w * 0.71, h * 0.64), fill=skin)
    for ex in (0.41, 0.59):
        d.ellipse((w * ex - 8, h * 0.38 - 5, w * ex + 8, h * 0.38 + 5), fill=(40, 40, 50))
    d.arc((w * 0.42, h * 0.47, w * 0.58, h * 0.56), 20, 160, fill=(120, 60, 60), width=3)
    return img


def qr(payload: str, path: Path, box: int = 6) -> Path:
    code = qrcode.QRCode(error_correction=qrcode.constants.ERROR_CORRECT_M, box_size=box, border=2)
    code.add_data(payload)
    code.make(fit=True)
    code.make_image(fill_color="black", back_color="white").convert("RGB").save(path)
    return path


def seal(rng: random.Random, path: Path, label: str) -> Path:
    size = 260
    img = Image.new("RGBA", (size, size), (255, 255, 255, 0))
    d = ImageDraw.Draw(img)
    color = rng.choice([(150, 20, 30, 255), (20, 50, 130, 255), (150, 110, 20, 255)])
    d.ellipse((6, 6, size - 6, size - 6), outline=color, width=8)
    d.ellipse((40, 40, size - 40, size - 40), outline=color, width=3)
    for i in range(24):
        import math
        a = 2 * math.pi * i / 24
        d.line((size / 2 + 70 * math.cos(a), size / 2 + 70 * math.sin(a), size / 2 + 92 * math.cos(a), size / 2 + 92 * math.sin(a)), fill=color, width=3)
    d.text((size / 2 - 3 * len(label[:14]), size / 2 - 6), label[:14].upper(), fill=color)
    img.save(path)
    return path
