import type { Metadata } from "next";
import { connection } from "next/server";
import type { ReactNode } from "react";
import "./globals.css";

export const metadata: Metadata = {
  title: { default: "Credence — document verification with evidence", template: "%s · Credence" },
  description:
    "Credence tells you whether a diploma, passport, certificate, payslip or bank statement is authentic, tampered, fabricated or not a credential at all, and shows the evidence.",
};

export default async function RootLayout({ children }: { children: ReactNode }) {
  // Rendered per request, never prerendered: each page's scripts carry that
  // request's CSP nonce (server/security-headers.ts).
  await connection();
  return (
    <html lang="en">
      <body className="min-h-screen">{children}</body>
    </html>
  );
}
