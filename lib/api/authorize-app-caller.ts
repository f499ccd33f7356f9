// The access step of the application wrapper: one rule per route (lib/openapi/contract.ts Access).
import { createHash, timingSafeEqual } from "node:crypto";
import type { User } from "../db";
import { loadEnv } from "../env";
import { ApiError } from "../http/errors";
import type { Access } from "../openapi/contract";

export function authorizeAppCaller(access: Access, user: User | null, req: Request): void {
  switch (access) {
    case "public":
    case "optional":
      return;
    case "admin-secret":
      return checkAdminSecret(req.headers.get("x-admin-secret"));
    case "user":
    case "admin":
    case "super_admin":
      if (!user)
        throw new ApiError(
          "authentication_required",
          "Sign in first: send 'Authorization: Bearer <JWT>' or a session cookie.",
        );
      if (access === "admin" && user.role === "user")
        throw new ApiError("forbidden", "This action needs an administrator.");
      if (access === "super_admin" && user.role !== "super_admin") {
        throw new ApiError("forbidden", "This action needs a super administrator.");
      }
  }
}

function checkAdminSecret(given: string | null): void {
  const expected = loadEnv().ADMIN_SECRET;
  if (!expected) throw new ApiError("forbidden", "The admin secret is not configured on this server (ADMIN_SECRET).");
  // Hash both sides so the comparison is constant-time whatever the lengths.
  const a = createHash("sha256")
    .update(given ?? "")
    .digest();
  const b = createHash("sha256").update(expected).digest();
  if (!given || !timingSafeEqual(a, b))
    throw new ApiError("forbidden", "The X-Admin-Secret header is missing or wrong.");
}
