import { withApp } from "@/lib/api/app-api";
import { json } from "@/lib/http/response";
import { verificationStats } from "@/lib/verifications/history";

export const dynamic = "force-dynamic";

export const GET = withApp({ access: "user" }, async ({ db, user }) => json(await verificationStats(db, user)));
