import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";

// Next's recommended rules plus the checks that catch real bugs in a server codebase:
// floating promises (a forgotten await loses errors and ordering) and misused promises.
const config = [
  ...nextVitals,
  ...nextTs,
  {
    ignores: [
      ".next/**",
      "node_modules/**",
      ".data/**",
      "lib/db/generated/**",
      "test-results/**",
      "playwright-report/**",
      "bench/out/**",
      "next-env.d.ts",
      "clients/node/dist/**",
    ],
  },
  {
    files: ["**/*.ts", "**/*.tsx"],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      "@typescript-eslint/no-floating-promises": "error",
      "@typescript-eslint/no-misused-promises": ["error", { checksVoidReturn: { attributes: false } }],
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
    },
  },
  {
    // Raw SQL has one home (ARCHITECTURE.md, "The database"): a file per statement under lib/db/statements.
    files: ["app/**", "components/**", "lib/**", "server/**", "inngest/**", "cli/**"],
    ignores: ["lib/db/**", "**/*.test.ts"],
    rules: {
      "no-restricted-properties": [
        "error",
        ...["$queryRaw", "$queryRawUnsafe", "$executeRaw", "$executeRawUnsafe"].map((property) => ({
          property,
          message: "Raw SQL lives in lib/db/statements/<verb-noun>.ts; elsewhere use Prisma.",
        })),
      ],
    },
  },
  {
    // A secret compared with === answers faster the sooner it differs, which lets a caller guess it
    // byte by byte: secrets are compared with crypto.timingSafeEqual, or looked up by their hash.
    files: ["app/**", "components/**", "lib/**", "server/**", "inngest/**", "cli/**", "clients/node/src/**", "auth.ts"],
    ignores: ["**/*.test.ts"],
    rules: {
      "no-restricted-syntax": [
        "error",
        ...["left", "right"].flatMap((side) =>
          ["name", "property.name"].map((name) => ({
            selector: `BinaryExpression[operator=/^[!=]==?$/][${side}.${name}=/(secret|digest|passwordhash|tokenhash)s?$/i]:not([left.type="Literal"]):not([right.type="Literal"])`,
            message:
              "Compare secrets with crypto.timingSafeEqual (lib/tokens/secret.ts hashesEqual), never with === or !==.",
          })),
        ),
      ],
    },
  },
];

export default config;
