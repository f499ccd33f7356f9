// What a profile address of each platform looks like. A link is accepted only when its host is the
// platform's and its path is the shape of a person's profile there (not a repository, a post or a
// search), so a badge page never links "GitHub" to somewhere else. Everything here reads the URL
// alone: nothing is fetched.
import { normalizeOrcidId } from "./orcid";

export const SOCIAL_PLATFORMS = [
  "linkedin",
  "github",
  "gitlab",
  "orcid",
  "twitter",
  "stackoverflow",
  "researchgate",
  "google_scholar",
  "mastodon",
  "bluesky",
  "website",
] as const;
export type SocialPlatform = (typeof SOCIAL_PLATFORMS)[number];

/** The profile's own URL field a platform's link fills (and deleting the link clears). */
export const PROFILE_URL_FIELDS = {
  website: "websiteUrl",
  linkedin: "linkedinUrl",
  github: "githubUrl",
  twitter: "twitterUrl",
  orcid: "orcidUrl",
} as const satisfies Partial<Record<SocialPlatform, string>>;
export type ProfileUrlField = (typeof PROFILE_URL_FIELDS)[keyof typeof PROFILE_URL_FIELDS];

export const MAX_URL_LENGTH = 2048;

interface Profile {
  /** The canonical address to store (tracking parameters and fragments dropped). */
  url: string;
  /** What the address names: a user name, a numeric id, an ORCID iD; null for a personal site. */
  handle: string | null;
}

interface PlatformRule {
  label: string;
  /** Host names the platform serves profiles from; null: any (personal sites, Mastodon instances). */
  hosts: readonly string[] | null;
  example: string;
  read: (url: URL) => Profile | string | null;
}

const segments = (url: URL) => url.pathname.replace(/\/+$/, "").split("/").slice(1);
const decoded = (value: string) => {
  try {
    return decodeURIComponent(value);
  } catch {
    return null;
  }
};
const canonical = (url: URL, path: string): string => `https://${url.hostname}${path}`;

/** A one-segment profile path (/name) whose name matches `pattern` and is not one of the site's own pages. */
function rootHandle(pattern: RegExp, reserved: readonly string[], prefix = "") {
  return (url: URL): Profile | null => {
    const parts = segments(url);
    if (parts.length !== 1 || !pattern.test(parts[0]) || reserved.includes(parts[0].toLowerCase())) return null;
    return { url: canonical(url, `/${parts[0]}`), handle: `${prefix}${parts[0]}` };
  };
}

const RULES: Record<SocialPlatform, PlatformRule> = {
  linkedin: {
    label: "LinkedIn",
    hosts: ["linkedin.com", "www.linkedin.com"],
    example: "https://www.linkedin.com/in/your-name",
    read: (url) => {
      const parts = segments(url);
      const name = parts.length === 2 && parts[0] === "in" ? decoded(parts[1]) : null;
      if (!name || !/^[\p{L}\p{N}_-]{3,100}$/u.test(name)) return null;
      return { url: canonical(url, `/in/${parts[1]}`), handle: name };
    },
  },
  github: {
    label: "GitHub",
    hosts: ["github.com", "www.github.com"],
    example: "https://github.com/your-name",
    read: rootHandle(/^[A-Za-z0-9](?:[A-Za-z0-9]|-(?=[A-Za-z0-9])){0,38}$/, [
      "about",
      "enterprise",
      "explore",
      "features",
      "login",
      "marketplace",
      "new",
      "notifications",
      "organizations",
      "orgs",
      "pricing",
      "search",
      "settings",
      "sponsors",
      "topics",
    ]),
  },
  gitlab: {
    label: "GitLab",
    hosts: ["gitlab.com", "www.gitlab.com"],
    example: "https://gitlab.com/your-name",
    read: rootHandle(/^[A-Za-z0-9_][A-Za-z0-9_.-]{1,254}$/, [
      "admin",
      "dashboard",
      "explore",
      "groups",
      "help",
      "projects",
      "search",
      "users",
    ]),
  },
  orcid: {
    label: "ORCID",
    hosts: ["orcid.org", "www.orcid.org"],
    example: "https://orcid.org/0000-0002-1825-0097",
    read: (url) => {
      const parts = segments(url);
      if (parts.length !== 1 || !/^\d{4}-\d{4}-\d{4}-\d{3}[\dXx]$/.test(parts[0])) return null;
      const id = normalizeOrcidId(parts[0]);
      if (!id) return `The ORCID iD ${parts[0]} is not valid: its last character is not the check digit of the others.`;
      return { url: `https://orcid.org/${id}`, handle: id };
    },
  },
  twitter: {
    label: "X (Twitter)",
    hosts: ["x.com", "www.x.com", "twitter.com", "www.twitter.com", "mobile.twitter.com"],
    example: "https://x.com/your_name",
    read: rootHandle(
      /^[A-Za-z0-9_]{1,15}$/,
      [
        "explore",
        "hashtag",
        "home",
        "i",
        "intent",
        "login",
        "messages",
        "notifications",
        "search",
        "settings",
        "share",
      ],
      "@",
    ),
  },
  stackoverflow: {
    label: "Stack Overflow",
    hosts: ["stackoverflow.com", "www.stackoverflow.com"],
    example: "https://stackoverflow.com/users/12345/your-name",
    read: (url) => {
      const parts = segments(url);
      const ok =
        (parts.length === 2 || parts.length === 3) &&
        parts[0] === "users" &&
        /^\d{1,12}$/.test(parts[1]) &&
        (parts.length === 2 || /^[A-Za-z0-9-]{1,100}$/.test(parts[2]));
      return ok ? { url: canonical(url, `/${parts.join("/")}`), handle: parts[1] } : null;
    },
  },
  researchgate: {
    label: "ResearchGate",
    hosts: ["researchgate.net", "www.researchgate.net"],
    example: "https://www.researchgate.net/profile/Your-Name",
    read: (url) => {
      const parts = segments(url);
      const ok = parts.length === 2 && parts[0] === "profile" && /^[A-Za-z0-9_-]{2,100}$/.test(parts[1]);
      return ok ? { url: canonical(url, `/profile/${parts[1]}`), handle: parts[1] } : null;
    },
  },
  google_scholar: {
    label: "Google Scholar",
    hosts: ["scholar.google.com"],
    example: "https://scholar.google.com/citations?user=AbCdEfGhIjK0",
    read: (url) => {
      const user = url.searchParams.get("user");
      if (url.pathname !== "/citations" || !user || !/^[A-Za-z0-9_-]{12}$/.test(user)) return null;
      return { url: `https://scholar.google.com/citations?user=${user}`, handle: user };
    },
  },
  mastodon: {
    label: "Mastodon",
    hosts: null,
    example: "https://mastodon.social/@your_name",
    read: (url) => {
      const parts = segments(url);
      const name = parts.length === 1 ? /^@([A-Za-z0-9_]{1,30})$/.exec(parts[0])?.[1] : undefined;
      return name ? { url: canonical(url, `/@${name}`), handle: `@${name}@${url.hostname}` } : null;
    },
  },
  bluesky: {
    label: "Bluesky",
    hosts: ["bsky.app"],
    example: "https://bsky.app/profile/your-name.bsky.social",
    read: (url) => {
      const parts = segments(url);
      const name = parts.length === 2 && parts[0] === "profile" ? parts[1].toLowerCase() : "";
      const ok = /^(?=.{3,253}$)[a-z0-9-]+(\.[a-z0-9-]+)+$/.test(name) || /^did:plc:[a-z2-7]{24}$/.test(name);
      return ok ? { url: canonical(url, `/profile/${name}`), handle: name } : null;
    },
  },
  website: {
    label: "Website",
    hosts: null,
    example: "https://your-name.example",
    read: (url) => ({ url: url.href, handle: null }),
  },
};

export const platformLabel = (platform: SocialPlatform) => RULES[platform].label;
export const platformExample = (platform: SocialPlatform) => RULES[platform].example;

export type CheckedUrl = ({ ok: true } & Profile) | { ok: false; message: string };

/** Whether `raw` is an https profile address of `platform`; its canonical form and handle if so. */
export function checkPlatformUrl(platform: SocialPlatform, raw: string): CheckedUrl {
  const rule = RULES[platform];
  const fail = (why: string): CheckedUrl => ({ ok: false, message: why });
  if (raw.length > MAX_URL_LENGTH) return fail(`The address is longer than ${MAX_URL_LENGTH} characters.`);
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return fail(`This is not a web address. A ${rule.label} link looks like ${rule.example}.`);
  }
  if (url.protocol !== "https:") return fail("Only https:// addresses are accepted.");
  if (url.username || url.password) return fail("The address must not contain a user name or password.");
  if (url.port) return fail("The address must not name a port.");
  const host = url.hostname.toLowerCase();
  if (!/^(?=.{4,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z][a-z0-9-]{0,61}[a-z0-9]$/.test(host))
    return fail("The address must use a domain name (not an IP address or a local name).");
  if (rule.hosts && !rule.hosts.includes(host) && !(platform === "linkedin" && /^[a-z]{2}\.linkedin\.com$/.test(host)))
    return fail(`A ${rule.label} link must be on ${rule.hosts[0]}, like ${rule.example}.`);
  const read = rule.read(url);
  if (typeof read === "string") return fail(read);
  if (!read) return fail(`This is not a ${rule.label} profile address. It should look like ${rule.example}.`);
  return { ok: true, ...read };
}
