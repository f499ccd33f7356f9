// POST /holder/profile/avatar and GET /holder/profile/avatar/{filename}: hostile uploads refused,
// metadata stripped by re-encoding, the old file deleted, visibility and cache headers.
import { existsSync } from "node:fs";
import path from "node:path";
import { crc32, deflateSync } from "node:zlib";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { GET as getAvatar } from "../../app/holder/profile/avatar/[filename]/route";
import { POST as upload } from "../../app/holder/profile/avatar/route";
import { PATCH, POST as createProfile } from "../../app/holder/profile/route";
import { loadEnv } from "../../lib/env";
import { call, makeSession } from "../helpers/harness";

async function holder(isPublic = true) {
  const session = await makeSession();
  const res = await call(createProfile, {
    method: "POST",
    path: "/holder/profile",
    headers: session.auth,
    body: { display_name: "Avatar Holder", is_public: isPublic },
  });
  expect(res.status).toBe(201);
  return session;
}

const photo = (format: "jpeg" | "png" | "webp", width = 800, height = 600) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 80, b: 40 } } })
    .withExif({ IFD0: { Copyright: "secret-owner-name", Artist: "Ada" } })
    [format]()
    .toBuffer();

const send = (auth: Record<string, string>, bytes: Uint8Array, name: string, type = "") => {
  const form = new FormData();
  form.append("file", new File([Buffer.from(bytes)], name, { type }));
  return call(upload, { method: "POST", path: "/holder/profile/avatar", headers: auth, body: form });
};

const fetchAvatar = (url: string, headers: Record<string, string> = {}) => {
  const filename = url.split("/").pop()!;
  return call(getAvatar, { path: url, params: { filename }, headers });
};

async function rawAvatar(url: string, headers: Record<string, string> = {}) {
  const filename = url.split("/").pop()!;
  const res = await getAvatar(new Request(`http://localhost:3000${url}`, { headers }), {
    params: Promise.resolve({ filename }),
  });
  return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) };
}

/** A PNG whose header claims 50000×50000 pixels (2.5 gigapixels) in a few hundred bytes. */
function pixelBomb(): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(50_000, 0);
  ihdr.writeUInt32BE(50_000, 4);
  ihdr.set([8, 0, 0, 0, 0], 8); // 8-bit greyscale
  return Buffer.concat([
    Buffer.from("\x89PNG\r\n\x1a\n", "latin1"),
    chunk("IHDR", ihdr),
    chunk("IDAT", deflateSync(Buffer.alloc(50_001 * 4))),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

describe("uploading an avatar", () => {
  it("re-encodes JPEG, PNG and WebP as a 512×512 WebP without the original's metadata", async () => {
    const { auth } = await holder();
    for (const format of ["jpeg", "png", "webp"] as const) {
      const original = await photo(format);
      expect(original.includes(Buffer.from("secret-owner-name"))).toBe(true);
      const res = await send(auth, original, `me.${format === "jpeg" ? "jpg" : format}`, `image/${format}`);
      expect(res.status, res.text).toBe(200);
      expect(res.json.avatar_url).toMatch(/^\/holder\/profile\/avatar\/[0-9a-f]{32}\.webp$/);
      const served = await rawAvatar(res.json.avatar_url);
      expect(served.status).toBe(200);
      const meta = await sharp(served.bytes).metadata();
      expect(meta).toMatchObject({ format: "webp", width: 512, height: 512 });
      expect(meta.exif).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(served.bytes.includes(Buffer.from("secret-owner-name"))).toBe(false);
    }
  });

  it("deletes the previous file when the avatar is replaced", async () => {
    const { auth } = await holder();
    const first = await send(auth, await photo("png"), "a.png");
    const second = await send(auth, await photo("jpeg"), "b.jpg");
    expect(second.json.avatar_url).not.toBe(first.json.avatar_url);
    const stored = (url: string) =>
      path.resolve(loadEnv().CREDENCE_DATA_DIR, "uploads", "avatars", url.split("/").pop()!);
    expect(existsSync(stored(first.json.avatar_url))).toBe(false);
    expect(existsSync(stored(second.json.avatar_url))).toBe(true);
    expect((await fetchAvatar(first.json.avatar_url)).status).toBe(404);
  });

  it("refuses a PNG named .jpg, a type the bytes contradict, an SVG, a GIF and text", async () => {
    const { auth } = await holder();
    const png = await photo("png");
    const gif = await sharp({ create: { width: 8, height: 8, channels: 3, background: "red" } })
      .gif()
      .toBuffer();
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    const cases: Array<[Buffer, string, string, RegExp]> = [
      [png, "photo.jpg", "", /named \.jpg but its bytes are a PNG/],
      [png, "photo", "image/jpeg", /declared image\/jpeg but its bytes are a PNG/],
      [svg, "avatar.svg", "image/svg+xml", /Only JPEG, PNG and WebP/],
      [gif, "avatar.gif", "image/gif", /Only JPEG, PNG and WebP/],
      [Buffer.from("hello"), "avatar.png", "image/png", /Only JPEG, PNG and WebP/],
    ];
    for (const [bytes, name, type, message] of cases) {
      const res = await send(auth, bytes, name, type);
      expect(res.status, name).toBe(422);
      expect(JSON.stringify(res.json.detail), name).toMatch(message);
    }
  });

  it("refuses a pixel bomb before decoding it, and a truncated image", async () => {
    const { auth } = await holder();
    const bomb = pixelBomb();
    expect(bomb.byteLength).toBeLessThan(2000);
    const res = await send(auth, bomb, "bomb.png", "image/png");
    expect(res.status).toBe(422);
    expect(JSON.stringify(res.json.detail)).toMatch(/50000×50000 pixels|too many pixels/);
    const jpeg = await photo("jpeg");
    const truncated = await send(auth, jpeg.subarray(0, Math.floor(jpeg.byteLength / 2)), "half.jpg");
    expect(truncated.status).toBe(422);
    expect(JSON.stringify(truncated.json.detail)).toMatch(/could not be read/);
  });

  it("refuses more than 5 MiB, a missing file, other fields and a JSON body", async () => {
    const { auth } = await holder();
    const big = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.alloc(5 * 1024 * 1024)]);
    expect((await send(auth, big, "big.jpg")).status).toBe(413);
    const empty = new FormData();
    empty.append("other", "x");
    const noFile = await call(upload, { method: "POST", path: "/holder/profile/avatar", headers: auth, body: empty });
    expect(noFile.status).toBe(422);
    const asJson = await call(upload, { method: "POST", path: "/holder/profile/avatar", headers: auth, body: {} });
    expect(asJson.status).toBe(415);
  });

  it("answers 404 to a user with no profile", async () => {
    const { auth } = await makeSession();
    expect((await send(auth, await photo("png"), "a.png")).status).toBe(404);
  });
});

describe("serving an avatar", () => {
  it("serves a public profile's avatar to anyone, cacheable for good", async () => {
    const { auth } = await holder(true);
    const { json } = await send(auth, await photo("jpeg"), "me.jpg");
    const res = await rawAvatar(json.avatar_url);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/webp");
    expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
  });

  it("serves a private profile's avatar to its owner only, never cached", async () => {
    const owner = await holder(false);
    const { json } = await send(owner.auth, await photo("jpeg"), "me.jpg");
    const mine = await rawAvatar(json.avatar_url, owner.auth);
    expect(mine.status).toBe(200);
    expect(mine.headers.get("cache-control")).toBe("private, no-store");
    const stranger = await makeSession();
    const admin = await makeSession({ role: "admin" });
    for (const headers of [{}, stranger.auth, admin.auth])
      expect((await fetchAvatar(json.avatar_url, headers)).status).toBe(404);
    // Made public, it is everyone's.
    await call(PATCH, { method: "PATCH", path: "/holder/profile", headers: owner.auth, body: { is_public: true } });
    expect((await fetchAvatar(json.avatar_url)).status).toBe(200);
  });

  it("answers 404 for names that are not an avatar's", async () => {
    for (const name of ["0".repeat(32) + ".webp", "..%2Fsecrets.json", "a.png", "x".repeat(100)])
      expect((await fetchAvatar(`/holder/profile/avatar/${name}`)).status, name).toBe(404);
  });
});
