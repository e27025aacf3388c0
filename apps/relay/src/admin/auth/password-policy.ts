/**
 * The bar an operator-chosen ADMIN_PASSWORD must clear at start. Length does the work (NIST SP 800-63B
 * prefers it to composition rules); the variety checks only catch degenerate long ones, such as a
 * repeated pattern or a long number. A list of common passwords would also catch the few popular ones
 * of 12 characters or more (`password1234`); it is left out as data to source and keep, not code, and
 * the sign-in throttling bounds how many guesses anyone gets.
 */
export const MIN_ADMIN_PASSWORD_LENGTH = 12;
const MIN_DISTINCT_CHARACTERS = 6;

/** Why `password` is too weak, naming the variable and never echoing the value; null when it is fine. */
export function adminPasswordProblem(password: string, variable = 'ADMIN_PASSWORD'): string | null {
  const characters = [...password];
  if (characters.length < MIN_ADMIN_PASSWORD_LENGTH) {
    return `${variable} is too weak: use at least ${MIN_ADMIN_PASSWORD_LENGTH} characters (a few unrelated words work well), or unset it to have one generated.`;
  }
  if (/\p{Cc}/u.test(password)) {
    return `${variable} must not contain control characters (they cannot be typed on the sign-in page).`;
  }
  if (new Set(characters).size < MIN_DISTINCT_CHARACTERS || /^\d+$/.test(password)) {
    return `${variable} is too weak: it repeats too few characters or is only digits. Use at least ${MIN_DISTINCT_CHARACTERS} different characters, not only digits.`;
  }
  return null;
}
