import { useQuery } from '@tanstack/react-query';
import { Suspense, useId, useState, type ReactNode } from 'react';
import { Outlet, useLocation, useParams, useSearchParams } from 'react-router-dom';
import { Eintrag, type Baumabschnitt } from '@/components/akte/baum';
import { Laden } from '@/components/Laden';
import { ModusToggle } from '@/components/Modus';
import { anlagenDesBetriebsQuery } from '@/lib/akte/anlagen-des-betriebs';
import { useDarf } from '@/lib/auth';
import { useModus } from '@/lib/modus';
import { aktenSuche, useStand } from '@/lib/stand';
import { betriebQuery } from '@/features/betrieb/api/betrieb';
import { betriebInfoQuery } from '@/features/betrieb/api/betrieb-info';
import { BETRIEB_FELDNAMEN as F } from '@/features/betrieb/feldnamen';
import { HISTORIE_PARAM } from './parameter';
import { DruckausgabeDialog } from './dialoge/DruckausgabeDialog';
import { hatStandAnsicht, KEINE_ANSICHT_ZUM_STAND, StandAuswahl, StandBanner } from './StandAuswahl';

/**
 * The tree beside the screen; on a phone (below 768 px) it folds into the button 'Menü' under
 * the operation's name, and closes again once a page of the file is chosen.
 */
function Rahmen({ kopf, baum, fuss, standwahl, stand }: { kopf: ReactNode; baum: ReactNode; fuss?: ReactNode; standwahl?: ReactNode; stand?: string }) {
  const [offen, setOffen] = useState(false);
  const { pathname } = useLocation();
  const baumId = useId();
  const [zuletzt, setZuletzt] = useState(pathname);
  if (zuletzt !== pathname) {
    setZuletzt(pathname);
    setOffen(false);
  }
  return (
    <div className="flex flex-col gap-6 md:flex-row">
      <nav aria-label="Betriebsakte" className="w-full shrink-0 rounded border border-gray-300 bg-gray-50 p-4 md:w-64">
        <div className="mb-3 flex items-start justify-between gap-2 border-b border-gray-300 pb-3">
          <div aria-live="polite">{kopf}</div>
          <button
            type="button"
            aria-expanded={offen}
            aria-controls={baumId}
            onClick={() => setOffen((o) => !o)}
            className="shrink-0 rounded border border-blue-800 bg-white px-3 py-1 text-sm font-medium text-blue-900 md:hidden"
          >
            Menü<span aria-hidden="true"> {offen ? '▴' : '▾'}</span>
          </button>
        </div>
        {standwahl}
        <div id={baumId} className={`${offen ? '' : 'hidden'} md:block`}>
          {baum}
        </div>
        {fuss && <div className="mt-4 border-t border-gray-300 pt-3">{fuss}</div>}
      </nav>
      <div className="min-w-0 flex-1">
        {stand && <StandBanner stand={stand} />}
        {stand && !hatStandAnsicht(pathname) ? (
          <p className="rounded border border-gray-300 bg-gray-50 px-3 py-2" data-testid="keine-stand-ansicht">
            {KEINE_ANSICHT_ZUM_STAND}
          </p>
        ) : (
          <Suspense fallback={<Laden />}>
            <Outlet />
          </Suspense>
        )}
      </div>
    </div>
  );
}

/** The frame of a new operation (/betriebsakte/neu/…): no id yet, so only its data, no toggle. */
export function BetriebNeuLayout() {
  const { search } = useLocation();
  return (
    <Rahmen
      kopf={<p className="font-semibold">Neuer Betrieb</p>}
      baum={
        <ul className="space-y-1">
          <Eintrag to={`/betriebsakte/neu/betriebsdaten${search}`}>Betriebsdaten</Eintrag>
        </ul>
      }
    />
  );
}

/**
 * Frame of an operation file: the navigation tree on the left (its header shows bezeichnung and
 * betriebsstatus, below it the edit-mode toggle), the screen on the right. The tree lists the
 * file's own entries, then each area's section (abschnitte, from app/betriebsakte/abschnitte.tsx:
 * the areas' features draw them). Sits below ModusGuard, so modus is l or s before the calls start.
 */
export function BetriebsakteLayout({ abschnitte = [] }: { abschnitte?: Baumabschnitt[] }) {
  const { id = '' } = useParams();
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const { modus } = useModus();
  const darf = useDarf();
  const hinweisId = useId();
  const [drucken, setDrucken] = useState(false);
  // as of a date (?stand, lib/stand.ts) the header, the tree and every screen show the file then
  const { stand } = useStand();
  const mitId = /^\d+$/.test(id);
  const info = useQuery(betriebInfoQuery(id, stand));
  const betrieb = useQuery(betriebQuery(id, stand));
  const anlagen = useQuery({ ...anlagenDesBetriebsQuery(id, { stand }), enabled: mitId });
  const rechte = betrieb.data?.rechte;
  const freigegeben = (betrieb.data?.freigabestatus ?? info.data?.freigabestatus) === 'FREIGEGEBEN';
  const basis = `/betriebsakte/${encodeURIComponent(id)}`;
  // the tree's links keep the mode and the day (as of a date always read mode)
  const mitModus = aktenSuche(modus, stand);
  // a version of the past is read-only: no toggle on it, nor on the Verlauf (an overview)
  const historisch = params.has(HISTORIE_PARAM) || pathname.endsWith('/verlauf');
  // the annual reports bring their own toggle (the report's rights decide, not the operation's)
  const imBericht = pathname.includes('/jahresbericht/');
  // the toggle only for those who may change something in edit mode: the operation's data, a new
  // plant, the plants there are, or a Bescheid of a released operation (files and reminders need
  // no edit mode, issue 14)
  const imBearbeitungsmodus =
    !!rechte?.alsAdminSpeichern ||
    !!rechte?.alsBetreiberSpeichern ||
    darf('ANLAGE_ANLEGEN') ||
    ((anlagen.data ?? []).length > 0 && darf('ANLAGE_BEARBEITEN')) ||
    (mitId && freigegeben && (darf('BESCHEID_ANLEGEN') || darf('BESCHEIDSANTRAG_STELLEN')));
  // no toggle on create routes (spec 000 §2): a new object is edited until it is saved
  const neuAnlegen = /\/neu\/[a-z]+daten$/.test(pathname);
  const zeigeToggle =
    darf('BEARBEITUNGSMODUS_NUTZEN') && !!rechte?.bearbeiten && imBearbeitungsmodus && !historisch && !imBericht && !neuAnlegen && !stand;
  const lage = { betriebId: id, mitId, basis, mitModus, modus, stand, freigegeben, hinweisId };

  return (
    <Rahmen
      stand={stand}
      standwahl={mitId ? <StandAuswahl /> : undefined}
      kopf={
        info.data ? (
          <Betriebskopf bezeichnung={info.data.bezeichnung} betriebsstatus={info.data.betriebsstatus} />
        ) : (
          <p className="text-sm text-gray-700">{info.isPending ? 'Wird geladen …' : `Betrieb ${id}`}</p>
        )
      }
      baum={
        <ul className="space-y-1">
          <Eintrag to={`${basis}/betriebsdaten${mitModus}`}>Betriebsdaten</Eintrag>
          {mitId && <Eintrag to={`${basis}/dateien${mitModus}`}>Dateien</Eintrag>}
          <Eintrag to={`${basis}/wiedervorlagen${mitModus}`}>Wiedervorlagen</Eintrag>
          {rechte?.verlaufLesen && <Eintrag to={`${basis}/verlauf${aktenSuche('l', stand)}`}>Verlauf</Eintrag>}
          {mitId && (
            <li>
              {/* the Druckausgabe (spec 001 §2.10): who reads the file may print it */}
              <button
                type="button"
                aria-haspopup="dialog"
                onClick={() => setDrucken(true)}
                className="block w-full rounded px-2 py-1 text-left text-blue-800 hover:bg-blue-50"
              >
                Drucken
              </button>
              {drucken && <DruckausgabeDialog open onClose={() => setDrucken(false)} betriebId={id} bezeichnung={info.data?.bezeichnung ?? ''} />}
            </li>
          )}
          {abschnitte.map((Abschnitt, i) => (
            <Suspense key={i} fallback={null}>
              <Abschnitt {...lage} />
            </Suspense>
          ))}
        </ul>
      }
      fuss={zeigeToggle ? <ModusToggle /> : undefined}
    />
  );
}

/**
 * The tree header (spec 000 §2: "The tree header shows the operation designation (bezeichnung)
 * and its status (betriebsstatus) on every operation-file route"): the name, then the status as
 * the German text of the value list (GET /betrieb/{id}/info resolves it), named as the form's
 * field is, so the word alone ('stillgelegt') is not read without what it is.
 */
function Betriebskopf({ bezeichnung, betriebsstatus }: { bezeichnung: string; betriebsstatus: string }) {
  return (
    <dl>
      <dt className="sr-only">Betrieb</dt>
      <dd className="font-semibold break-words" data-testid="betrieb-bezeichnung">
        {bezeichnung}
      </dd>
      {betriebsstatus && (
        <div className="text-sm text-gray-700">
          <dt className="inline">{F.betriebsstatus}: </dt>
          <dd className="inline" data-testid="betrieb-status">
            {betriebsstatus}
          </dd>
        </div>
      )}
    </dl>
  );
}
