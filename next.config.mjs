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
  // Type checking runs as its own step (npm run typecheck, in CI); the build need not repeat it.
  typescript: { ignoreBuildErrors: true },
  typedRoutes: false,
};

export default nextConfig;
