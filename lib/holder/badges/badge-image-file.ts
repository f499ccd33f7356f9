// The badge PNG, rendered once and kept in storage (Badge.imageKey); renaming the credential
// clears the key (update-credential.ts), so the next request renders the new label. The ETag is
// the stored file's name, which changes with every render.
import type { Db } from "../../db";
import { deleteObject, getObject, putObject } from "../../storage";
import { badgeFacts } from "./badge-facts";
import { renderBadgeImage } from "./badge-image";
import type { PublicBadge } from "./find-public-badge";

export async function badgeImageFile(db: Db, found: PublicBadge): Promise<{ png: Buffer; etag: string }> {
  const key = found.badge.imageKey;
  if (key) {
    try {
      return { png: await getObject(key), etag: etagOf(key) };
    } catch (error) {
      // A lost file (restored database, wiped data directory) is rendered again.
      if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
    }
  }
  const png = await renderBadgeImage(badgeFacts(found));
  const fresh = `badges/${found.badge.id}_${Date.now().toString(36)}.png`;
  await putObject(fresh, png);
  // Only if nobody changed it meanwhile: a rename during the render must not be overwritten.
  const { count } = await db.badge.updateMany({
    where: { id: found.badge.id, imageKey: key },
    data: { imageKey: fresh },
  });
  // Renamed or erased meanwhile: the file is nobody's, so it does not stay (the answer is still this render).
  if (count === 0) await deleteObject(fresh);
  return { png, etag: etagOf(fresh) };
}

const etagOf = (key: string) => `"${key.slice(key.indexOf("/") + 1, key.lastIndexOf("."))}"`;
