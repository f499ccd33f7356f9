/** The submit button and error line shared by the console's create forms. */
export function FormSubmit({
  pending,
  label,
  pendingLabel,
  error,
}: {
  pending: boolean;
  label: string;
  pendingLabel: string;
  error?: string;
}) {
  return (
    <>
      <div className="flex items-end">
        <button
          type="submit"
          disabled={pending}
          className="rounded-lg bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700 disabled:opacity-60"
        >
          {pending ? pendingLabel : label}
        </button>
      </div>
      {error && (
        <p role="alert" className="text-sm text-rejected sm:col-span-2">
          {error}
        </p>
      )}
    </>
  );
}
