/**
 * Time to first token of the chatbot-api's extractive answers: seeds a fresh chatbot-api with the
 * ADA.gov fixture site, then streams answers to a mix of questions one at a time and times the
 * first frame carrying text. Prints figures; asserts nothing.
 *
 *   pnpm --filter @amicus/bench chatbot-ttft
 */
import { ADA_SITE_DIR } from '@amicus/chatbot-api/fixtures';
import { startTestChatbotApi } from '@amicus/chatbot-api/testing';

const QUESTIONS = [
  'how do i file an ada complaint',
  'does a service dog have to wear a vest',
  'how wide does an accessible parking space need to be',
  'what is the ada information line number',
  '¿cómo presento una queja?',
  'how do i renew my passport',
];
const ROUNDS = 20;

const api = await startTestChatbotApi({ seedDir: ADA_SITE_DIR, seedBaseUrl: 'https://site.example' });
const headers = { Authorization: `Bearer ${api.chatKey}`, 'Content-Type': 'application/json' };
const times: number[] = [];
try {
  for (let i = 0; i < ROUNDS * QUESTIONS.length; i++) {
    const started = performance.now();
    const res = await fetch(`${api.url}/chat/completions`, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        stream: true,
        messages: [{ role: 'user', content: QUESTIONS[i % QUESTIONS.length] }],
      }),
    });
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let text = '';
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      text += decoder.decode(value, { stream: true });
      if (/"content":"[^"]/.test(text)) {
        // The first ROUND warms caches (statements, document frequencies); it is not counted.
        if (i >= QUESTIONS.length) times.push(performance.now() - started);
        break;
      }
    }
    await reader.cancel();
  }
} finally {
  await api.close();
}
times.sort((a, b) => a - b);
const at = (p: number) => times[Math.min(times.length - 1, Math.floor((p / 100) * times.length))]!;
console.log(
  `chatbot-api first token  answers=${times.length}  p50=${at(50).toFixed(1)}ms  p95=${at(95).toFixed(1)}ms  max=${at(100).toFixed(1)}ms`,
);
