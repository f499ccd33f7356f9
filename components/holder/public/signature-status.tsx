import type { BadgeSignatureCheck } from "@/lib/holder/badges/verify-badge-signature";

/** The badge page's verdict on the VC-JWT: checked on the server against the published keys. */
export function SignatureStatus({ signature, jwksUrl }: { signature: BadgeSignatureCheck; jwksUrl: string }) {
  if (signature.valid)
    return (
      <p role="status" data-signature="valid" className="rounded-lg bg-green-50 px-4 py-3 text-sm text-verified">
        <strong className="font-semibold">Signature valid.</strong> This badge&apos;s Open Badges 3.0 credential is
        signed (EdDSA, key <code className="font-mono text-xs">{signature.kid}</code>) by a key published at{" "}
        <a href={jwksUrl} className="underline">
          {jwksUrl}
        </a>
        .
      </p>
    );
  return (
    <p role="alert" data-signature="invalid" className="rounded-lg bg-red-50 px-4 py-3 text-sm text-rejected">
      <strong className="font-semibold">Signature not valid.</strong> {signature.reason}
    </p>
  );
}
