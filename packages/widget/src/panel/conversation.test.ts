import type { WireCitation } from '@amicus/protocol';
import { describe, expect, it } from 'vitest';
import { createConversation } from './conversation';
import { createPersistence, type SavedConversation } from './persistence';

class MemoryStorage {
  data = new Map<string, string>();
  getItem = (k: string) => this.data.get(k) ?? null;
  setItem = (k: string, v: string) => void this.data.set(k, v);
  removeItem = (k: string) => void this.data.delete(k);
}

const citation: WireCitation = {
  index: 1,
  title: 'Pay a traffic ticket',
  url: 'https://court.example/traffic',
  preview: 'You can pay online.',
  documentId: 'd1',
  chunkIndex: 0,
};

function setup(saved?: SavedConversation) {
  const persistence = createPersistence('session', new MemoryStorage() as unknown as Storage);
  if (saved) persistence.saveConversation(saved);
  return { conversation: createConversation(persistence), persistence };
}

describe('createConversation', () => {
  it('gives each new message an id of its own and updates and removes messages by id', () => {
    const { conversation } = setup();
    const a = conversation.create('user', 'q');
    const b = conversation.create('assistant', '', 'streaming');
    expect(a.id).not.toBe(b.id);
    conversation.add(a, b);
    conversation.update(b.id, { content: 'Pay online.', state: 'done' });
    expect(conversation.messages.value.map((m) => [m.role, m.content, m.state])).toEqual([
      ['user', 'q', 'done'],
      ['assistant', 'Pay online.', 'done'],
    ]);
    conversation.remove(a.id);
    expect(conversation.messages.value.map((m) => m.id)).toEqual([b.id]);
  });

  it('saves finished messages with their language, leaving out streaming ones and local cards', () => {
    const { conversation, persistence } = setup();
    conversation.id = 'c1';
    conversation.add(
      { ...conversation.create('user', '¿Cómo pago?'), lang: 'es' },
      { ...conversation.create('assistant', 'En línea.'), citations: [citation] },
      conversation.create('assistant', 'x', 'done', { kind: 'court_date' }),
      conversation.create('assistant', 'Part', 'streaming'),
    );
    conversation.persist();
    expect(persistence.loadConversation()).toEqual({
      id: 'c1',
      messages: [
        { role: 'user', content: '¿Cómo pago?', citations: [], lang: 'es' },
        { role: 'assistant', content: 'En línea.', citations: [citation] },
      ],
    });
  });

  it('forgets the saved conversation when it has no id', () => {
    const { conversation, persistence } = setup({ id: 'c1', messages: [] });
    conversation.reset();
    conversation.persist();
    expect(persistence.loadConversation()).toBeNull();
  });

  it('shows the saved transcript and returns its id', () => {
    const { conversation } = setup({
      id: 'c9',
      messages: [{ role: 'user', content: 'cached', citations: [] }],
    });
    expect(conversation.showSaved()).toBe('c9');
    expect(conversation.id).toBe('c9');
    expect(conversation.messages.value).toMatchObject([{ role: 'user', content: 'cached', state: 'done' }]);
    expect(setup().conversation.showSaved()).toBeNull();
  });

  it("keeps the messages the relay's copy has unchanged, so that they are not drawn again", () => {
    const question = { role: 'user' as const, content: 'q', citations: [] };
    const reply = { role: 'assistant' as const, content: 'Pay online.', citations: [citation] };
    const { conversation } = setup({ id: 'c9', messages: [question, reply] });
    conversation.showSaved();
    const shown = conversation.messages.value;

    conversation.reconcile([question, reply]);
    expect(conversation.messages.value).toBe(shown);

    conversation.reconcile([question, { ...reply, lang: 'en' }, { ...question, content: 'new' }]);
    const [same, changed, added] = conversation.messages.value;
    expect(same).toBe(shown[0]);
    expect(changed).toMatchObject({ content: 'Pay online.', lang: 'en' });
    expect(changed?.id).not.toBe(shown[1]?.id);
    expect(added?.content).toBe('new');
  });
});
