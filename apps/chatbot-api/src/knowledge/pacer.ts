/**
 * Cooperative scheduling for long jobs that share the API's event loop: parsing, chunking and
 * embedding a 25 MiB upload takes seconds of CPU, and while one synchronous step runs no request
 * is answered (finding F2). Loops ask `due()` at points where stopping is safe and
 * `await yield()` once the time budget is spent, so a request that arrives meanwhile waits about
 * one budget. The yield must be a macrotask (setImmediate): awaiting a resolved promise resumes
 * before any I/O callback, so it would let no request in.
 */
export class Pacer {
  private since: number;

  constructor(
    private readonly budgetMs = 10,
    private readonly clock: () => number = () => performance.now(),
  ) {
    this.since = clock();
  }

  /** The budget of this turn of the event loop is spent: yield before more work. */
  due(): boolean {
    return this.clock() - this.since >= this.budgetMs;
  }

  async yield(): Promise<void> {
    await new Promise<void>((resolve) => setImmediate(resolve));
    this.since = this.clock();
  }

  /** Yields only when due; for loops where one more check costs nothing worth saving. */
  async tick(): Promise<void> {
    if (this.due()) await this.yield();
  }
}
