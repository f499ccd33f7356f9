/** @type {import('next').NextConfig} */
const nextConfig = {
  // Native and wasm packages are loaded by Node at run time rather than bundled.
  serverExternalPackages: [
    "sharp",
    "pdfjs-dist",
    "@napi-rs/canvas",
    "tesseract.js",
    "@tesseract.js-data/eng",
    "@tesseract.js-data/srp",
    "zxing-wasm",
    "heic-decode",
    "exifr",
    "@electric-sql/pglite",
    "pglite-prisma-adapter",
    "@prisma/adapter-pg",
    "@prisma/driver-adapter-utils",
    "pg",
    "pg-boss",
    "@react-pdf/renderer",
    "satori",
    "nodemailer",
    // The engine's worker pool starts its threads from files in its own package directory.
    "tinypool",
    "tsx",
  ],
  poweredByHeader: false,
  // The institution's link carries its secret in the path: never sent on as a referrer, never
  // cached, never indexed, never framed (a framed Confirm button could be clicked by deceit).
  async headers() {
    const secretPage = [
      { key: "Referrer-Policy", value: "no-referrer" },
      { key: "Cache-Control", value: "no-store" },
      { key: "X-Robots-Tag", value: "noindex, nofollow" },
      { key: "X-Frame-Options", value: "DENY" },
    ];
    return [
      { source: "/approve/:token", headers: secretPage },
      { source: "/issuer-approval/view/:token", headers: secretPage },
      { source: "/issuer-approval/respond/:token", headers: secretPage },
    ];
  },
  // A CI build starts from a fresh clone and is never repeated there: writing Turbopack's build cache
  // to disk (15-25 s on CI's 2 cores) would only be thrown away.
  experimental: { turbopackFileSystemCacheForBuild: process.env.CI !== "true" },
  // Type checking runs as its own step (npm run typecheck, in CI); the build need not repeat it.
  typescript: { ignoreBuildErrors: true },
  typedRoutes: false,
};

export default nextConfig;
