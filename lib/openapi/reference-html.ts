// The HTML rendering of the reference, made on the server: one self-contained page (inline CSS,
// no script, no font or CDN), so it works on machines with no network.
import { Marked } from "marked";
import { referenceMarkdown } from "./reference-markdown";

const REFERENCE_STYLE = `
body{font:16px/1.6 system-ui,-apple-system,"Segoe UI",sans-serif;color:#1c2024;max-width:52rem;margin:0 auto;padding:2rem 1.25rem 5rem}
h1,h2,h3{line-height:1.25}h2{margin-top:2.5rem;border-bottom:1px solid #e3e6ea;padding-bottom:.3rem}h3{margin-top:2rem}
a{color:#0b57d0}code{font:.9em/1.4 ui-monospace,SFMono-Regular,Menlo,monospace;background:#f3f4f6;padding:.1em .3em;border-radius:4px}
pre{background:#0f172a;color:#e2e8f0;padding:1rem;border-radius:8px;overflow-x:auto}pre code{background:none;color:inherit;padding:0}
table{border-collapse:collapse;width:100%;margin:1rem 0;font-size:.95em}th,td{border:1px solid #e3e6ea;padding:.4rem .6rem;text-align:left;vertical-align:top}
th{background:#f8f9fa}nav{font-size:.95em;background:#f8f9fa;border:1px solid #e3e6ea;border-radius:8px;padding:.5rem 1rem}
@media (prefers-color-scheme:dark){body{background:#111418;color:#e6e8eb}th,nav{background:#1a1f24}th,td,nav,h2{border-color:#2a3037}code{background:#1f252b}a{color:#8ab4f8}}
`;

function slug(text: string): string {
  return text
    .toLowerCase()
    .replace(/<[^>]+>/g, "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
}

export async function referenceHtml(): Promise<string> {
  return renderReferenceHtml(await referenceMarkdown(), {
    title: "Credence API reference (v1)",
    alternatives: 'Also as <a href="/v1/docs.md">markdown</a> and <a href="/v1/openapi.json">OpenAPI 3.1</a>.',
  });
}

/** A markdown reference as one self-contained page with a table of its sections. */
export async function renderReferenceHtml(
  markdown: string,
  page: { title: string; alternatives: string },
): Promise<string> {
  const toc: string[] = [];
  const marked = new Marked({
    renderer: {
      heading({ tokens, depth }) {
        const text = this.parser.parseInline(tokens);
        const id = slug(text);
        if (depth === 2) toc.push(`<li><a href="#${id}">${text}</a></li>`);
        return `<h${depth} id="${id}">${text}</h${depth}>\n`;
      },
    },
  });
  const body = await marked.parse(markdown);
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${page.title}</title><style>${REFERENCE_STYLE}</style></head>
<body><nav><strong>Contents</strong><ul>${toc.join("")}</ul>
<p>${page.alternatives}</p></nav>
${body}</body></html>`;
}
