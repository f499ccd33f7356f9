import type { Metadata } from "next";
import type { ReactNode } from "react";
import "./globals.css";

export const metadata: Metadata = {
  title: { default: "Credence — document verification with evidence", template: "%s · Credence" },
  description:
    "Credence tells you whether a diploma, passport, certificate, payslip or bank statement is authentic, tampered, fabricated or not a credential at all, and shows the evidence.",
};

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body className="min-h-screen">{children}</body>
    </html>
  );
}
