import { describe, expect, it } from 'vitest';
import { spanishStem, spanishStemText } from './spanish-stem.js';

describe('spanishStem', () => {
  it('gives the forms of a verb one stem', () => {
    const forms = ['pagan', 'pago', 'pagar', 'pagos', 'pagamos', 'pagando', 'pagado', 'pagaron'];
    expect(new Set(forms.map(spanishStem))).toEqual(new Set(['pag']));
  });

  it('joins singular and plural, masculine and feminine', () => {
    expect(spanishStem('multas')).toBe(spanishStem('multa'));
    expect(spanishStem('abogados')).toBe(spanishStem('abogada'));
    expect(spanishStem('notificaciones')).toBe(spanishStem('notificacion'));
  });

  it('leaves short words and numbers alone', () => {
    expect(spanishStem('uno')).toBe('uno');
    expect(spanishStem('2024s')).toBe('2024s');
  });

  it('stems the folded words of a text', () => {
    expect(spanishStemText('¿Dónde PAGAN la Fianza?')).toBe('dond pag la fianz');
  });
});
