import type { Language } from './terms.js';
import { fold } from './terms.js';

const GREETING =
  /^(hi|hello|hey|good (morning|afternoon|evening)|hola|buenos dias|buenas (tardes|noches)|saludos)( there)?[\s!.,]*$/;
const THANKS = /^(thanks|thank you( very much)?|thx|gracias|muchas gracias)[\s!.,]*$/;

const REPLIES: Record<'greeting' | 'thanks', Record<Language, string>> = {
  greeting: {
    en: "Hello! Ask me a question about the court's services, such as hours, fees, forms or procedures.",
    es: '¡Hola! Hágame una pregunta sobre los servicios del tribunal, como horarios, pagos, formularios o trámites.',
  },
  thanks: {
    en: "You're welcome! Ask me anything else about the court's services.",
    es: '¡De nada! Pregúnteme cualquier otra cosa sobre los servicios del tribunal.',
  },
};

/**
 * A greeting or a thank-you has no terms to search for; without this it would be told that the
 * court's information does not cover it, which reads as a refusal.
 */
export function smallTalkReply(question: string, language: Language): string | null {
  const text = fold(question).replace(/[¡¿]/g, '').trim();
  if (GREETING.test(text)) return REPLIES.greeting[language];
  if (THANKS.test(text)) return REPLIES.thanks[language];
  return null;
}
