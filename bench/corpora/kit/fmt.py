"""Date and money formats issuers print (several per document kind, chosen by the renderer)."""
import datetime as dt

MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"]


def long(d: dt.date) -> str:
    return f"{d.day} {MONTHS[d.month - 1]} {d.year}"


def us(d: dt.date) -> str:
    return f"{MONTHS[d.month - 1]} {d.day}, {d.year}"


def dots(d: dt.date) -> str:
    return f"{d.day:02d}.{d.month:02d}.{d.year}"


def slashes(d: dt.date) -> str:
    return f"{d.day:02d}/{d.month:02d}/{d.year}"


def isod(d: dt.date) -> str:
    return d.isoformat()


def passport(d: dt.date) -> str:
    return f"{d.day:02d} {MONTHS[d.month - 1][:3].upper()} {d.year}"


def month(d: dt.date) -> str:
    return f"{MONTHS[d.month - 1]} {d.year}"


def money(x: float, cur: str = "") -> str:
    s = f"{abs(x):,.2f}"
    return ("-" if x < 0 else "") + (f"{cur} " if cur else "") + s


def esc(s) -> str:
    return str(s).replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
