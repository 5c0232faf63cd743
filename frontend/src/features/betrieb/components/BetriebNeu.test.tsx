import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { routes } from '@/app/routes';
import { clearToasts, getToasts } from '@/lib/toast';
import { anmelden, apiMock, ich, json } from '@/test/api';
import { renderRoutes } from '@/test/renderRoutes';
import { formularMocks } from '@/test/betrieb';

const DOPPELT = 'Es gibt bereits einen Betrieb „Saftkelterei Müller“ desselben Betreibers oder an derselben Adresse. Bitte prüfen Sie, ob der Betrieb schon erfasst ist.';

beforeEach(() => clearToasts());
afterEach(() => vi.unstubAllGlobals());

const toasts = () => getToasts().map((t) => t.message);

function mock(me: ReturnType<typeof ich>, post: () => unknown) {
  const m = apiMock({
    'GET /api/me': () => me,
    ...formularMocks(),
    'GET /api/organisation/11': () => ({
      id: 11,
      bezeichnung: 'Klärwerk Rheinaue GmbH',
      adresse: { strasse: 'Am Hafen', hausnummer: '1', plz: '56070', ort: 'Koblenz' },
    }),
    'POST /api/betrieb': post,
    'GET /api/betrieb/search': () => ({ content: [], page: 0, size: 10, totalElements: 0 }),
  });
  vi.stubGlobal('fetch', m.fetchMock);
  return m;
}

async function pflichtfelderAusfuellen(user: ReturnType<typeof userEvent.setup>) {
  await user.type(await screen.findByLabelText(/^Bezeichnung/), 'Saftkelterei Müller GmbH');
  await user.type(screen.getByLabelText(/^Straße/), 'Weinstraße');
  await user.type(screen.getByLabelText(/^PLZ/), '67434');
  await user.type(screen.getByLabelText(/^Ort/), 'Neustadt');
  await user.type(screen.getByLabelText(/^Hochwert/), '5464321,5');
  await user.type(screen.getByLabelText(/^Rechtswert/), '438765');
  await user.selectOptions(screen.getByLabelText(/^Zuständige Regionalstelle/), 'Regionalstelle Koblenz');
}

describe('new operation', () => {
  it("a possible duplicate asks 'Achtung potentielle Doppelerfassung!' and confirming resubmits with skipBetriebExistsCheck", async () => {
    const user = userEvent.setup();
    let n = 0;
    const { called } = mock({ ...ich(['BETRIEB_BEANTRAGEN', 'BEARBEITUNGSMODUS_NUTZEN'], ['ZUST_SBD']), globaleRolle: 'BEHOERDE' }, () =>
      n++ === 0
        ? json(400, { message: DOPPELT, possibleSuppressorFlag: 'skipBetriebExistsCheck', traceId: 't' })
        : json(201, { id: 42, message: 'Betrieb beantragt', version: 1, position: 17 }),
    );
    anmelden({ funktionaleRollen: ['ZUST_SBD'] });
    const { router } = renderRoutes(routes, '/betriebsakte/neu/betriebsdaten?typ=INDUSTRIE');
    expect(await screen.findByRole('heading', { name: 'Neuer Betrieb', level: 1 })).toBeInTheDocument();
    // no toggle on a create route
    expect(screen.queryByRole('button', { name: /Bearbeiten/ })).not.toBeInTheDocument();
    await pflichtfelderAusfuellen(user);
    const betreiber = screen.getByLabelText(/^Betreiber/);
    await waitFor(() => expect(within(betreiber).getAllByRole('option')).toHaveLength(3));
    await user.selectOptions(betreiber, 'Stadtwerke Mainz');
    expect(screen.getByLabelText('Anschrift des Betreibers')).toHaveValue('Rheinallee 41, 55118 Mainz');
    await user.click(screen.getByRole('button', { name: 'Betrieb beantragen' }));

    const frage = await screen.findByRole('alertdialog', { name: 'Achtung potentielle Doppelerfassung!' });
    expect(frage).toHaveTextContent(DOPPELT);
    expect(getToasts().filter((t) => t.kind === 'error')).toEqual([]);
    await user.click(within(frage).getByRole('button', { name: 'Angaben bestätigen' }));

    await waitFor(() => expect(toasts()).toContain('Betrieb erfolgreich beantragt'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    const posts = called('POST', '/api/betrieb');
    expect(posts).toHaveLength(2);
    expect(posts[0].url.searchParams.get('typ')).toBe('INDUSTRIE');
    expect(posts[0].body).not.toHaveProperty('skipBetriebExistsCheck');
    expect(posts[1].body).toMatchObject({
      skipBetriebExistsCheck: true,
      bezeichnung: 'Saftkelterei Müller GmbH',
      betreiber: { id: 12 },
      betriebsstatus: { id: 'GEPLANT' },
      adresse: { strasse: 'Weinstraße', hausnummer: '', plz: '67434', ort: 'Neustadt' },
      lage: { hochwert: 5464321.5, rechtswert: 438765 },
    });
  });

  it('an operator requests for his own organisation; required fields are checked first', async () => {
    const user = userEvent.setup();
    const betreiber = { ...ich(['BETRIEB_BEANTRAGEN']), person: { organisation: { id: 11, bezeichnung: 'Klärwerk Rheinaue GmbH' } } };
    const { called } = mock(betreiber, () => json(201, { id: 43, version: 1 }));
    anmelden();
    renderRoutes(routes, '/betriebsakte/neu/betriebsdaten?typ=INDUSTRIE');
    const feld = await screen.findByLabelText(/^Betreiber/);
    expect(feld).toHaveValue('Klärwerk Rheinaue GmbH');
    expect(feld).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Betrieb beantragen' }));
    expect(screen.getByLabelText(/^Bezeichnung/)).toHaveAccessibleDescription('Dieses Feld ist ein Pflichtfeld.');
    // every error at once: the error summary has the focus and links to the field (issue 28)
    await waitFor(() => expect(screen.getByRole('region', { name: 'Validierung fehlgeschlagen' })).toHaveFocus());
    expect(screen.getByRole('link', { name: 'Bezeichnung: Dieses Feld ist ein Pflichtfeld.' })).toBeInTheDocument();
    expect(called('POST', '/api/betrieb')).toHaveLength(0);

    await pflichtfelderAusfuellen(user);
    await user.click(screen.getByRole('checkbox', { name: 'Die Adresse des Betriebs ist die Adresse des Betreibers' }));
    // the address fields show the operator's address, read-only
    expect(screen.getByLabelText(/^Straße/)).toHaveValue('Am Hafen');
    expect(screen.getByLabelText(/^Straße/)).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Betrieb beantragen' }));
    await waitFor(() => expect(called('POST', '/api/betrieb')).toHaveLength(1));
    expect(called('POST', '/api/betrieb')[0].body).toMatchObject({
      betreiber: { id: 11 },
      betreiberAdresse: true,
      adresse: { strasse: 'Am Hafen', hausnummer: '1', plz: '56070', ort: 'Koblenz' },
    });
  });

  it('an unknown typ is refused', async () => {
    mock(ich(['BETRIEB_BEANTRAGEN'], ['ZUST_SBD']), () => ({}));
    anmelden({ funktionaleRollen: ['ZUST_SBD'] });
    renderRoutes(routes, '/betriebsakte/neu/betriebsdaten?typ=GIBTS');
    expect(await screen.findByRole('alert')).toHaveTextContent('Der Betriebstyp „GIBTS“ ist unbekannt.');
  });
});
