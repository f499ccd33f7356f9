// The application routes' OpenAPI document as a markdown reference (rendered to HTML at /docs):
// one section per tag, one entry per operation with its access, parameters, body and responses,
// then the named schemas. Everything here is read from the document, nothing is written twice.
type Schema = Record<string, unknown>;

interface Operation {
  summary: string;
  description?: string;
  tags: string[];
  "x-access": string;
  parameters?: { name: string; in: string; required: boolean; description?: string; schema: Schema }[];
  requestBody?: { required: boolean; content: Record<string, { schema: Schema }> };
  responses: Record<string, { description: string; content?: Record<string, { schema: Schema }> }>;
}

export interface AppDocument {
  info: { title: string; version: string; description: string };
  tags: { name: string; description: string }[];
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Schema> };
}

const ACCESS: Record<string, string> = {
  public: "public, no sign-in",
  optional: "anyone; linked to the account when signed in",
  user: "signed in (bearer JWT or session cookie)",
  admin: "an administrator",
  super_admin: "a super administrator",
  "admin-secret": "the X-Admin-Secret header",
};

export function appReferenceMarkdown(doc: AppDocument): string {
  const out = [
    `# ${doc.info.title}`,
    `Version \`${doc.info.version}\` · [OpenAPI 3.1 document](/openapi.json) · ` +
      "[Public API (/v1) reference](/v1/docs/reference)",
    doc.info.description,
  ];
  for (const tag of doc.tags) {
    const operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.entries(methods)
        .filter(([, op]) => op.tags.includes(tag.name))
        .map(([method, op]) => ({ path, method, op })),
    );
    if (operations.length === 0) continue;
    out.push(`## ${tag.name}`, tag.description);
    for (const { path, method, op } of operations) out.push(...operationMarkdown(method, path, op));
  }
  out.push("## Schemas");
  for (const [name, schema] of Object.entries(doc.components.schemas).sort(([a], [b]) => a.localeCompare(b))) {
    out.push(`### ${name}`, ...(typeof schema.description === "string" ? [schema.description] : []));
    out.push(propertiesTable(schema) ?? `\`${typeText(schema)}\``);
  }
  return out.join("\n\n") + "\n";
}

function operationMarkdown(method: string, path: string, op: Operation): string[] {
  const lines = [`### ${method.toUpperCase()} ${path}`, `**${op.summary}.** Access: ${ACCESS[op["x-access"]]}.`];
  if (op.description) lines.push(op.description);
  if (op.parameters?.length) {
    lines.push(
      table(
        ["Parameter", "In", "Type", "Description"],
        op.parameters.map((p) => [
          `\`${p.name}\`${p.required ? "" : " (optional)"}`,
          p.in,
          typeText(p.schema),
          p.description ?? "",
        ]),
      ),
    );
  }
  if (op.requestBody) {
    const bodies = Object.entries(op.requestBody.content).map(([type, { schema }]) => [type, typeText(schema)]);
    lines.push(
      `Request body${op.requestBody.required ? "" : " (optional)"}:`,
      table(["Content type", "Schema"], bodies),
    );
  }
  const responses = Object.entries(op.responses).map(([status, r]) => {
    const content = Object.entries(r.content ?? {});
    const body = content.map(([type, { schema }]) => (type === "application/json" ? typeText(schema) : type));
    return [status, body.join(", "), r.description];
  });
  lines.push(table(["Status", "Body", "Meaning"], responses));
  return lines;
}

function propertiesTable(schema: Schema): string | undefined {
  const properties = schema.properties as Record<string, Schema> | undefined;
  if (!properties) return undefined;
  const required = new Set((schema.required as string[] | undefined) ?? []);
  return table(
    ["Field", "Type", "Description"],
    Object.entries(properties).map(([name, p]) => [
      `\`${name}\`${required.has(name) ? "" : " (optional)"}`,
      typeText(p),
      typeof p.description === "string" ? p.description : "",
    ]),
  );
}

/** A compact type: `string`, `"a" \| "b"`, `[UserInfo](#userinfo)[]`, `{a, b}`. */
export function typeText(schema: Schema | undefined): string {
  if (!schema) return "any";
  if (typeof schema.$ref === "string") {
    const name = schema.$ref.split("/").pop()!;
    return `[${name}](#${name.toLowerCase()})`;
  }
  if ("const" in schema) return JSON.stringify(schema.const);
  if (Array.isArray(schema.enum)) return schema.enum.map((v) => JSON.stringify(v)).join(" | ");
  const union = (schema.anyOf ?? schema.oneOf) as Schema[] | undefined;
  if (union) return union.map(typeText).join(" | ");
  const type = schema.type;
  if (Array.isArray(type)) return type.map((t) => typeText({ ...schema, type: t })).join(" | ");
  if (type === "array") return `${typeText(schema.items as Schema)}[]`;
  if (type === "object") {
    const properties = Object.keys((schema.properties as Schema | undefined) ?? {});
    if (properties.length > 0) return `{${properties.join(", ")}}`;
    const values = schema.additionalProperties;
    return values && typeof values === "object" ? `map of ${typeText(values as Schema)}` : "object";
  }
  if (typeof type === "string") return typeof schema.format === "string" ? `${type} (${schema.format})` : type;
  return "any";
}

function table(head: string[], rows: string[][]): string {
  const cell = (text: string) => text.replace(/\|/g, "\\|").replace(/\n/g, " ");
  return [head, head.map(() => "---"), ...rows].map((row) => `| ${row.map(cell).join(" | ")} |`).join("\n");
}
