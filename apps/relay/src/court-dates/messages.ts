import type { CourtLanguage } from '@amicus/protocol';

// Public text of the court-date routes, English and Spanish. `{court}`, `{code}` and `{minutes}` are
// filled in by `fill`. The consent text is only the first version: staff edit it on the admin page.

export const MESSAGES: Record<
  CourtLanguage,
  {
    notFound: string;
    found: string;
    codeSubject: string;
    subscribeCode: string;
    stopCode: string;
    consent: string;
  }
> = {
  en: {
    notFound:
      'We could not find a hearing for that case number. Check it against your court papers. New cases can take a few days to appear; if yours still does not, contact the clerk.',
    found: 'Please check these details against your court papers, and arrive early.',
    codeSubject: '{court}: your confirmation code',
    subscribeCode:
      '{court}: your code is {code}. Enter it to get court date reminders. It expires in {minutes} minutes. Not you? Ignore this message. Reply STOP to stop, HELP for help.',
    stopCode:
      '{court}: your code is {code}. Enter it to stop court date reminders. It expires in {minutes} minutes. Reply HELP for help.',
    consent:
      'By checking this box, you agree to receive automated reminders about this court date from {court}, by text message or e-mail as you choose: about 3 messages per hearing, plus a confirmation code. Message and data rates may apply. Reply STOP to stop and HELP for help. Consent is not required for anything else. We keep your phone number or e-mail encrypted and delete it after the hearing.',
  },
  es: {
    notFound:
      'No encontramos una audiencia con ese número de caso. Compárelo con sus documentos de la corte. Los casos nuevos pueden tardar unos días en aparecer; si el suyo sigue sin aparecer, comuníquese con la secretaría.',
    found: 'Compare estos datos con sus documentos de la corte y llegue temprano.',
    codeSubject: '{court}: su código de confirmación',
    subscribeCode:
      '{court}: su código es {code}. Ingréselo para recibir recordatorios de su fecha en la corte. Vence en {minutes} minutos. ¿No fue usted? Ignore este mensaje. Responda STOP para no recibir más, HELP para ayuda.',
    stopCode:
      '{court}: su código es {code}. Ingréselo para dejar de recibir recordatorios. Vence en {minutes} minutos. Responda HELP para ayuda.',
    consent:
      'Al marcar esta casilla, acepta recibir recordatorios automáticos de esta fecha en la corte de {court}, por mensaje de texto o correo electrónico según elija: unos 3 mensajes por audiencia, más un código de confirmación. Pueden aplicarse tarifas de mensajes y datos. Responda STOP para no recibir más y HELP para ayuda. Su consentimiento no es obligatorio para nada más. Guardamos su teléfono o correo cifrado y lo borramos después de la audiencia.',
  },
};

export function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);
}

export function courtLanguage(value: unknown): CourtLanguage | undefined {
  return value === 'en' || value === 'es' ? value : undefined;
}
