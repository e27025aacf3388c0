// The embedded default's agency and the demo hearings of the fictional "Superior Court of Example County"
// (the demo site, apps/demo-site). Data, not code: seed.ts applies it. Names, numbers and addresses are
// fictional; 555-01xx numbers and the .example domain are reserved for examples.

import type { FlowStep, FlowTemplates } from '../reminders/flow.js';

export const DEMO_AGENCY = {
  name: 'Superior Court of Example County',
  agency_reference: 'example-county-superior-court',
  timezone: 'America/Los_Angeles',
  phone: '+15550100100',
  email: 'reminders@court.example',
  default_judge: null as string | null,
};

export const DEMO_FLOW = {
  name: 'Hearing reminders',
  flow_reference: 'hearing-reminders',
  // eCourtDate-style cadence: a week before, two days before and the morning of the hearing, at hours when
  // a text is welcome (a step that would fall at or after the start is skipped).
  steps: [
    { step: '7_days_before', days_before: 7, at: '10:00' },
    { step: '2_days_before', days_before: 2, at: '10:00' },
    { step: 'same_day', days_before: 0, at: '07:00' },
  ] satisfies FlowStep[],
  templates: {
    en: {
      subject: 'Court date reminder: {date}',
      sms: '{court}: reminder of your {type} on {date} at {time}, {place}.{join} Missing court can lead to a warrant. Reply STOP to stop, HELP for help.',
      email:
        'This is a reminder from the {court}.\n\nYour {type} is on {date} at {time}.\nWhere: {place}{join}\n\nIf you cannot attend, contact the clerk before your court date. Missing court can lead to a warrant.\nTo stop these reminders, reply STOP.',
    },
    es: {
      subject: 'Recordatorio de su fecha en la corte: {date}',
      sms: '{court}: le recordamos su {type} el {date} a las {time}, {place}.{join} No presentarse puede resultar en una orden de arresto. Responda STOP para no recibir más, HELP para ayuda.',
      email:
        'Este es un recordatorio de {court}.\n\nSu {type} es el {date} a las {time}.\nLugar: {place}{join}\n\nSi no puede asistir, comuníquese con la secretaría antes de su fecha. No presentarse puede resultar en una orden de arresto.\nPara dejar de recibir recordatorios, responda STOP.',
    },
  } satisfies Record<string, FlowTemplates>,
};

export const DEMO_PORTAL = { name: 'Example County court dates', portal_reference: 'court-dates' };

export const DEMO_LOCATIONS = [
  {
    location_reference: 'HOJ',
    name: 'Hall of Justice',
    address: '100 Main Street, Exampleton, EX 10010',
  },
  {
    location_reference: 'NCB',
    name: 'North County Branch',
    address: '2500 Lake Avenue, Northfield, EX 10220',
  },
] as const;

export interface DemoHearing {
  case_number: string;
  event_reference: string;
  type: string;
  description: string;
  /** Days from the seeding day; moved to the next weekday, and forward again once it has passed. */
  days_ahead: number;
  time: string;
  location_reference: (typeof DEMO_LOCATIONS)[number]['location_reference'];
  location_notes: string;
  judge_name: string;
  virtual: 0 | 1;
  virtual_notes: string | null;
}

/** Who created the seeded events (`created_by`): the contract fills it for imports, not for API calls. */
export const DEMO_SEED_CREATOR = 'demo-seed@court.example';

export const DEMO_HEARINGS: readonly DemoHearing[] = [
  {
    case_number: 'EX-2026-TR-000123',
    event_reference: 'EX-2026-TR-000123-H1',
    type: 'Traffic arraignment',
    description: 'Arraignment on a traffic citation',
    days_ahead: 9,
    time: '08:30',
    location_reference: 'NCB',
    location_notes: 'Department 2, 1st floor. Check in at the traffic clerk window 15 minutes early.',
    judge_name: 'Commissioner Dana Whitfield',
    virtual: 0,
    virtual_notes: null,
  },
  {
    case_number: 'EX-2026-SC-000456',
    event_reference: 'EX-2026-SC-000456-H1',
    type: 'Small claims trial',
    description: 'Small claims trial',
    days_ahead: 16,
    time: '13:30',
    location_reference: 'NCB',
    location_notes: 'Department 4, 2nd floor. Bring three copies of your evidence and your witnesses.',
    judge_name: 'Judge Priya Raman',
    virtual: 0,
    virtual_notes: null,
  },
  {
    case_number: 'EX-2026-CR-000789',
    event_reference: 'EX-2026-CR-000789-H1',
    type: 'Pretrial conference',
    description: 'Misdemeanor pretrial conference (remote appearance)',
    days_ahead: 6,
    time: '10:00',
    location_reference: 'HOJ',
    location_notes: 'Department 12. You may also appear in person in Department 12.',
    judge_name: 'Judge Marcus Ellison',
    virtual: 1,
    virtual_notes:
      'Join by video at https://video.court.example/dept12 (meeting ID 555 010 0789) or by phone at (555) 010-0199. Join 10 minutes early and stay muted until your case is called.',
  },
  {
    case_number: 'EX-2026-CV-000234',
    event_reference: 'EX-2026-CV-000234-H1',
    type: 'Unlawful detainer trial',
    description: 'Unlawful detainer (eviction) court trial',
    days_ahead: 20,
    time: '09:00',
    location_reference: 'HOJ',
    location_notes: 'Department 7, 3rd floor.',
    judge_name: 'Judge Helen Okafor',
    virtual: 0,
    virtual_notes: null,
  },
  {
    case_number: 'EX-2026-TR-000567',
    event_reference: 'EX-2026-TR-000567-H1',
    type: 'Traffic trial',
    description: 'Court trial on a traffic citation',
    days_ahead: 27,
    time: '14:00',
    location_reference: 'NCB',
    location_notes: 'Department 2, 1st floor.',
    judge_name: 'Commissioner Dana Whitfield',
    virtual: 0,
    virtual_notes: null,
  },
  {
    // Confidential type: a relay must answer for it exactly as for an unknown case number.
    case_number: 'EX-2026-JV-000654',
    event_reference: 'EX-2026-JV-000654-H1',
    type: 'Juvenile',
    description: 'Juvenile dependency review hearing',
    days_ahead: 12,
    time: '09:30',
    location_reference: 'HOJ',
    location_notes: 'Department 21 (closed hearing).',
    judge_name: 'Judge Rosa Villanueva',
    virtual: 0,
    virtual_notes: null,
  },
  {
    // Confidential type as well.
    case_number: 'EX-2026-FL-000987',
    event_reference: 'EX-2026-FL-000987-H1',
    type: 'Family',
    description: 'Child custody hearing',
    days_ahead: 14,
    time: '11:00',
    location_reference: 'HOJ',
    location_notes: 'Department 8, Family Law wing.',
    judge_name: 'Judge Samuel Park',
    virtual: 0,
    virtual_notes: null,
  },
];
