import type { ReactNode } from "react";
import { AppHeader } from "@/components/app/app-header";
import { TosGate } from "@/components/app/tos-gate";
import { Providers } from "@/components/providers";

export default function AppLayout({ children }: { children: ReactNode }) {
  return (
    <Providers>
      <AppHeader />
      <main className="mx-auto max-w-6xl px-6 py-10">
        <TosGate>{children}</TosGate>
      </main>
    </Providers>
  );
}
