import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeaders } from '../test-support/http.js';
import { startTestChatbotApi, type TestChatbotApi } from '../testing.js';

// A small made-up agency site, written here so the behaviours below are shown on content no rule was
// written for: sections with lists, a fee table, an address, a Spanish page.
const PAGES: Record<string, string> = {
  'jury/index.html': `<html><head><title>Jury Service | Lakeview Court</title></head><body><main><h1>Jury Service</h1>
<p>Jury service is a civic duty. Most jurors serve one day.</p>
<h2>Pay</h2><p>Jurors are paid $20 per day from the second day of service.</p>
<h2>What to bring</h2><p>Please bring the following:</p>
<ul><li>Your summons letter</li><li>A photo ID</li><li>A book or something quiet to do</li></ul>
<h2>Postponing</h2><p>You can postpone your service once, for up to 90 days, online or by phone.</p>
</main></body></html>`,
  'fees/index.html': `<html><head><title>Fees | Lakeview Court</title></head><body><main><h1>Fees</h1>
<h2>Filing fees</h2><table><tr><th>Case</th><th>Fee</th></tr><tr><td>Small claims up to $2,500</td><td>$35</td></tr>
<tr><td>Small claims over $2,500</td><td>$60</td></tr></table>
<h2>Paying</h2><p>You can pay a traffic ticket online or at the cashier. Look for the [official payment portal](https://evil.example/pay) on your notice.</p>
</main></body></html>`,
  'small-claims/index.html': `<html><head><title>Small Claims | Lakeview Court</title></head><body><main><h1>Small Claims</h1>
<p>To sue someone in small claims, fill out the claim form and file it with the clerk. A hearing date is set when you file.</p>
</main></body></html>`,
  'visit/index.html': `<html><head><title>Visit Us | Lakeview Court</title></head><body><main><h1>Visit Us</h1>
<h2>Address</h2><p>Lakeview Courthouse</p><p>42 Harbor Road Lakeview, LV 20400</p>
<h2>Hours</h2><p>Open Monday to Friday, 8:00 a.m. to 4:30 p.m.</p>
</main></body></html>`,
  'complaints/index.html': `<html><head><title>Complaints | Lakeview Court</title></head><body><main><h1>Complaints</h1>
<h2>How to file a complaint</h2><p>There are two ways to file a complaint:</p>
<h3>Online</h3><p>Use the complaint form on this site.</p>
<h3>By mail</h3><p>Send a letter to PO Box 9, Lakeview.</p>
</main></body></html>`,
  'faq/index.html': `<html><head><title>Common Questions | Lakeview Court</title></head><body><main><h1>Common Questions</h1>
<p>Answers to the questions visitors ask most often about coming to the courthouse.</p>
<h2>Visiting</h2>
<details><summary>Can children come into the courtroom?</summary><p>No. Children under 12 must stay in the supervised waiting room on the first floor.</p></details>
<details><summary>Is there parking for visitors?</summary><p>Yes. Visitors park free in the Harbor Road garage for up to four hours.</p></details>
<details><summary>Are cell phones allowed?</summary><p>Yes, but they must be switched off in courtrooms.</p></details>
</main></body></html>`,
  'es/jurado/index.html': `<html lang="es"><head><title>Servicio de jurado | Tribunal de Lakeview</title></head><body><main><h1>Servicio de jurado</h1>
<h2>Pago</h2><p>A los jurados se les paga $20 por día a partir del segundo día de servicio.</p>
</main></body></html>`,
};

let api: TestChatbotApi;
let site: string;

beforeAll(async () => {
  site = mkdtempSync(join(tmpdir(), 'answers-site-'));
  for (const [path, html] of Object.entries(PAGES)) {
    mkdirSync(join(site, path, '..'), { recursive: true });
    writeFileSync(join(site, path), html);
  }
  api = await startTestChatbotApi({ seedDir: site, seedBaseUrl: 'https://lakeview.example' });
});
afterAll(async () => {
  await api.close();
  rmSync(site, { recursive: true, force: true });
});

interface Message {
  content: string;
  citations: { source_index: number; source_filename: string }[];
}

async function conversation(metadata: Record<string, string> = {}) {
  const res = await fetch(`${api.url}/conversations`, {
    method: 'POST',
    headers: authHeaders(api.chatKey),
    body: JSON.stringify({ metadata }),
  });
  const { id } = (await res.json()) as { id: string };
  return async (content: string): Promise<Message> => {
    const r = await fetch(`${api.url}/conversations/${id}/messages`, {
      method: 'POST',
      headers: authHeaders(api.chatKey),
      body: JSON.stringify({ content }),
    });
    expect(r.status).toBe(200);
    return ((await r.json()) as { message: Message }).message;
  };
}

const ask = async (q: string, metadata?: Record<string, string>) => (await conversation(metadata))(q);
const pages = (m: Message) => m.citations.map((c) => new URL(c.source_filename).pathname);

describe('extractive answers', () => {
  it('answers "what do I bring" with the section\'s list, kept a list, one marker at its end', async () => {
    const m = await ask('What should I bring for jury duty?');
    expect(pages(m)).toEqual(['/jury/']);
    expect(m.content).toContain(
      '- Your summons letter\n- A photo ID\n- A book or something quiet to do [Source 1]',
    );
    // Nothing from the page's other sections.
    expect(m.content).not.toContain('$20');
    expect(m.content.match(/\[Source 1\]/g)).toHaveLength(1);
  });

  it('follows a lead-in that ends its section with the sub-sections it introduces', async () => {
    const m = await ask('how do i file a complaint');
    expect(pages(m)).toEqual(['/complaints/']);
    expect(m.content).toContain('- Online: Use the complaint form on this site.');
    expect(m.content).toContain('- By mail: Send a letter to PO Box 9, Lakeview. [Source 1]');
  });

  it('leads with the amount for "how much", table rows keeping their column names', async () => {
    const m = await ask('how much does it cost to file in small claims');
    expect(pages(m)[0]).toBe('/fees/');
    expect(m.content).toMatch(/Small claims up to \$2,500: \$35/);
  });

  it('answers "where" with the address', async () => {
    const m = await ask('where is the courthouse?');
    expect(m.content).toContain('42 Harbor Road');
  });

  it('answers from the one disclosure of an FAQ page that asks the question', async () => {
    const m = await ask('can my kids come into the courtroom with me?');
    expect(pages(m)).toEqual(['/faq/']);
    // The disclosure's summary is the entry's question, a heading: the answer leads with its "No.",
    // not with the question read back as text.
    expect(m.content).toMatch(/^No\. Children under 12 must stay in the supervised waiting room/);
    // Not the page's other questions and answers.
    expect(m.content).not.toMatch(/park free|cell phones|switched off/i);
  });

  it("corrects a typo against the site's own words", async () => {
    const m = await ask('how do i pay my tiket');
    expect(pages(m)[0]).toBe('/fees/');
  });

  it('reads fullwidth letters and ligatures as the plain words they show', async () => {
    // As typed with an East Asian keyboard's fullwidth mode; "ﬁ" as pasted from a PDF.
    const m = await ask('ｗｈａｔ ｓｈｏｕｌｄ Ｉ ｂｒｉｎｇ ｆｏｒ ｊｕｒｙ ｄｕｔｙ？');
    expect(pages(m)).toEqual(['/jury/']);
    expect(m.content).toContain('- A photo ID');
    const fee = await ask('how much is the ﬁling fee for small claims');
    expect(pages(fee)[0]).toBe('/fees/');
    expect(fee.content).toMatch(/\$35/);
  });

  it('reads a short follow-up together with the previous question', async () => {
    const say = await conversation();
    await say('How do I sue someone in small claims?');
    const m = await say('How much is the fee for that?');
    expect(m.content).toContain('$35');
  });

  it('answers a Spanish question from the Spanish page when there is one', async () => {
    const m = await ask('¿Cuánto les pagan a los jurados?');
    expect(pages(m)[0]).toBe('/es/jurado/');
  });

  it("quotes a page's markdown link as text, never as a link", async () => {
    const m = await ask('can I pay a traffic ticket online?');
    expect(m.content).not.toMatch(/\]\(https:\/\/evil/);
  });

  it('declines what the site does not cover and names the contact the court configured', async () => {
    const m = await ask('how do I renew my passport', {
      help_contact: 'the Lakeview Clerk, (555) 010-2000',
      help_contact_es: 'la Secretaría de Lakeview, (555) 010-2000',
    });
    expect(m.citations).toEqual([]);
    expect(m.content).toContain('the Lakeview Clerk, (555) 010-2000');
    const es = await ask('¿cómo renuevo mi pasaporte?', { help_contact_es: 'la Secretaría de Lakeview' });
    expect(es.citations).toEqual([]);
    expect(es.content).toContain('la Secretaría de Lakeview');
  });

  it('answers about what the site covers when the visitor names a person it never mentions', async () => {
    const m = await ask('where can my grandmother park');
    expect(pages(m)[0]).toBe('/faq/');
    expect(m.content).toMatch(/Visitors park free/);
  });

  it("says kindly that nobody here gives legal advice, with the referral configured, in the question's language", async () => {
    const en = await ask('Should I plead guilty?', { legal_referral: 'the Lakeview Self-Help Center' });
    expect(en.content).toMatch(/can't give legal advice/);
    expect(en.content).toContain('the Lakeview Self-Help Center');
    const es = await ask('¿Debo declararme culpable?');
    expect(es.content).toMatch(/No puedo darle asesoramiento legal/);
  });

  it('answers each question of a message that asks several, under its question, sources numbered once', async () => {
    const m = await ask(
      'Where is the courthouse? What should I bring for jury duty? And how much are jurors paid?',
    );
    const parts = m.content.split('\n\n');
    expect(parts[0]).toBe('**Where is the courthouse?**');
    expect(m.content).toMatch(/42 Harbor Road[\s\S]*\[Source 1\]/);
    expect(m.content).toContain('**What should I bring for jury duty?**');
    expect(m.content).toContain('- A photo ID');
    expect(m.content).toContain('**And how much are jurors paid?**');
    expect(m.content).toContain('$20 per day');
    // The jury page answers two of them: one citation per page, one number.
    expect(pages(m)).toEqual(['/visit/', '/jury/']);
    expect(m.content).not.toMatch(/\[Source 3\]/);
    // In the order asked.
    expect(m.content.indexOf('Harbor Road')).toBeLessThan(m.content.indexOf('photo ID'));
    expect(m.content.indexOf('photo ID')).toBeLessThan(m.content.indexOf('$20'));
  });

  it('says which of several questions it found nothing for, and who can help, once', async () => {
    const m = await ask('Where is the courthouse? How do I renew my passport?', {
      help_contact: 'the Lakeview Clerk, (555) 010-2000',
    });
    expect(m.content).toContain('42 Harbor Road');
    expect(m.content).toMatch(/\*\*How do I renew my passport\?\*\*\n\nI couldn't find/);
    expect(m.content.match(/Lakeview Clerk/g)).toHaveLength(1);
    // Two questions asking for legal advice: the statement that nobody here gives it, and the
    // referral, are said once.
    const advice = await ask('Should I plead guilty? Will I win my case?', {
      legal_referral: 'the Lakeview Self-Help Center',
    });
    expect(advice.content.match(/can't give legal advice/g)).toHaveLength(1);
    expect(advice.content.match(/Lakeview Self-Help Center/g)).toHaveLength(1);
    // Every source listed is one the answer cites, numbered from 1 as they first appear.
    const cited = [...advice.content.matchAll(/\[Source (\d+)\]/g)].map((m) => Number(m[1]));
    expect(advice.citations.map((c) => c.source_index)).toEqual([...new Set(cited)].sort((a, b) => a - b));
    expect(cited[0] ?? 1).toBe(1);
    // One question with its context, and a closing remark, are one question.
    const one = await ask('My kids are with me today. Can they come into the courtroom? Thanks.');
    expect(one.content).not.toContain('**');
    expect(one.content).toContain('No. Children under 12');
  });

  it('lists the questions it found nothing for when the conversation asks (report_unanswered extension)', async () => {
    const twoQuestions = 'Where is the courthouse? How do I renew my passport?';
    const reported = (await ask(twoQuestions, { report_unanswered: 'true' })) as Message & {
      amicus_unanswered?: string[];
    };
    expect(reported.citations.length).toBeGreaterThan(0);
    expect(reported.amicus_unanswered).toEqual(['How do I renew my passport?']);
    // Every question answered: an empty list. One question found nothing: the answer cites nothing
    // and the list stays empty (the whole message is the declined question).
    const answered = await ask('Where is the courthouse? How much do jurors get paid?', {
      report_unanswered: 'true',
    });
    expect(answered).toMatchObject({ amicus_unanswered: [] });
    const declined = await ask('How do I renew my passport?', { report_unanswered: 'true' });
    expect(declined).toMatchObject({ citations: [], amicus_unanswered: [] });
    // Not asked for: the message has the contract's fields only.
    expect(Object.keys(await ask(twoQuestions)).sort()).toEqual(['citations', 'content', 'role']);
  });

  it('explains its answer to staff when asked (amicus_explain extension)', async () => {
    const res = await fetch(`${api.url}/chat/completions`, {
      method: 'POST',
      headers: authHeaders(api.chatKey),
      body: JSON.stringify({
        amicus_explain: true,
        messages: [{ role: 'user', content: 'how do i renew my passport' }],
      }),
    });
    const body = (await res.json()) as {
      amicus_explanation: { outcome: string; reason: string; concepts: { key: string; known: boolean }[] };
    };
    expect(body.amicus_explanation.outcome).toBe('not_found');
    expect(body.amicus_explanation.concepts).toContainEqual(
      expect.objectContaining({ key: 'passport', known: false }),
    );
    expect(body.amicus_explanation.reason).toMatch(/passport/);
    const plain = await fetch(`${api.url}/chat/completions`, {
      method: 'POST',
      headers: authHeaders(api.chatKey),
      body: JSON.stringify({ messages: [{ role: 'user', content: 'where is the courthouse' }] }),
    });
    expect(await plain.json()).not.toHaveProperty('amicus_explanation');
  });
});
