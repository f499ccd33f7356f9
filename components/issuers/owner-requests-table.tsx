import Link from "next/link";
import { RequestStatusBadge } from "./request-status-badge";

export interface OwnerRequestRow {
  request_id: string;
  verification_id: string;
  institution_name: string;
  institution_email: string;
  status: string;
  email_status: string;
  email_error: string | null;
  responder_name: string | null;
  response_comment: string | null;
  answered_by_verified_institution: string | null;
  created_at: string;
  expires_at: string;
  responded_at: string | null;
  file_name?: string | null;
  requester_email?: string;
}

const day = (iso: string | null) => (iso ? iso.slice(0, 10) : "—");

/** Confirmation requests as a table: the owner's (one verification or all) and the admin tracker's. */
export function OwnerRequestsTable({
  rows,
  showDocument = false,
}: {
  rows: OwnerRequestRow[];
  showDocument?: boolean;
}) {
  return (
    <div className="overflow-x-auto rounded-xl border border-slate-200">
      <table className="w-full text-left text-sm">
        <thead className="bg-slate-50 text-xs uppercase tracking-wide text-slate-500">
          <tr>
            {showDocument && <th className="px-4 py-3">Document</th>}
            <th className="px-4 py-3">Institution</th>
            <th className="px-4 py-3">Status</th>
            <th className="px-4 py-3">E-mail</th>
            <th className="px-4 py-3">Sent</th>
            <th className="px-4 py-3">Answer</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.map((r) => (
            <tr key={r.request_id} data-request-id={r.request_id}>
              {showDocument && (
                <td className="px-4 py-3">
                  <Link
                    href={`/verifications/${r.verification_id}`}
                    className="font-medium text-brand-700 hover:underline"
                  >
                    {r.file_name ?? r.verification_id}
                  </Link>
                  {r.requester_email && <div className="text-xs text-slate-500">{r.requester_email}</div>}
                </td>
              )}
              <td className="px-4 py-3">
                <div className="font-medium">{r.institution_name}</div>
                <div className="text-xs text-slate-500">{r.institution_email}</div>
              </td>
              <td className="px-4 py-3">
                <RequestStatusBadge status={r.status} />
              </td>
              <td className="px-4 py-3">
                <RequestStatusBadge status={r.email_status} />
                {r.email_error && <div className="mt-1 max-w-xs text-xs text-slate-500">{r.email_error}</div>}
              </td>
              <td className="px-4 py-3 text-slate-500">
                {day(r.created_at)}
                {r.status === "pending" && <div className="text-xs">until {day(r.expires_at)}</div>}
              </td>
              <td className="px-4 py-3 text-slate-600">
                {r.responded_at ? (
                  <>
                    {day(r.responded_at)}
                    {r.status === "confirmed" && !r.answered_by_verified_institution && (
                      <div className="text-xs text-suspect">unverified domain</div>
                    )}
                    {r.responder_name && <div className="text-xs">{r.responder_name}</div>}
                    {r.response_comment && <div className="max-w-xs text-xs italic">“{r.response_comment}”</div>}
                  </>
                ) : (
                  "—"
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
