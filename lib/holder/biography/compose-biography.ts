// A biography by template, the same input always giving the same text: headline and location,
// then verified credentials, then life events grouped by kind, newest first. No language model is
// needed (none is required to run Credence), and nothing is claimed that the data does not say.
import type { ProfileLanguage } from "../profile/profile-schema";
import { PHRASES } from "./phrases";

export interface BiographyInput {
  language: ProfileLanguage;
  displayName: string;
  headline: string | null;
  location: string | null;
  credentials: { label: string; issuer: string | null }[];
  lifeEvents: {
    kind: string;
    title: string;
    organization: string | null;
    startDate: Date | null;
    endDate: Date | null;
  }[];
}

const EVENT_KINDS = ["work", "education", "certification", "award", "volunteering"] as const;

const sentence = (text: string) => (/[.!?…]$/.test(text) ? text : `${text}.`);

function years(start: Date | null, end: Date | null, ongoing: boolean, present: string): string {
  const from = start?.getUTCFullYear();
  const to = end?.getUTCFullYear();
  if (from && to) return from === to ? `${from}` : `${from}–${to}`;
  if (from) return ongoing ? `${from}–${present}` : `${from}`;
  return to ? `${to}` : "";
}

export function composeBiography(input: BiographyInput): string[] {
  const words = PHRASES[input.language];
  const heading = (title: string, items: string[]) => sentence(`${title}${words.colon}${items.join("; ")}`);
  const paragraphs: string[] = [];

  const intro = [sentence(input.headline ? `${input.displayName} – ${input.headline}` : input.displayName)];
  if (input.location)
    intro.push(sentence(`${words.location}${words.location === "Based in" ? " " : words.colon}${input.location}`));
  paragraphs.push(intro.join(" "));

  if (input.credentials.length > 0) {
    const items = input.credentials.map((c) => (c.issuer ? `${c.label} (${c.issuer})` : c.label));
    paragraphs.push(heading(words.credentials, items));
  }

  for (const kind of EVENT_KINDS) {
    const events = input.lifeEvents
      .filter((event) => event.kind === kind)
      .sort((a, b) => (b.startDate?.getTime() ?? 0) - (a.startDate?.getTime() ?? 0) || a.title.localeCompare(b.title));
    if (events.length === 0) continue;
    const items = events.map((event) => {
      const when = years(
        event.startDate,
        event.endDate,
        kind === "work" || kind === "education" || kind === "volunteering",
        words.present,
      );
      const what = event.organization ? `${event.title}, ${event.organization}` : event.title;
      return when ? `${what} (${when})` : what;
    });
    paragraphs.push(heading(words[kind], items));
  }
  return paragraphs;
}
