// The Inngest client. Keys and the server address come from the environment the SDK reads
// (INNGEST_EVENT_KEY, INNGEST_SIGNING_KEY, INNGEST_BASE_URL, INNGEST_DEV), validated in lib/env.ts.
import { Inngest } from "inngest";

export const inngest = new Inngest({ id: "credence" });
