// A person's language on the wire: GET /api/auth/me answers it, PATCH /api/auth/me saves it.
import { Type, type Static } from '@fastify/type-provider-typebox';
import { LOCALES, type Locale } from './locales';

/** One of the languages Stampwise speaks (en, es, fr, de, ar). */
export const LocaleCode = Type.Unsafe<Locale>(Type.String({ enum: [...LOCALES] }));

/** The person's chosen language; null until they choose one with the app's language switch. */
export const PersonLocale = Type.Union([LocaleCode, Type.Null()]);

export const ChoosePersonLocaleRequest = Type.Object({ locale: LocaleCode }, { additionalProperties: false });
export type ChoosePersonLocaleRequest = Static<typeof ChoosePersonLocaleRequest>;
