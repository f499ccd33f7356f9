import { withApp } from "@/lib/api/app-api";
import { json } from "@/lib/http/response";
import { tosStatus } from "@/lib/users/terms";

export const dynamic = "force-dynamic";

export const GET = withApp({ access: "user" }, async ({ user }) => json(tosStatus(user)));
