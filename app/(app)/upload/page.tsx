import type { Metadata } from "next";
import { UploadPanel } from "@/components/verify/upload-panel";

export const metadata: Metadata = { title: "Verify a document" };

export default function UploadPage() {
  return (
    <div className="mx-auto max-w-3xl">
      <h1 className="text-3xl font-bold tracking-tight">Verify a document</h1>
      <p className="mt-2 text-slate-600">
        Upload a diploma, transcript, certificate, ID card, passport, payslip or bank statement. The forensic checks run
        on this server and you can watch each stage as it happens.
      </p>
      <div className="mt-8">
        <UploadPanel />
      </div>
    </div>
  );
}
