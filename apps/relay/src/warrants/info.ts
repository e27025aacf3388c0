import type { CourtLanguage, WarrantInfoResponse, WarrantResolutionOption } from '@amicus/protocol';
import type { WarrantsConfig } from '../court-dates/config.js';

// General information only. The relay never looks anyone up, never sends a name anywhere, and has no
// client for the Warrants API (a staff system; its public-link endpoints show no shapes).

const TEXT = {
  en: {
    title: 'Warrants: what to know',
    bench:
      'A bench warrant is an order a judge signs when someone does not come to court or does not do what the court ordered, such as paying a fine. It allows the police to arrest the person and bring them to court.',
    lookup:
      'This assistant cannot check whether you have a warrant, and it never looks anyone up. The clerk can tell you, and so can the agency search below when the court offers one.',
    clerkTitle: 'Contact the clerk',
    clerkText:
      'The clerk can tell you if there is a warrant in your case and how to get a new court date. Many warrants for a missed court date can be cleared by coming to court or asking for a new date.',
    pdTitle: 'Talk to the public defender',
    pdText:
      'If you cannot afford a lawyer, the public defender may help you for free and can go with you to court to resolve the warrant.',
    ssTitle: 'Safe surrender',
    ssText:
      'The court takes part in a safe-surrender program: you can come in voluntarily, with support, to resolve a warrant.',
    search: 'Search the published warrant list',
  },
  es: {
    title: 'Órdenes de arresto: lo que debe saber',
    bench:
      'Una orden de arresto judicial (bench warrant) es una orden que firma un juez cuando una persona no se presenta a la corte o no cumple lo que la corte ordenó, como pagar una multa. Permite que la policía arreste a la persona y la lleve ante la corte.',
    lookup:
      'Este asistente no puede verificar si usted tiene una orden de arresto y nunca busca a ninguna persona. La secretaría se lo puede decir, y también la búsqueda de la agencia que aparece abajo, cuando la corte la ofrece.',
    clerkTitle: 'Comuníquese con la secretaría',
    clerkText:
      'La secretaría le puede decir si hay una orden en su caso y cómo obtener una nueva fecha. Muchas órdenes por no presentarse se pueden resolver acudiendo a la corte o pidiendo una nueva fecha.',
    pdTitle: 'Hable con la defensoría pública',
    pdText:
      'Si no puede pagar un abogado, la defensoría pública puede ayudarle gratis y acompañarle a la corte para resolver la orden.',
    ssTitle: 'Entrega voluntaria segura',
    ssText:
      'La corte participa en un programa de entrega voluntaria segura: puede presentarse por su cuenta, con apoyo, para resolver una orden.',
    search: 'Buscar en la lista publicada de órdenes',
  },
} satisfies Record<CourtLanguage, Record<string, string>>;

export interface ClerkInfo {
  phone: string | null;
  email: string | null;
  url: string | null;
}

export function warrantInfo(
  language: CourtLanguage,
  config: WarrantsConfig,
  clerk: ClerkInfo,
): WarrantInfoResponse {
  const t = TEXT[language];
  const options: WarrantResolutionOption[] = [
    {
      kind: 'clerk',
      title: t.clerkTitle,
      text: t.clerkText,
      phone: clerk.phone,
      email: clerk.email,
      url: clerk.url,
    },
    {
      kind: 'public_defender',
      title: t.pdTitle,
      text: t.pdText,
      phone: config.publicDefender.phone,
      email: null,
      url: config.publicDefender.url,
    },
  ];
  if (config.safeSurrender) {
    options.push({
      kind: 'safe_surrender',
      title: t.ssTitle,
      text: t.ssText,
      phone: config.safeSurrender.phone,
      email: null,
      url: config.safeSurrender.url,
    });
  }
  return {
    language,
    title: t.title,
    what_is_a_bench_warrant: t.bench,
    lookup_note: t.lookup,
    how_to_resolve: options,
    search_url: config.publicUrl,
    search_label: config.publicUrl ? t.search : null,
  };
}
