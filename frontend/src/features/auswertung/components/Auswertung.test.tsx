import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { routes } from '@/app/routes';
import { dateinameAus } from '@/lib/api';
import { anmelden, apiMock, ich } from '@/test/api';
import { renderRoutes } from '@/test/renderRoutes';
import { HINWEIS_SICHT, auswahl } from './Auswertung';

const abfragen = [
  { id: 1, kategorie: 'Betriebe', filter: 'Kommunal', abfrageBez: 'Kommunale Kläranlagen' },
  { id: 2, kategorie: 'Betriebe', filter: 'Industrie', abfrageBez: 'Indirekteinleiter' },
  { id: 3, kategorie: 'Betriebe', filter: 'Kommunal', abfrageBez: 'Kläranlagen nach Größenklasse' },
  { id: 4, kategorie: 'Messstellen', filter: '', abfrageBez: 'Alle Messstellen' },
];

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const optionen = (select: HTMLElement) => within(select).getAllByRole('option').map((o) => o.textContent);

describe('Auswertung', () => {
  it('Filter depends on Kategorie, Abfrage on both; Excel-Export downloads the file the server names', async () => {
    const user = userEvent.setup();
    anmelden({ funktionaleRollen: ['ZUST_SBD'] });
    const m = apiMock({
      'GET /api/me': () => ich(['AUSWERTUNG_EXPORTIEREN'], ['ZUST_SBD']),
      'GET /api/abfragen': () => abfragen,
      'GET /api/abfragen/abfrage/3': () =>
        new Response(new Blob(['PK']), {
          status: 200,
          headers: { 'Content-Disposition': "attachment; filename=\"x.xlsx\"; filename*=UTF-8''Kl%C3%A4ranlagen%20nach%20Gr%C3%B6%C3%9Fenklasse.xlsx" },
        }),
    });
    vi.stubGlobal('fetch', m.fetchMock);
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:x'), revokeObjectURL: vi.fn() }));
    const downloads: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      downloads.push(this.download);
    });
    renderRoutes(routes, '/auswertung');

    const kategorie = await screen.findByLabelText('Kategorie');
    const filter = screen.getByLabelText('Filter');
    const abfrage = screen.getByLabelText('Abfrage');
    const knopf = screen.getByRole('button', { name: 'Excel-Export' });
    expect(optionen(kategorie)).toEqual(['Bitte auswählen', 'Betriebe', 'Messstellen']);
    expect(filter).toBeDisabled();
    expect(knopf).toBeDisabled();

    await user.selectOptions(kategorie, 'Betriebe');
    // in the server's order
    expect(optionen(filter)).toEqual(['Bitte auswählen', 'Kommunal', 'Industrie']);
    expect(abfrage).toBeDisabled();
    await user.selectOptions(filter, 'Kommunal');
    expect(optionen(abfrage)).toEqual(['Bitte auswählen', 'Kommunale Kläranlagen', 'Kläranlagen nach Größenklasse']);
    await user.selectOptions(abfrage, 'Kläranlagen nach Größenklasse');
    await user.click(knopf);
    await waitFor(() => expect(downloads).toEqual(['Kläranlagen nach Größenklasse.xlsx']));
    expect(m.called('GET', '/api/abfragen/abfrage/3')).toHaveLength(1);

    // another category starts the dependent choices again; its only filter is taken
    await user.selectOptions(kategorie, 'Messstellen');
    expect(optionen(filter)).toEqual(['Bitte auswählen', 'Ohne Filter']);
    expect(filter).toHaveValue('');
    expect(optionen(abfrage)).toEqual(['Bitte auswählen', 'Alle Messstellen']);
    expect(knopf).toBeDisabled();
  });

  it('offers exactly the queries the server lists for the user, nothing of its own', async () => {
    anmelden({ funktionaleRollen: ['BETREIBER'] });
    const m = apiMock({
      'GET /api/me': () => ich(['AUSWERTUNG_EXPORTIEREN'], ['BETREIBER']),
      'GET /api/abfragen': () => [
        { id: 8, kategorie: 'Betriebe', filter: 'Regionalstelle', abfrageBez: 'Betriebe je Regionalstelle und Status' },
        { id: 7, kategorie: 'Wertelisten', filter: 'Einträge', abfrageBez: 'Alle Wertelisten mit ihren Einträgen' },
      ],
    });
    vi.stubGlobal('fetch', m.fetchMock);
    renderRoutes(routes, '/auswertung');
    const kategorie = await screen.findByLabelText('Kategorie');
    expect(optionen(kategorie)).toEqual(['Bitte auswählen', 'Betriebe', 'Wertelisten']);
    expect(screen.getByText(HINWEIS_SICHT)).toBeInTheDocument();
  });

  it('reads file names from Content-Disposition', () => {
    expect(dateinameAus('attachment; filename="anwender.xlsx"')).toBe('anwender.xlsx');
    expect(dateinameAus('attachment; filename=bericht.xlsx')).toBe('bericht.xlsx');
    expect(dateinameAus("attachment; filename*=UTF-8''Gr%C3%B6%C3%9Fe.xlsx")).toBe('Größe.xlsx');
    expect(dateinameAus(null)).toBeUndefined();
  });

  it('keeps the three choices consistent', () => {
    expect(auswahl(abfragen, 'Betriebe', null).abfragen).toEqual([]);
    expect(auswahl(abfragen, 'Betriebe', 'Industrie').abfragen.map((a) => a.id)).toEqual([2]);
    expect(auswahl(abfragen, '', null).filter).toEqual([]);
  });
});
