import { describe, expect, it } from "vitest";
import { checkPlatformUrl, type SocialPlatform } from "./platforms";

const accepted = (platform: SocialPlatform, url: string) => {
  const checked = checkPlatformUrl(platform, url);
  if (!checked.ok) throw new Error(`${url}: ${checked.message}`);
  return checked;
};
const refusal = (platform: SocialPlatform, url: string) => {
  const checked = checkPlatformUrl(platform, url);
  if (checked.ok) throw new Error(`${url} was accepted as ${platform}`);
  return checked.message;
};

describe("profile addresses per platform", () => {
  it("reads the handle each address names, canonical and without tracking parameters", () => {
    expect(accepted("linkedin", "https://www.linkedin.com/in/ada-lovelace/?trk=public")).toEqual({
      ok: true,
      url: "https://www.linkedin.com/in/ada-lovelace",
      handle: "ada-lovelace",
    });
    expect(accepted("linkedin", "https://fr.linkedin.com/in/jos%C3%A9-garc%C3%ADa").handle).toBe("josé-garcía");
    expect(accepted("github", "https://github.com/octocat/").handle).toBe("octocat");
    expect(accepted("gitlab", "https://gitlab.com/ada.l").handle).toBe("ada.l");
    expect(accepted("twitter", "https://x.com/ada_l").handle).toBe("@ada_l");
    expect(accepted("twitter", "https://twitter.com/ada_l#top").url).toBe("https://twitter.com/ada_l");
    expect(accepted("stackoverflow", "https://stackoverflow.com/users/22656/jon-skeet").handle).toBe("22656");
    expect(accepted("researchgate", "https://www.researchgate.net/profile/Ada-Lovelace").handle).toBe("Ada-Lovelace");
    expect(accepted("google_scholar", "https://scholar.google.com/citations?hl=en&user=AbCdEfGhIjK0")).toEqual({
      ok: true,
      url: "https://scholar.google.com/citations?user=AbCdEfGhIjK0",
      handle: "AbCdEfGhIjK0",
    });
    expect(accepted("mastodon", "https://mastodon.social/@ada").handle).toBe("@ada@mastodon.social");
    expect(accepted("bluesky", "https://bsky.app/profile/ada.bsky.social").handle).toBe("ada.bsky.social");
    expect(accepted("website", "https://ada.example/about?x=1")).toEqual({
      ok: true,
      url: "https://ada.example/about?x=1",
      handle: null,
    });
  });

  it("validates an ORCID iD's check digit", () => {
    expect(accepted("orcid", "https://orcid.org/0000-0002-1825-0097").handle).toBe("0000-0002-1825-0097");
    expect(accepted("orcid", "https://www.orcid.org/0000-0002-1694-233x").url).toBe(
      "https://orcid.org/0000-0002-1694-233X",
    );
    expect(refusal("orcid", "https://orcid.org/0000-0002-1825-0098")).toMatch(/check digit/);
  });

  it("accepts only https", () => {
    expect(refusal("github", "http://github.com/octocat")).toMatch(/https/);
    expect(refusal("website", "ftp://ada.example/")).toMatch(/https/);
    expect(refusal("website", "javascript:alert(1)")).toMatch(/https/);
  });

  it("refuses another host, a look-alike host, an IP, credentials and ports", () => {
    expect(refusal("github", "https://gitlab.com/octocat")).toMatch(/github\.com/);
    expect(refusal("github", "https://github.com.evil.example/octocat")).toMatch(/github\.com/);
    expect(refusal("linkedin", "https://linkedin.com.evil.example/in/ada")).toMatch(/linkedin\.com/);
    expect(refusal("website", "https://127.0.0.1/")).toMatch(/domain name/);
    expect(refusal("website", "https://localhost/")).toMatch(/domain name/);
    expect(refusal("github", "https://user:pw@github.com/octocat")).toMatch(/password/);
    expect(refusal("website", "https://ada.example:8443/")).toMatch(/port/);
    expect(refusal("website", "not a url")).toMatch(/not a web address/);
  });

  it("refuses addresses of the right site that are not a person's profile", () => {
    expect(refusal("github", "https://github.com/octocat/hello-world")).toMatch(/profile address/);
    expect(refusal("github", "https://github.com/settings")).toMatch(/profile address/);
    expect(refusal("github", "https://github.com/-bad-")).toMatch(/profile address/);
    expect(refusal("linkedin", "https://www.linkedin.com/company/acme")).toMatch(/profile address/);
    expect(refusal("twitter", "https://x.com/search")).toMatch(/profile address/);
    expect(refusal("twitter", "https://x.com/a_name_that_is_too_long")).toMatch(/profile address/);
    expect(refusal("stackoverflow", "https://stackoverflow.com/questions/1/x")).toMatch(/profile address/);
    expect(refusal("google_scholar", "https://scholar.google.com/scholar?q=ada")).toMatch(/profile address/);
    expect(refusal("mastodon", "https://mastodon.social/about")).toMatch(/profile address/);
    expect(refusal("orcid", "https://orcid.org/signin")).toMatch(/profile address/);
  });
});
