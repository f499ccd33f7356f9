/** @type {import('next').NextConfig} */
const nextConfig = {
  // Native and wasm packages are loaded by Node at run time rather than bundled.
  serverExternalPackages: [
    "sharp",
    "pdfjs-dist",
    "@napi-rs/canvas",
    "tesseract.js",
    "@tesseract.js-data/eng",
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
      { key: "Content-Security-Policy", value: "frame-ancestors 'none'" },
    ];
    return [
      { source: "/approve/:token", headers: secretPage },
      { source: "/issuer-approval/view/:token", headers: secretPage },
      { source: "/issuer-approval/respond/:token", headers: secretPage },
    ];
  },
  // Type checking runs as its own step (npm run typecheck, in CI); the build need not repeat it.
  typescript: { ignoreBuildErrors: true },
  typedRoutes: false,
};

export default nextConfig;
