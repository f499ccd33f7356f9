// Word lists the generator draws realistic content from. Kept ASCII-plus-Latin-1 so every
// font (including PDF standard fonts) can render them.
import type { Rng } from "./rng";

export const GIVEN_NAMES = [
  "Amelia",
  "Oliver",
  "Sofia",
  "Lucas",
  "Hannah",
  "Mateo",
  "Chloe",
  "Noah",
  "Emma",
  "Liam",
  "Isabel",
  "Jonas",
  "Fatima",
  "Yusuf",
  "Aisha",
  "Kenji",
  "Mei",
  "Arjun",
  "Priya",
  "Tomas",
  "Ingrid",
  "Lars",
  "Zofia",
  "Piotr",
  "Elena",
  "Marco",
  "Giulia",
  "Chidi",
  "Ngozi",
  "Kwame",
  "Sara",
  "David",
  "Laura",
  "Pablo",
  "Camille",
  "Louis",
  "Anna",
  "Felix",
  "Nadia",
  "Omar",
  "Grace",
  "Samuel",
  "Leila",
  "Ravi",
  "Hugo",
  "Clara",
  "Ivan",
  "Olga",
  "Diego",
  "Lucia",
] as const;

export const SURNAMES = [
  "Martin",
  "Schmidt",
  "Garcia",
  "Rossi",
  "Nowak",
  "Dubois",
  "Johansson",
  "Okafor",
  "Tanaka",
  "Kim",
  "Patel",
  "Silva",
  "Kowalski",
  "Fischer",
  "Moreau",
  "Hansen",
  "Novak",
  "Ibrahim",
  "Mensah",
  "O'Brien",
  "Fernandez",
  "Bianchi",
  "Nielsen",
  "Yamamoto",
  "Chen",
  "Singh",
  "Costa",
  "Weber",
  "Lambert",
  "Andersson",
  "Horvat",
  "Petrov",
  "Haddad",
  "Adeyemi",
  "Murphy",
  "Lopez",
  "Becker",
  "Laurent",
  "Eriksson",
  "Wojcik",
  "Santos",
  "Keller",
  "Romano",
  "Dumont",
  "Varga",
] as const;

export const UNIVERSITIES = [
  "University of Northbridge",
  "Eastern Lakes University",
  "Royal Institute of Technology Westhaven",
  "Universidad de San Aurelio",
  "Technische Hochschule Altenburg",
  "Università di Valmonte",
  "Kingsford College of Arts and Sciences",
  "Université de Montclair",
  "Baltic State University",
  "Southern Cross Polytechnic",
  "Lindqvist School of Economics",
  "Meridian University",
  "Ashgrove Institute of Engineering",
  "Pacific Rim University",
  "Crestfield University",
] as const;

export const DEGREES = [
  ["Bachelor of Science", "Computer Science"],
  ["Bachelor of Arts", "History"],
  ["Master of Science", "Data Science"],
  ["Master of Business Administration", "Business Administration"],
  ["Bachelor of Engineering", "Mechanical Engineering"],
  ["Master of Arts", "Linguistics"],
  ["Doctor of Philosophy", "Chemistry"],
  ["Bachelor of Laws", "Law"],
  ["Bachelor of Science", "Nursing"],
  ["Master of Science", "Civil Engineering"],
] as const;

export const HONOURS = [
  "with Distinction",
  "cum laude",
  "magna cum laude",
  "First Class Honours",
  "with Merit",
  "",
] as const;

export const CERTIFICATE_BODIES = [
  ["Global Project Management Council", "Certified Project Professional"],
  ["International Language Assessment Board", "Certificate of English Proficiency C1"],
  ["Cloud Skills Academy", "Certified Cloud Architect – Associate"],
  ["European Safety Training Institute", "Occupational First Aid Certificate"],
  ["Institute of Financial Analysts", "Financial Modelling Certificate"],
  ["National Food Hygiene Authority", "Food Safety Level 2"],
  ["Open Security Foundation", "Certified Network Defender"],
] as const;

export const COURSES = [
  "Linear Algebra",
  "Calculus I",
  "Calculus II",
  "Data Structures",
  "Algorithms",
  "Operating Systems",
  "Databases",
  "Statistics",
  "Microeconomics",
  "Macroeconomics",
  "Organic Chemistry",
  "Physics I",
  "Academic Writing",
  "Ethics",
  "Machine Learning",
  "Computer Networks",
  "Software Engineering",
  "Discrete Mathematics",
  "Thermodynamics",
  "Project Management",
  "Marketing",
  "Accounting",
] as const;

export const EMPLOYERS = [
  "Northwind Logistics Ltd",
  "Bluefield Analytics GmbH",
  "Harbor & Stone LLP",
  "Aurora Foods S.A.",
  "Kestrel Engineering plc",
  "Verdant Energy AB",
  "Silverline Retail Group",
  "Quantis Software Inc.",
  "Meadowbrook Health Trust",
  "Copperleaf Construction",
  "Orion Freight B.V.",
  "Lumen Media SRL",
] as const;

export const BANKS = [
  "First Meridian Bank",
  "Banco Atlántico",
  "Nordhavn Sparbank",
  "Crown & Shield Bank",
  "Unity Credit Union",
  "Rheinland Volksbank",
  "Banque du Lac",
  "Pacific Trust Bank",
] as const;

export const CITIES = [
  "Northbridge",
  "Westhaven",
  "Altenburg",
  "Valmonte",
  "Montclair",
  "Kingsford",
  "Ashgrove",
  "Lindqvist",
  "Crestfield",
  "San Aurelio",
  "Port Elara",
  "Brightwater",
] as const;

export const STREETS = [
  "High Street",
  "Station Road",
  "Rue des Lilas",
  "Hauptstrasse",
  "Via Roma",
  "Calle Mayor",
  "Parkweg",
  "Mill Lane",
] as const;

/** ICAO 3-letter codes with the country names printed on documents. */
export const COUNTRIES = [
  ["UTO", "Utopia"],
  ["GBR", "United Kingdom"],
  ["DEU", "Germany"],
  ["FRA", "France"],
  ["ITA", "Italy"],
  ["ESP", "Spain"],
  ["NLD", "Netherlands"],
  ["SWE", "Sweden"],
  ["POL", "Poland"],
  ["CAN", "Canada"],
] as const;

export const MERCHANTS = [
  "SUPERMART 0421",
  "CITY TRANSIT",
  "COFFEE CORNER",
  "ONLINE BOOKS",
  "PHARMACY PLUS",
  "FUEL STATION 17",
  "ELECTRIC CO",
  "MOBILE TELECOM",
  "RESTAURANT LUNA",
  "GYM MEMBERSHIP",
  "STREAMING SVC",
  "HARDWARE DEPOT",
] as const;

export interface Person {
  given: string;
  surname: string;
  full: string;
  sex: "M" | "F";
  birthDate: string;
}

const FEMALE = new Set([
  "Amelia",
  "Sofia",
  "Hannah",
  "Chloe",
  "Emma",
  "Isabel",
  "Fatima",
  "Aisha",
  "Mei",
  "Priya",
  "Ingrid",
  "Zofia",
  "Elena",
  "Giulia",
  "Ngozi",
  "Sara",
  "Laura",
  "Camille",
  "Anna",
  "Nadia",
  "Grace",
  "Leila",
  "Clara",
  "Olga",
  "Lucia",
]);

export function randomPerson(rng: Rng, bornFrom = 1960, bornTo = 2003): Person {
  const given = rng.pick(GIVEN_NAMES);
  const surname = rng.pick(SURNAMES);
  const birth = randomDate(rng, `${bornFrom}-01-01`, `${bornTo}-12-31`);
  return { given, surname, full: `${given} ${surname}`, sex: FEMALE.has(given) ? "F" : "M", birthDate: birth };
}

const DAY = 86_400_000;

export function randomDate(rng: Rng, from: string, to: string): string {
  const a = Date.parse(`${from}T00:00:00Z`);
  const b = Date.parse(`${to}T00:00:00Z`);
  return isoDate(a + Math.floor(rng.next() * ((b - a) / DAY + 1)) * DAY);
}

export function addDays(iso: string, days: number): string {
  return isoDate(Date.parse(`${iso}T00:00:00Z`) + days * DAY);
}

export function addYears(iso: string, years: number): string {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCFullYear(d.getUTCFullYear() + years);
  return isoDate(d.getTime());
}

export function isoDate(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];

/** Dates printed the way documents print them; the style is chosen once per document. */
export type DateStyle = "long" | "dmy" | "iso" | "mdy-long";

export function formatDate(iso: string, style: DateStyle): string {
  const [y, m, d] = iso.split("-");
  const month = MONTHS[Number(m) - 1] ?? "";
  switch (style) {
    case "long":
      return `${Number(d)} ${month} ${y}`;
    case "mdy-long":
      return `${month} ${Number(d)}, ${y}`;
    case "dmy":
      return `${d}/${m}/${y}`;
    case "iso":
      return iso;
  }
}

/** Amount printed with two decimals and thousands separators, e.g. 3,412.50. */
export function formatAmount(value: number): string {
  const fixed = Math.abs(value).toFixed(2);
  const [int, dec] = fixed.split(".");
  const grouped = (int ?? "0").replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return `${value < 0 ? "-" : ""}${grouped}.${dec}`;
}

export function roundCents(value: number): number {
  return Math.round(value * 100) / 100;
}
