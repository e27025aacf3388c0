import { fold, type Language } from '../language/words.js';
import { REPLIES } from './replies.js';

const GREETING =
  /^(hi|hello|hey|good (morning|afternoon|evening)|hola|buenos dias|buenas (tardes|noches)|saludos)( there)?[\s!.,]*$/;
const THANKS = /^(thanks|thank you( very much)?|thx|gracias|muchas gracias)[\s!.,]*$/;

/**
 * A greeting or a thank-you has no terms to search for; without this it would be told that the
 * court's information does not cover it, which reads as a refusal.
 */
export function smallTalkReply(question: string, language: Language): string | null {
  const text = fold(question).replace(/[¡¿]/g, '').trim();
  if (GREETING.test(text)) return REPLIES[language].greeting;
  if (THANKS.test(text)) return REPLIES[language].thanks;
  return null;
}
