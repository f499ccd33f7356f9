export function CardGrid({ items, columns }: { items: readonly (readonly [string, string])[]; columns: string }) {
  return (
    <div className={`mt-8 grid gap-6 ${columns}`}>
      {items.map(([title, text]) => (
        <div key={title} className="rounded-xl border border-slate-200 p-5">
          <h3 className="font-semibold">{title}</h3>
          <p className="mt-2 text-sm text-slate-600">{text}</p>
        </div>
      ))}
    </div>
  );
}
