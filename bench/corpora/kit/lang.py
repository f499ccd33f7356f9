"""Diplomas as issuers word them in the languages Credence serves (issue 22): French, German,
Spanish, Italian, Portuguese, Dutch, Polish, Croatian, Bosnian (Latin) and Serbian (Cyrillic).
Each returns the diploma's lines by role, so every renderer lays them out in its own way; the
institutions are invented, the wording follows each country's usual diploma text."""
import datetime as dt
import random

LANGUAGES = ["fr", "de", "es", "it", "pt", "nl", "pl", "hr", "bs", "sr"]

MONTHS = {
    "fr": "janvier février mars avril mai juin juillet août septembre octobre novembre décembre",
    "de": "Januar Februar März April Mai Juni Juli August September Oktober November Dezember",
    "es": "enero febrero marzo abril mayo junio julio agosto septiembre octubre noviembre diciembre",
    "it": "gennaio febbraio marzo aprile maggio giugno luglio agosto settembre ottobre novembre dicembre",
    "pt": "janeiro fevereiro março abril maio junho julho agosto setembro outubro novembro dezembro",
    "nl": "januari februari maart april mei juni juli augustus september oktober november december",
    "pl": "stycznia lutego marca kwietnia maja czerwca lipca sierpnia września października listopada grudnia",
    "hr": "siječnja veljače ožujka travnja svibnja lipnja srpnja kolovoza rujna listopada studenoga prosinca",
    "bs": "januara februara marta aprila maja juna jula augusta septembra oktobra novembra decembra",
    "sr": "јануара фебруара марта априла маја јуна јула августа септембра октобра новембра децембра",
}

# Holders as they are written in each country (diacritics and, for Serbian, Cyrillic).
NAMES = {
    "fr": ["Camille Lefèvre", "Théo Marchand", "Léa Girard"], "de": ["Jürgen Weiß", "Lena Böhm", "Maximilian Groß"],
    "es": ["Lucía Fernández", "Álvaro Muñoz", "Inés Jiménez"], "it": ["Giulia Esposito", "Niccolò Ferrari", "Chiara Bianchi"],
    "pt": ["João Gonçalves", "Inês Araújo", "Conceição Simões"], "nl": ["Sanne de Vries", "Joost van Dijk", "Femke Bakker"],
    "pl": ["Zofia Wiśniewska", "Łukasz Wójcik", "Małgorzata Dąbrowska"], "hr": ["Ivana Horvat", "Matej Kovačević", "Petra Babić"],
    "bs": ["Amra Hodžić", "Emir Begović", "Lejla Čaušević"], "sr": ["Марко Петровић", "Јелена Николић", "Милош Ђорђевић"],
}


def date(d: dt.date, lang: str) -> str:
    m = MONTHS[lang].split()[d.month - 1]
    if lang == "de":
        return f"{d.day}. {m} {d.year}"
    if lang in ("hr", "bs", "sr"):
        return f"{d.day}. {m} {d.year}." + (" године" if lang == "sr" else " godine" if lang == "bs" else "")
    if lang in ("es", "pt"):
        return f"{d.day} de {m} de {d.year}"
    if lang == "pl":
        return f"{d.day} {m} {d.year} r."
    return f"{d.day} {m} {d.year}"


def diploma(doc: dict, lang: str, rng: random.Random) -> dict:
    """The lines of a diploma in `lang`: institution, title, body (before and after the holder's
    name), degree, place and date, signatories. Also sets the document's holder to a local name."""
    holder = rng.choice(NAMES[lang])
    doc["holder"] = holder
    birth, awarded = doc["person"]["birth"], doc["awarded"]
    b, a = date(birth, lang), date(awarded, lang)
    city = {"fr": "Valcourt", "de": "Weidenau", "es": "San Lorenzo", "it": "Valdoro", "pt": "Vila Nova", "nl": "Oosterveld",
            "pl": "Nadbrzeże", "hr": "Novigrad", "bs": "Nova Varoš", "sr": "Нови Град"}[lang]
    t = {
        "fr": dict(institution=f"Université de {city}", title="DIPLÔME NATIONAL DE MASTER",
                   before="Vu le code de l'éducation, vu les délibérations du jury, le diplôme national de master est conféré à",
                   after=f"né(e) le {b}, au titre de l'année universitaire {awarded.year - 1}-{awarded.year}",
                   degree="Master Mention Informatique", place=f"Fait à {city}, le {a}",
                   signatories=["Le Président de l'Université", "Le Recteur de l'Académie"]),
        "de": dict(institution=f"Technische Hochschule {city}", title="URKUNDE",
                   before=f"Die Technische Hochschule {city} verleiht", after=f"geboren am {b}, nach bestandener Bachelorprüfung im Studiengang Informatik den akademischen Grad",
                   degree="Bachelor of Science (B.Sc.)", place=f"{city}, den {a}", signatories=["Der Präsident", "Die Dekanin des Fachbereichs"]),
        "es": dict(institution=f"Universidad de {city}", title="TÍTULO UNIVERSITARIO OFICIAL",
                   before="El Rector de la Universidad, considerando que, conforme a las disposiciones vigentes,",
                   after=f"nacido/a el {b}, ha superado los estudios universitarios correspondientes, expide el título de",
                   degree="Graduado/a en Economía", place=f"{city}, {a}", signatories=["El Rector", "La Secretaria General"]),
        "it": dict(institution=f"Università degli Studi di {city}", title="DIPLOMA DI LAUREA",
                   before="Il Rettore, visti gli atti d'ufficio, conferisce a", after=f"nato/a il {b}, la",
                   degree="Laurea Magistrale in Ingegneria Informatica", place=f"{city}, {a}", signatories=["Il Rettore", "Il Direttore Generale"]),
        "pt": dict(institution=f"Universidade de {city}", title="DIPLOMA",
                   before="O Reitor da Universidade faz saber que", after=f"nascido(a) em {b}, concluiu o curso de Licenciatura em Gestão, pelo que lhe é conferido o grau de",
                   degree="Licenciado em Gestão", place=f"{city}, {a}", signatories=["O Reitor", "O Presidente do Conselho Pedagógico"]),
        "nl": dict(institution=f"Universiteit van {city}", title="GETUIGSCHRIFT",
                   before="De examencommissie van de opleiding Bedrijfskunde verklaart dat", after=f"geboren op {b}, met goed gevolg het examen heeft afgelegd en verleent de graad",
                   degree="Master of Science", place=f"{city}, {a}", signatories=["De voorzitter van de examencommissie", "De secretaris"]),
        "pl": dict(institution="Uniwersytet Nadwiślański", title="DYPLOM UKOŃCZENIA STUDIÓW",
                   before="Pan/Pani", after=f"urodzony/a {b} ukończył/a studia drugiego stopnia na kierunku informatyka i uzyskał/a tytuł zawodowy",
                   degree="magister inżynier", place=f"{city}, dnia {a}", signatories=["Rektor", "Dziekan Wydziału"]),
        "hr": dict(institution=f"Sveučilište u {city}u", title="DIPLOMA",
                   before="kojom se potvrđuje da je", after=f"rođena/rođen {b} završila/završio sveučilišni diplomski studij Računarstvo te je stekla/stekao akademski naziv",
                   degree="magistra/magistar inženjer računarstva", place=f"U {city}u, {a}", signatories=["Rektor", "Dekan"]),
        "bs": dict(institution="Univerzitet u Novoj Varoši", title="DIPLOMA o završenom prvom ciklusu studija",
                   before="kojom se potvrđuje da je", after=f"rođen(a) {b} završio/la studij Ekonomija i stekao/la zvanje",
                   degree="bakalaureat ekonomije", place=f"{city}, {a}", signatories=["Rektor", "Dekan"]),
        "sr": dict(institution="Универзитет у Новом Граду", title="ДИПЛОМА",
                   before="о стеченом високом образовању којом се потврђује да је", after=f"рођен/а {b} завршио/ла основне академске студије економије и стекао/ла стручни назив",
                   degree="дипломирани економиста", place=f"У Новом Граду, {a}", signatories=["Ректор", "Декан"]),
    }[lang]
    t["holder"] = holder
    t["number"] = doc["number"]
    t["signatory_names"] = [f"{rng.choice(NAMES[lang])}" for _ in t["signatories"]]
    return t
