/** Whose endpoints a caller may see: one account, in one mode (test and live never mix). */
export interface Owner {
  userId: string;
  livemode: boolean;
}
