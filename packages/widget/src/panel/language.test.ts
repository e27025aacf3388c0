import { describe, expect, it } from 'vitest';
import { detectLang } from './language';

describe('detectLang', () => {
  it.each([
    ['How do I pay a traffic ticket?', 'en'],
    ['What should I bring for jury duty?', 'en'],
    ['¿Cómo pago una multa de tránsito?', 'es'],
    ['¿Dónde está el tribunal?', 'es'],
    ['Puede pagar la multa en línea o por correo [Source 1].', 'es'],
    ['You can pay online or by mail [Source 1]. The fee is $35.', 'en'],
    ['necesito ayuda con mi caso de desalojo', 'es'],
  ])('tells %j is %s', (text, lang) => {
    expect(detectLang(text)).toBe(lang);
  });

  it('returns null without evidence (names, numbers, single nouns)', () => {
    expect(detectLang('')).toBeNull();
    expect(detectLang('Small claims')).toBeNull();
    expect(detectLang('$3,000 2024-05-01')).toBeNull();
  });

  it('follows the majority in mixed text', () => {
    expect(detectLang('La página se llama "Pay a Ticket" y está en el sitio del tribunal.')).toBe('es');
    expect(detectLang('The form is called "Solicitud de exención" and it is on the court site.')).toBe('en');
  });
});
