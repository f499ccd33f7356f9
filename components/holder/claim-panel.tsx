"use client";

import Link from "next/link";
import { useState } from "react";
import type { ClaimOffer } from "@/lib/holder/credentials/claim-offer";
import type { ApiCredential } from "@/lib/holder/credentials/serialize-credential";
import { callApi } from "./call-api";
import { Notice } from "./field";

const box = "space-y-3 rounded-2xl border border-slate-200 p-6";

/** On a verification's result page, for its owner: put the document on the holder profile. */
export function ClaimPanel({ verificationId, offer }: { verificationId: string; offer: ClaimOffer }) {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [claimed, setClaimed] = useState<ApiCredential | null>(null);

  async function claim() {
    setPending(true);
    setError(null);
    const result = await callApi<ApiCredential>(`/holder/claim/${verificationId}`, { method: "POST" });
    setPending(false);
    if (!result.ok) return setError(result.error ?? "The document was not added.");
    setClaimed(result.data!);
  }

  const manage = (
    <Link href="/holder?tab=credentials" className="font-semibold text-brand-600 underline">
      Manage your credentials
    </Link>
  );
  return (
    <section className={box} aria-label="Holder profile">
      <h2 className="text-lg font-semibold">Your holder profile</h2>
      {claimed ? (
        <>
          <Notice done={`Added to your profile as "${claimed.label}".`} />
          <p className="text-sm">
            {manage}
            {claimed.badge_url && (
              <>
                {" · "}
                <Link href={claimed.badge_url} className="font-semibold text-brand-600 underline">
                  Open its badge
                </Link>
              </>
            )}
          </p>
        </>
      ) : offer.state === "claimable" ? (
        <>
          <p className="text-sm text-slate-600">
            This document was found authentic. Add it to your profile to publish it with a signed badge anyone can
            check.
          </p>
          <Notice error={error} />
          <button
            type="button"
            onClick={() => void claim()}
            disabled={pending}
            className="rounded-lg bg-brand-600 px-4 py-2 text-sm font-medium text-white hover:bg-brand-700 disabled:opacity-60"
          >
            {pending ? "Adding…" : "Add to my profile"}
          </button>
        </>
      ) : offer.state === "claimed" ? (
        <p className="text-sm text-slate-600">This document is on your profile. {manage}</p>
      ) : offer.state === "no_profile" ? (
        <p className="text-sm text-slate-600">
          This document was found authentic and can go on your public profile.{" "}
          <Link href="/holder" className="font-semibold text-brand-600 underline">
            Create your holder profile
          </Link>{" "}
          first, then come back to add it.
        </p>
      ) : (
        <p className="text-sm text-slate-600">{offer.reason}</p>
      )}
    </section>
  );
}
