// npm run bench:corpora -- [--corpus <name|held-out|all>] [--seed S] [--size small|full] [--regenerate]
// Makes the held-out corpora's files without running the engine (bench:forensics does this too
// when a corpus is missing or its generator changed).
import { loadCorpus } from "./materialize";
import { selectCorpora } from "./registry";

const argv = process.argv.slice(2);
const flag = (name: string, fallback: string) => {
  const i = argv.indexOf(name);
  return i >= 0 && argv[i + 1] ? (argv[i + 1] as string) : fallback;
};
const size = flag("--size", "small");
if (size !== "small" && size !== "full") throw new Error("--size must be small or full");
for (const corpus of selectCorpora(flag("--corpus", "held-out")).filter((c) => c.source === "generated")) {
  const items = loadCorpus(corpus, { seed: flag("--seed", "1"), size, regenerate: argv.includes("--regenerate") });
  console.log(`${corpus.name}: ${items.length} documents`);
}
