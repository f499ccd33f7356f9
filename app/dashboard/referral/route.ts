import { withApp } from "@/lib/api/app-api";
import { json } from "@/lib/http/response";
import { referralOverview } from "@/lib/users/referral";

export const dynamic = "force-dynamic";

export const GET = withApp({ access: "user" }, async ({ db, user }) => json(await referralOverview(db, user)));
