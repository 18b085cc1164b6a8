// An operator verb's failure that carries its exit code (operator.md §0: 1 failed, 2 usage / unreadable input).
export class OperatorError extends Error {
  readonly exitCode: number;
  /** The status word a JSON report carries for this failure (e.g. `In use`), when it is not the default. */
  readonly status: string | undefined;
  constructor(message: string, exitCode = 1, status?: string) {
    super(message);
    this.name = new.target.name;
    this.exitCode = exitCode;
    this.status = status;
  }
}
