"use client";
// An administrator creates a coupon (POST /dashboard/admin/create-coupon): credits or a percent
// discount; the code is generated when left empty.
import { useRouter } from "next/navigation";
import { useState } from "react";
import { callApi } from "@/components/holder/call-api";

export function CreateCouponForm() {
  const router = useRouter();
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const submit = async (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const value = (name: string) => String(form.get(name) ?? "").trim();
    const grant = value("grant");
    const amount = Number(value("amount"));
    const body = {
      ...(value("code") && { code: value("code") }),
      kind: value("kind"),
      ...(grant === "percent" ? { percent_off: amount } : { bonus_verifications: amount }),
      ...(value("kind") === "multi_use" && value("max") && { max_redemptions: Number(value("max")) }),
      ...(value("expires") && { expires_at: new Date(value("expires")).toISOString() }),
    };
    const res = await callApi<{ code: string }>("/dashboard/admin/create-coupon", {
      method: "POST",
      body: JSON.stringify(body),
    });
    setMessage(
      res.ok && res.data
        ? { ok: true, text: `Created ${res.data.code}.` }
        : { ok: false, text: res.error ?? "Refused." },
    );
    if (res.ok) router.refresh();
  };
  const field = "rounded-lg border border-slate-300 px-3 py-2";
  return (
    <form onSubmit={(e) => void submit(e)} className="grid gap-3 sm:grid-cols-3">
      <label className="flex flex-col gap-1 text-sm font-medium">
        Code (empty: generated)
        <input name="code" maxLength={40} className={`${field} font-mono uppercase`} />
      </label>
      <label className="flex flex-col gap-1 text-sm font-medium">
        Kind
        <select name="kind" className={field} defaultValue="single_use">
          <option value="single_use">Single use</option>
          <option value="multi_use">Multi use</option>
        </select>
      </label>
      <label className="flex flex-col gap-1 text-sm font-medium">
        Gives
        <select name="grant" className={field} defaultValue="credits">
          <option value="credits">Credits</option>
          <option value="percent">Percent off the next checkout</option>
        </select>
      </label>
      <label className="flex flex-col gap-1 text-sm font-medium">
        Amount
        <input name="amount" type="number" min={1} required className={field} />
      </label>
      <label className="flex flex-col gap-1 text-sm font-medium">
        Max redemptions (multi use)
        <input name="max" type="number" min={1} className={field} />
      </label>
      <label className="flex flex-col gap-1 text-sm font-medium">
        Expires
        <input name="expires" type="date" className={field} />
      </label>
      <div className="sm:col-span-3">
        <button
          type="submit"
          className="rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700"
        >
          Create coupon
        </button>
        {message && (
          <p
            role={message.ok ? "status" : "alert"}
            className={`mt-2 text-sm ${message.ok ? "text-emerald-700" : "text-red-700"}`}
          >
            {message.text}
          </p>
        )}
      </div>
    </form>
  );
}
