// DELETE /holder/social-links/{link_id}: the link goes, and so does the matching profile URL, so
// the public profile stops showing an address its owner removed.
import type { Db } from "../../db";
import { getSocialLinkOrThrow } from "./get-social-link-or-throw";
import { PROFILE_URL_FIELDS } from "./platforms";

export async function deleteSocialLink(db: Db, userId: string, linkId: string): Promise<void> {
  await db.$transaction(async (tx) => {
    const link = await getSocialLinkOrThrow(tx, userId, linkId);
    await tx.socialLink.delete({ where: { id: link.id } });
    const field = PROFILE_URL_FIELDS[link.platform as keyof typeof PROFILE_URL_FIELDS];
    if (field) await tx.holderProfile.updateMany({ where: { userId }, data: { [field]: null } });
  });
}
