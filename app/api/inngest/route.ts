// The Inngest server (Cloud, or a self-hosted `inngest start`) registers and runs our functions
// here. With the embedded engine selected there is nothing to serve: a plain 404 says so, rather
// than the SDK's complaint about missing keys.
import { serve } from "inngest/next";
import { inngest } from "@/lib/jobs/inngest-client";
import { functions } from "@/inngest/functions";
import { jobEngine } from "@/lib/jobs/engine";

export const runtime = "nodejs";

const handler = serve({ client: inngest, functions });

function whenInngest(method: (req: Request, ctx: unknown) => Promise<Response>) {
  return (req: Request, ctx: unknown): Promise<Response> => {
    if (jobEngine() !== "inngest") {
      return Promise.resolve(
        Response.json(
          {
            error: "Background jobs run on the embedded engine here (JOB_ENGINE=embedded); Inngest is not configured.",
          },
          { status: 404 },
        ),
      );
    }
    return method(req, ctx);
  };
}

type Method = (req: Request, ctx: unknown) => Promise<Response>;
export const GET = whenInngest(handler.GET as unknown as Method);
export const POST = whenInngest(handler.POST as unknown as Method);
export const PUT = whenInngest(handler.PUT as unknown as Method);
