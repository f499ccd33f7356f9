"""ICAO 9303 machine-readable zones (TD1 ID cards, TD3 passports), check digits per Doc 9303 part 3."""

WEIGHTS = (7, 3, 1)


def char_value(c: str) -> int:
    if c.isdigit():
        return int(c)
    if c == "<":
        return 0
    return ord(c) - ord("A") + 10


def check_digit(data: str) -> str:
    return str(sum(char_value(c) * WEIGHTS[i % 3] for i, c in enumerate(data)) % 10)


def field(value: str, length: int) -> str:
    cleaned = "".join(c if c.isalnum() else "<" for c in value.upper().replace(" ", "<"))
    return (cleaned + "<" * length)[:length]


def names(surname: str, given: str, length: int) -> str:
    return field(f"{surname.replace(' ', '<')}<<{given.replace(' ', '<')}", length)


def yymmdd(iso: str) -> str:
    return iso[2:4] + iso[5:7] + iso[8:10]


def td3(p: dict) -> list[str]:
    """Passport: two lines of 44. p: issuer, surname, given, number, nationality, birth, sex, expiry, personal."""
    line1 = field("P<" + p["issuer"], 5) + names(p["surname"], p["given"], 39)
    number = field(p["number"], 9)
    birth, expiry = yymmdd(p["birth"]), yymmdd(p["expiry"])
    personal = field(p.get("personal", ""), 14)
    body = (
        number + check_digit(number) + field(p["nationality"], 3) + birth + check_digit(birth) + p["sex"]
        + expiry + check_digit(expiry) + personal + check_digit(personal)
    )
    composite = body[0:10] + body[13:20] + body[21:43]
    return [line1, body + check_digit(composite)]


def td1(p: dict) -> list[str]:
    """ID card: three lines of 30."""
    number = field(p["number"], 9)
    line1 = field("I<" + p["issuer"], 5) + number + check_digit(number) + field(p.get("optional", ""), 15)
    birth, expiry = yymmdd(p["birth"]), yymmdd(p["expiry"])
    line2 = birth + check_digit(birth) + p["sex"] + expiry + check_digit(expiry) + field(p["nationality"], 3)
    line2 += field(p.get("optional2", ""), 11)
    composite = line1[5:30] + line2[0:7] + line2[8:15] + line2[18:29]
    line2 += check_digit(composite)
    line3 = names(p["surname"], p["given"], 30)
    return [line1, line2, line3]


def break_check_digit(lines: list[str], rng) -> list[str]:
    """A forger who retypes the document number (or a date) in the zone without recomputing its digit."""
    lines = list(lines)
    if len(lines) == 2:  # TD3: the document number's first character
        i, line = 0, lines[1]
    else:  # TD1: the document number starts at column 5 of line 1
        i, line = 5, lines[0]
    original = line[i]
    replacement = rng.choice([c for c in "0123456789" if c != original] if original.isdigit() else "ABCDEFGHJKLMNPRSTUVWXYZ")
    line = line[:i] + replacement + line[i + 1:]
    if len(lines) == 2:
        lines[1] = line
    else:
        lines[0] = line
    return lines
