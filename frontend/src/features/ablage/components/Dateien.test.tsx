import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearToasts, getToasts } from '@/lib/toast';
import { anmelden, apiMock, ich, json } from '@/test/api';
import { renderRoutes } from '@/test/renderRoutes';
import { MAX_DATEIGROESSE } from '@/features/ablage/api/dateien';
import { Dateien } from './Dateien';
import { pruefeHochladen } from './HochladenDialog';

const lageplan = {
  id: 11,
  fachobjekt: 'betrieb',
  fachobjektId: 5,
  bezeichnung: 'Lageplan',
  uploadVon: 'Michael Wagner',
  uploadAm: '2026-11-21T09:30:00Z',
  dateigroesse: 1572864,
  dateityp: 'application/pdf',
  dateiname: 'Lageplan Süd.pdf',
};

function mock(dateien: unknown[] = [lageplan], upload: () => unknown = () => json(201, { id: 12, message: 'Die Datei wurde erfolgreich hochgeladen', position: 9 })) {
  const m = apiMock({
    'GET /api/me': () => ich(['DATEI_HOCHLADEN']),
    'GET /api/betrieb/5/dateien': () => dateien,
    'POST /api/betrieb/5/upload-file': upload,
    'DELETE /api/datei/11': () => ({ id: 11, message: 'Die Datei wurde erfolgreich gelöscht.', position: 10 }),
    'GET /api/datei/11': () =>
      new Response(new Blob(['%PDF']), {
        status: 200,
        headers: { 'Content-Type': 'application/pdf', 'Content-Disposition': "attachment; filename=\"Lageplan S_d.pdf\"; filename*=UTF-8''Lageplan%20S%C3%BCd.pdf" },
      }),
  });
  vi.stubGlobal('fetch', m.fetchMock);
  return m;
}

function zeige(bearbeitbar = true) {
  anmelden();
  return renderRoutes([{ path: '/akte', element: <Dateien fachobjekt="betrieb" id="5" bearbeitbar={bearbeitbar} /> }], '/akte');
}

const toasts = () => getToasts().map((t) => t.message);

function datei(name: string, inhalt = 'x', size?: number): File {
  const f = new File([inhalt], name, { type: 'application/pdf' });
  if (size !== undefined) Object.defineProperty(f, 'size', { value: size });
  return f;
}

beforeEach(() => clearToasts());
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('Dateien', () => {
  it('shows Bezeichnung, Hochgeladen von, Datum, Größe [MB] with three decimals and Dateityp', async () => {
    mock();
    zeige();
    const zeile = (await screen.findByRole('cell', { name: 'Lageplan' })).closest('tr')!;
    expect(within(zeile).getAllByRole('cell').map((c) => c.textContent)).toEqual([
      'Lageplan',
      'Michael Wagner',
      '21.11.2026',
      '1,500',
      'application/pdf',
      'HerunterladenLöschen',
    ]);
    expect(screen.getAllByRole('columnheader').map((c) => c.textContent?.replace(/[↕▲▼]/g, ''))).toEqual([
      'Bezeichnung',
      'Hochgeladen von',
      'Datum',
      'Größe [MB]',
      'Dateityp',
      'Aktionen',
    ]);
  });

  it("an empty list says 'Keine Einträge vorhanden'; without the right there is no upload or delete", async () => {
    mock([]);
    zeige(false);
    expect(await screen.findByText('Keine Einträge vorhanden')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Datei hochladen' })).not.toBeInTheDocument();
  });

  it('read-only rows offer the download, which saves the file under its original name', async () => {
    const user = userEvent.setup();
    const { called } = mock();
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:x'), revokeObjectURL: vi.fn() }));
    const namen: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      namen.push(this.download);
    });
    zeige(false);
    const zeile = (await screen.findByRole('cell', { name: 'Lageplan' })).closest('tr')!;
    expect(within(zeile).queryByRole('button', { name: /Löschen/ })).not.toBeInTheDocument();
    await user.click(within(zeile).getByRole('button', { name: 'Herunterladen Lageplan' }));
    await waitFor(() => expect(namen).toEqual(['Lageplan Süd.pdf']));
    expect(called('GET', '/api/datei/11')).toHaveLength(1);
  });

  it('the upload needs a Bezeichnung and a file of at most 100 MB before anything is sent', async () => {
    const user = userEvent.setup();
    const { called } = mock();
    zeige();
    await user.click(await screen.findByRole('button', { name: 'Datei hochladen' }));
    const dialog = screen.getByRole('dialog', { name: 'Datei hochladen' });
    await user.click(within(dialog).getByRole('button', { name: 'Hochladen' }));
    expect(within(dialog).getByLabelText(/Bezeichnung/)).toHaveAccessibleDescription('Dieses Feld ist ein Pflichtfeld.');
    expect(within(dialog).getByLabelText(/^Datei( \*)?$/)).toHaveAccessibleDescription(/Sie müssen eine Datei hochladen!/);

    await user.type(within(dialog).getByLabelText(/Bezeichnung/), 'Messprotokoll');
    await user.upload(within(dialog).getByLabelText(/^Datei( \*)?$/), datei('gross.pdf', 'x', MAX_DATEIGROESSE + 1));
    expect(within(dialog).getByLabelText(/^Datei( \*)?$/)).toHaveAccessibleDescription(/Die Datei darf maximal 100 MB groß sein\./);
    await user.click(within(dialog).getByRole('button', { name: 'Hochladen' }));
    expect(called('POST', '/api/betrieb/5/upload-file')).toHaveLength(0);
    expect(pruefeHochladen('x', datei('genau.pdf', 'x', MAX_DATEIGROESSE))).toEqual({});
  });

  it('uploads Bezeichnung and file as a form, says so and reloads the list', async () => {
    const user = userEvent.setup();
    const { called } = mock();
    zeige();
    await user.click(await screen.findByRole('button', { name: 'Datei hochladen' }));
    const dialog = screen.getByRole('dialog', { name: 'Datei hochladen' });
    await user.type(within(dialog).getByLabelText(/Bezeichnung/), ' Messprotokoll ');
    await user.upload(within(dialog).getByLabelText(/^Datei( \*)?$/), datei('protokoll.pdf', '%PDF-1.4'));
    await user.click(within(dialog).getByRole('button', { name: 'Hochladen' }));

    await waitFor(() => expect(toasts()).toEqual(['Die Datei wurde erfolgreich hochgeladen']));
    const form = called('POST', '/api/betrieb/5/upload-file')[0].body as FormData;
    expect(form.get('bezeichnung')).toBe('Messprotokoll');
    expect((form.get('file') as File).name).toBe('protokoll.pdf');
    expect(screen.queryByRole('dialog', { name: 'Datei hochladen' })).not.toBeInTheDocument();
    await waitFor(() => expect(called('GET', '/api/betrieb/5/dateien')).toHaveLength(2));
  });

  it('a chosen file suggests its name as the Bezeichnung; a typed one stays', async () => {
    const user = userEvent.setup();
    mock();
    zeige();
    await user.click(await screen.findByRole('button', { name: 'Datei hochladen' }));
    const dialog = screen.getByRole('dialog', { name: 'Datei hochladen' });
    await user.upload(within(dialog).getByLabelText(/^Datei( \*)?$/), datei('Lageplan 2026.pdf', '%PDF-1.4'));
    expect(within(dialog).getByLabelText(/Bezeichnung/)).toHaveValue('Lageplan 2026');
    await user.clear(within(dialog).getByLabelText(/Bezeichnung/));
    await user.type(within(dialog).getByLabelText(/Bezeichnung/), 'Eigener Name');
    await user.upload(within(dialog).getByLabelText(/^Datei( \*)?$/), datei('anderer.pdf', '%PDF-1.4'));
    expect(within(dialog).getByLabelText(/Bezeichnung/)).toHaveValue('Eigener Name');
  });

  it("a 400 shows the server's text, anything else 'Die Datei konnte nicht hochgeladen werden!'", async () => {
    const user = userEvent.setup();
    let antwort: Response = json(400, { message: 'Die Datei darf maximal 100 MB groß sein.', validationErrors: { file: 'Die Datei darf maximal 100 MB groß sein.' } });
    mock([lageplan], () => antwort);
    zeige();
    await user.click(await screen.findByRole('button', { name: 'Datei hochladen' }));
    const dialog = screen.getByRole('dialog', { name: 'Datei hochladen' });
    await user.type(within(dialog).getByLabelText(/Bezeichnung/), 'Messprotokoll');
    await user.upload(within(dialog).getByLabelText(/^Datei( \*)?$/), datei('protokoll.pdf'));
    await user.click(within(dialog).getByRole('button', { name: 'Hochladen' }));
    await waitFor(() => expect(toasts()).toEqual(['Die Datei darf maximal 100 MB groß sein.']));
    expect(within(dialog).getByLabelText(/^Datei( \*)?$/)).toHaveAccessibleDescription(/Die Datei darf maximal 100 MB groß sein\./);

    clearToasts();
    antwort = json(502, { message: 'Bad Gateway' });
    await user.click(within(dialog).getByRole('button', { name: 'Hochladen' }));
    await waitFor(() => expect(toasts()).toEqual(['Die Datei konnte nicht hochgeladen werden!']));
    expect(screen.getByRole('dialog', { name: 'Datei hochladen' })).toBeInTheDocument();
  });

  it("deleting asks 'Löschen bestätigen' and says 'Die Datei wurde erfolgreich gelöscht.'", async () => {
    const user = userEvent.setup();
    const { called } = mock();
    zeige();
    const zeile = (await screen.findByRole('cell', { name: 'Lageplan' })).closest('tr')!;
    await user.click(within(zeile).getByRole('button', { name: 'Löschen Lageplan' }));
    const frage = screen.getByRole('alertdialog', { name: 'Löschen bestätigen' });
    expect(frage).toHaveTextContent('Sind Sie sicher, dass Sie die Datei „Lageplan“ löschen möchten?');
    await user.click(within(frage).getByRole('button', { name: 'Abbrechen' }));
    expect(called('DELETE', '/api/datei/11')).toHaveLength(0);

    await user.click(within(zeile).getByRole('button', { name: 'Löschen Lageplan' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Löschen' }));
    await waitFor(() => expect(toasts()).toEqual(['Die Datei wurde erfolgreich gelöscht.']));
    expect(called('DELETE', '/api/datei/11')).toHaveLength(1);
  });
});
