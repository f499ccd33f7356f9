"use client";
// Redeem a coupon code (POST /coupons/redeem), then show what it gave and refresh the page's figures.
import { useRouter } from "next/navigation";
import { useState } from "react";
import { callApi } from "@/components/holder/call-api";

interface Redemption {
  code: string;
  credits_granted: number;
  percent_off: number | null;
}

export function RedeemCouponForm() {
  const router = useRouter();
  const [code, setCode] = useState("");
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setBusy(true);
    const res = await callApi<Redemption>("/coupons/redeem", { method: "POST", body: JSON.stringify({ code }) });
    setBusy(false);
    if (!res.ok || !res.data) return setMessage({ ok: false, text: res.error ?? "The code was refused." });
    const gave =
      res.data.percent_off !== null
        ? `${res.data.percent_off} % off your next subscription checkout`
        : `${res.data.credits_granted} credits added`;
    setMessage({ ok: true, text: `${res.data.code}: ${gave}.` });
    setCode("");
    router.refresh();
  };
  return (
    <form onSubmit={(e) => void submit(e)} className="flex flex-wrap items-end gap-3">
      <label className="flex flex-col gap-1 text-sm font-medium">
        Coupon code
        <input
          value={code}
          onChange={(e) => setCode(e.target.value)}
          required
          maxLength={40}
          autoComplete="off"
          className="rounded-lg border border-slate-300 px-3 py-2 font-mono uppercase"
        />
      </label>
      <button
        type="submit"
        disabled={busy || code.trim() === ""}
        className="rounded-lg border border-slate-300 px-4 py-2 text-sm font-semibold hover:border-slate-400 disabled:opacity-60"
      >
        Redeem
      </button>
      {message && (
        <p
          role={message.ok ? "status" : "alert"}
          className={`w-full text-sm ${message.ok ? "text-emerald-700" : "text-red-700"}`}
        >
          {message.text}
        </p>
      )}
    </form>
  );
}
