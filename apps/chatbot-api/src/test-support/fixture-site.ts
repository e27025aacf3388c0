import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// A three-page court site for tests of this package: small, so seeding stays fast and answers predictable.
const PAGES: Record<string, string> = {
  'traffic/index.html': `<html><head><title>Pay a Traffic Ticket</title></head><body><main><h1>Pay a Traffic Ticket</h1>
<p>You can pay a traffic ticket online, by mail, or in person at the Clerk's Office. The due date on your ticket is the last day to pay.</p>
<p>Payments by credit card have a convenience fee of $3.</p></main></body></html>`,
  'jury/index.html': `<html><head><title>Jury Duty</title></head><body><main><h1>Jury Duty</h1>
<p>If you received a jury summons, you must respond within 5 days. You may ask to be excused for an undue hardship, for example:</p>
<ul><li>you are the only caregiver for a young child;</li><li>serving would cause serious financial hardship;</li><li>a medical condition prevents you from serving.</li></ul>
</main></body></html>`,
  'es/multas/index.html': `<html lang="es"><head><title>Pagar una multa de tránsito</title></head><body><main><h1>Pagar una multa de tránsito</h1>
<p>Puede pagar su multa de tránsito por internet, por correo o en persona en la Secretaría del tribunal. La fecha límite aparece en su citación.</p>
</main></body></html>`,
};

/** Writes the fixture site into a fresh temporary directory and returns its path. */
export function writeFixtureSite(): string {
  const dir = mkdtempSync(join(tmpdir(), 'chatbot-api-site-'));
  for (const [path, html] of Object.entries(PAGES)) {
    const file = join(dir, path);
    mkdirSync(join(file, '..'), { recursive: true });
    writeFileSync(file, html);
  }
  return dir;
}
