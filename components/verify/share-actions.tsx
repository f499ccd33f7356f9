"use client";

import { useState } from "react";

interface Links {
  verification_id: string;
  share_url: string;
  report_url: string;
  badged_document_url: string;
}

export function ShareActions({ v }: { v: Links }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    await navigator.clipboard.writeText(new URL(v.share_url, window.location.origin).toString());
    setCopied(true);
    setTimeout(() => setCopied(false), 2000);
  };
  return (
    <div className="mt-6 flex flex-wrap gap-3 text-sm">
      <a
        href={v.report_url}
        className="rounded-lg bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700"
        download
      >
        Download PDF report
      </a>
      <button
        type="button"
        onClick={() => void copy()}
        className="rounded-lg border border-slate-300 px-4 py-2 font-semibold hover:border-slate-400"
      >
        {copied ? "Link copied" : "Copy share link"}
      </button>
      <a
        href={v.share_url}
        className="rounded-lg border border-slate-300 px-4 py-2 font-semibold hover:border-slate-400"
      >
        Open share page
      </a>
      <a
        href={v.badged_document_url}
        className="rounded-lg border border-slate-300 px-4 py-2 font-semibold hover:border-slate-400"
      >
        Badged document
      </a>
    </div>
  );
}
