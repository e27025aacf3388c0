import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ADA_SITE_DIR } from '../../test/fixtures/paths.js';
import { ParseError } from '../ingest/parsers/parse-error.js';
import { MAX_NESTING } from './html-document.js';
import { extractHtml } from './html-extract.js';

const page = `<!doctype html><html><head><title>Jury Duty | Example County Court</title>
<meta name="robots" content="nofollow"></head><body>
<header><nav><a href="/">Home</a><a href="/contact/">Contact us today</a></nav></header>
<main><h1>Jury Duty</h1><p>${'Jurors serve for one day or one trial. '.repeat(8)}</p>
<h2>Postponing your service</h2><p>You may postpone once, for up to six months, <a href="/forms/postpone.pdf">using this form</a>.</p>
<ul><li>Call 555-0100</li><li>Write to the jury office</li></ul></main>
<footer>Copyright Example County. Privacy policy. Accessibility.</footer><script>var x = 1;</script></body></html>`;

describe('extractHtml', () => {
  it('takes the title from <title> and keeps headings as the path of each block', () => {
    const doc = extractHtml(page);
    expect(doc.title).toBe('Jury Duty | Example County Court');
    const postpone = doc.blocks.find((b) => b.kind === 'text' && b.text.includes('postpone once'));
    expect(postpone?.headings).toEqual(['Jury Duty', 'Postponing your service']);
    expect(doc.blocks.some((b) => b.kind === 'text' && b.text === '- Call 555-0100')).toBe(true);
  });

  it('drops footnote references but keeps superscripts that are part of the text', () => {
    const doc = extractHtml(`<html><head><title>T</title></head><body><main><h1>T</h1>
<p>Employers may not use discriminatory tools.<sup><a href="#fn:2">2</a></sup> Even where an employer does not mean to, it may.<sup>[3]</sup></p>
<p>Each room is 20 m<sup>2</sup> and opens on the 1<sup>st</sup> floor.<sup>*</sup></p></main></body></html>`);
    const text = doc.blocks.map((b) => (b.kind === 'text' ? b.text : '')).join('\n');
    expect(text).toContain(
      'Employers may not use discriminatory tools. Even where an employer does not mean to, it may.',
    );
    expect(text).toContain('Each room is 20 m2 and opens on the 1st floor.');
    expect(text).not.toContain('*');
  });

  it('drops links back to the top of the page, and keeps links to a part of it', () => {
    const doc = extractHtml(`<html><head><title>FAQ</title></head><body><main><h1>FAQ</h1>
<h2>Who can ask?</h2><p>Anyone can ask for records. <a href="#">Volver al inicio</a></p>
<h2>What does it cost?</h2><p>Most requests are free. <a href="#TOP">Back to top</a></p>
<p>See <a href="#fees">the fees</a> below.</p></main></body></html>`);
    const text = doc.blocks.map((b) => (b.kind === 'text' ? b.text : '')).join('\n');
    expect(text).toContain('Anyone can ask for records.');
    expect(text).not.toMatch(/inicio|top/i);
    expect(text).toContain('See the fees below.');
  });

  it('drops a paragraph that is only a link to another page of the site, and keeps links that say what to do', () => {
    const doc = extractHtml(`<html><head><title>Backlog</title></head><body><main><h1>Backlog</h1>
<p>Requests pending beyond the time limit.</p>
<p><a href="/glossary/">Back to the glossary</a></p>
<p><a href="../topics/">See all topics</a>.</p>
<p><a href="https://www.transportation.gov/complaints">File with the Department of Transportation</a></p>
<p><a href="#appeal">How to appeal</a></p>
<p><a href="tel:+12025210700">(202) 521-0700</a></p>
<p>Read <a href="/guide/">the guide</a> first.</p></main></body></html>`);
    const text = doc.blocks.map((b) => (b.kind === 'text' ? b.text : '')).join('\n');
    expect(text).not.toContain('Back to the glossary');
    expect(text).not.toContain('See all topics');
    for (const kept of [
      'File with the Department',
      'How to appeal',
      '(202) 521-0700',
      'Read the guide first.',
    ])
      expect(text).toContain(kept);
    // The crawler still follows them.
    expect(doc.links).toContain('/glossary/');
  });

  it('drops the teasers of other pages of the site (a title link on a line of its own), and keeps links in sentences', () => {
    const doc =
      extractHtml(`<html><head><title>Military records</title></head><body><main><h1>Military records</h1>
<p>Sign in to request your records.</p>
<h2>Related pages</h2>
<ul><li><a href="/records/id-cards/">Get Veteran ID Cards</a><br>Find out which ID cards you may need.</li>
<li><a href="/letters/">Download your letters</a><p>Copies of your award letter.</p></li></ul>
<h2>Ways to pay</h2>
<ul><li><a href="/pay/">Pay online</a> with a card, any time.</li><li><a href="https://www.usa.gov/">USA.gov</a><br>Outside help.</li>
<li><a href="/forms/sf180.pdf">Form SF 180</a><br>Mail it to the records center.</li>
<li><a href="/forms/sf15.pdf">Form SF 15</a><p>Claim a veterans' preference.</p></li></ul>
</main></body></html>`);
    const text = doc.blocks.map((b) => (b.kind === 'text' ? b.text : '')).join('\n');
    for (const dropped of ['Veteran ID Cards', 'which ID cards', 'Download your letters', 'award letter'])
      expect(text).not.toContain(dropped);
    for (const kept of [
      'Sign in to request',
      'Pay online with a card, any time.',
      'USA.gov',
      'Outside help',
      'Form SF 180',
      "Claim a veterans' preference.",
    ])
      expect(text).toContain(kept);
    expect(doc.links).toEqual(expect.arrayContaining(['/records/id-cards/', '/letters/']));
  });

  it('reads text and inline markup between blocks as one paragraph, not a paragraph per piece', () => {
    const doc = extractHtml(`<html><head><title>Complaints</title></head><body><main><h1>File a complaint</h1>
<div>Mail the form, or a <a href="/letter/">letter</a> with the <strong>same information</strong>, to:<br>Civil Rights Division<br>950 Pennsylvania Avenue, NW<ul><li>Keep a copy.</li></ul>Allow <em>three</em> months.</div>
<ol><li>Find your number <b>on the top right</b>.<ul><li>Paper ticket: top right</li></ul></li></ol>
</main></body></html>`);
    const texts = doc.blocks.map((b) => (b.kind === 'text' ? b.text : ''));
    expect(texts).toEqual([
      'Mail the form, or a letter with the same information, to: Civil Rights Division 950 Pennsylvania Avenue, NW',
      '- Keep a copy.',
      'Allow three months.',
      '- Find your number on the top right.',
      '  - Paper ticket: top right',
    ]);
  });

  it('writes what a list item holds under its line, indented as Markdown nests', () => {
    const doc =
      extractHtml(`<html><head><title>Create an account</title></head><body><main><h1>Create an account</h1>
<p>Follow these steps:</p>
<ol><li>Enter your email address.<p>Choose one you can always reach.</p></li>
<li>Click <b>Submit</b>.</li>
<li>Create a password.<ul><li>Use at least:<ul><li>12 characters</li><li>A number</li></ul></li></ul></li>
<li>Set up a second layer of security.<p><strong>More secure:</strong></p><ul><li>Security key</li></ul></li>
<li><p>Sign in.</p></li></ol>
<p>You are done.</p>
</main></body></html>`);
    expect(doc.blocks.map((b) => (b.kind === 'text' ? b.text : ''))).toEqual([
      'Follow these steps:',
      '- Enter your email address.',
      '  Choose one you can always reach.',
      '- Click Submit.',
      '- Create a password.',
      '  - Use at least:',
      '    - 12 characters',
      '    - A number',
      '- Set up a second layer of security.',
      // Bold words inside an item open a paragraph of it, not a section of the page.
      '  More secure:',
      '  - Security key',
      '- Sign in.',
      'You are done.',
    ]);
    expect(new Set(doc.blocks.map((b) => b.headings.join(' > ')))).toEqual(new Set(['Create an account']));
  });

  it('reads list items that hold headings as sections, not as items (an FAQ laid out as a list)', () => {
    const doc = extractHtml(`<html><head><title>FAQ</title></head><body><main><h1>FAQ</h1>
<ul><li><h2>Is there a fee?</h2><div><p>No. There is no fee.</p></div></li>
<li><h2>How long does it take?</h2><div><p>About 20 days.</p><ul><li>Longer for complex requests.</li></ul></div></li></ul>
</main></body></html>`);
    expect(doc.blocks.map((b) => [b.headings.at(-1), b.kind === 'text' ? b.text : ''])).toEqual([
      ['Is there a fee?', 'No. There is no fee.'],
      ['How long does it take?', 'About 20 days.'],
      ['How long does it take?', '- Longer for complex requests.'],
    ]);
  });

  it('drops a table of contents (list items that only link to parts of the page), and keeps the parts and other in-page links', () => {
    const doc =
      extractHtml(`<html><head><title>Calendar call programs</title></head><body><main><h1>Calendar call programs</h1>
<h2>Requirements</h2>
<ul><li><a href="#PREAMBLE">Preamble</a></li><li><a href="#sec%201">Sec. 1. General requirements</a></li><li><a href="#gone">Fees</a></li><li><a href="#costs">Costs</a></li>
<li><a href="#PREAMBLE">Read the preamble</a> before you apply.</li></ul>
<h3 id="PREAMBLE">Preamble</h3><p>Volunteers give free help at calendar call.</p>
<h3 id="sec 1">Sec. 1. General requirements</h3><p>Each program names a coordinator.</p>
<h3><a name="costs"></a>Costs</h3><p>Programs charge nothing.</p>
</main></body></html>`);
    const items = doc.blocks
      .filter((b) => b.kind === 'text' && b.text.startsWith('- '))
      .map((b) => b.kind === 'text' && b.text);
    // A link to a part the page does not have ("#gone") is no contents entry; a link in a sentence stays.
    expect(items).toEqual(['- Fees', '- Read the preamble before you apply.']);
    const text = doc.blocks.map((b) => (b.kind === 'text' ? b.text : '')).join('\n');
    for (const kept of ['Volunteers give free help', 'Each program names a coordinator.'])
      expect(text).toContain(kept);
  });

  it('keeps a page that is only its table of contents', () => {
    const doc = extractHtml(`<html><head><title>Index</title></head><body><main><h1>Index</h1>
<ul><li><a href="#a">Alpha</a></li><li><a href="#b">Beta</a></li></ul><span id="a"></span><span id="b"></span></main></body></html>`);
    const text = doc.blocks.map((b) => (b.kind === 'text' ? b.text : '')).join('\n');
    expect(text).toContain('Alpha');
  });

  it('drops a list of links to other pages of the site, and keeps lists of forms, of outside links and of text', () => {
    const doc =
      extractHtml(`<html><head><title>Locked account</title></head><body><main><h1>Locked account</h1>
<p>Wait 10 minutes and try again.</p>
<h2>Related articles</h2>
<ul><li><a href="/help/change-password/">How do I change my password?</a></li><li><a href="../reset/">Reset your password</a></li></ul>
<h2>Forms</h2>
<ul><li><a href="/forms/postpone.pdf">Request to postpone jury service</a></li><li><a href="/forms/excuse.docx?v=2">Request to be excused</a></li></ul>
<h2>Elsewhere</h2>
<ul><li><a href="https://www.usa.gov/">USA.gov</a></li><li><a href="/fees/">Fees</a>: $75 to file.</li></ul>
</main></body></html>`);
    const text = doc.blocks.map((b) => (b.kind === 'text' ? b.text : '')).join('\n');
    expect(text).not.toContain('change my password');
    expect(text).not.toContain('Reset your password');
    for (const kept of [
      'Request to postpone jury service',
      'Request to be excused',
      'USA.gov',
      'Fees: $75 to file.',
    ])
      expect(text).toContain(kept);
    // The crawler still follows them.
    expect(doc.links).toEqual(expect.arrayContaining(['/help/change-password/', '../reset/']));
    // A page that is nothing but such a list (the court's judges, each linking to a biography) keeps it.
    const judges = extractHtml(`<html><head><title>Judges</title></head><body><main><h1>Judges</h1>
<ul><li><a href="/judges/1/">Maria Lopez</a></li><li><a href="/judges/2/">John Park</a></li></ul></main></body></html>`);
    expect(judges.blocks.map((b) => (b.kind === 'text' ? b.text : ''))).toEqual([
      '- Maria Lopez',
      '- John Park',
    ]);
  });

  it("keeps an accordion's questions with their answers, hidden panels included", () => {
    const intro = `<p>${'Verify your identity once to use every service. '.repeat(6)}</p>`;
    // USWDS and Bootstrap: the button is a heading's label.
    const headed = `<div class="usa-accordion">
<h3 class="usa-accordion__heading"><button type="button" class="usa-accordion__button" aria-expanded="false" aria-controls="a1">What ID can I use?</button></h3>
<div id="a1" class="usa-accordion__content" hidden><p>You can use a driver's license or a state ID card.</p></div>
<h3 class="usa-accordion__heading"><button type="button" aria-expanded="false" aria-controls="a2">Can I use a passport?</button></h3>
<div id="a2" hidden><p>Not yet: a passport cannot be used to verify your identity.</p></div></div>`;
    // A bare button: read like a <summary>, as the paragraph before its panel.
    const bare = `<div><button type="button" aria-expanded="false" aria-controls="b1">Can I use a passport?</button>
<div id="b1" hidden><p>Not yet: a passport cannot be used to verify your identity.</p></div></div>`;
    const page = (body: string, main: boolean) =>
      `<html><head><title>Help</title></head><body>${main ? '<main>' : '<div class="content">'}<h1>Help</h1><h2>Identity</h2>${intro}${body}<button>Search</button>${main ? '</main>' : '</div><footer>Privacy</footer>'}</body></html>`;
    const texts = (doc: ReturnType<typeof extractHtml>) =>
      doc.blocks.flatMap((b) => (b.kind === 'text' ? [{ text: b.text, heading: b.headings.at(-1) }] : []));
    for (const main of [true, false]) {
      const headedTexts = texts(extractHtml(page(headed, main)));
      expect(headedTexts.find((t) => t.text.includes("driver's license"))?.heading).toBe(
        'What ID can I use?',
      );
      expect(headedTexts.find((t) => t.text.includes('passport cannot'))?.heading).toBe(
        'Can I use a passport?',
      );
      const bareTexts = texts(extractHtml(page(bare, main))).map((t) => t.text);
      const question = bareTexts.indexOf('Can I use a passport?');
      expect(question).toBeGreaterThan(-1);
      expect(bareTexts[question + 1]).toContain('passport cannot');
      // A plain button (a form's "Search") is still not content.
      expect(bareTexts.some((t) => t.includes('Search'))).toBe(false);
    }
  });

  it('heads the content of a <details> element with its <summary>, and nothing after it', () => {
    const intro = `<p>${'Service animals are welcome in every courtroom and office. '.repeat(6)}</p>`;
    const faq = `<h2>General rules</h2>
<details><summary>Q7. What may staff ask?</summary><div><p>A. Staff may ask <b>two</b> questions.</p><ul><li>Is the dog required because of a disability?</li></ul></div></details>
<details><summary>Q8. Does the dog need a vest?</summary><p>A. No. A vest is not required.</p></details>
<details><p>A disclosure without a label.</p></details>
<p>After the questions.</p>`;
    for (const main of [true, false]) {
      const html = `<html><head><title>Service animals</title></head><body>${main ? '<main>' : '<div class="content">'}<h1>Service animals</h1>${intro}${faq}${main ? '</main>' : '</div><footer>Privacy</footer>'}</body></html>`;
      const blocks = extractHtml(html).blocks.flatMap((b) => (b.kind === 'text' ? [b] : []));
      const headingOf = (needle: string) => blocks.find((b) => b.text.includes(needle))?.headings;
      expect(headingOf('two questions')).toEqual([
        'Service animals',
        'General rules',
        'Q7. What may staff ask?',
      ]);
      expect(headingOf('because of a disability')).toEqual([
        'Service animals',
        'General rules',
        'Q7. What may staff ask?',
      ]);
      expect(headingOf('vest is not required')?.at(-1)).toBe('Q8. Does the dog need a vest?');
      // The label is a heading, not a paragraph of its section.
      expect(blocks.some((b) => b.text.includes('What may staff ask'))).toBe(false);
      expect(headingOf('without a label')).toEqual(['Service animals', 'General rules']);
      expect(headingOf('After the questions')).toEqual(['Service animals', 'General rules']);
    }
  });

  it('heads the descriptions of a definition list with their term, and nothing after the list', () => {
    const intro = `<p>${'These words are used on the forms of the court and in its letters. '.repeat(5)}</p>`;
    const glossary = `<h2>Common terms</h2>
<dl><dt>Arraignment</dt><dd>Your first court appearance, where the <b>charges</b> are read.</dd>
<div><dt>Bail</dt><dt>Bond</dt><dd><p>Money paid so you can leave jail before trial.</p><ul><li>Cash</li><li>Surety</li></ul></dd></div>
<dt>Continuance</dt><dd>A later date for a hearing.</dd><dd>Ask the clerk for one.</dd></dl>
<p>Ask the self-help center about any other word.</p>`;
    for (const main of [true, false]) {
      const html = `<html><head><title>Glossary</title></head><body>${main ? '<main>' : '<div class="content">'}<h1>Glossary</h1>${intro}${glossary}${main ? '</main>' : '</div><footer>Privacy</footer>'}</body></html>`;
      const blocks = extractHtml(html).blocks.flatMap((b) => (b.kind === 'text' ? [b] : []));
      const headingOf = (needle: string) => blocks.find((b) => b.text.includes(needle))?.headings;
      expect(headingOf('first court appearance')).toEqual(['Glossary', 'Common terms', 'Arraignment']);
      expect(headingOf('leave jail')).toEqual(['Glossary', 'Common terms', 'Bail, Bond']);
      expect(blocks.find((b) => b.text === '- Surety')?.headings.at(-1)).toBe('Bail, Bond');
      expect(headingOf('Ask the clerk')?.at(-1)).toBe('Continuance');
      // A term is a heading, not a paragraph of the section before it.
      expect(blocks.some((b) => b.text === 'Arraignment')).toBe(false);
      expect(headingOf('any other word')).toEqual(['Glossary', 'Common terms']);
    }
  });

  it('reads a definition list of short pairs as a list whose items keep their term', () => {
    const html = `<html><head><title>Contact</title></head><body><main><h1>Contact</h1>
<p>${'Court staff can answer questions about procedures, forms and dates. '.repeat(4)}</p>
<h2>By phone</h2><dl><dt>Traffic</dt><dd>(555) 010-0150</dd><dt>Jury services:</dt><dd>(555) 010-0170</dd></dl>
<p>Lines are open on weekdays.</p></main></body></html>`;
    const phone = extractHtml(html).blocks.flatMap((b) =>
      b.kind === 'text' && b.headings.at(-1) === 'By phone' ? [b.text] : [],
    );
    expect(phone).toEqual([
      '- Traffic: (555) 010-0150',
      '- Jury services: (555) 010-0170',
      'Lines are open on weekdays.',
    ]);
  });

  it('reads a short paragraph all in bold as a heading of what follows, one level below the last real heading', () => {
    const html = `<html><head><title>Appeals</title></head><body><main><h1>Appeals</h1>
<p>${'You can ask for a review of a decision in several ways. '.repeat(4)}</p>
<h2>How to apply</h2>
<p><strong>By mail</strong></p><p>Send the form to PO Box 4444.</p>
<p><b>In <em>person</em></b></p><p>Bring the form to the clerk's window.</p>
<p><strong>If I choose the small case procedure now, may I change it to the regular procedure later on?</strong></p>
<p>Yes, before the trial begins.</p>
<h2>Deadlines</h2><p>You have 1 year.</p></main></body></html>`;
    const blocks = extractHtml(html).blocks.flatMap((b) => (b.kind === 'text' ? [b] : []));
    const under = (text: string) => blocks.find((b) => b.text === text)?.headings;
    expect(under('Send the form to PO Box 4444.')).toEqual(['Appeals', 'How to apply', 'By mail']);
    // A bold heading after another is its sibling, not its child.
    expect(under("Bring the form to the clerk's window.")).toEqual(['Appeals', 'How to apply', 'In person']);
    expect(under('Yes, before the trial begins.')).toEqual([
      'Appeals',
      'How to apply',
      'If I choose the small case procedure now, may I change it to the regular procedure later on?',
    ]);
    // The next real heading ends it; the headings themselves are not paragraphs too.
    expect(under('You have 1 year.')).toEqual(['Appeals', 'Deadlines']);
    expect(blocks.some((b) => b.text === 'By mail' || b.text === 'In person')).toBe(false);
  });

  it('keeps bold text that is emphasis, a lead-in, a link or heads nothing as a paragraph', () => {
    const html = `<html><head><title>Fees</title></head><body><main><h1>Fees</h1>
<p>${'Filing a case costs money, but help is available. '.repeat(4)}</p>
<p><strong>All of these must be true:</strong></p><ul><li>You live in the county</li></ul>
<p><strong>Do not mail cash.</strong></p>
<p><strong>Note</strong> the fee is due when you file.</p>
<p><strong><a href="https://www.example.gov/fees.pdf">Fee schedule</a></strong></p>
<p><strong>${'Word '.repeat(14)}</strong></p>
<h2>Waivers</h2><p>Ask for a fee waiver.</p>
<p><strong>Offices are closed on holidays</strong></p></main></body></html>`;
    const blocks = extractHtml(html).blocks.flatMap((b) => (b.kind === 'text' ? [b] : []));
    const texts = blocks.map((b) => b.text);
    expect(texts).toEqual(
      expect.arrayContaining([
        'All of these must be true:',
        'Do not mail cash.',
        'Note the fee is due when you file.',
        'Fee schedule',
        'Word '.repeat(14).trim(),
        'Offices are closed on holidays',
      ]),
    );
    expect(blocks.every((b) => b.headings.length <= 2)).toBe(true);
    expect(blocks.find((b) => b.text === 'Offices are closed on holidays')?.headings).toEqual([
      'Fees',
      'Waivers',
    ]);
  });

  it('drops page chrome and scripts', () => {
    const text = extractHtml(page)
      .blocks.map((b) => (b.kind === 'text' ? b.text : ''))
      .join(' ');
    expect(text).not.toContain('Contact us today');
    expect(text).not.toContain('Privacy policy');
    expect(text).not.toContain('var x');
  });

  it('skips navigation and search made of plain elements inside the main content', () => {
    const html = `<!doctype html><html><head><title>Small claims</title></head><body><main>
      <div role="navigation" aria-label="Breadcrumb"><ol><li><a href="/">Home</a></li><li><a href="/civil/">Civil cases</a></li></ol></div>
      <h1>Small claims</h1>
      <div role="search"><label>Search this site <input name="q"></label></div>
      <p>You can sue for up to $12,500 in small claims court.</p>
      <section role="navigation"><h2>On this page</h2><ul><li><a href="#file">How to file</a></li></ul></section>
      <h2 id="file">How to file</h2><p>File the claim form at the clerk's office.</p>
    </main></body></html>`;
    const { blocks } = extractHtml(html);
    const texts = blocks.map((b) => (b.kind === 'text' ? b.text : ''));
    expect(texts).toEqual([
      'You can sue for up to $12,500 in small claims court.',
      "File the claim form at the clerk's office.",
    ]);
    expect(blocks.map((b) => b.headings.join(' > '))).toEqual(['Small claims', 'Small claims > How to file']);
  });

  it('lists links and meta robots for the crawler', () => {
    const doc = extractHtml(page);
    expect(doc.links).toContain('/forms/postpone.pdf');
    expect(doc.links).toContain('/contact/');
    expect(doc.robots).toEqual({ noindex: false, nofollow: true });
  });

  it('falls back to the h1 when there is no <title>', () => {
    expect(
      extractHtml('<html><body><main><h1>Small Claims</h1><p>Up to $12,500.</p></main></body></html>').title,
    ).toBe('Small Claims');
  });

  it('extracts the main content of a real government page', () => {
    const html = readFileSync(join(ADA_SITE_DIR, 'resources/service-animals-faqs/index.html'), 'utf8');
    const doc = extractHtml(html);
    expect(doc.title).toContain('Service Animals');
    const text = doc.blocks.map((b) => (b.kind === 'text' ? b.text : '')).join('\n');
    expect(text).toContain('a service animal is defined as a dog');
    expect(doc.blocks.some((b) => b.headings.includes('Definition of a Service Animal'))).toBe(true);
    // Each question of the FAQ (a <details> labelled by its <summary>) heads its own answer.
    expect(
      doc.blocks.find((b) => b.kind === 'text' && b.text.includes('defined as a dog'))?.headings.at(-1),
    ).toBe('Q1. What is a service animal?');
  });

  it('keeps words separated by <br> and block boundaries apart', () => {
    const doc = extractHtml(
      '<html><body><main><address>2500 Lake Avenue<br>Northfield</address><p>Open <b>8</b>-5</p></main></body></html>',
    );
    const text = doc.blocks.map((b) => (b.kind === 'text' ? b.text : '')).join('|');
    expect(text).toContain('2500 Lake Avenue Northfield');
    expect(text).toContain('Open 8-5');
  });

  it('uses Readability when the page does not mark its main content', () => {
    const para =
      'The self-help center assists people who do not have a lawyer with forms and procedures. '.repeat(6);
    const html = `<html><head><title>Self-help</title></head><body><div class="menu"><a href="/">Home</a> | <a href="/x">Menu item</a></div>
      <div class="content"><h2>Self-help center</h2><p>${para}</p><p>${para}</p></div>
      <div class="footer">Copyright Example County</div></body></html>`;
    const text = extractHtml(html)
      .blocks.map((b) => (b.kind === 'text' ? b.text : ''))
      .join(' ');
    expect(text).toContain('The self-help center assists people');
    expect(text).not.toContain('Menu item');
    expect(text).not.toContain('Copyright Example County');
  });
});

describe('extractHtml on a page nested too deep', () => {
  const nested = (depth: number) =>
    `<html><head><title>Deep</title></head><body><main><h1>Deep</h1>${'<div>'.repeat(depth)}The text.${'</div>'.repeat(depth)}</main></body></html>`;

  it('reads a page nested as deep as the limit allows', () => {
    // <html>, <body>, <main> and the divs: the text sits MAX_NESTING levels down.
    expect(extractHtml(nested(MAX_NESTING - 3)).blocks.map((b) => (b.kind === 'text' ? b.text : ''))).toEqual(
      ['The text.'],
    );
  });

  it('refuses a deeper one with a ParseError that says why, instead of exhausting the stack', () => {
    expect(() => extractHtml(nested(5_000))).toThrow(ParseError);
    expect(() => extractHtml(nested(MAX_NESTING))).toThrow(
      'The content could not be read: its elements are nested more than 1,000 levels deep.',
    );
  });
});

describe('extractHtml on a fragment', () => {
  it('reads text or elements without an <html> element as the body of a page', () => {
    expect(extractHtml('The clerk is open 8 to 4.').blocks).toEqual([
      { kind: 'text', headings: [], text: 'The clerk is open 8 to 4.' },
    ]);
    expect(extractHtml('<p>Fees</p><h2>Waivers</h2><p>Ask for a waiver.</p>').blocks).toEqual([
      { kind: 'text', headings: [], text: 'Fees' },
      { kind: 'text', headings: ['Waivers'], text: 'Ask for a waiver.' },
    ]);
    expect(extractHtml('<!-- nothing -->').blocks).toEqual([]);
  });
});
