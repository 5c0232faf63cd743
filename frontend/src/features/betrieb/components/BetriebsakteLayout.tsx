import { useQuery } from '@tanstack/react-query';
import { Suspense, useId, useState, type ReactNode } from 'react';
import { NavLink, Outlet, useLocation, useParams, useSearchParams } from 'react-router-dom';
import { Laden } from '@/components/Laden';
import { ModusToggle } from '@/components/Modus';
import { useDarf } from '@/lib/auth';
import { useModus } from '@/lib/modus';
import { aktenSuche, useStand } from '@/lib/stand';
import { betriebQuery } from '@/features/betrieb/api/betrieb';
import { anlagenDesBetriebsQuery, type AnlagenZeile } from '@/lib/akte/anlagen-des-betriebs';
import { bescheideDesBetriebsQuery, offenerBescheidQuery, type BescheidImBaum } from '@/lib/akte/bescheide-des-betriebs';
import { betriebInfoQuery } from '@/features/betrieb/api/betrieb-info';
import { wertelisteQuery } from '@/lib/wertelisten';
import { formatDate } from '@/lib/format';
import { messstellenDesBetriebsQuery, type MessstellenZeile } from '@/lib/akte/messstellen-des-betriebs';
import { BETRIEB_FELDNAMEN as F } from '@/features/betrieb/feldnamen';
import { HISTORIE_PARAM } from './parameter';
import { DruckausgabeDialog } from './dialoge/DruckausgabeDialog';
import { hatStandAnsicht, KEINE_ANSICHT_ZUM_STAND, StandAuswahl, StandBanner } from './StandAuswahl';
import { useSuevoa } from '@/lib/jahresbericht';
import { berichteImBaumQuery, offenerBerichtQuery, type BerichtImBaum } from '@/lib/akte/jahresberichte-des-betriebs';

// Verbatim hint of spec 000 §4; the second one is ours (plants are created in edit mode, §6).
export const HINWEIS_NICHT_FREIGEGEBEN = 'Das Anlegen ist erst möglich, wenn der Betrieb freigegeben ist.';
export const HINWEIS_BEARBEITUNGSMODUS = 'Anlagen legen Sie im Bearbeitungsmodus an.';

/** The plant types of the create menu, with their path segment (spec 000 §7). */
const ANLAGENTYPEN = [
  { pfad: 'abwasserbehandlung', label: 'Abwasserbehandlungsanlage' },
  { pfad: 'kuehlwasser', label: 'Kühlwasseranlage' },
  { pfad: 'entlastung', label: 'Entlastungsanlage' },
  { pfad: 'kanalnetz', label: 'Kanalnetz' },
];

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `block rounded px-2 py-1 ${isActive ? 'bg-blue-800 text-white' : 'text-blue-800 hover:bg-blue-50'}`;

function Eintrag({ to, children }: { to: string; children: ReactNode }) {
  return (
    <li>
      <NavLink to={to} className={linkClass}>
        {children}
      </NavLink>
    </li>
  );
}

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
 * betriebsstatus, below it the edit-mode toggle), the screen on the right. Sits below
 * ModusGuard, so modus is l or s before the calls start.
 */
export function BetriebsakteLayout() {
  const { id = '' } = useParams();
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const { modus } = useModus();
  const darf = useDarf();
  const hinweisId = useId();
  const [drucken, setDrucken] = useState(false);
  // as of a date (?stand, lib/stand.ts) the header, the tree and every screen show the file then
  const { stand } = useStand();
  const info = useQuery(betriebInfoQuery(id, stand));
  const betrieb = useQuery(betriebQuery(id, stand));
  const anlagen = useQuery({ ...anlagenDesBetriebsQuery(id, { stand }), enabled: /^\d+$/.test(id) });
  // the points of the open plant: loaded once a plant is open in the tree
  const { anlageid } = useParams();
  const messstellen = useQuery({ ...messstellenDesBetriebsQuery(id, stand), enabled: /^\d+$/.test(id) && !!anlageid });
  const rechte = betrieb.data?.rechte;
  const freigabestatus = betrieb.data?.freigabestatus ?? info.data?.freigabestatus;
  // the group Bescheide only for a released operation (spec 000 §2/§4)
  const mitBescheiden = /^\d+$/.test(id) && freigabestatus === 'FREIGEGEBEN';
  const bescheidAnlegen = darf('BESCHEID_ANLEGEN') || darf('BESCHEIDSANTRAG_STELLEN');
  const basis = `/betriebsakte/${encodeURIComponent(id)}`;
  // the tree's links keep the mode and the day (as of a date always read mode)
  const mitModus = aktenSuche(modus, stand);
  // a version of the past is read-only: no toggle on it, nor on the Verlauf (an overview)
  const historisch = params.has(HISTORIE_PARAM) || pathname.endsWith('/verlauf');
  // the annual reports bring their own toggle (the report's rights decide, not the operation's)
  const imBericht = pathname.includes('/jahresbericht/');
  const suevoa = useSuevoa();
  // the toggle only for those who may change something in edit mode: the operation's data, a new
  // plant, or the plants there are (files and reminders need no edit mode, issue 14)
  const imBearbeitungsmodus =
    !!rechte?.alsAdminSpeichern ||
    !!rechte?.alsBetreiberSpeichern ||
    darf('ANLAGE_ANLEGEN') ||
    ((anlagen.data ?? []).length > 0 && darf('ANLAGE_BEARBEITEN')) ||
    (mitBescheiden && bescheidAnlegen);
  // no toggle on create routes (spec 000 §2): a new object is edited until it is saved
  const neuAnlegen = /\/neu\/[a-z]+daten$/.test(pathname);
  const zeigeToggle =
    darf('BEARBEITUNGSMODUS_NUTZEN') && !!rechte?.bearbeiten && imBearbeitungsmodus && !historisch && !imBericht && !neuAnlegen && !stand;

  return (
    <Rahmen
      stand={stand}
      standwahl={/^\d+$/.test(id) ? <StandAuswahl /> : undefined}
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
          {/^\d+$/.test(id) && <Eintrag to={`${basis}/dateien${mitModus}`}>Dateien</Eintrag>}
          <Eintrag to={`${basis}/wiedervorlagen${mitModus}`}>Wiedervorlagen</Eintrag>
          {rechte?.verlaufLesen && <Eintrag to={`${basis}/verlauf${aktenSuche('l', stand)}`}>Verlauf</Eintrag>}
          {/^\d+$/.test(id) && (
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
          <li className="pt-2">
            <p className="px-2 text-sm font-semibold text-gray-800" id={`${hinweisId}-anlagen`}>
              Anlagen
            </p>
            <ul aria-labelledby={`${hinweisId}-anlagen`} className="mt-1 space-y-1 pl-2">
              <Anlagenbaum
                anlagen={(anlagen.data ?? []).filter((a) => !istEntlastung(a))}
                basis={basis}
                mitModus={mitModus}
                anlegen={darf('ANLAGE_ANLEGEN') && freigabestatus === 'FREIGEGEBEN' && modus === 's'}
                messstellen={messstellen.data ?? []}
                messstelleAnlegen={darf('MESSSTELLE_ANLEGEN') && freigabestatus === 'FREIGEGEBEN' && modus === 's'}
              />
              {darf('ANLAGE_ANLEGEN') && !stand && (
                <li className="px-2">
                  <AnlageAnlegen
                    basis={basis}
                    hinweisId={hinweisId}
                    hinweis={freigabestatus !== 'FREIGEGEBEN' ? HINWEIS_NICHT_FREIGEGEBEN : modus !== 's' ? HINWEIS_BEARBEITUNGSMODUS : undefined}
                  />
                </li>
              )}
            </ul>
          </li>
          {/^\d+$/.test(id) && (
            <Entlastungsbaum
              anlagen={(anlagen.data ?? []).filter(istEntlastung)}
              basis={basis}
              mitModus={mitModus}
              hinweisId={hinweisId}
              messstellen={messstellen.data ?? []}
              messstelleAnlegen={darf('MESSSTELLE_ANLEGEN') && freigabestatus === 'FREIGEGEBEN' && modus === 's'}
            />
          )}
          {mitBescheiden && <Bescheidbaum betriebId={id} basis={basis} mitModus={mitModus} anlegen={bescheidAnlegen && modus === 's'} stand={stand} />}
          {suevoa && /^\d+$/.test(id) && <Jahresberichtbaum betriebId={id} basis={basis} mitModus={mitModus} stand={stand} />}
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

/** A relief plant of the operation's top level: listed in its own group (spec 000 §2), not among the plants. */
const istEntlastung = (a: AnlagenZeile) => a.anlagentyp === 'ENTLASTUNG' && !a.parentanlageid;

/** How many relief plants the tree lists; the overview lists them all. */
export const ENTLASTUNGEN_IM_BAUM = 50;

/**
 * The group Misch-/Niederschlagswasser (spec 000 §2): the overview at entlastung/uebersicht,
 * then the relief plants (the first ENTLASTUNGEN_IM_BAUM by name, and the open one).
 */
function Entlastungsbaum({
  anlagen,
  basis,
  mitModus,
  hinweisId,
  messstellen,
  messstelleAnlegen,
}: Pick<AnlagenbaumProps, 'anlagen' | 'basis' | 'mitModus' | 'messstellen' | 'messstelleAnlegen'> & { hinweisId: string }) {
  const { anlageid } = useParams();
  const imBaum = anlagen.filter((a, i) => i < ENTLASTUNGEN_IM_BAUM || String(a.id) === anlageid);
  return (
    <li className="pt-2">
      <p className="px-2 text-sm font-semibold text-gray-800" id={`${hinweisId}-entlastung`}>
        Misch-/Niederschlagswasser
      </p>
      <ul aria-labelledby={`${hinweisId}-entlastung`} className="mt-1 space-y-1 pl-2">
        <Eintrag to={`${basis}/entlastung/uebersicht${mitModus}`}>Übersicht ({anlagen.length})</Eintrag>
        {imBaum.length > 0 && <Anlagenbaum anlagen={imBaum} basis={basis} mitModus={mitModus} anlegen={false} messstellen={messstellen} messstelleAnlegen={messstelleAnlegen} />}
        {imBaum.length < anlagen.length && <li className="px-2 text-sm text-gray-700">{anlagen.length - imBaum.length} weitere in der Übersicht</li>}
      </ul>
    </li>
  );
}

const ausserBetrieb = (a: AnlagenZeile) => a.anlagenstatus === 'STILLGELEGT' || a.anlagenstatus === 'ANGESCHLOSSEN_AN';

interface AnlagenbaumProps {
  anlagen: AnlagenZeile[];
  basis: string;
  mitModus: string;
  /** Plants may be created here now (staff, released operation, edit mode). */
  anlegen: boolean;
  /** The measuring points of the operation (listed below the open plant). */
  messstellen: MessstellenZeile[];
  /** Measuring points may be created now (MESSSTELLE_ANLEGEN, released operation, edit mode). */
  messstelleAnlegen: boolean;
  parent?: number;
}

/**
 * The plants of the operation (spec 000 §2), sub-plants below their parent. The open plant lists
 * Anlagendaten, Dateien, Wiedervorlagen, Indirekteinleiter (when plants discharge into it),
 * Messstellen with their count and, for a treatment plant, its Kanalnetze with 'Kanalnetz
 * anlegen'. A plant that is STILLGELEGT or ANGESCHLOSSEN_AN is marked, and nothing is created below it.
 */
function Anlagenbaum({ anlagen, basis, mitModus, anlegen, messstellen, messstelleAnlegen, parent = 0 }: AnlagenbaumProps) {
  const { anlageid, messstellenid } = useParams();
  const ebene = anlagen.filter((a) => (a.parentanlageid ?? 0) === parent);
  if (parent === 0 && anlagen.length === 0) return <li className="px-2 text-sm text-gray-700">Keine Einträge vorhanden</li>;
  return (
    <>
      {ebene.map((a) => {
        const pfad = `${basis}/${(a.anlagentyp ?? '').toLowerCase()}/${a.id}`;
        const ausser = ausserBetrieb(a);
        const kinder = anlagen.filter((x) => x.parentanlageid === a.id);
        const kanalnetze = a.anlagentyp === 'ABWASSERBEHANDLUNG';
        const offen = String(a.id) === anlageid;
        const andere = kanalnetze ? kinder.filter((x) => x.anlagentyp !== 'KANALNETZ') : kinder;
        return (
          <li key={a.id}>
            <NavLink to={`${pfad}/anlagendaten${mitModus}`} className={linkClass}>
              {a.bezeichnung}
              {ausser && <span className="ml-1 text-xs">(außer Betrieb)</span>}
            </NavLink>
            {offen && (
              <ul className="space-y-1 pl-3" aria-label={`${a.bezeichnung ?? 'Anlage'}: Ablage`}>
                <Eintrag to={`${pfad}/anlagendaten${mitModus}`}>Anlagendaten</Eintrag>
                <Eintrag to={`${pfad}/dateien${mitModus}`}>Dateien</Eintrag>
                <Eintrag to={`${pfad}/wiedervorlagen${mitModus}`}>Wiedervorlagen</Eintrag>
                {(a.anzahlIndirekteinleiter ?? 0) > 0 && (
                  <Eintrag to={`${pfad}/indirekteinleiter${mitModus}`}>Indirekteinleiter ({a.anzahlIndirekteinleiter})</Eintrag>
                )}
                <Eintrag to={`${pfad}/messstellen${mitModus}`}>
                  <span data-testid="messstellen-anzahl">Messstellen ({a.anzahlMessstellen ?? 0})</span>
                </Eintrag>
                <Messstellenbaum
                  messstellen={messstellen.filter((m) => m.anlage?.id === a.id)}
                  pfad={pfad}
                  mitModus={mitModus}
                  offen={messstellenid}
                  anlegen={messstelleAnlegen && !ausser}
                  anlage={a.bezeichnung ?? 'Anlage'}
                />
              </ul>
            )}
            {kanalnetze && (offen || kinder.some((x) => x.anlagentyp === 'KANALNETZ')) && (
              <div className="pl-3">
                <p className="px-2 pt-1 text-sm font-semibold text-gray-800">Kanalnetze</p>
                <ul className="space-y-1 pl-2" aria-label={`${a.bezeichnung ?? 'Anlage'}: Kanalnetze`}>
                  <li>
                    {/* the accessible name tells it from the other groups' Übersicht (the list names the plant) */}
                    <NavLink to={`${pfad}/kanalnetze${mitModus}`} className={linkClass} aria-label="Kanalnetze: Übersicht">
                      Übersicht
                    </NavLink>
                  </li>
                  <Anlagenbaum anlagen={anlagen.filter((x) => x.parentanlageid !== a.id || x.anlagentyp === 'KANALNETZ')} basis={basis} mitModus={mitModus} anlegen={anlegen} messstellen={messstellen} messstelleAnlegen={messstelleAnlegen} parent={a.id} />
                  {anlegen && !ausser && (
                    <li>
                      <NavLink to={`${basis}/kanalnetz/neu/anlagendaten?modus=s&parentanlageid=${a.id}`} className={linkClass}>
                        Kanalnetz anlegen
                      </NavLink>
                    </li>
                  )}
                </ul>
              </div>
            )}
            {andere.length > 0 && (
              <ul className="space-y-1 pl-3">
                <Anlagenbaum anlagen={anlagen.filter((x) => x.parentanlageid !== a.id || !kanalnetze || x.anlagentyp !== 'KANALNETZ')} basis={basis} mitModus={mitModus} anlegen={anlegen} messstellen={messstellen} messstelleAnlegen={messstelleAnlegen} parent={a.id} />
              </ul>
            )}
          </li>
        );
      })}
    </>
  );
}

/**
 * The measuring points of the open plant (spec 000 §2: Messstellen with its count above them),
 * the open one with its Messstellendaten, Dateien and Wiedervorlagen; 'Messstelle anlegen' where
 * creating is possible now. A shut-down point is marked.
 */
function Messstellenbaum({
  messstellen,
  pfad,
  mitModus,
  offen,
  anlegen,
  anlage,
}: {
  messstellen: MessstellenZeile[];
  pfad: string;
  mitModus: string;
  offen: string | undefined;
  anlegen: boolean;
  anlage: string;
}) {
  if (messstellen.length === 0 && !anlegen) return null;
  return (
    <li>
      <ul className="space-y-1 pl-3" aria-label={`${anlage}: Messstellen`}>
        {messstellen.map((m) => {
          const mp = `${pfad}/messstellen/${m.id}`;
          return (
            <li key={m.id}>
              <NavLink to={`${mp}/messstellendaten${mitModus}`} className={linkClass}>
                {m.bezeichnung}
                {m.messstellenstatus === 'STILLGELEGT' && <span className="ml-1 text-xs">(außer Betrieb)</span>}
              </NavLink>
              {String(m.id) === offen && (
                <ul className="space-y-1 pl-3" aria-label={`${m.bezeichnung}: Ablage`}>
                  <Eintrag to={`${mp}/messstellendaten${mitModus}`}>Messstellendaten</Eintrag>
                  <Eintrag to={`${mp}/dateien${mitModus}`}>Dateien</Eintrag>
                  <Eintrag to={`${mp}/wiedervorlagen${mitModus}`}>Wiedervorlagen</Eintrag>
                </ul>
              )}
            </li>
          );
        })}
        {anlegen && (
          <li>
            <NavLink to={`${pfad}/messstellen/neu/messstellendaten?modus=s`} className={linkClass}>
              Messstelle anlegen
            </NavLink>
          </li>
        )}
      </ul>
    </li>
  );
}

/** 'Anlage anlegen': the four types in edit mode of a released operation; otherwise disabled with the reason. */
function AnlageAnlegen({ basis, hinweisId, hinweis }: { basis: string; hinweisId: string; hinweis?: string }) {
  const [offen, setOffen] = useState(false);
  const menueId = `${hinweisId}-typen`;
  return (
    <>
      <button
        type="button"
        disabled={!!hinweis}
        aria-expanded={hinweis ? undefined : offen}
        aria-controls={hinweis ? undefined : menueId}
        aria-describedby={hinweis ? hinweisId : undefined}
        onClick={() => setOffen((o) => !o)}
        className="rounded border border-gray-400 px-2 py-1 text-sm text-blue-800 disabled:text-gray-600"
      >
        Anlage anlegen
      </button>
      {hinweis && (
        <p id={hinweisId} className="mt-1 text-xs text-gray-700">
          {hinweis}
        </p>
      )}
      {!hinweis && offen && (
        <ul id={menueId} className="mt-1 space-y-1">
          {ANLAGENTYPEN.map((t) => (
            <li key={t.pfad}>
              <NavLink to={`${basis}/${t.pfad}/neu/anlagendaten?modus=s`} className={linkClass} onClick={() => setOffen(false)}>
                {t.label}
              </NavLink>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

/** The label of a Bescheid in the tree: its kind and date. */
const bescheidText = (b: BescheidImBaum) => `${b.bescheidart || 'Bescheid'}${b.bescheidsdatum ? ` vom ${formatDate(b.bescheidsdatum)}` : ''}`;

/**
 * The group Bescheide of a released operation (spec 000 §2, spec 001 §2.1): the two overviews,
 * each Bescheid (segment antrag while an application) and, when open, its Bescheidsdaten,
 * Dateien, Wiedervorlagen and measuring points; in edit mode a create action per
 * Bescheidqualität for those who may create ('Bescheid anlegen', …).
 */
function Bescheidbaum({ betriebId, basis, mitModus, anlegen, stand }: { betriebId: string; basis: string; mitModus: string; anlegen: boolean; stand?: string }) {
  const { bescheidid } = useParams();
  const gruppeId = useId();
  const bescheide = useQuery(bescheideDesBetriebsQuery(betriebId, stand));
  const offen = useQuery({ ...offenerBescheidQuery(bescheidid ?? '', stand), enabled: !!bescheidid && /^\d+$/.test(bescheidid) });
  const qualitaeten = useQuery({ ...wertelisteQuery('bescheidqualitaet'), enabled: anlegen, staleTime: 5 * 60_000 });
  return (
    <li className="pt-2">
      <p className="px-2 text-sm font-semibold text-gray-800" id={gruppeId}>
        Bescheide
      </p>
      <ul aria-labelledby={gruppeId} className="mt-1 space-y-1 pl-2">
        <Eintrag to={`${basis}/bescheiduebersicht${mitModus}`}>Übersicht Bescheide/Erklärungen</Eintrag>
        <Eintrag to={`${basis}/parameteruebersicht${mitModus}`}>Übersicht Parameterwerte</Eintrag>
        {(bescheide.data ?? []).map((b) => {
          const segment = b.bescheidsstatus === 'ANGELEGT' || b.bescheidsstatus === 'BEANTRAGT' ? 'antrag' : 'bescheid';
          const pfad = `${basis}/${segment}/${b.id}`;
          const istOffen = String(b.id) === bescheidid;
          return (
            <li key={b.id}>
              <NavLink to={`${pfad}/bescheidsdaten${mitModus}`} className={linkClass}>
                {bescheidText(b)}
                {segment === 'antrag' && <span className="ml-1 text-xs">(Antrag)</span>}
              </NavLink>
              {istOffen && (
                <ul className="space-y-1 pl-3" aria-label={`${bescheidText(b)}: Ablage`}>
                  <Eintrag to={`${pfad}/bescheidsdaten${mitModus}`}>Bescheidsdaten</Eintrag>
                  <Eintrag to={`${pfad}/dateien${mitModus}`}>Dateien</Eintrag>
                  <Eintrag to={`${pfad}/wiedervorlagen${mitModus}`}>Wiedervorlagen</Eintrag>
                  {(offen.data?.messstellen ?? []).map((m) => (
                    <Eintrag key={m.id} to={`${basis}/bescheid/${b.id}/messstellen/${m.id}${mitModus}`}>
                      {m.messstellenId} {m.bezeichnung}
                    </Eintrag>
                  ))}
                </ul>
              )}
            </li>
          );
        })}
        {anlegen &&
          (qualitaeten.data ?? []).map((q) => (
            <li key={q.id}>
              <NavLink to={`${basis}/bescheid/neu/bescheiddaten?qualitaet=${encodeURIComponent(q.value)}&modus=s`} className={linkClass}>
                {q.value} anlegen
              </NavLink>
            </li>
          ))}
      </ul>
    </li>
  );
}

/**
 * The group Jahresberichte (spec 001 §2.6; only when the annual-report feature is on): the
 * Übersicht, then per plant and year the report's Jahresdaten and, when it is open, the
 * Messwerte of each measuring point the report year lists.
 */
function Jahresberichtbaum({ betriebId, basis, mitModus, stand }: { betriebId: string; basis: string; mitModus: string; stand?: string }) {
  const { berichtid } = useParams();
  const gruppeId = useId();
  // the reports have no view of the past: as of a date only the group's overviews (which say so)
  const berichte = useQuery({ ...berichteImBaumQuery(betriebId), enabled: !stand });
  const offen = useQuery({ ...offenerBerichtQuery(berichtid ?? ''), enabled: !!berichtid && /^\d+$/.test(berichtid) });
  const anlagen = new Map<number, { name: string; berichte: BerichtImBaum[] }>();
  for (const b of stand ? [] : (berichte.data ?? [])) {
    const a = anlagen.get(b.anlageId ?? 0) ?? { name: `${b.anlagenId ?? ''} ${b.anlageBezeichnung ?? ''}`.trim(), berichte: [] };
    a.berichte.push(b);
    anlagen.set(b.anlageId ?? 0, a);
  }
  return (
    <li className="pt-2">
      <p className="px-2 text-sm font-semibold text-gray-800" id={gruppeId}>
        Jahresberichte
      </p>
      <ul aria-labelledby={gruppeId} className="mt-1 space-y-1 pl-2">
        <Eintrag to={`${basis}/jahresbericht/uebersicht${mitModus}`}>Übersicht</Eintrag>
        <Eintrag to={`${basis}/jahresbericht/ueberschreitungen${mitModus}`}>Überschreitungen</Eintrag>
        {[...anlagen.entries()].map(([anlageId, a]) => (
          <li key={anlageId}>
            <p className="px-2 text-sm text-gray-800">{a.name}</p>
            <ul className="space-y-1 pl-3" aria-label={`Jahresberichte ${a.name}`}>
              {[...a.berichte]
                .sort((x, y) => (y.jahr ?? 0) - (x.jahr ?? 0))
                .map((b) => (
                  <li key={b.id}>
                    <NavLink to={`${basis}/jahresbericht/${b.id}/jahresberichtdaten${mitModus}`} className={linkClass}>
                      {b.jahr}
                    </NavLink>
                    {String(b.id) === berichtid && (
                      <ul className="space-y-1 pl-3" aria-label={`Jahresbericht ${b.jahr}`}>
                        <Eintrag to={`${basis}/jahresbericht/${b.id}/jahresberichtdaten${mitModus}`}>Jahresdaten</Eintrag>
                        <Eintrag to={`${basis}/jahresbericht/${b.id}/dateien${mitModus}`}>Dateien</Eintrag>
                        <Eintrag to={`${basis}/jahresbericht/${b.id}/wiedervorlagen${mitModus}`}>Wiedervorlagen</Eintrag>
                        {(offen.data?.messstellen ?? []).map((m) => (
                          <Eintrag key={m.id} to={`${basis}/jahresbericht/${b.id}/messstelle/${m.id}${mitModus}`}>
                            Messwerte {m.messstellenId} {m.bezeichnung}
                          </Eintrag>
                        ))}
                      </ul>
                    )}
                  </li>
                ))}
            </ul>
          </li>
        ))}
      </ul>
    </li>
  );
}
