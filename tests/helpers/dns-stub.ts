// A tiny authoritative DNS server on 127.0.0.1 (UDP, node:dgram) for tests: it answers A and AAAA
// questions from a table the test may change between requests (DNS rebinding), NXDOMAIN for any
// other name, and records every question. The product asks it through FETCH_DNS_SERVERS.
import { createSocket, type Socket } from "node:dgram";
import { isIPv4 } from "node:net";

const A = 1;
const AAAA = 28;

export interface DnsStub {
  /** "127.0.0.1:port", for FETCH_DNS_SERVERS. */
  server: string;
  /** name → its addresses (IPv4 and IPv6 mixed); change it at will. */
  records: Map<string, string[]>;
  /** Every question asked, as "name type". */
  questions: string[];
  close(): Promise<void>;
}

export async function startDnsStub(records: Record<string, string[]>): Promise<DnsStub> {
  const socket: Socket = createSocket("udp4");
  const stub: DnsStub = {
    server: "",
    records: new Map(Object.entries(records).map(([name, addresses]) => [name.toLowerCase(), addresses])),
    questions: [],
    close: () => new Promise((resolve) => socket.close(() => resolve())),
  };
  socket.on("message", (query, peer) => {
    const answer = respond(query, stub);
    if (answer) socket.send(answer, peer.port, peer.address);
  });
  await new Promise<void>((resolve) => socket.bind(0, "127.0.0.1", resolve));
  stub.server = `127.0.0.1:${socket.address().port}`;
  return stub;
}

function respond(query: Buffer, stub: DnsStub): Buffer | null {
  if (query.length < 12 || query.readUInt16BE(4) !== 1) return null;
  const labels: string[] = [];
  let at = 12;
  while (at < query.length && query[at] !== 0) {
    labels.push(query.toString("latin1", at + 1, at + 1 + query[at]));
    at += 1 + query[at];
  }
  const questionEnd = at + 5;
  if (questionEnd > query.length) return null;
  const type = query.readUInt16BE(at + 1);
  const name = labels.join(".").toLowerCase();
  stub.questions.push(`${name} ${type === A ? "A" : type === AAAA ? "AAAA" : type}`);
  const known = stub.records.get(name);
  const addresses = (known ?? []).filter((a) => (type === A ? isIPv4(a) : type === AAAA ? !isIPv4(a) : false));
  const header = Buffer.alloc(12);
  query.copy(header, 0, 0, 2); // the id
  header.writeUInt16BE(0x8400 | (query.readUInt16BE(2) & 0x0100) | (known ? 0 : 3), 2); // answer, authoritative, RD echoed; NXDOMAIN
  header.writeUInt16BE(1, 4);
  header.writeUInt16BE(addresses.length, 6);
  const answers = addresses.map((address) => {
    const data = type === A ? Buffer.from(address.split(".").map(Number)) : ipv6Bytes(address);
    const record = Buffer.alloc(12);
    record.writeUInt16BE(0xc00c, 0); // the question's name
    record.writeUInt16BE(type, 2);
    record.writeUInt16BE(1, 4); // IN
    record.writeUInt32BE(0, 6); // TTL 0: never cached, so a changed table answers at once
    record.writeUInt16BE(data.length, 10);
    return Buffer.concat([record, data]);
  });
  return Buffer.concat([header, query.subarray(12, questionEnd), ...answers]);
}

/** The 16 bytes of an IPv6 address (with "::" and a trailing dotted IPv4 part). */
function ipv6Bytes(address: string): Buffer {
  let text = address;
  const v4 = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (v4) {
    const [a, b, c, d] = v4[1].split(".").map(Number);
    text = text.slice(0, -v4[1].length) + `${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.split("::");
  const left = head ? head.split(":") : [];
  const right = tail !== undefined && tail !== "" ? tail.split(":") : [];
  const groups = tail === undefined ? left : [...left, ...Array(8 - left.length - right.length).fill("0"), ...right];
  const out = Buffer.alloc(16);
  groups.forEach((g, i) => out.writeUInt16BE(Number.parseInt(g, 16), i * 2));
  return out;
}
