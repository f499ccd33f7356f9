// A tolerant reader for XMP packets (the RDF/XML metadata that PDFs, JPEGs, PNGs, WebPs and TIFFs
// carry). It reads the few properties forensics needs, whether written as attributes or elements,
// and the xmpMM:History list of save events. Hostile input is bounded by the packet size cap.

export interface XmpEvent {
  action: string | null;
  when: string | null;
  softwareAgent: string | null;
  changed: string | null;
}

export interface Xmp {
  get(property: string): string | undefined;
  history: XmpEvent[];
  derivedFrom: { documentID: string | null; instanceID: string | null } | null;
}

const MAX_PACKET = 2_000_000;

/** Finds the first XMP packet in a file's bytes (PDF metadata streams are usually uncompressed). */
export function findXmpPacket(text: string): string | null {
  const start = text.indexOf("<x:xmpmeta");
  const rdfStart = start >= 0 ? start : text.indexOf("<rdf:RDF");
  if (rdfStart < 0) return null;
  const endTag = start >= 0 ? "</x:xmpmeta>" : "</rdf:RDF>";
  const end = text.indexOf(endTag, rdfStart);
  if (end < 0 || end - rdfStart > MAX_PACKET) return null;
  return text.slice(rdfStart, end + endTag.length);
}

export function parseXmp(packet: string): Xmp {
  const xml = packet.slice(0, MAX_PACKET);
  const cache = new Map<string, string | undefined>();
  const get = (property: string) => {
    if (!cache.has(property)) cache.set(property, readProperty(xml, property));
    return cache.get(property);
  };
  const historyBlock = /<xmpMM:History\b[^>]*>([\s\S]*?)<\/xmpMM:History>/.exec(xml)?.[1] ?? "";
  const history = [...historyBlock.matchAll(/<rdf:li\b([^>]*?)(\/>|>([\s\S]*?)<\/rdf:li>)/g)].map((m) => {
    const item = `<x ${m[1]}>${m[3] ?? ""}</x>`;
    return {
      action: readProperty(item, "stEvt:action") ?? null,
      when: readProperty(item, "stEvt:when") ?? null,
      softwareAgent: readProperty(item, "stEvt:softwareAgent") ?? null,
      changed: readProperty(item, "stEvt:changed") ?? null,
    };
  });
  const derivedBlock = /<xmpMM:DerivedFrom\b([^>]*?)(\/>|>([\s\S]*?)<\/xmpMM:DerivedFrom>)/.exec(xml);
  const derivedFrom = derivedBlock
    ? (() => {
        const item = `<x ${derivedBlock[1]}>${derivedBlock[3] ?? ""}</x>`;
        return {
          documentID: readProperty(item, "stRef:documentID") ?? null,
          instanceID: readProperty(item, "stRef:instanceID") ?? null,
        };
      })()
    : null;
  return { get, history, derivedFrom };
}

function readProperty(xml: string, property: string): string | undefined {
  const name = property.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const attribute = new RegExp(`\\s${name}\\s*=\\s*("([^"]*)"|'([^']*)')`).exec(xml);
  if (attribute) return clean(attribute[2] ?? attribute[3]);
  const element = new RegExp(`<${name}(\\s[^>]*)?>([\\s\\S]*?)</${name}>`).exec(xml);
  if (!element) return undefined;
  // Language alternatives and sequences: take the first list item.
  const li = /<rdf:li\b[^>]*>([\s\S]*?)<\/rdf:li>/.exec(element[2]);
  return clean(li ? li[1] : element[2]);
}

function clean(value: string): string | undefined {
  const text = value
    .replace(/<[^>]*>/g, "")
    .replace(/&#x([0-9a-f]{1,6});/gi, (_m, h: string) => codePoint(parseInt(h, 16)))
    .replace(/&#(\d{1,7});/g, (_m, d: string) => codePoint(Number(d)))
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, "&")
    .trim();
  return text || undefined;
}

function codePoint(n: number): string {
  return n > 0 && n <= 0x10ffff ? String.fromCodePoint(n) : "";
}
