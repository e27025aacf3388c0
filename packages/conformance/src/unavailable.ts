/** Thrown by a fixture the current target cannot provide; tests turn it into a skip with the reason. */
export class Unavailable extends Error {
  override name = 'Unavailable';
}
