// Tokenises a decoded PDF content stream into operands and operators (PDF 32000 §7.2, §8.9.7
// for inline images). Tolerant: malformed input yields fewer tokens, never an exception.

export type Operand = number | string | Uint8Array | Operand[] | { dict: true } | boolean | null;

export interface Operation {
  op: string;
  args: Operand[];
}

const WS = new Set([0x00, 0x09, 0x0a, 0x0c, 0x0d, 0x20]);
const DELIM = new Set([0x28, 0x29, 0x3c, 0x3e, 0x5b, 0x5d, 0x7b, 0x7d, 0x2f, 0x25]);

/** Yields operations; `maxOps` bounds the work on hostile streams. */
export function* operations(src: Uint8Array, maxOps = 200_000): Generator<Operation> {
  let i = 0;
  let count = 0;
  const stack: Operand[][] = [[]];
  const top = () => stack[stack.length - 1];
  const n = src.length;
  while (i < n && count < maxOps) {
    const c = src[i];
    if (WS.has(c)) {
      i++;
    } else if (c === 0x25) {
      while (i < n && src[i] !== 0x0a && src[i] !== 0x0d) i++;
    } else if (c === 0x2f) {
      let j = i + 1;
      while (j < n && !WS.has(src[j]) && !DELIM.has(src[j])) j++;
      top().push("/" + latin(src, i + 1, j));
      i = j;
    } else if (c === 0x28) {
      const [bytes, next] = literalString(src, i + 1);
      top().push(bytes);
      i = next;
    } else if (c === 0x3c && src[i + 1] === 0x3c) {
      stack.push([]);
      i += 2;
    } else if (c === 0x3e && src[i + 1] === 0x3e) {
      if (stack.length > 1) {
        stack.pop();
        top().push({ dict: true });
      }
      i += 2;
    } else if (c === 0x3c) {
      let j = i + 1;
      while (j < n && src[j] !== 0x3e) j++;
      top().push(hexString(latin(src, i + 1, j)));
      i = j + 1;
    } else if (c === 0x5b) {
      stack.push([]);
      i++;
    } else if (c === 0x5d) {
      if (stack.length > 1) {
        const array = stack.pop()!;
        top().push(array);
      }
      i++;
    } else if (DELIM.has(c)) {
      i++;
    } else {
      let j = i;
      while (j < n && !WS.has(src[j]) && !DELIM.has(src[j])) j++;
      const word = latin(src, i, j);
      i = j;
      const num = Number(word);
      if (word !== "" && /^[+-]?(\d+\.?\d*|\.\d+)$/.test(word) && Number.isFinite(num)) {
        top().push(num);
      } else if (word === "true" || word === "false") {
        top().push(word === "true");
      } else if (word === "null") {
        top().push(null);
      } else {
        if (stack.length > 1) stack.splice(1); // an operator inside an unclosed array: recover
        const args = stack[0].splice(0);
        count++;
        if (word === "BI") {
          i = skipInlineImage(src, i);
          yield { op: "BI", args: [] };
        } else {
          yield { op: word, args };
        }
      }
    }
  }
}

function latin(src: Uint8Array, from: number, to: number): string {
  let s = "";
  for (let k = from; k < to && k - from < 256; k++) s += String.fromCharCode(src[k]);
  return s;
}

function literalString(src: Uint8Array, start: number): [Uint8Array, number] {
  const out: number[] = [];
  let depth = 1;
  let i = start;
  while (i < src.length) {
    const c = src[i];
    if (c === 0x5c) {
      const e = src[i + 1];
      i += 2;
      if (e === 0x6e) out.push(0x0a);
      else if (e === 0x72) out.push(0x0d);
      else if (e === 0x74) out.push(0x09);
      else if (e === 0x62) out.push(0x08);
      else if (e === 0x66) out.push(0x0c);
      else if (e >= 0x30 && e <= 0x37) {
        let v = e - 0x30;
        for (let k = 0; k < 2 && src[i] >= 0x30 && src[i] <= 0x37; k++) v = v * 8 + (src[i++] - 0x30);
        out.push(v & 0xff);
      } else if (e === 0x0d || e === 0x0a) {
        if (e === 0x0d && src[i] === 0x0a) i++;
      } else if (e !== undefined) out.push(e);
      continue;
    }
    if (c === 0x28) depth++;
    if (c === 0x29 && --depth === 0) return [Uint8Array.from(out), i + 1];
    out.push(c);
    i++;
  }
  return [Uint8Array.from(out), i];
}

function hexString(hex: string): Uint8Array {
  const clean = hex.replace(/[^0-9a-fA-F]/g, "");
  const padded = clean.length % 2 ? clean + "0" : clean;
  return Uint8Array.from(Buffer.from(padded, "hex"));
}

/** Skips `... ID <binary> EI`, returning the index after EI. */
function skipInlineImage(src: Uint8Array, from: number): number {
  let i = from;
  while (
    i < src.length - 1 &&
    !(src[i] === 0x49 && src[i + 1] === 0x44 && WS.has(src[i - 1]) && WS.has(src[i + 2] ?? 0x20))
  )
    i++;
  i += 3;
  while (i < src.length - 1) {
    if (src[i] === 0x45 && src[i + 1] === 0x49 && WS.has(src[i - 1]) && (i + 2 >= src.length || WS.has(src[i + 2])))
      return i + 2;
    i++;
  }
  return src.length;
}
