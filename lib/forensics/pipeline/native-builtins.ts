// The built-ins that pdfjs-dist's legacy build replaces as it loads, kept before it loads (pdfjs.ts
// imports this module ahead of it) and put back afterwards. Its core-js polyfills replace
// JSON.parse, JSON.stringify, Array.prototype.push and Function.prototype.toString even where
// Node's own are correct (Node 20 lacks only JSON.rawJSON and a corner of push's error on a
// frozen length), and they do so for the whole process: once a job or a page render had loaded
// pdfjs, every JSON response, query and array push of the server went through them (JSON.stringify
// 6× slower, push 2.5×; bench:api, bench:webhooks). pdfjs uses none of what they add; the
// polyfills of what Node 20 lacks (Promise.withResolvers, Uint8Array.fromBase64, …) stay.
const owned: Array<[object, string]> = [
  [JSON, "parse"],
  [JSON, "stringify"],
  [Array.prototype, "push"],
  [Function.prototype, "toString"],
];
const kept = owned.map(([owner, key]) => ({ owner, key, descriptor: Object.getOwnPropertyDescriptor(owner, key)! }));

const nativeToString = Function.prototype.toString;
const isNative = (fn: unknown) => typeof fn === "function" && nativeToString.call(fn).endsWith("{ [native code] }");

/** Puts back the built-ins kept when this module loaded, if they were Node's own then. */
export function restoreNativeBuiltins(): void {
  for (const { owner, key, descriptor } of kept) {
    if (isNative(descriptor.value) && Object.getOwnPropertyDescriptor(owner, key)?.value !== descriptor.value)
      Object.defineProperty(owner, key, descriptor);
  }
}
