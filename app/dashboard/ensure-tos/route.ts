import { withApp } from "@/lib/api/app-api";
import { json } from "@/lib/http/response";
import { acceptTos, tosStatus } from "@/lib/users/terms";

export const POST = withApp({ access: "user" }, async ({ db, user }) => {
  if (tosStatus(user).accepted) return json({ ...tosStatus(user), auto_accepted: false });
  return json({ ...tosStatus(await acceptTos(db, user)), auto_accepted: true });
});
