import { afterEach, describe, expect, it } from "vitest";
import { resetEnvCache } from "../env";
import { assertSafeUrl, resolveSafeAddress } from "./safe-fetch";
import { isPublicAddress } from "./address-policy";

afterEach(() => {
  delete process.env.FETCH_HTTP_ALLOWLIST;
  delete process.env.FETCH_ALLOW_PRIVATE;
  resetEnvCache();
});

describe("isPublicAddress", () => {
  it.each([
    "127.0.0.1",
    "127.255.0.1",
    "10.1.2.3",
    "172.16.0.1",
    "172.31.255.255",
    "192.168.1.1",
    "169.254.169.254",
    "100.64.0.1",
    "100.127.255.254",
    "0.0.0.0",
    "224.0.0.1",
    "255.255.255.255",
    "::1",
    "::",
    "fe80::1",
    "fc00::1",
    "fd12:3456::1",
    "::ffff:127.0.0.1",
    "::ffff:7f00:1",
    "::ffff:169.254.169.254",
    "64:ff9b::a9fe:a9fe",
    "fd00:ec2::254",
    "::7f00:1", // IPv4-compatible ::127.0.0.1
    "2002:7f00:1::", // 6to4 around 127.0.0.1
    "2001:0:4136:e378:8000:63bf:3fff:fdd2", // Teredo
  ])("refuses %s", (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each(["8.8.8.8", "1.1.1.1", "172.32.0.1", "100.128.0.1", "2606:4700:4700::1111", "::ffff:8.8.8.8"])(
    "allows %s",
    (address) => {
      expect(isPublicAddress(address)).toBe(true);
    },
  );

  it("refuses anything that is not an IP address", () => {
    expect(isPublicAddress("localhost")).toBe(false);
  });
});

describe("assertSafeUrl", () => {
  it("accepts https and refuses other schemes, credentials and garbage", () => {
    expect(assertSafeUrl("https://example.com/a.pdf").hostname).toBe("example.com");
    expect(() => assertSafeUrl("http://example.com/a.pdf")).toThrow(/https/);
    expect(() => assertSafeUrl("file:///etc/passwd")).toThrow(/https/);
    expect(() => assertSafeUrl("ftp://example.com/")).toThrow(/https/);
    expect(() => assertSafeUrl("https://user:pw@example.com/")).toThrow(/credentials/);
    expect(() => assertSafeUrl("not a url")).toThrow(/absolute URL/);
  });

  it("allows plain http only for allow-listed hosts", () => {
    process.env.FETCH_HTTP_ALLOWLIST = "docs.internal, files.example";
    resetEnvCache();
    expect(assertSafeUrl("http://files.example/x").protocol).toBe("http:");
    expect(() => assertSafeUrl("http://other.example/x")).toThrow(/https/);
  });
});

describe("resolveSafeAddress", () => {
  it("checks literal addresses and names after resolution", async () => {
    await expect(resolveSafeAddress("127.0.0.1")).rejects.toThrow(/loopback/);
    await expect(resolveSafeAddress("[::1]")).rejects.toThrow(/loopback/);
    await expect(resolveSafeAddress("localhost")).rejects.toThrow(/private, loopback/);
    await expect(resolveSafeAddress("8.8.8.8")).resolves.toEqual({ address: "8.8.8.8", family: 4 });
  });

  it("refuses loopback written in decimal, octal, hex or short form: URLs normalise them first", async () => {
    for (const url of [
      "https://2130706433/",
      "https://0177.0.0.1/",
      "https://0x7f.1/",
      "https://0x7f000001/",
      "https://127.1/",
      "https://017700000001/",
      "https://[::ffff:127.0.0.1]/",
      "https://[0:0:0:0:0:ffff:7f00:1]/",
      "https://[::127.0.0.1]/",
      "https://0/",
    ]) {
      await expect(resolveSafeAddress(assertSafeUrl(url).hostname), url).rejects.toThrow(/private, loopback/);
    }
  });

  it("lets the operator allow private targets", async () => {
    process.env.FETCH_ALLOW_PRIVATE = "true";
    resetEnvCache();
    await expect(resolveSafeAddress("127.0.0.1")).resolves.toEqual({ address: "127.0.0.1", family: 4 });
  });
});
