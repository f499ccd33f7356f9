export function TermsText() {
  return (
    <div className="space-y-3 text-sm text-slate-700">
      <p>
        Credence analyses the documents you upload to tell whether they are authentic. A verdict is evidence, not a
        legal determination: use it with the findings it shows and, where it matters, confirm with the issuer.
      </p>
      <p>
        Upload only documents you are entitled to process. Originals are stored encrypted and deleted after the
        retention period; you can delete a verification or your whole account at any time.
      </p>
      <p>
        Shared links and public profiles show results to anyone who has the link. Do not share what should stay private.
      </p>
    </div>
  );
}
