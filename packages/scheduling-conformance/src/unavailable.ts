/** Thrown by a fixture the target cannot provide; the test is skipped with this message. */
export class Unavailable extends Error {
  override name = 'Unavailable';
}
