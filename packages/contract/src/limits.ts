// The Chatbot API's numeric limits (shared/spec/chatbot-api.md, "Limits"). Callers check against these
// names so a form's help text, a proxy's early check and the server's own check cannot disagree.

/** JSON request body of every endpoint except file upload; over it is 413. */
export const MAX_JSON_BODY_BYTES = 5_242_880;
/** Multipart body of `POST /ingest/files`: 20 files of 25 MiB plus 1 MiB overhead. */
export const MAX_MULTIPART_BODY_BYTES = 525_336_576;
/** Each uploaded file (25 MiB). */
export const MAX_FILE_BYTES = 26_214_400;
/** Files per upload (at least one). */
export const MAX_FILES_PER_UPLOAD = 20;
/** An uploaded file's name, in UTF-8 bytes. */
export const MAX_FILENAME_BYTES = 255;
/** Messages per chat completion (at least one). */
export const MAX_MESSAGES_PER_COMPLETION = 200;
/** Characters per message or conversation content. */
export const MAX_MESSAGE_CHARS = 100_000;
/** Embedding inputs per request (at least one); each 1 to 100,000 characters. */
export const MAX_EMBEDDING_INPUTS = 96;
export const EMBEDDING_DIMENSIONS = 1024;
/** `GET /documents` page size: 1 to 1000, default 100. */
export const DOCUMENTS_PAGE = { min: 1, max: 1000, default: 100 } as const;
/** `max_completion_tokens` above this is clamped to it. */
export const MAX_COMPLETION_TOKENS = 8192;
/** Conversation metadata: keys, key length and value length. */
export const CONVERSATION_METADATA = { maxKeys: 16, maxKeyChars: 64, maxValueChars: 512 } as const;
/** The most recent messages of a conversation sent to the model. */
export const CONVERSATION_WINDOW = 40;
