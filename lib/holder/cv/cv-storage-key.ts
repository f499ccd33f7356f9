/** Where a CV's encrypted bytes live in lib/storage. */
export const cvStorageKey = (userId: string, cvId: string) => `cvs/${userId}/${cvId}`;
