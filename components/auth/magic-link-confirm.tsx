"use client";

import { signIn } from "next-auth/react";
import { useState } from "react";
import { FormError, SubmitButton } from "./field";

// The link is spent only when the person presses the button: mail scanners that prefetch links
// must not use it up.
export function MagicLinkConfirm({ token, callbackUrl }: { token: string; callbackUrl: string }) {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  return (
    <form
      className="space-y-4"
      onSubmit={(e) => {
        e.preventDefault();
        setPending(true);
        void signIn("magic-link", { token, redirect: false }).then((result) => {
          if (result?.error) {
            setPending(false);
            setError("This sign-in link is invalid, expired or already used. Ask for a new one.");
          } else {
            window.location.assign(callbackUrl);
          }
        });
      }}
    >
      <FormError message={error} />
      <SubmitButton pending={pending}>Sign in to Credence</SubmitButton>
    </form>
  );
}
