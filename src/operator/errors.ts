// An operator verb's failure that carries its exit code (operator.md §0: 1 failed, 2 usage / unreadable input).
export class OperatorError extends Error {
  readonly exitCode: number;
  constructor(message: string, exitCode = 1) {
    super(message);
    this.name = new.target.name;
    this.exitCode = exitCode;
  }
}
