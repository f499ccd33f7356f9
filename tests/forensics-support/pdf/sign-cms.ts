// Test helper: a real CMS (PKCS #7) signature made with pkijs, by a signer whose certificate a test
// certificate authority issued, appended as a signing tool appends it (see sign.ts for the layout).
// Tests pass the authority's PEM as the trusted root, or leave it out to model an unknown signer.
import { webcrypto } from "node:crypto";
import * as asn1js from "asn1js";
import * as pkijs from "pkijs";
import { appendSignatureWith } from "./sign";
import { signWithWidget } from "./sign-widget";

const ALGORITHM = { name: "ECDSA", namedCurve: "P-256" } as const;

export interface Identity {
  certificate: pkijs.Certificate;
  privateKey: CryptoKey;
  /** The chain the signature carries after the signer's own certificate. */
  chain: pkijs.Certificate[];
  pem: string;
}

function name(commonName: string): pkijs.RelativeDistinguishedNames {
  return new pkijs.RelativeDistinguishedNames({
    typesAndValues: [
      new pkijs.AttributeTypeAndValue({ type: "2.5.4.3", value: new asn1js.Utf8String({ value: commonName }) }),
    ],
  });
}

async function certificate(
  subject: string,
  keys: CryptoKeyPair,
  issuer: { name: string; key: CryptoKey } | null,
  serial: number,
): Promise<pkijs.Certificate> {
  const cert = new pkijs.Certificate();
  cert.version = 2;
  cert.serialNumber = new asn1js.Integer({ value: serial });
  cert.subject = name(subject);
  cert.issuer = name(issuer?.name ?? subject);
  cert.notBefore.value = new Date("2024-01-01T00:00:00Z");
  cert.notAfter.value = new Date("2034-01-01T00:00:00Z");
  await cert.subjectPublicKeyInfo.importKey(keys.publicKey);
  await cert.sign(issuer?.key ?? keys.privateKey, "SHA-256");
  return cert;
}

const toPem = (cert: pkijs.Certificate) =>
  `-----BEGIN CERTIFICATE-----\n${Buffer.from(cert.toSchema().toBER(false))
    .toString("base64")
    .replace(/(.{64})/g, "$1\n")}\n-----END CERTIFICATE-----\n`;

/** A certificate authority and a signer it certified; `pem` is the authority's (the root to trust). */
export async function makeIdentity(signer = "Registrar, University of Example"): Promise<Identity> {
  const caKeys = await webcrypto.subtle.generateKey(ALGORITHM, true, ["sign", "verify"]);
  const keys = await webcrypto.subtle.generateKey(ALGORITHM, true, ["sign", "verify"]);
  const ca = await certificate("Example Trust Services Root", caKeys, null, 1);
  const cert = await certificate(signer, keys, { name: "Example Trust Services Root", key: caKeys.privateKey }, 2);
  return { certificate: cert, privateKey: keys.privateKey, chain: [ca], pem: toPem(ca) };
}

async function cmsSignature(data: Uint8Array, identity: Identity): Promise<Uint8Array> {
  const { certificate: cert } = identity;
  const digest = await webcrypto.subtle.digest("SHA-256", data);
  const signed = new pkijs.SignedData({
    version: 1,
    encapContentInfo: new pkijs.EncapsulatedContentInfo({ eContentType: "1.2.840.113549.1.7.1" }),
    signerInfos: [
      new pkijs.SignerInfo({
        version: 1,
        sid: new pkijs.IssuerAndSerialNumber({ issuer: cert.issuer, serialNumber: cert.serialNumber }),
        signedAttrs: new pkijs.SignedAndUnsignedAttributes({
          type: 0,
          attributes: [
            new pkijs.Attribute({
              type: "1.2.840.113549.1.9.3",
              values: [new asn1js.ObjectIdentifier({ value: "1.2.840.113549.1.7.1" })],
            }),
            new pkijs.Attribute({
              type: "1.2.840.113549.1.9.4",
              values: [new asn1js.OctetString({ valueHex: digest })],
            }),
          ],
        }),
      }),
    ],
    certificates: [cert, ...identity.chain],
  });
  await signed.sign(identity.privateKey, 0, "SHA-256");
  const info = new pkijs.ContentInfo({ contentType: "1.2.840.113549.1.7.2", content: signed.toSchema(true) });
  return new Uint8Array(info.toSchema().toBER(false));
}

/** Signs the whole file as a new revision with a real CMS signature. */
export function appendCmsSignature(original: Uint8Array, identity: Identity): Promise<Uint8Array> {
  return appendSignatureWith(original, (signedBytes) => cmsSignature(signedBytes, identity));
}

/** Signs the file as pdfsig does: one revision adds the signature field and the signature over it. */
export function signCmsWithWidget(original: Uint8Array, identity: Identity): Promise<Uint8Array> {
  return signWithWidget(original, (signedBytes) => cmsSignature(signedBytes, identity));
}
