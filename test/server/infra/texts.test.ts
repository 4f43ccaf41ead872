import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { LOCALES } from '../../../src/api/contract/locales';
import { localeOfAcceptLanguage, messagesDir, text } from '../../../server/infra/texts';

test('a server text reads in the recipient language, English when the language is unknown', () => {
  expect(text('fr', 'customerMail.greeting')).toBe('Bonjour,');
  expect(text('ar', 'customerMail.greeting')).toBe('مرحبًا،');
  expect(text('nl', 'customerMail.greeting')).toBe('Hi,');
  expect(text(null, 'customerMail.greeting')).toBe('Hi,');
});

test('Accept-Language picks the most wanted language Stampwise speaks', () => {
  expect(localeOfAcceptLanguage('nl-NL,nl;q=0.9,de;q=0.8,en;q=0.5')).toBe('de');
  expect(localeOfAcceptLanguage('en;q=0.2, es-MX')).toBe('es');
  expect(localeOfAcceptLanguage(undefined)).toBe('en');
});

test('the built server reads every language, not the English copy the build leaves beside it', () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'stampwise-texts-'));
  try {
    // The repository: every language's catalogues under src/.
    for (const language of LOCALES) fs.mkdirSync(path.join(root, 'src/i18n/messages', language, 'server'), { recursive: true });
    // The build: dist/server/infra, with the English files the compiler emitted under dist/src.
    fs.mkdirSync(path.join(root, 'dist/server/infra'), { recursive: true });
    fs.mkdirSync(path.join(root, 'dist/src/i18n/messages/en/server'), { recursive: true });

    expect(messagesDir(path.join(root, 'dist/server/infra'))).toBe(path.join(root, 'src/i18n/messages'));
    expect(messagesDir(path.join(root, 'server/infra'))).toBe(path.join(root, 'src/i18n/messages'));
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
});

test('a stamp in Spanish counts what is left in the singular when one stamp is left', () => {
  expect(text('es', 'scanMessages.stamped', { given: 1, left: 1, reward: 'Flat White' })).toBe('¡Sello conseguido! Te falta 1 para tu Flat White gratis');
  expect(text('es', 'scanMessages.stamped', { given: 1, left: 3, reward: 'Flat White' })).toBe('¡Sello conseguido! Te faltan 3 para tu Flat White gratis');
});

describe('values inside a right-to-left sentence', () => {
  const FSI = '\u2068';
  const PDI = '\u2069';

  test('are isolated in Arabic, so a Latin code, name or e-mail address keeps its own order', () => {
    expect(text('ar', 'handoverRefusals.codeNotFound', { code: 'K7MQ4' })).toContain(`${FSI}K7MQ4${PDI}`);
    expect(text('ar', 'scanMessages.noReward', { company: 'Bean There Café' })).toContain(`${FSI}Bean There Café${PDI}`);
    expect(text('ar', 'accountMail.notice.intro', { email: 'ana@example.com' })).toContain(`${FSI}ana@example.com${PDI}`);
  });

  test('are left as they are in a left-to-right language, and numbers and the keys a message chooses by stay plain', () => {
    expect(text('en', 'handoverRefusals.codeNotFound', { code: 'K7MQ4' })).toBe("No reward is waiting with the code K7MQ4. Check the code on the customer's screen.");
    expect(text('fr', 'scanMessages.noReward', { company: 'Bean There Café' })).not.toContain(FSI);
    expect(text('ar', 'commonRefusals.tooManyAttemptsWait', { seconds: 30 })).not.toContain(FSI);
    const cooldown = text('ar', 'scanMessages.cooldown', { unit: 'hour', count: 2 });
    expect(cooldown).not.toContain(FSI);
    expect(cooldown).toBe(text('ar', 'scanMessages.cooldown', { unit: 'hour', count: 2 }).replace(/[\u2068\u2069]/g, ''));
    expect(cooldown).not.toBe(text('ar', 'scanMessages.cooldown', { unit: 'minute', count: 2 }));
  });
});
