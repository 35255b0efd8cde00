/** The output streams a CLI command writes to (injected so tests capture them). */
export interface CliIo {
  stdout(text: string): void;
  stderr(text: string): void;
}

/** The process's own streams. */
export const processIo: CliIo = {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
};

/** Exit statuses shared by every command (conformance README). */
export const EXIT_OK = 0;
export const EXIT_FAILED = 1;
export const EXIT_USAGE = 2;
/** `verify` and `claude-md --verify`: the two texts differ (scripts tell it from "could not run"). */
export const EXIT_DIFFERENT = 3;
