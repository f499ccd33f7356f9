"""Command line shared by the corpus generators: generate.py --out DIR [--seed S] [--size small|full] [--only ID]."""
import argparse
from pathlib import Path

from .produce import build


def main(renderer, offset: int) -> None:
    ap = argparse.ArgumentParser(description=f"Generate the {renderer.NAME} corpus")
    ap.add_argument("--out", required=True, type=Path)
    ap.add_argument("--seed", default="1")
    ap.add_argument("--size", choices=["small", "full"], default="small")
    ap.add_argument("--only", default=None, help="only items whose id contains this")
    a = ap.parse_args()
    build(renderer, a.out, a.seed, a.size, offset, a.only)
