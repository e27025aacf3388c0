import type { WireMessage } from '@amicus/protocol';
import type { StorageKind } from '../contract';
import type { Session, SessionStore } from './relay-client';

// The visitor's token, conversation id and a transcript cache, kept in the court site's own storage:
// sessionStorage by default (gone when the tab closes: shared courthouse computers), localStorage only
// when the site opts in with `data-storage="local"`. Storage can throw (disabled, quota, private
// mode); the widget then simply does not remember.

const SESSION_KEY = 'amicus:session';
const CONVERSATION_KEY = 'amicus:conversation';

export interface SavedConversation {
  id: string;
  messages: WireMessage[];
}

export interface Persistence {
  session: SessionStore;
  loadConversation(): SavedConversation | null;
  saveConversation(conversation: SavedConversation | null): void;
}

function pick(kind: StorageKind): Storage | null {
  try {
    return kind === 'local' ? localStorage : sessionStorage;
  } catch {
    return null;
  }
}

export function createPersistence(kind: StorageKind, storage: Storage | null = pick(kind)): Persistence {
  const read = <T>(key: string): T | null => {
    try {
      const raw = storage?.getItem(key);
      return raw ? (JSON.parse(raw) as T) : null;
    } catch {
      return null;
    }
  };
  const write = (key: string, value: unknown): void => {
    try {
      if (value === null) storage?.removeItem(key);
      else storage?.setItem(key, JSON.stringify(value));
    } catch {
      // Full or unavailable storage: the conversation just will not follow the visitor.
    }
  };
  return {
    session: {
      load: () => {
        const s = read<Session>(SESSION_KEY);
        return s && typeof s.token === 'string' ? s : null;
      },
      save: (s) => write(SESSION_KEY, s),
    },
    loadConversation: () => {
      const c = read<SavedConversation>(CONVERSATION_KEY);
      return c && typeof c.id === 'string' && Array.isArray(c.messages) ? c : null;
    },
    saveConversation: (c) => write(CONVERSATION_KEY, c),
  };
}
