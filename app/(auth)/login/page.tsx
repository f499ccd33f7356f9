import type { Metadata } from "next";
import { LoginForm } from "@/components/auth/login-form";
import { safeCallbackPath } from "@/lib/auth/callback-url";

export const metadata: Metadata = { title: "Sign in" };

export default async function LoginPage({
  searchParams,
}: {
  searchParams: Promise<{ callbackUrl?: string; ref?: string }>;
}) {
  const { callbackUrl, ref } = await searchParams;
  return <LoginForm callbackUrl={safeCallbackPath(callbackUrl ?? "") ?? "/dashboard"} referralCode={ref ?? null} />;
}
