import type { PublicLink } from "@/lib/holder/public/public-links";
import type { PublicProfile } from "@/lib/holder/public/public-profile";

const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]!.toUpperCase())
    .join("");

/** Avatar, name, headline, location, bio and links of /u/<slug>. */
export function PublicProfileHeader({ profile, links }: { profile: PublicProfile; links: PublicLink[] }) {
  return (
    <header className="flex flex-col gap-6 sm:flex-row sm:items-start">
      {profile.avatar_url ? (
        // eslint-disable-next-line @next/next/no-img-element -- a stored WebP served by our own route
        <img
          src={profile.avatar_url}
          alt={`${profile.display_name}'s avatar`}
          width={128}
          height={128}
          className="h-32 w-32 rounded-full border border-slate-200 object-cover"
        />
      ) : (
        <span
          aria-hidden
          className="grid h-32 w-32 place-items-center rounded-full bg-brand-100 text-3xl font-semibold text-brand-700"
        >
          {initials(profile.display_name)}
        </span>
      )}
      <div className="space-y-2">
        <h1 className="text-3xl font-bold tracking-tight">{profile.display_name}</h1>
        {profile.headline && <p className="text-lg text-slate-700">{profile.headline}</p>}
        {profile.location && <p className="text-sm text-slate-500">{profile.location}</p>}
        {profile.bio && <p className="max-w-3xl whitespace-pre-line text-slate-700">{profile.bio}</p>}
        {links.length > 0 && (
          <ul className="flex flex-wrap gap-3 pt-1 text-sm" aria-label="Links">
            {links.map((link) => (
              <li key={link.url}>
                <a href={link.url} rel="noopener noreferrer me" className="font-medium text-brand-600 underline">
                  {link.label}
                </a>
              </li>
            ))}
          </ul>
        )}
      </div>
    </header>
  );
}
