// Where avatars live: storage key avatars/<32 random hex>.webp, served at
// /holder/profile/avatar/<file>. The name is random so it can be cached forever and guessed never.
import { randomBytes } from "node:crypto";

const PREFIX = "avatars/";
const FILE_NAME = /^[0-9a-f]{32}\.webp$/;

export const newAvatarKey = () => `${PREFIX}${randomBytes(16).toString("hex")}.webp`;

/** The storage key of a served file name, or null when the name cannot be an avatar's. */
export const avatarKeyOf = (fileName: string): string | null =>
  FILE_NAME.test(fileName) ? `${PREFIX}${fileName}` : null;

export const avatarUrl = (key: string) => `/holder/profile/avatar/${key.slice(PREFIX.length)}`;
