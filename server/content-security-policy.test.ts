import { describe, expect, it } from "vitest";
import { NON_PAGE_POLICY, pagePolicy } from "./content-security-policy";

const directive = (policy: string, name: string) =>
  policy
    .split("; ")
    .find((d) => d.startsWith(`${name} `))
    ?.slice(name.length + 1);

describe("content security policy", () => {
  it("lets a page run only the scripts carrying its nonce, and what they load", () => {
    const scripts = directive(pagePolicy("abc123"), "script-src");
    expect(scripts).toBe("'self' 'nonce-abc123' 'strict-dynamic'");
    expect(scripts).not.toMatch(/unsafe-inline|unsafe-eval/);
  });

  it("forbids framing, plugins and <base> on pages and on every other answer", () => {
    for (const policy of [pagePolicy("n"), NON_PAGE_POLICY]) {
      expect(directive(policy, "frame-ancestors")).toBe("'none'");
      expect(directive(policy, "object-src")).toBe("'none'");
      expect(directive(policy, "base-uri")).toBe("'self'");
    }
    // A file served as it was uploaded (an SVG, say) loads and runs nothing.
    expect(directive(NON_PAGE_POLICY, "default-src")).toBe("'none'");
  });
});
