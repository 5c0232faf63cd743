import { describe, expect, it } from 'vitest';
import { ApiError } from './api';
import { istEmail, istTelefon, LEERE_PERSON, MSG_EMAIL, MSG_PFLICHTFELD, MSG_TELEFON, pruefePerson, serverFeldfehler } from './form';

describe('person fields', () => {
  it('require anrede, name, vorname, email and telefon', () => {
    expect(pruefePerson(LEERE_PERSON)).toEqual({
      anrede: MSG_PFLICHTFELD,
      name: MSG_PFLICHTFELD,
      vorname: MSG_PFLICHTFELD,
      email: MSG_PFLICHTFELD,
      telefon: MSG_PFLICHTFELD,
    });
    expect(pruefePerson({ ...LEERE_PERSON, name: '   ' }).name).toBe(MSG_PFLICHTFELD);
  });

  it('check the e-mail address and both phone numbers (mobil only when given)', () => {
    const p = { ...LEERE_PERSON, anrede: 'Herr', name: 'N', vorname: 'V', email: 'kein-at', telefon: '0621 123', mobil: '+49' };
    expect(pruefePerson(p)).toEqual({ email: MSG_EMAIL, telefon: MSG_TELEFON, mobil: MSG_TELEFON });
    expect(pruefePerson({ ...p, email: 'a@b.de', telefon: '0621-123-4', mobil: '' })).toEqual({});
  });

  it('phone numbers are digits with single hyphens between them', () => {
    for (const ok of ['0621', '0621-123', '0-1-2']) expect(istTelefon(ok), ok).toBe(true);
    for (const bad of ['', '-0621', '0621-', '06--21', '0621 123', '+49621', '(0621)']) expect(istTelefon(bad), bad).toBe(false);
  });

  it('e-mail addresses need a local part, @ and a domain with a dot', () => {
    for (const ok of ['a@b.de', 'max.muster@klaerwerk-rheinaue.example']) expect(istEmail(ok), ok).toBe(true);
    for (const bad of ['a@b', '@b.de', 'a b@c.de', 'a@b..de', 'a@.de']) expect(istEmail(bad), bad).toBe(false);
  });
});

describe('server validation errors', () => {
  it('map to the form fields, with prefix and alias', () => {
    const e = new ApiError(400, 'x', {
      validationErrors: { 'person.email': 'E-Mail vergeben', password: 'zu kurz', unbekannt: 'y' },
    });
    expect(serverFeldfehler(e, ['email', 'passwort'] as const, { password: 'passwort' })).toEqual({
      email: 'E-Mail vergeben',
      passwort: 'zu kurz',
    });
    expect(serverFeldfehler(new Error('x'), ['email'] as const)).toEqual({});
  });
});
