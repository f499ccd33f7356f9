"""What each kind of document says: holder, issuer, dates, amounts, tables. Seeded; independent of
any layout. Consistency forgeries (a clean render of contradictory content) are made here too."""
import datetime as dt
import random

from . import mrz

GIVEN = ["Maria", "Jonas", "Amelie", "Tomasz", "Lucia", "Ahmed", "Sofia", "Pieter", "Chiara", "Mateo",
         "Hannah", "Ivan", "Ines", "Lars", "Elena", "Noah", "Zofia", "Karim", "Ana", "Oliver"]
SURNAME = ["Keller", "Novak", "Dubois", "Rossi", "Jansen", "Kowalski", "Moreau", "Silva", "Horvat",
           "Fischer", "Lindqvist", "Garcia", "Petrovic", "Bianchi", "Schneider", "Walsh", "Costa", "Meyer"]
UNIVERSITIES = [("Northgate University", "Northgate"), ("University of Eastbourne", "Eastbourne"),
                ("Technische Hochschule Weidenau", "Weidenau"), ("Université de Valcourt", "Valcourt"),
                ("Universidad de San Lorenzo", "San Lorenzo"), ("Riverside Institute of Technology", "Riverside")]
DEGREES = [("Bachelor of Science", "Computer Science"), ("Master of Arts", "History"),
           ("Bachelor of Engineering", "Mechanical Engineering"), ("Master of Science", "Data Science"),
           ("Bachelor of Arts", "Economics")]
COMPANIES = ["Halvorsen Logistics GmbH", "Brightwater Analytics Ltd", "Meridian Foods S.A.", "Cobalt Systems B.V.",
             "Aster & Finch LLP", "Volta Energy Services"]
BANKS = ["First Harbour Bank", "Banco Atlántico", "Nordwind Sparkasse", "Union Crédit Mutuel"]
UTILITIES = [("Greenfield Power & Gas", "Electricity"), ("Aquavia Water Services", "Water"),
             ("Städtische Werke Lindau", "Electricity"), ("EnerNova", "Gas")]
STREETS = ["Maple Avenue", "Lindenstraße", "Rue des Lilas", "Via Roma", "Kerkstraat", "Calle Mayor"]
CITIES = ["Springfield", "Bremen", "Lyon", "Bologna", "Utrecht", "Sevilla"]
COURSES = ["Linear Algebra", "Data Structures", "Operating Systems", "Statistics", "Databases",
           "Computer Networks", "Software Engineering", "Machine Learning", "Ethics in Computing",
           "Discrete Mathematics", "Compilers", "Technical Writing"]
ISSUERS = [("UTO", "Utopia"), ("D", "Germany"), ("FRA", "France"), ("NLD", "Netherlands"), ("ITA", "Italy")]
MERCHANTS = ["Supermarket Fresco", "City Transport", "Café Aurora", "Online Books", "Pharmacy Central",
             "Electric Co.", "Gym Fit", "Restaurant Olivo", "Fuel Station 24"]

# Documents are dated against the first day of the month they are drawn in (UTC): a seed draws the
# same documents all month (the stamp of a drawn corpus names the month), documents are issued
# before it, and identity documents expire at least 90 days after it, so they stay valid all month.
TODAY = dt.datetime.now(dt.timezone.utc).date().replace(day=1)


def iso(d: dt.date) -> str:
    return d.isoformat()


def rand_date(rng: random.Random, start: dt.date, end: dt.date) -> dt.date:
    return start + dt.timedelta(days=rng.randint(0, max(0, (end - start).days)))


def person(rng: random.Random) -> dict:
    given, surname = rng.choice(GIVEN), rng.choice(SURNAME)
    birth = rand_date(rng, dt.date(1965, 1, 1), dt.date(2002, 12, 31))
    street = f"{rng.randint(1, 180)} {rng.choice(STREETS)}"
    return {"given": given, "surname": surname, "name": f"{given} {surname}", "birth": birth,
            "sex": rng.choice("FM"), "address": street, "city": rng.choice(CITIES),
            "postcode": str(rng.randint(10000, 99999))}


def money(x: float) -> str:
    return f"{x:,.2f}"


def diploma(rng, p):
    uni, city = rng.choice(UNIVERSITIES)
    degree, major = rng.choice(DEGREES)
    enrolled = rand_date(rng, p["birth"] + dt.timedelta(days=18 * 365), p["birth"] + dt.timedelta(days=24 * 365))
    awarded = enrolled + dt.timedelta(days=rng.choice([3, 4]) * 365 + rng.randint(0, 60))
    awarded = min(awarded, TODAY - dt.timedelta(days=30))
    number = f"{rng.randint(2000, 2025)}-{rng.randint(10000, 99999)}"
    return {"kind": "diploma", "holder": p["name"], "person": p, "institution": uni, "city": city,
            "degree": degree, "major": major, "enrolled": enrolled, "awarded": awarded, "number": number,
            "qr": f"VERIFY|{uni}|{number}|{p['name']}|{iso(awarded)}", "signatory": f"{rng.choice(GIVEN)} {rng.choice(SURNAME)}"}


def certificate(rng, p):
    org = rng.choice(["Open Learning Academy", "Institute for Project Management", "CloudSkills Online",
                      "Language Centre Europa", "Academy of First Aid"])
    course = rng.choice(["Advanced Project Management", "Cloud Architecture Fundamentals", "German B2",
                         "First Aid at Work", "Agile Leadership", "Data Analysis with Python"])
    issued = rand_date(rng, dt.date(2019, 1, 1), TODAY - dt.timedelta(days=20))
    cid = f"{rng.choice('ABCDEFGH')}{rng.randint(100000, 999999)}"
    return {"kind": "certificate", "holder": p["name"], "person": p, "institution": org, "course": course,
            "hours": rng.choice([12, 24, 40, 60, 120]), "issued": issued, "number": cid,
            "qr": f"https://verify.{org.split()[0].lower()}.example/c/{cid}?name={p['name'].replace(' ', '+')}",
            "signatory": f"{rng.choice(GIVEN)} {rng.choice(SURNAME)}"}


SCHEMES = ["us", "ects", "percent", "german"]
US_GRADES = [("A", 4.0), ("A-", 3.7), ("B+", 3.3), ("B", 3.0), ("B-", 2.7), ("C+", 2.3)]
ECTS_GRADES = ["A", "B", "C", "D"]
GERMAN_GRADES = [1.0, 1.3, 1.7, 2.0, 2.3, 2.7, 3.0, 3.3]


def transcript(rng, p):
    uni, city = rng.choice(UNIVERSITIES)
    degree, major = rng.choice(DEGREES)
    scheme = rng.choice(SCHEMES)
    rows = []
    for course in rng.sample(COURSES, rng.randint(6, 9)):
        code = f"{course[:3].upper()}{rng.randint(100, 499)}"
        if scheme == "us":
            grade, points = rng.choice(US_GRADES)
            rows.append({"code": code, "course": course, "credits": rng.choice([3, 3, 4]), "grade": grade, "points": points})
        elif scheme == "ects":
            rows.append({"code": code, "course": course, "credits": rng.choice([5, 6, 7.5]), "grade": rng.choice(ECTS_GRADES)})
        elif scheme == "percent":
            rows.append({"code": code, "course": course, "credits": rng.choice([10, 15, 20]), "grade": f"{rng.randint(52, 91)}%"})
        else:
            g = rng.choice(GERMAN_GRADES)
            rows.append({"code": code, "course": course, "credits": rng.choice([5, 6, 8]), "grade": f"{g:.1f}".replace(".", ",") if rng.random() < 0.5 else f"{g:.1f}"})
    total = sum(r["credits"] for r in rows)
    summary = {"total_credits": total}
    if scheme == "us":
        summary["gpa"] = round(sum(r["credits"] * r["points"] for r in rows) / total, 2)
    elif scheme == "percent":
        summary["average"] = round(sum(r["credits"] * int(r["grade"][:-1]) for r in rows) / total, 1)
    elif scheme == "german":
        summary["average"] = round(sum(r["credits"] * float(str(r["grade"]).replace(",", ".")) for r in rows) / total, 1)
    issued = rand_date(rng, dt.date(2020, 1, 1), TODAY - dt.timedelta(days=10))
    return {"kind": "transcript", "holder": p["name"], "person": p, "institution": uni, "city": city, "degree": degree,
            "major": major, "scheme": scheme, "rows": rows, "summary": summary, "issued": issued,
            "enrolled": issued - dt.timedelta(days=rng.randint(2, 4) * 365), "student_id": str(rng.randint(10**7, 10**8 - 1))}


def identity(rng, p, kind):
    code, country = rng.choice(ISSUERS)
    issued = rand_date(rng, TODAY - dt.timedelta(days=8 * 365), TODAY - dt.timedelta(days=60))
    expiry = issued.replace(year=issued.year + 10) if issued.month != 2 or issued.day != 29 else issued + dt.timedelta(days=3652)
    if expiry <= TODAY + dt.timedelta(days=90):
        expiry = TODAY + dt.timedelta(days=rng.randint(400, 2500))
    letters = "CFGHJKLMNPRTVWXYZ"
    number = rng.choice(letters) + rng.choice(letters + "0123456789") + "".join(rng.choice("0123456789") for _ in range(7))
    data = {"issuer": code if len(code) == 3 else "D", "surname": p["surname"].upper(), "given": p["given"].upper(),
            "number": number, "nationality": code if len(code) == 3 else "D", "birth": iso(p["birth"]), "sex": p["sex"],
            "expiry": iso(expiry), "personal": ""}
    lines = mrz.td3(data) if kind == "passport" else mrz.td1(data)
    return {"kind": kind, "holder": p["name"], "person": p, "country": country, "code": code, "number": number,
            "issued": issued, "expiry": expiry, "mrz": lines, "mrz_data": data,
            "authority": rng.choice(["Ministry of Interior", "City Registry Office", "Passport Office"]),
            "place_of_birth": rng.choice(CITIES).upper()}


def payslip(rng, p):
    company = rng.choice(COMPANIES)
    base = round(rng.uniform(2200, 6800), 2)
    earnings = [("Base salary", base)]
    if rng.random() < 0.5:
        earnings.append(("Overtime", round(rng.uniform(80, 600), 2)))
    if rng.random() < 0.3:
        earnings.append(("Bonus", round(rng.uniform(100, 900), 2)))
    gross = round(sum(a for _, a in earnings), 2)
    deductions = [("Income tax", round(gross * rng.uniform(0.12, 0.24), 2)),
                  ("Social security", round(gross * 0.0935, 2)), ("Pension", round(gross * rng.uniform(0.02, 0.05), 2))]
    net = round(gross - sum(a for _, a in deductions), 2)
    period = rand_date(rng, TODAY - dt.timedelta(days=400), TODAY - dt.timedelta(days=20)).replace(day=1)
    return {"kind": "payslip", "holder": p["name"], "person": p, "institution": company, "earnings": earnings,
            "deductions": deductions, "gross": gross, "net": net, "period": period,
            "paid": period + dt.timedelta(days=27), "employee_id": f"E{rng.randint(1000, 9999)}",
            "position": rng.choice(["Analyst", "Engineer", "Accountant", "Project Manager", "Nurse"])}


def bank_statement(rng, p):
    bank = rng.choice(BANKS)
    start = rand_date(rng, TODAY - dt.timedelta(days=300), TODAY - dt.timedelta(days=40)).replace(day=1)
    balance = round(rng.uniform(300, 5000), 2)
    opening = balance
    rows, day = [], start
    for _ in range(rng.randint(7, 11)):
        day = day + dt.timedelta(days=rng.randint(1, 4))
        if rng.random() < 0.2:
            desc, amount = "Salary " + rng.choice(COMPANIES).split()[0], round(rng.uniform(1500, 3500), 2)
        else:
            desc, amount = rng.choice(MERCHANTS), -round(rng.uniform(4, 240), 2)
        balance = round(balance + amount, 2)
        rows.append({"date": day, "description": desc, "amount": amount, "balance": balance})
    newest_first = rng.random() < 0.4
    return {"kind": "bank_statement", "holder": p["name"], "person": p, "institution": bank, "rows": rows,
            "opening": opening, "closing": balance, "start": start, "end": day, "newest_first": newest_first,
            "account": f"{rng.choice(['DE', 'NL', 'FR', 'ES'])}{rng.randint(10, 99)} {rng.randint(1000, 9999)} {rng.randint(1000, 9999)} {rng.randint(1000, 9999)} {rng.randint(10, 99)}"}


def utility_bill(rng, p):
    company, service = rng.choice(UTILITIES)
    unit = "kWh" if service in ("Electricity", "Gas") else "m3"
    lines = []
    for label in ["Energy charge" if unit == "kWh" else "Water supply", "Network charge" if unit == "kWh" else "Wastewater"]:
        qty = rng.randint(80, 900) if unit == "kWh" else rng.randint(6, 40)
        rate = round(rng.uniform(0.08, 0.42) if unit == "kWh" else rng.uniform(1.2, 3.4), 4)
        lines.append({"label": label, "qty": qty, "unit": unit, "rate": rate, "amount": round(qty * rate, 2)})
    lines.append({"label": "Standing charge", "qty": 30, "unit": "days", "rate": 0.45, "amount": 13.50})
    subtotal = round(sum(l["amount"] for l in lines), 2)
    vat = round(subtotal * 0.19, 2)
    issued = rand_date(rng, TODAY - dt.timedelta(days=200), TODAY - dt.timedelta(days=10))
    return {"kind": "utility_bill", "holder": p["name"], "person": p, "institution": company, "service": service,
            "lines": lines, "subtotal": subtotal, "vat": vat, "total": round(subtotal + vat, 2), "issued": issued,
            "period_start": issued - dt.timedelta(days=40), "period_end": issued - dt.timedelta(days=10),
            "account": str(rng.randint(10**9, 10**10 - 1)), "due": issued + dt.timedelta(days=14)}


def employment_letter(rng, p):
    company = rng.choice(COMPANIES)
    start = rand_date(rng, p["birth"] + dt.timedelta(days=22 * 365), TODAY - dt.timedelta(days=200))
    issued = rand_date(rng, start + dt.timedelta(days=100), TODAY - dt.timedelta(days=5))
    return {"kind": "employment_letter", "holder": p["name"], "person": p, "institution": company, "start": start,
            "issued": issued, "position": rng.choice(["Senior Analyst", "Software Engineer", "Logistics Coordinator",
                                                        "Registered Nurse", "Sales Manager"]),
            "salary": rng.randint(38, 95) * 1000, "signatory": f"{rng.choice(GIVEN)} {rng.choice(SURNAME)}",
            "contract": rng.choice(["permanent, full-time", "full-time, open-ended", "permanent"])}


BUILDERS = {"diploma": diploma, "certificate": certificate, "transcript": transcript,
            "passport": lambda r, p: identity(r, p, "passport"), "id_card": lambda r, p: identity(r, p, "id_card"),
            "payslip": payslip, "bank_statement": bank_statement, "utility_bill": utility_bill,
            "employment_letter": employment_letter}
KINDS = list(BUILDERS)

# Which consistency forgeries apply to which kind.
CONSISTENCY = {
    "mrz_check_digit": ["passport", "id_card"],
    "mrz_vs_printed": ["passport", "id_card"],
    "qr_vs_printed": ["diploma", "certificate"],
    "impossible_dates": ["diploma", "transcript", "passport", "employment_letter", "certificate"],
    "arithmetic": ["payslip", "bank_statement", "utility_bill", "transcript"],
}


def make(kind: str, rng: random.Random) -> dict:
    return BUILDERS[kind](rng, person(rng))


def other_name(rng, doc) -> str:
    while True:
        name = f"{rng.choice(GIVEN)} {doc['person']['surname']}"
        if name != doc["holder"]:
            return name


def forge_consistency(doc: dict, family: str, rng: random.Random) -> str:
    """Makes the content contradict itself the way a forger's retyping does; returns what changed."""
    k = doc["kind"]
    if family == "mrz_check_digit":
        doc["mrz"] = mrz.break_check_digit(doc["mrz"], rng)
        return "a character of the document number in the MRZ changed without its check digit"
    if family == "mrz_vs_printed":
        doc["holder"] = other_name(rng, doc)  # printed given name retyped; the MRZ keeps the original
        return f"printed name changed to {doc['holder']}, MRZ unchanged"
    if family == "qr_vs_printed":
        doc["holder"] = other_name(rng, doc)
        return f"printed name changed to {doc['holder']}, the QR payload names the original holder"
    if family == "impossible_dates":
        if k == "diploma":
            doc["awarded"] = doc["person"]["birth"] - dt.timedelta(days=rng.randint(30, 900))
            return "degree awarded before the holder's birth"
        if k == "transcript":
            doc["issued"], doc["enrolled"] = doc["enrolled"], doc["issued"]
            return "transcript issued before enrolment"
        if k == "passport":
            doc["issued"] = doc["expiry"] + dt.timedelta(days=rng.randint(30, 400))
            return "date of issue after the date of expiry"
        if k == "employment_letter":
            doc["start"] = doc["issued"] + dt.timedelta(days=rng.randint(60, 500))
            return "employment starts after the letter's date"
        doc["issued"] = doc["person"]["birth"] - dt.timedelta(days=rng.randint(30, 900))
        return "certificate issued before the holder's birth"
    if family == "arithmetic":
        if k == "payslip":
            doc["net"] = round(doc["net"] + rng.choice([500, 800, 1200, 1500]), 2)
            return "net pay raised without changing earnings or deductions"
        if k == "bank_statement":
            i = rng.randrange(len(doc["rows"]) // 2, len(doc["rows"]))
            bump = rng.choice([1000, 2500, 4000])
            for r in doc["rows"][i:]:
                r["balance"] = round(r["balance"] + bump, 2)
            doc["closing"] = round(doc["closing"] + bump, 2)
            return "balances raised from one line on without a matching transaction"
        if k == "utility_bill":
            doc["total"] = round(doc["total"] - rng.choice([40, 75, 120]), 2)
            return "total lowered below subtotal plus VAT"
        doc["summary"]["total_credits"] += rng.choice([12, 20, 30])
        return "total credits raised above the sum of the course credits"
    raise ValueError(family)


def field_value(doc: dict, which: str) -> str:
    """A printed value a pixel forger would retype, as it appears on the document."""
    if which == "name":
        return doc["holder"]
    raise ValueError(which)
