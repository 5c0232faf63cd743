import { render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { routes } from '@/app/routes';
import { formularMocks } from '@/test/betrieb';
import { LAENGEN, maxLaenge, STANDARD_LAENGE, SUCH_LAENGE, zuLang } from '@/lib/laengen';
import { clearToasts } from '@/lib/toast';
import { anmelden, apiMock, ich } from '@/test/api';
import { renderRoutes } from '@/test/renderRoutes';
import { FormField } from '@/components/FormField';
import { Suchformular } from '@/components/Suchformular';

beforeEach(() => clearToasts());
afterEach(() => vi.unstubAllGlobals());

/** Every text control of the page: inputs that take text and textareas. */
function textfelder(): (HTMLInputElement | HTMLTextAreaElement)[] {
  return [
    ...document.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>(
      'input:not([type]), input[type=text], input[type=email], input[type=tel], input[type=url], input[type=search], textarea',
    ),
  ];
}

function jedesTextfeldBegrenzt() {
  const felder = textfelder().filter((f) => !f.readOnly && !f.disabled);
  expect(felder.length).toBeGreaterThan(0);
  for (const f of felder) {
    const suche = f.type === 'search' || f.closest('form[role=search]') !== null;
    expect({ name: f.name, maxLength: f.maxLength }).toEqual({ name: f.name, maxLength: suche ? SUCH_LAENGE : maxLaenge(f.name) });
  }
}

describe('the table of lengths', () => {
  it("holds the spec's limits and the server's message", () => {
    expect(LAENGEN).toMatchObject({ wasserbuchnummer: 9, flur: 5, flurstueck: 10, gemarkung: 50, zusatztext: 100 });
    expect(maxLaenge('kontakte[0].email')).toBe(254);
    expect(maxLaenge('adresse.plz')).toBe(10);
    expect(maxLaenge('unbekannt')).toBe(STANDARD_LAENGE);
    expect(zuLang(9)).toBe('Max. 9 Zeichen erlaubt');
  });
});

describe('FormField', () => {
  it('gives text inputs and textareas the maxLength of their name', () => {
    render(
      <>
        <FormField label="Bezeichnung">
          <input name="bezeichnung" />
        </FormField>
        <FormField label="PLZ">
          <input name="plz" inputMode="numeric" />
        </FormField>
        <FormField label="E-Mail">
          <input name="email" type="email" />
        </FormField>
        <FormField label="Kommentar">
          <textarea name="kommentar" />
        </FormField>
        <FormField label="Ohne Namen">
          <input />
        </FormField>
      </>,
    );
    expect(screen.getByLabelText('Bezeichnung')).toHaveAttribute('maxLength', '255');
    expect(screen.getByLabelText('PLZ')).toHaveAttribute('maxLength', '10');
    expect(screen.getByLabelText('E-Mail')).toHaveAttribute('maxLength', '254');
    expect(screen.getByLabelText('Kommentar')).toHaveAttribute('maxLength', '4000');
    expect(screen.getByLabelText('Ohne Namen')).toHaveAttribute('maxLength', String(STANDARD_LAENGE));
  });

  it('keeps a maxLength of its own and leaves passwords, selects and checkboxes alone', () => {
    render(
      <>
        <FormField label="Eigene">
          <input name="bezeichnung" maxLength={20} />
        </FormField>
        <FormField label="Passwort">
          <input name="passwort" type="password" />
        </FormField>
        <FormField label="Auswahl">
          <select name="anrede">
            <option>Frau</option>
          </select>
        </FormField>
        <FormField label="Datum">
          <input name="datum" type="date" />
        </FormField>
      </>,
    );
    expect(screen.getByLabelText('Eigene')).toHaveAttribute('maxLength', '20');
    expect(screen.getByLabelText('Passwort')).not.toHaveAttribute('maxLength');
    expect(screen.getByLabelText('Auswahl')).not.toHaveAttribute('maxLength');
    expect(screen.getByLabelText('Datum')).not.toHaveAttribute('maxLength');
  });

  it('bounds the fields of a filter form and search inputs by the search limit', () => {
    render(
      <>
        <Suchformular label="Filtern" onSuchen={() => {}} onZuruecksetzen={() => {}} spalten="">
          <FormField label="Name">
            <input name="name" />
          </FormField>
        </Suchformular>
        <FormField label="Suche">
          <input name="suche" type="search" />
        </FormField>
      </>,
    );
    expect(screen.getByLabelText('Name')).toHaveAttribute('maxLength', String(SUCH_LAENGE));
    expect(screen.getByLabelText('Suche')).toHaveAttribute('maxLength', String(SUCH_LAENGE));
  });
});

describe('the forms carry the limits', () => {
  it('registration', async () => {
    vi.stubGlobal(
      'fetch',
      apiMock({
        'GET /api/organisation/auswahlRegistrierung': () => [{ id: 11, bezeichnung: 'Klärwerk Rheinaue GmbH' }],
        'GET /api/anrede': () => [{ id: 1, value: 'Frau' }],
        'GET /api/titel': () => [{ id: 1, value: 'Dr.' }],
      }).fetchMock,
    );
    renderRoutes(routes, '/registrierung');
    expect(await screen.findByLabelText(/^Name/)).toHaveAttribute('maxLength', '100');
    expect(screen.getByLabelText(/E-Mail/)).toHaveAttribute('maxLength', '254');
    expect(screen.getByLabelText(/Telefon/)).toHaveAttribute('maxLength', '50');
    jedesTextfeldBegrenzt();
  });

  it('a new operation', async () => {
    vi.stubGlobal(
      'fetch',
      apiMock({
        'GET /api/me': () => ({ ...ich(['BETRIEB_BEANTRAGEN', 'BEARBEITUNGSMODUS_NUTZEN'], ['ZUST_SBD']), globaleRolle: 'BEHOERDE' }),
        ...formularMocks(),
        'GET /api/betrieb/search': () => ({ content: [], page: 0, size: 10, totalElements: 0 }),
      }).fetchMock,
    );
    anmelden({ funktionaleRollen: ['ZUST_SBD'] });
    renderRoutes(routes, '/betriebsakte/neu/betriebsdaten?typ=INDUSTRIE');
    expect(await screen.findByLabelText(/^Bezeichnung/)).toHaveAttribute('maxLength', '255');
    expect(screen.getByLabelText(/^Straße/)).toHaveAttribute('maxLength', '100');
    expect(screen.getByLabelText(/^PLZ/)).toHaveAttribute('maxLength', '10');
    expect(screen.getByLabelText(/^URL/)).toHaveAttribute('maxLength', '2048');
    jedesTextfeldBegrenzt();
  });
});
