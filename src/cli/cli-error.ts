/** A failure the CLI reports in one line and exits non-zero for, without a stack trace. */
export class CliError extends Error {}
