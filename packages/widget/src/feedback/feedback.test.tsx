// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { click, renderPart, type } from '../panel/test-part';
import { json } from '../panel/test-relay';
import Feedback from './feedback';

const ok = () => new Response(null, { status: 204 });

afterEach(() => {
  document.body.innerHTML = '';
});

describe('Feedback', () => {
  it('rates an answer with named toggle buttons, then takes an optional labelled comment', async () => {
    const { $, $$, bodies, chat } = renderPart(
      Feedback,
      { id: 4 },
      { 'POST /api/feedback': ok },
      { index: 3 },
    );
    const group = $('[role="group"]')!;
    expect(group.getAttribute('aria-label')).toBe('Was this answer helpful?');
    const [up, down] = $$<HTMLButtonElement>('[role="group"] button');
    expect([up, down].map((b) => [b?.getAttribute('aria-label'), b?.getAttribute('aria-pressed')])).toEqual([
      ['Helpful', 'false'],
      ['Not helpful', 'false'],
    ]);
    expect($('textarea')).toBeNull();

    await click(down);
    await vi.waitFor(() => expect(chat.status.value).toBe('Thank you for your feedback.'));
    expect(down?.getAttribute('aria-pressed')).toBe('true');
    expect(up?.getAttribute('aria-pressed')).toBe('false');
    expect(bodies('/api/feedback')).toEqual([{ conversation_id: 'c1', message_index: 3, rating: 'down' }]);

    const comment = $<HTMLTextAreaElement>('textarea')!;
    expect($(`label[for="${comment.id}"]`)?.textContent).toBe('Tell us more (optional)');
    expect(comment.maxLength).toBe(500);
    chat.status.value = '';
    await type(comment, '  The fee page is out of date. ');
    $('form')!.dispatchEvent(new Event('submit', { cancelable: true }));
    await vi.waitFor(() => expect($('form')).toBeNull());
    expect(bodies('/api/feedback')[1]).toEqual({
      conversation_id: 'c1',
      message_index: 3,
      rating: 'down',
      comment: 'The fee page is out of date.',
    });
    expect(chat.status.value).toBe('Thank you for your feedback.');
  });

  it('keeps the earlier state and says so when the rating could not be sent', async () => {
    const { $, $$ } = renderPart(
      Feedback,
      { id: 5 },
      {
        'POST /api/feedback': () =>
          json(503, { error: { code: 'internal', message: 'x', retryable: true, retryAfter: null } }),
      },
    );
    const [up] = $$<HTMLButtonElement>('[role="group"] button');
    await click(up);
    await vi.waitFor(() => expect($('[role="alert"]')?.textContent).toContain('could not be sent'));
    expect(up?.getAttribute('aria-pressed')).toBe('false');
  });

  it('speaks Spanish in a Spanish widget', () => {
    const { $$ } = renderPart(Feedback, { id: 6 }, {}, { lang: 'es' });
    expect($$('[role="group"] button').map((b) => b.getAttribute('aria-label'))).toEqual([
      'Me sirvió',
      'No me sirvió',
    ]);
  });

  it('shows nothing for an answer the relay does not hold (no conversation yet)', () => {
    const { $ } = renderPart(Feedback, { id: 8 }, {}, { conversation: null });
    expect($('[role="group"]')).toBeNull();
  });
});
