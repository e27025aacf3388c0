import type { Migration } from './database.js';

/** Applied in order, each once; never edit an applied migration, add a new one. */
export const migrations: readonly Migration[] = [
  {
    name: '0001_initial',
    sql: `
CREATE TABLE agency (
  uuid TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  agency_reference TEXT NOT NULL,
  timezone TEXT NOT NULL,
  phone TEXT NOT NULL,
  email TEXT NOT NULL,
  active INTEGER NOT NULL DEFAULT 1,
  default_flow TEXT,
  default_location TEXT,
  default_portal TEXT,
  default_judge TEXT,
  default_message_delay INTEGER NOT NULL DEFAULT 0,
  send_immediately INTEGER NOT NULL DEFAULT 1
);
CREATE TABLE api_clients (
  client_id TEXT PRIMARY KEY,
  secret_hash TEXT NOT NULL,
  created_at TEXT NOT NULL,
  revoked_at TEXT
);
CREATE TABLE access_tokens (
  token_hash TEXT PRIMARY KEY,
  client_id TEXT NOT NULL REFERENCES api_clients(client_id),
  expires_at INTEGER NOT NULL
);
CREATE TABLE flows (
  uuid TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  flow_reference TEXT,
  steps TEXT NOT NULL
);
CREATE TABLE locations (
  uuid TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  location_reference TEXT,
  address TEXT
);
CREATE TABLE portals (
  uuid TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  portal_reference TEXT
);
CREATE TABLE clients (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  uuid TEXT NOT NULL UNIQUE,
  first_name TEXT,
  last_name TEXT,
  phone TEXT,
  email TEXT,
  client_reference TEXT UNIQUE,
  language TEXT,
  status TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE TABLE contacts (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  uuid TEXT NOT NULL UNIQUE,
  client TEXT NOT NULL REFERENCES clients(uuid),
  type TEXT NOT NULL,
  value TEXT NOT NULL,
  created_at TEXT NOT NULL
);
CREATE INDEX contacts_client ON contacts(client);
CREATE TABLE events (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  uuid TEXT NOT NULL UNIQUE,
  client TEXT REFERENCES clients(uuid),
  event_reference TEXT,
  date TEXT NOT NULL,
  time TEXT,
  end_date TEXT,
  end_time TEXT,
  type TEXT,
  status TEXT,
  appeared TEXT,
  case_number TEXT,
  location TEXT,
  location_notes TEXT,
  judge_name TEXT,
  flow TEXT,
  portal TEXT,
  virtual INTEGER NOT NULL DEFAULT 0,
  virtual_notes TEXT,
  description TEXT,
  notes TEXT,
  code TEXT,
  url TEXT NOT NULL UNIQUE,
  upload TEXT,
  created_by TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  archived_at TEXT,
  deleted_at TEXT
);
CREATE INDEX events_reference ON events(event_reference);
CREATE INDEX events_case_number ON events(case_number);
CREATE TABLE attachments (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  uuid TEXT NOT NULL UNIQUE,
  event TEXT NOT NULL REFERENCES events(uuid),
  client TEXT NOT NULL REFERENCES clients(uuid),
  created_at TEXT NOT NULL,
  UNIQUE (event, client)
);
CREATE TABLE messages (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  uuid TEXT NOT NULL UNIQUE,
  origin TEXT NOT NULL,
  channel TEXT NOT NULL,
  from_address TEXT NOT NULL,
  to_address TEXT NOT NULL,
  to_key TEXT NOT NULL,
  subject TEXT,
  content TEXT NOT NULL,
  last_status TEXT NOT NULL,
  sent INTEGER NOT NULL DEFAULT 0,
  mms INTEGER NOT NULL DEFAULT 0,
  scheduled_at INTEGER NOT NULL,
  sent_at TEXT,
  last_open TEXT,
  event TEXT,
  client TEXT,
  step TEXT,
  created_at TEXT NOT NULL
);
CREATE INDEX messages_due ON messages(last_status, scheduled_at);
CREATE INDEX messages_duplicate ON messages(to_key, scheduled_at);
CREATE INDEX messages_event ON messages(event, client);
`,
  },
];
