import { withApp } from "@/lib/api/app-api";
import { collectUserData } from "@/lib/gdpr/collect-user-data";
import { exportQuerySchema, userDataSchema } from "@/lib/gdpr/gdpr-schema";
import { userDataCsv } from "@/lib/gdpr/user-data-csv";
import { binaryResponse, disposition } from "@/lib/images/binary-response";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const GET = withApp(
  {
    operationId: "exportMyData",
    summary: "Download everything stored about the signed-in account",
    description:
      "The document of GET /gdpr/my-data as an attachment: JSON, or CSV (RFC 4180, UTF-8 with a byte-order mark, one " +
      "row per value: section, record, field, value; cells a spreadsheet would run as formulas start with an apostrophe).",
    tag: "gdpr",
    access: "user",
    query: exportQuerySchema,
    responses: {
      200: {
        description: "The export as an attachment: JSON (UserData) or CSV.",
        schema: userDataSchema,
        contentType: "text/csv",
      },
    },
  },
  async ({ db, user, query }) => {
    const data = await collectUserData(db, user.id);
    const day = data.generated_at.slice(0, 10);
    const [body, type] =
      query.format === "csv"
        ? [userDataCsv(data), "text/csv; charset=utf-8"]
        : [JSON.stringify(data, null, 2), "application/json; charset=utf-8"];
    return binaryResponse(new TextEncoder().encode(body), type, {
      "content-disposition": disposition("attachment", `credence-my-data-${day}.${query.format}`),
      "cache-control": "no-store",
    });
  },
);
