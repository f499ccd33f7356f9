/** A mistake in how the CLI was called: printed without a stack trace, exit code 2. */
export class CliError extends Error {}
