// What a hostile or careless client sends instead of a valid value: nulls, arrays for objects,
// objects for strings, huge and unicode strings, negative, huge and fractional numbers, deep
// nesting, prototype keys; and ways to damage a valid JSON document (a field replaced, dropped or
// added). Bounded so one request stays well under the JSON body limit.
import fc from "fast-check";

const HUGE = 200_000;

const specialStrings = fc.constantFrom(
  "",
  " ",
  "\u0000",
  "null",
  "undefined",
  "NaN",
  "-1",
  "1e309",
  "0x1F",
  "true",
  "../../../../etc/passwd",
  "%2e%2e%2f%2e%2e%2f",
  "' OR 1=1 --",
  "<script>alert(1)</script>",
  "${jndi:ldap://127.0.0.1/a}",
  "\u202e\u0301\ufeff\u200b",
  "\ud800", // a lone surrogate
  "🧾".repeat(64),
  "ver_",
  "ver_" + "0".repeat(200),
  "a".repeat(HUGE),
  "é".repeat(HUGE / 2),
  "http://169.254.169.254/latest/meta-data/",
  "javascript:alert(1)",
  "2026-02-30T25:61:61Z",
);

const specialNumbers = fc.constantFrom(
  0,
  -0,
  -1,
  0.5,
  -0.000001,
  2 ** 31,
  -(2 ** 31) - 1,
  2 ** 53 + 2,
  -(2 ** 53) - 2,
  1e308,
  -1e308,
  5e-324,
);

/** A nesting that parses but goes deeper than any schema expects. */
const deep = fc.integer({ min: 50, max: 1_000 }).map((depth) => {
  let value: unknown = 1;
  for (let i = 0; i < depth; i++) value = i % 2 ? { a: value } : [value];
  return value;
});

export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(null, true, false, [], {}, [null], [[]], { __proto__: null }),
  specialStrings,
  specialNumbers,
  fc.string({ unit: "grapheme", maxLength: 200 }),
  fc.string({ unit: "binary", maxLength: 100 }),
  fc.integer(),
  fc.double(),
  fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 5 }),
  fc.dictionary(fc.string({ maxLength: 10 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 5 }),
  fc.constant(JSON.parse('{"__proto__": {"role": "super_admin", "admin": true}, "constructor": {"prototype": {}}}')),
  deep,
);

/** The places of a JSON value, as paths of keys and indexes, the root first. */
function pathsOf(value: unknown, at: (string | number)[] = [], out: (string | number)[][] = []) {
  out.push(at);
  if (at.length > 8) return out;
  if (Array.isArray(value)) value.forEach((v, i) => pathsOf(v, [...at, i], out));
  else if (value && typeof value === "object") Object.entries(value).forEach(([k, v]) => pathsOf(v, [...at, k], out));
  return out;
}

function setAt(value: unknown, path: (string | number)[], replace: (old: unknown) => unknown | typeof DROP): unknown {
  if (path.length === 0) {
    const replaced = replace(value);
    return replaced === DROP ? undefined : replaced;
  }
  const [head, ...rest] = path;
  if (Array.isArray(value)) {
    const copy = [...value];
    const next = setAt(copy[head as number], rest, replace);
    if (rest.length === 0 && replace(copy[head as number]) === DROP) copy.splice(head as number, 1);
    else copy[head as number] = next;
    return copy;
  }
  const copy = { ...(value as Record<string, unknown>) };
  if (rest.length === 0 && replace(copy[head as string]) === DROP) delete copy[head as string];
  else copy[head as string] = setAt(copy[head as string], rest, replace);
  return copy;
}

const DROP = Symbol("drop");

export type Damage = "replace" | "drop" | "add" | "wrap";

/** A valid value damaged at one place: replaced by a hostile value, dropped, given an extra key, or wrapped in an array. */
export function damaged(valid: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
  return fc
    .tuple(
      valid,
      fc.nat(),
      fc.constantFrom<Damage>("replace", "replace", "drop", "add", "wrap"),
      hostileValue,
      fc.string({ maxLength: 20 }),
    )
    .map(([value, pick, damage, hostile, key]) => {
      const paths = pathsOf(value);
      const path = paths[pick % paths.length];
      return setAt(value, path, (old) => {
        switch (damage) {
          case "replace":
            return hostile;
          case "drop":
            return path.length === 0 ? hostile : DROP;
          case "add":
            return old && typeof old === "object" && !Array.isArray(old) ? { ...old, [key]: hostile } : hostile;
          case "wrap":
            return [old];
        }
      });
    });
}

/** Bodies that are not the JSON they claim to be, or JSON of the wrong shape at the top. */
export const malformedJson = fc.oneof(
  fc.constantFrom(
    "",
    "{",
    '{"a":',
    '{"a":1}}',
    "{'a': 1}",
    '{"a":1,}',
    "\ufeff{}",
    "null",
    "[]",
    '"text"',
    "1e999",
    "NaN",
    "-",
    '{"a":1,"a":2}',
    '{"__proto__":{"admin":true}}',
    "[".repeat(20_000),
    '{"a":"\\ud800"}',
    '{"a":"\\u0000"}',
    "\u0000\u0001\u0002",
  ),
  fc.string({ unit: "binary", maxLength: 300 }),
  fc.jsonValue({ maxDepth: 3 }).map((value) => JSON.stringify(value)),
);
