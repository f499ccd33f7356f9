// Files people upload that are not credentials: selfies, landscape photos, blank pages,
// app screenshots and memes. Drawn procedurally so no image data has to be shipped.
import { createCanvas, type SKRSContext2D } from "@napi-rs/canvas";
import type { NonCredentialKind } from "./catalog";
import { canvasFamily, registerFonts } from "./fonts";
import { drawFace, lighten } from "./graphics";
import { canvasToRaster, type Raster } from "./render/raster";
import type { Rng } from "./rng";
import { GIVEN_NAMES, MERCHANTS } from "./vocabulary";

export function renderNonCredential(rng: Rng, kind: NonCredentialKind): Raster {
  registerFonts();
  switch (kind) {
    case "selfie":
      return selfie(rng);
    case "landscape":
      return landscape(rng, rng.chance(0.5) ? 4032 : 3000, rng.chance(0.5) ? 3024 : 2250);
    case "blank":
      return blank(rng);
    case "screenshot":
      return screenshot(rng);
    case "meme":
      return meme(rng);
  }
}

function addNoise(ctx: SKRSContext2D, width: number, height: number, rng: Rng, sd: number): Raster {
  const raster = canvasToRaster(ctx, width, height);
  const d = raster.data;
  const table = new Float32Array(4096);
  for (let i = 0; i < table.length; i++) table[i] = rng.normal(sd);
  let t = rng.int(0, 4095);
  for (let i = 0; i < d.length; i += 4) {
    const n = table[t++ & 4095] as number;
    d[i] = (d[i] as number) + n;
    d[i + 1] = (d[i + 1] as number) + n;
    d[i + 2] = (d[i + 2] as number) + n;
  }
  return raster;
}

function selfie(rng: Rng): Raster {
  const width = rng.pick([1080, 1512, 2268]);
  const height = Math.round(width * (4 / 3));
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext("2d");
  // Indoor or outdoor background: soft gradient and a few blurred shapes.
  const bg = ctx.createLinearGradient(0, 0, width, height);
  bg.addColorStop(0, rng.pick(["#8fa9c4", "#c9b79c", "#6f8f6a", "#d9d4cf", "#4b5d73"]));
  bg.addColorStop(1, rng.pick(["#3d4a5c", "#7a6a55", "#2e4530", "#a39e98", "#1f2a36"]));
  ctx.fillStyle = bg;
  ctx.fillRect(0, 0, width, height);
  for (let i = 0; i < 8; i++) {
    ctx.globalAlpha = rng.float(0.1, 0.35);
    ctx.fillStyle = rng.pick(["#ffffff", "#ffe9a8", "#223322", "#885533", "#99bbdd"]);
    ctx.beginPath();
    ctx.ellipse(rng.float(0, width), rng.float(0, height), rng.float(40, 300), rng.float(40, 300), 0, 0, Math.PI * 2);
    ctx.fill();
  }
  ctx.globalAlpha = 1;
  const faceW = width * rng.float(0.85, 1.1);
  drawFace(
    ctx,
    rng,
    (width - faceW) / 2 + rng.float(-0.05, 0.05) * width,
    height * rng.float(0.02, 0.15),
    faceW,
    height * 0.95,
  );
  return addNoise(ctx, width, height, rng, rng.float(2, 5));
}

function landscape(rng: Rng, width: number, height: number): Raster {
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext("2d");
  const horizon = height * rng.float(0.35, 0.6);
  const sky = ctx.createLinearGradient(0, 0, 0, horizon);
  const sunset = rng.chance(0.3);
  sky.addColorStop(0, sunset ? "#2b3a67" : "#3b7dd8");
  sky.addColorStop(1, sunset ? "#f4a261" : "#cde3f7");
  ctx.fillStyle = sky;
  ctx.fillRect(0, 0, width, horizon);
  // Clouds.
  ctx.fillStyle = "rgba(255,255,255,0.6)";
  for (let i = 0; i < rng.int(2, 8); i++) {
    const cx = rng.float(0, width);
    const cy = rng.float(0, horizon * 0.7);
    for (let k = 0; k < 5; k++) {
      ctx.beginPath();
      ctx.ellipse(cx + k * 60 - 120, cy + rng.float(-20, 20), rng.float(60, 140), rng.float(25, 50), 0, 0, Math.PI * 2);
      ctx.fill();
    }
  }
  // Mountain ridges, then land or water.
  for (let layer = 0; layer < 3; layer++) {
    ctx.fillStyle = lighten(rng.pick(["#2f4f3a", "#4a5a6a", "#5b4a3a", "#3a4f2f"]), 0.4 - layer * 0.15);
    ctx.beginPath();
    ctx.moveTo(0, horizon);
    let y = horizon - rng.float(50, 300);
    for (let x = 0; x <= width; x += width / 24) {
      y = Math.min(horizon, Math.max(horizon * 0.3, y + rng.float(-120, 120)));
      ctx.lineTo(x, y + layer * 60);
    }
    ctx.lineTo(width, horizon);
    ctx.closePath();
    ctx.fill();
  }
  const ground = ctx.createLinearGradient(0, horizon, 0, height);
  const water = rng.chance(0.4);
  ground.addColorStop(0, water ? "#4f7fa8" : "#6a8f3c");
  ground.addColorStop(1, water ? "#1f3f5c" : "#3d5a1e");
  ctx.fillStyle = ground;
  ctx.fillRect(0, horizon, width, height - horizon);
  // Texture: grass strokes or waves.
  ctx.strokeStyle = water ? "rgba(255,255,255,0.25)" : "rgba(20,40,10,0.35)";
  ctx.lineWidth = 2;
  for (let i = 0; i < 1500; i++) {
    const x = rng.float(0, width);
    const y = rng.float(horizon, height);
    ctx.beginPath();
    ctx.moveTo(x, y);
    ctx.lineTo(x + (water ? rng.float(10, 40) : rng.float(-4, 4)), y - (water ? 0 : rng.float(6, 20)));
    ctx.stroke();
  }
  return addNoise(ctx, width, height, rng, rng.float(2, 4));
}

function blank(rng: Rng): Raster {
  // An A4 page scanned at 150–300 dpi with nothing on it: white or off-white, grain, a faint edge shadow.
  const dpi = rng.pick([150, 200, 300]);
  const width = Math.round(8.27 * dpi);
  const height = Math.round(11.69 * dpi);
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext("2d");
  ctx.fillStyle = rng.pick(["#ffffff", "#fbfaf5", "#f3f1ea", "#ecebe6"]);
  ctx.fillRect(0, 0, width, height);
  if (rng.chance(0.5)) {
    const edge = ctx.createLinearGradient(0, 0, width * 0.03, 0);
    edge.addColorStop(0, "rgba(0,0,0,0.25)");
    edge.addColorStop(1, "rgba(0,0,0,0)");
    ctx.fillStyle = edge;
    ctx.fillRect(0, 0, width * 0.03, height);
  }
  return addNoise(ctx, width, height, rng, rng.float(0.5, 3));
}

function screenshot(rng: Rng): Raster {
  const mobile = rng.chance(0.5);
  const width = mobile ? 1170 : 1920;
  const height = mobile ? 2532 : 1080;
  const scale = mobile ? 3 : 1;
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext("2d");
  const dark = rng.chance(0.3);
  ctx.fillStyle = dark ? "#121212" : "#f5f6f8";
  ctx.fillRect(0, 0, width, height);
  const accent = rng.pick(["#1877f2", "#25d366", "#e1306c", "#ff4500", "#5865f2", "#0a66c2"]);
  const font = (size: number, bold = false) => `${size * scale}px "${canvasFamily(bold ? "sans-bold" : "sans")}"`;
  // Status bar / title bar and app bar.
  ctx.fillStyle = dark ? "#1f1f1f" : "#ffffff";
  ctx.fillRect(0, 0, width, 90 * (mobile ? 1.6 : 0.7));
  ctx.fillStyle = dark ? "#eeeeee" : "#111111";
  ctx.font = font(14, true);
  ctx.fillText(`${rng.int(8, 23)}:${String(rng.int(0, 59)).padStart(2, "0")}`, 20 * scale, 32 * (mobile ? 2 : 0.8));
  ctx.fillStyle = accent;
  const barTop = mobile ? 150 : 60;
  ctx.fillRect(0, barTop, width, 56 * scale);
  ctx.fillStyle = "#ffffff";
  ctx.font = font(18, true);
  ctx.fillText(
    rng.pick(["Messages", "Feed", "Inbox", "Wallet", "Settings", "Orders"]),
    56 * scale,
    barTop + 36 * scale,
  );
  // Cards of a list or chat.
  let y = barTop + 70 * scale;
  while (y < height - 80 * scale) {
    const h = rng.int(50, 110) * scale;
    const left = rng.chance(0.5) || !mobile;
    const w = (mobile ? rng.float(0.55, 0.85) : rng.float(0.4, 0.7)) * width;
    const x = left ? 16 * scale : width - w - 16 * scale;
    ctx.fillStyle = left ? (dark ? "#2a2a2a" : "#ffffff") : lighten(accent, 0.75);
    ctx.beginPath();
    ctx.roundRect(x, y, w, h, 14 * scale);
    ctx.fill();
    ctx.fillStyle = accent;
    ctx.beginPath();
    ctx.arc(x + 24 * scale, y + 24 * scale, 14 * scale, 0, Math.PI * 2);
    ctx.fill();
    ctx.fillStyle = dark ? "#dddddd" : "#222222";
    ctx.font = font(13, true);
    ctx.fillText(rng.pick(GIVEN_NAMES), x + 46 * scale, y + 22 * scale);
    ctx.font = font(12);
    ctx.fillStyle = dark ? "#aaaaaa" : "#555555";
    ctx.fillText(
      rng
        .pick([
          "See you tomorrow!",
          "Order shipped",
          "Payment to " + rng.pick(MERCHANTS),
          "New comment on your post",
          "Meeting moved to 3pm",
          "lol",
        ])
        .slice(0, 40),
      x + 46 * scale,
      y + 42 * scale,
    );
    y += h + 12 * scale;
  }
  // Bottom navigation.
  ctx.fillStyle = dark ? "#1f1f1f" : "#ffffff";
  ctx.fillRect(0, height - 70 * scale, width, 70 * scale);
  for (let i = 0; i < 4; i++) {
    ctx.fillStyle = i === 0 ? accent : "#9aa0a6";
    ctx.beginPath();
    ctx.arc(((i + 0.5) * width) / 4, height - 35 * scale, 12 * scale, 0, Math.PI * 2);
    ctx.fill();
  }
  return canvasToRaster(ctx, width, height);
}

function meme(rng: Rng): Raster {
  const base = rng.chance(0.5) ? selfie(rng) : landscape(rng, 1200, 900);
  const canvas = createCanvas(base.width, base.height);
  const ctx = canvas.getContext("2d");
  const img = ctx.createImageData(base.width, base.height);
  img.data.set(base.data);
  ctx.putImageData(img, 0, 0);
  const size = Math.round(base.width * 0.09);
  ctx.font = `${size}px "${canvasFamily("sans-bold")}"`;
  ctx.textAlign = "center";
  ctx.lineWidth = size * 0.08;
  ctx.strokeStyle = "#000000";
  ctx.fillStyle = "#ffffff";
  const top = rng.pick(["WHEN THE CODE", "ME ON MONDAY", "NOBODY:", "WHEN YOU SEE", "ONE DOES NOT SIMPLY"]);
  const bottom = rng.pick([
    "WORKS FIRST TIME",
    "BUT IT'S FRIDAY",
    "ABSOLUTELY NOBODY",
    "THE DEADLINE",
    "VERIFY A MEME",
  ]);
  for (const [line, y] of [
    [top, size * 1.2],
    [bottom, base.height - size * 0.4],
  ] as const) {
    ctx.strokeText(line, base.width / 2, y);
    ctx.fillText(line, base.width / 2, y);
  }
  return canvasToRaster(ctx, base.width, base.height);
}
