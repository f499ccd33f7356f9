/** A CV that cannot be read: its message is shown to the holder as the upload's parse error. */
export class CvInputError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "CvInputError";
  }
}
