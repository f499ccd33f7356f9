// Turns a held-out corpus into files and ground truth: the generated ones are made by their
// Python generator into bench/out/corpora/<name>/ (after bench/corpora/setup.sh installs the
// Debian tools they need) and remade only when the generator, seed or size changed; the
// specimens are committed files with their ground truth.
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { CorpusInfo } from "./registry";

const ROOT = path.resolve(import.meta.dirname);
const OUT = path.resolve(ROOT, "../out/corpora");

export interface CorpusItem {
  id: string;
  file: string;
  contentType: string;
  label: "genuine" | "tampered" | "not_credential";
  /** Document kind (diploma, passport, utility_bill, …) or non-credential kind (article, …). */
  kind: string;
  /** The engine doc_type that is right for it (null: not scored). */
  expectedType: string | null;
  capture: string;
  /** A genuine variant of its kind: the language of a diploma (fr, sr, …), a badge page, a flattened signed PDF. */
  variant: string | null;
  renderer: string;
  family: string | null;
  group: string | null;
  description: string | null;
  tool: string | null;
  mrz?: string[];
  truth?: SpecimenTruth;
}

export interface SpecimenTruth {
  format: string;
  documentNumber: string | null;
  birthDate: string | null;
  expiryDate: string | null;
  allCheckDigitsOk: boolean;
}

function sourcesHash(dirs: string[]): string {
  const hash = createHash("sha256");
  for (const dir of dirs) {
    for (const name of readdirSync(dir).sort()) {
      const file = path.join(dir, name);
      if (statSync(file).isFile() && name.endsWith(".py")) hash.update(name).update(readFileSync(file));
    }
  }
  return hash.digest("hex").slice(0, 16);
}

function python(): string {
  return existsSync("/usr/bin/python3") ? "/usr/bin/python3" : "python3";
}

function generated(corpus: CorpusInfo, seed: string, size: string, regenerate: boolean): CorpusItem[] {
  // Another draw or size gets its own directory, so the default files the closing notes measure stay put.
  const draw = seed === "1" && size === "small" ? "" : `-${size}-seed${seed}`;
  const out = path.join(OUT, corpus.name + draw);
  // The month too: the kit dates documents against the first day of the month they are drawn in.
  const month = new Date().toISOString().slice(0, 7);
  const stamp = `${sourcesHash([path.join(ROOT, "kit"), path.join(ROOT, corpus.name)])} seed=${seed} size=${size} month=${month}`;
  const stampFile = path.join(out, "stamp");
  if (regenerate || !existsSync(stampFile) || readFileSync(stampFile, "utf8") !== stamp) {
    execFileSync("sh", [path.join(ROOT, "setup.sh")], { stdio: "inherit" });
    console.log(`generating corpus ${corpus.name} (${size}, seed ${seed}) into ${path.relative(process.cwd(), out)}`);
    const started = performance.now();
    execFileSync(
      python(),
      [path.join(ROOT, corpus.name, "generate.py"), "--out", out, "--seed", seed, "--size", size],
      {
        stdio: ["ignore", "ignore", "inherit"],
      },
    );
    writeFileSync(stampFile, stamp);
    console.log(`  generated in ${((performance.now() - started) / 1000).toFixed(0)} s`);
  }
  const manifest = JSON.parse(readFileSync(path.join(out, "manifest.json"), "utf8")) as {
    items: Array<Record<string, unknown>>;
  };
  return manifest.items.map((e) => ({
    id: String(e.id),
    file: path.join(out, String(e.file)),
    contentType: String(e.content_type),
    label: e.label as CorpusItem["label"],
    kind: String(e.kind),
    expectedType: (e.expected_type as string | null) ?? null,
    capture: String(e.capture),
    variant: (e.variant as string | null | undefined) ?? null,
    renderer: String(e.renderer),
    family: (e.family as string | null) ?? null,
    group: (e.group as string | null) ?? null,
    description: (e.description as string | null) ?? null,
    tool: (e.tool as string | null) ?? null,
    ...(Array.isArray(e.mrz)
      ? { mrz: e.mrz as string[], truth: truthOfZone(e.mrz as string[], e.family === "mrz_check_digit") }
      : {}),
  }));
}

/** What a zone the generator printed encodes (TD3 passports, TD1 cards). */
function truthOfZone(lines: string[], altered: boolean): SpecimenTruth {
  const td3 = lines.length === 2;
  const [l1, l2] = lines as [string, string];
  return {
    format: td3 ? "TD3" : "TD1",
    documentNumber: (td3 ? l2.slice(0, 9) : l1.slice(5, 14)).replace(/<+$/, ""),
    birthDate: td3 ? l2.slice(13, 19) : l2.slice(0, 6),
    expiryDate: td3 ? l2.slice(21, 27) : l2.slice(8, 14),
    allCheckDigitsOk: !altered,
  };
}

interface TruthEntry {
  file: string;
  mrz: string[];
  check: {
    format: string;
    document_number?: string;
    card_number?: string;
    birth_date?: string;
    expiry_date?: string;
    all_check_digits_ok: boolean;
  };
}

const KIND_OF_FORMAT: Record<string, string> = { TD3: "passport", TD2: "id_card", TD1: "id_card", "MRV-A": "visa" };

function specimens(): CorpusItem[] {
  const dir = path.join(ROOT, "specimens");
  const truth = JSON.parse(readFileSync(path.join(dir, "ground-truth.json"), "utf8")) as TruthEntry[];
  return truth.map((t) => {
    const kind = KIND_OF_FORMAT[t.check.format] ?? "id_card";
    const altered = !t.check.all_check_digits_ok;
    return {
      id: t.file,
      file: path.join(dir, t.file),
      contentType: t.file.endsWith(".png") ? "image/png" : "image/jpeg",
      label: altered ? "tampered" : "genuine",
      kind,
      // The engine has no visa type; a visa is scored on its zone, not its type.
      expectedType: kind === "visa" ? null : kind,
      capture: t.file.endsWith(".png") ? "export-png" : "export-jpeg",
      variant: null,
      renderer: t.file.split("/")[0] as string,
      family: altered ? "mrz_check_digit" : null,
      group: altered ? "consistency" : null,
      description: altered ? "MRZ whose check digits fail as printed" : null,
      tool: null,
      mrz: t.mrz,
      truth: {
        format: t.check.format,
        documentNumber: t.check.document_number ?? t.check.card_number ?? null,
        birthDate: t.check.birth_date ?? null,
        expiryDate: t.check.expiry_date ?? null,
        allCheckDigitsOk: t.check.all_check_digits_ok,
      },
    };
  });
}

export function loadCorpus(
  corpus: CorpusInfo,
  opts: { seed: string; size: string; regenerate: boolean },
): CorpusItem[] {
  if (corpus.source === "specimens") return specimens();
  if (corpus.source === "generated") return generated(corpus, opts.seed, opts.size, opts.regenerate);
  throw new Error(`corpus ${corpus.name} is generated in process, not loaded`);
}
