"""One corpus item from plan to file: content, render, consistency or PDF or pixel forgery, capture.
A renderer module provides NAME, KINDS, CAPTURES, NONCREDENTIALS, render(doc, work, rng) and
render_noncredential(kind, work, rng); each returns {"pdf": Path} or {"image": PIL image, "boxes": {...}}."""
import json
import random
import shutil
from pathlib import Path

from . import boxes, capture, content, forge

PDF_FAMILIES = ["pdf_incremental_edit", "pdf_editor_resave"]
PIXEL_FAMILIES = ["pixel_retyped_field", "pixel_splice", "pixel_copy_move", "pixel_editor_metadata"]
CONSISTENCY_FAMILIES = list(content.CONSISTENCY)
FAMILIES = PDF_FAMILIES + PIXEL_FAMILIES + CONSISTENCY_FAMILIES
RASTER_CAPTURES = ["export-png", "export-jpeg", "scan-pdf", "photo-jpeg"]
EXPECTED_TYPE = {k: k for k in content.KINDS}


def family_group(family: str | None) -> str | None:
    if family is None:
        return None
    return "pdf" if family in PDF_FAMILIES else "pixel" if family in PIXEL_FAMILIES else "consistency"


def captures_for(family: str | None, supported: list[str]) -> list[str]:
    if family in PDF_FAMILIES:
        allowed = ["digital-pdf", "signed-pdf", "scan-pdf"]
    elif family in PIXEL_FAMILIES:
        allowed = RASTER_CAPTURES
    else:
        allowed = capture.CAPTURES
    return [c for c in allowed if c in supported]


def plan(renderer, size: str, offset: int) -> list[dict]:
    """Deterministic list of items. small: every kind twice genuine, every family twice forged,
    every non-credential once, captures and kinds rotating (offset differs per corpus so the
    corpora together cover every family on every capture). full: the cross products."""
    items = []
    caps = renderer.CAPTURES
    for ki, kind in enumerate(renderer.KINDS):
        chosen = caps if size == "full" else [caps[(ki * 2 + offset + j) % len(caps)] for j in range(2)]
        for cap in chosen:
            items.append({"label": "genuine", "kind": kind, "capture": cap, "family": None})
    for fi, family in enumerate(FAMILIES):
        unshown = getattr(renderer, "UNSHOWN", {}).get(family, [])
        kinds = [k for k in renderer.KINDS
                 if (family not in content.CONSISTENCY or k in content.CONSISTENCY[family]) and k not in unshown]
        fcaps = captures_for(family, caps)
        if not kinds or not fcaps:
            continue
        chosen = fcaps if size == "full" else [fcaps[(fi + offset + j) % len(fcaps)] for j in range(min(2, len(fcaps)))]
        for j, cap in enumerate(chosen):
            items.append({"label": "tampered", "kind": kinds[(fi + offset + j) % len(kinds)], "capture": cap, "family": family})
    for ni, kind in enumerate(renderer.NONCREDENTIALS):
        ncaps = [c for c in caps if c in renderer.NONCREDENTIAL_CAPTURES]
        chosen = ncaps if size == "full" else [ncaps[(ni + offset) % len(ncaps)]]
        for cap in chosen:
            items.append({"label": "not_credential", "kind": kind, "capture": cap, "family": None})
    # Genuine variants of a kind (a diploma in Polish, a badge page), after everything else so the
    # items above keep their ids and seeds: each once (full: in every capture it lists).
    for vi, (kind, variant, vcaps) in enumerate(getattr(renderer, "GENUINE_VARIANTS", [])):
        vcaps = [c for c in vcaps if c in caps]
        for cap in (vcaps if size == "full" else [vcaps[(vi + offset) % len(vcaps)]]):
            items.append({"label": "genuine", "kind": kind, "capture": cap, "family": None, "variant": variant})
    for i, item in enumerate(items):
        item["id"] = f"{renderer.NAME}-{i:03d}-{item['label']}-{item['kind']}-{item['capture']}" + (f"-{item['family']}" if item["family"] else "") + (f"-{item['variant']}" if item.get("variant") else "")
    return items


def build(renderer, out: Path, seed: str, size: str, offset: int, only: str | None = None) -> None:
    out.mkdir(parents=True, exist_ok=True)
    work = out / "_work"
    entries = []
    for item in plan(renderer, size, offset):
        if only and only not in item["id"]:
            continue
        shutil.rmtree(work, ignore_errors=True)
        work.mkdir()
        entries.append(produce(renderer, item, out, work, random.Random(f"{seed}:{item['id']}")))
        print(f"  {item['id']}", flush=True)
    shutil.rmtree(work, ignore_errors=True)
    (out / "manifest.json").write_text(json.dumps({"corpus": renderer.NAME, "seed": seed, "size": size, "items": entries}, indent=1, default=str))


def produce(renderer, item: dict, out: Path, work: Path, rng: random.Random) -> dict:
    family, cap = item["family"], item["capture"]
    entry = {"id": item["id"], "label": item["label"], "kind": item["kind"], "capture": cap, "renderer": renderer.NAME,
             "family": family, "group": family_group(family), "expected_type": EXPECTED_TYPE.get(item["kind"]),
             "tool": None, "description": None, "variant": item.get("variant")}
    if item["label"] == "not_credential":
        rendered = renderer.render_noncredential(item["kind"], work, rng)
        doc = None
    else:
        doc = content.make(item["kind"], rng)
        if item.get("variant"):
            doc["variant"] = item["variant"]
        if family in content.CONSISTENCY:
            entry["description"] = content.forge_consistency(doc, family, rng)
            entry["tool"] = f"{renderer.NAME} (contradiction rendered cleanly)"
        rendered = renderer.render(doc, work, rng)
        if doc.get("mrz"):
            entry["mrz"] = doc["mrz"]
    path = deliver(renderer, rendered, doc, item, entry, out, work, rng)
    entry["file"] = path.name
    entry["content_type"] = capture.CONTENT_TYPES[path.suffix[1:]]
    return entry


def _target(doc, rendered, dpi):
    """Box of the holder's name (pixels at dpi) and of another printed word to clone from."""
    if "boxes" in rendered:
        s = dpi / rendered.get("dpi", dpi)
        sc = lambda b: tuple(v * s for v in b)  # noqa: E731
        return sc(rendered["boxes"]["name"]), sc(rendered["boxes"]["other"])
    box, _, ws = name_box(rendered["pdf"], doc)
    h = box[3] - box[1]
    others = [w for w in ws if abs((w[3] - w[1]) - h) < h * 0.4 and len(w[4]) >= 4 and abs(w[1] - box[1]) > 3 * h and w[4] not in doc["holder"]]
    other = others[len(others) // 2] if others else ws[0]
    k = dpi / 72
    return tuple(v * k for v in box), tuple(v * k for v in other[:4])


def name_box(pdf, doc):
    """The holder's full name where printed together, else the given name (identity documents print them apart)."""
    for value in (doc["holder"], doc["holder"].split()[0]):
        box, size, ws = boxes.find(pdf, value)
        if box is not None:
            return box, size, ws
    raise RuntimeError(f"holder name {doc['holder']!r} not found in {pdf}")


def raster_of(rendered, dpi):
    if "pdf" in rendered:
        return capture.rasterize(rendered["pdf"], dpi)
    img = rendered["image"]
    if rendered.get("screen"):  # a screenshot is sent at the screen's own size
        return img
    s = dpi / rendered.get("dpi", dpi)
    return img if s == 1 else img.resize((int(img.width * s), int(img.height * s)))


def pixel_forge(renderer, family, img, box, other, doc, entry, work, rng, dpi):
    new_name = content.other_name(rng, doc)
    if family in ("pixel_retyped_field", "pixel_editor_metadata"):
        entry["description"] = f"holder name retyped as {new_name}"
        entry["tool"] = "ImageMagick -draw/-annotate"
        return forge.retype(img, box, new_name, rng)
    if family == "pixel_splice":
        donor_doc = content.make(doc["kind"], random.Random(rng.random()))
        donor_doc["person"]["surname"] = doc["person"]["surname"]
        donor_dir = work / "donor"
        donor_dir.mkdir(exist_ok=True)
        donor = renderer.render(donor_doc, donor_dir, random.Random(rng.random()))
        dbox, _ = _target(donor_doc, donor, dpi)
        entry["description"] = f"holder name replaced by {donor_doc['holder']} cut from another document"
        entry["tool"] = "ImageMagick -composite"
        return forge.splice(img, box, raster_of(donor, dpi), dbox)
    entry["description"] = "a printed word cloned over the holder's name"
    entry["tool"] = "ImageMagick clone -composite"
    return forge.copy_move(img, box, other)


def deliver(renderer, rendered, doc, item, entry, out: Path, work: Path, rng: random.Random) -> Path:
    family, cap, base = item["family"], item["capture"], out / item["id"]
    pixel = family in PIXEL_FAMILIES
    if cap in ("digital-pdf", "signed-pdf"):
        dst = base.with_suffix(".pdf")
        # An e-signature platform appends a signed revision to the issuer's file (pdfsig here).
        pdf = rendered["sign"](rendered["pdf"]) if cap == "signed-pdf" else rendered["pdf"]
        shutil.copy(pdf, dst)
        if family in PDF_FAMILIES:
            box, size, _ = name_box(rendered["pdf"], doc)
            entry["tool"] = forge.pdf_edit(pdf, dst, box, size[1], content.other_name(rng, doc), family == "pdf_incremental_edit", rng)
            entry["description"] = "holder name covered and retyped in a PDF editor" + (" after the signature" if cap == "signed-pdf" else "")
        return dst
    small = item["kind"] in ("passport", "id_card")  # a card, not a page: exported and scanned at 300-600 dpi
    dpi = 300 if cap == "scan-pdf" else rng.choice([150, 200]) if cap.startswith("export") else 200
    dpi = dpi * 2 if small else dpi
    img = raster_of(rendered, dpi)
    if doc is not None and (pixel or family in PDF_FAMILIES):
        box, other = _target(doc, rendered, dpi)
    mapping = lambda b: b  # noqa: E731
    if cap == "scan-pdf":
        img, mapping = capture.scan(img, rng)
    elif cap == "photo-jpeg":
        img, mapping = capture.photo(img, rng)
    if pixel:
        img = pixel_forge(renderer, family, img, mapping(box), mapping(other), doc, entry, work, rng, dpi)
    if cap == "export-png":
        dst = capture.save_png(img, base.with_suffix(".png"))
    elif cap == "export-jpeg":
        dst = capture.save_jpeg(img, base.with_suffix(".jpg"), rng.choice([85, 90, 95]))
    elif cap == "photo-jpeg":
        dst = capture.save_jpeg(img, base.with_suffix(".jpg"), rng.choice([82, 88, 92]))
        capture.tag_photo(dst, rng, f"2025:{rng.randint(1, 12):02d}:{rng.randint(1, 28):02d} {rng.randint(8, 20):02d}:{rng.randint(0, 59):02d}:00")
    else:
        dst = capture.scan_pdf(img, base.with_suffix(".pdf"), rng)
        if family in PDF_FAMILIES:
            b = [v * 72 / dpi for v in mapping(box)]
            genuine = work / "scan-genuine.pdf"
            shutil.copy(dst, genuine)
            entry["tool"] = forge.pdf_edit(genuine, dst, b, img.height * 72 / dpi, content.other_name(rng, doc), family == "pdf_incremental_edit", rng)
            entry["description"] = "holder name covered and retyped on the scan in a PDF editor"
    if family == "pixel_editor_metadata":
        if dst.suffix == ".pdf":
            forge.run(["exiftool", "-q", "-overwrite_original", f"-Producer={forge.EDITORS_IMG[0][0]}", f"-Creator={forge.EDITORS_IMG[0][0]}", dst])
            entry["tool"] += " + exiftool (Photoshop producer)"
        else:
            entry["tool"] += " + exiftool (" + forge.editor_traces(dst, rng) + ")"
    return dst
