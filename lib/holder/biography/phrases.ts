// The words of the template biography per language. Sections are headed lists ("Education: …")
// rather than sentences, so no language needs the holder's grammatical gender to be right.
import type { ProfileLanguage } from "../profile/profile-schema";

export interface Phrases {
  location: string;
  credentials: string;
  education: string;
  work: string;
  certification: string;
  award: string;
  volunteering: string;
  present: string;
  /** The separator after a heading ("Education: " / "Formation : "). */
  colon: string;
}

export const PHRASES: Record<ProfileLanguage, Phrases> = {
  en: {
    location: "Based in",
    credentials: "Verified credentials",
    education: "Education",
    work: "Experience",
    certification: "Certifications",
    award: "Awards",
    volunteering: "Volunteering",
    present: "present",
    colon: ": ",
  },
  fr: {
    location: "Localisation",
    credentials: "Titres vérifiés",
    education: "Formation",
    work: "Expérience",
    certification: "Certifications",
    award: "Distinctions",
    volunteering: "Bénévolat",
    present: "aujourd'hui",
    colon: " : ",
  },
  de: {
    location: "Standort",
    credentials: "Verifizierte Nachweise",
    education: "Ausbildung",
    work: "Berufserfahrung",
    certification: "Zertifizierungen",
    award: "Auszeichnungen",
    volunteering: "Ehrenamt",
    present: "heute",
    colon: ": ",
  },
  es: {
    location: "Ubicación",
    credentials: "Credenciales verificadas",
    education: "Formación",
    work: "Experiencia",
    certification: "Certificaciones",
    award: "Premios",
    volunteering: "Voluntariado",
    present: "actualidad",
    colon: ": ",
  },
  it: {
    location: "Località",
    credentials: "Credenziali verificate",
    education: "Formazione",
    work: "Esperienza",
    certification: "Certificazioni",
    award: "Riconoscimenti",
    volunteering: "Volontariato",
    present: "oggi",
    colon: ": ",
  },
  pt: {
    location: "Localização",
    credentials: "Credenciais verificadas",
    education: "Formação",
    work: "Experiência",
    certification: "Certificações",
    award: "Prémios",
    volunteering: "Voluntariado",
    present: "presente",
    colon: ": ",
  },
  nl: {
    location: "Locatie",
    credentials: "Geverifieerde diploma's en certificaten",
    education: "Opleiding",
    work: "Werkervaring",
    certification: "Certificeringen",
    award: "Onderscheidingen",
    volunteering: "Vrijwilligerswerk",
    present: "heden",
    colon: ": ",
  },
  pl: {
    location: "Lokalizacja",
    credentials: "Zweryfikowane dokumenty",
    education: "Wykształcenie",
    work: "Doświadczenie zawodowe",
    certification: "Certyfikaty",
    award: "Nagrody",
    volunteering: "Wolontariat",
    present: "obecnie",
    colon: ": ",
  },
  hr: {
    location: "Lokacija",
    credentials: "Provjerene isprave",
    education: "Obrazovanje",
    work: "Radno iskustvo",
    certification: "Certifikati",
    award: "Nagrade",
    volunteering: "Volontiranje",
    present: "danas",
    colon: ": ",
  },
};
