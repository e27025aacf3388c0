import type { WireTryExplanation, WireTryOutcome, WireTryResult } from '@amicus/protocol/admin';
import { useState } from 'preact/hooks';
import { tryQuestion } from '../api/answers-api.js';
import { describeError } from '../api/errors.js';
import { useServices } from '../app-context.js';
import { TableWrap } from './table-wrap.js';

const OUTCOMES: Record<WireTryOutcome, string> = {
  answered: 'Answered from the knowledge base',
  not_found: 'Declined: not found in the knowledge base',
  legal_advice: 'Legal advice asked: declined with the referral',
  small_talk: 'Small talk (greeting or thanks)',
  unknown: 'Unknown outcome',
};

const LANGUAGES: Record<string, string> = { en: 'English', es: 'Spanish' };

const percent = (n: number) => `${Math.round(n * 100)} %`;
const score = (n: number) => n.toFixed(3);
const list = (words: string[]) => (words.length > 0 ? words.join(', ') : '—');

/** A concept as staff read it: the words it stands for when known, else its key. */
const named = (e: WireTryExplanation) => (key: string) => e.concepts.find((c) => c.key === key)?.label ?? key;

function isWebUrl(s: string): boolean {
  return /^https?:\/\//i.test(s);
}

function Explanation({ e }: { e: WireTryExplanation }) {
  const name = named(e);
  return (
    <section aria-labelledby="try-why-h">
      <h3 id="try-why-h">Why</h3>
      <dl class="facts">
        <div class="fact-row">
          <dt>Outcome</dt>
          <dd>{OUTCOMES[e.outcome]}</dd>
        </div>
        <div class="fact-row">
          <dt>Reason</dt>
          <dd>{e.reason || '—'}</dd>
        </div>
        <div class="fact-row">
          <dt>Language detected</dt>
          <dd>{LANGUAGES[e.language] ?? (e.language || '—')}</dd>
        </div>
        <div class="fact-row">
          <dt>Intent detected</dt>
          <dd>{e.intents.length > 0 ? e.intents.join(', ') : 'None (a general question)'}</dd>
        </div>
        <div class="fact-row">
          <dt>Follow-up</dt>
          <dd>{e.follow_up ? 'Yes: read with the previous question' : 'No'}</dd>
        </div>
      </dl>
      <h4 id="try-passages-h">Passages retrieved</h4>
      {e.passages.length === 0 ? (
        <p>No passage matched the question.</p>
      ) : (
        <TableWrap label="Passages retrieved">
          <table aria-labelledby="try-passages-h">
            <thead>
              <tr>
                <th scope="col">Rank</th>
                <th scope="col">Page</th>
                <th scope="col">Section</th>
                <th scope="col">Score</th>
                <th scope="col">Coverage</th>
                <th scope="col">Words found</th>
                <th scope="col">Words missing</th>
              </tr>
            </thead>
            <tbody>
              {e.passages.map((p, i) => (
                <tr key={`${i}-${p.source}`}>
                  <td>{i + 1}</td>
                  <td>
                    {isWebUrl(p.source) ? (
                      <a href={p.source} target="_blank" rel="noopener noreferrer">
                        {p.title || p.source}
                      </a>
                    ) : (
                      p.title || p.source
                    )}
                  </td>
                  <td>
                    {p.headings.length > 0 ? p.headings.join(' › ') : '—'}
                    {p.sections.length > 0 && (
                      <details class="other-sections">
                        <summary>
                          {p.sections.length === 1
                            ? '1 other section'
                            : `${p.sections.length} other sections`}{' '}
                          of this page
                        </summary>
                        <ul>
                          {p.sections.map((x, j) => (
                            <li key={j}>
                              {x.headings.length > 0 ? x.headings.join(' › ') : 'Top of the page'}: score{' '}
                              {score(x.score)}, coverage {percent(x.coverage)}
                              {x.missing.length > 0 ? `, missing ${list(x.missing.map(name))}` : ''}
                            </li>
                          ))}
                        </ul>
                      </details>
                    )}
                  </td>
                  <td>{score(p.score)}</td>
                  <td>{percent(p.coverage)}</td>
                  <td>{list(p.matched.map(name))}</td>
                  <td>{list(p.missing.map(name))}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableWrap>
      )}
      <h4 id="try-concepts-h">Concepts of the question</h4>
      {e.concepts.length === 0 ? (
        <p>The question held no words to search for.</p>
      ) : (
        <TableWrap label="Concepts of the question">
          <table aria-labelledby="try-concepts-h">
            <thead>
              <tr>
                <th scope="col">Concept</th>
                <th scope="col">Weight</th>
                <th scope="col">In the knowledge base</th>
                <th scope="col">Spelling corrected to</th>
              </tr>
            </thead>
            <tbody>
              {e.concepts.map((c) => (
                <tr key={c.key}>
                  <td>{c.label ?? c.key}</td>
                  <td>{score(c.weight)}</td>
                  <td>{c.known ? 'Yes' : 'No'}</td>
                  <td>{c.corrected ?? '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableWrap>
      )}
    </section>
  );
}

/** Try-it's "why" form: one question to the live assistant, its answer and the reasons behind it. */
export function TryExplain() {
  const { api } = useServices();
  const [question, setQuestion] = useState('');
  const [result, setResult] = useState<WireTryResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function ask(e: Event) {
    e.preventDefault();
    if (question.trim() === '') {
      setError('Type a question first.');
      document.getElementById('try-question')?.focus();
      return;
    }
    setBusy(true);
    setError(null);
    try {
      setResult(await tryQuestion(api, question));
    } catch (err) {
      setResult(null);
      setError(describeError(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section aria-labelledby="try-explain-h">
      <h2 id="try-explain-h">See why it answers so</h2>
      <p>
        Ask one question here to see the answer with what led to it: the passages found and their scores, the
        intent detected, and why it declined. Use it to find which page to fix.
      </p>
      <form onSubmit={(e) => void ask(e)} noValidate>
        <div class="field">
          <label for="try-question">Question</label>
          <textarea
            id="try-question"
            rows={2}
            value={question}
            aria-invalid={error && question.trim() === '' ? 'true' : undefined}
            aria-describedby={error ? 'try-question-error' : undefined}
            onInput={(ev) => setQuestion(ev.currentTarget.value)}
          />
          {error ? (
            <p id="try-question-error" class="field-error" role="alert">
              <span aria-hidden="true">⚠ </span>
              {error}
            </p>
          ) : null}
        </div>
        <button type="submit" class="button primary" disabled={busy}>
          Explain the answer
        </button>
      </form>
      <p role="status" class="muted">
        {busy ? 'Asking…' : result ? 'Answer ready below.' : ''}
      </p>
      {result ? (
        <section aria-labelledby="try-answer-h" class="try-result">
          <h3 id="try-answer-h">Answer</h3>
          <p class="try-answer" lang={result.explanation?.language === 'es' ? 'es' : undefined}>
            {result.answer || '(empty answer)'}
          </p>
          {result.citations.length > 0 ? (
            <ol class="try-sources" aria-label="Sources cited">
              {result.citations.map((c) => (
                <li key={c.index} value={c.index}>
                  {c.url ? (
                    <a href={c.url} target="_blank" rel="noopener noreferrer">
                      {c.title}
                    </a>
                  ) : (
                    c.title
                  )}
                </li>
              ))}
            </ol>
          ) : null}
          {result.explanation ? (
            <Explanation e={result.explanation} />
          ) : (
            <p class="notice">
              No explanation: it is only available when the relay uses the embedded chatbot-api, not the
              provider's service.
            </p>
          )}
        </section>
      ) : null}
    </section>
  );
}
