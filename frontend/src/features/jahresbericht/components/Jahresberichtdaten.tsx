import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Link, Navigate, useNavigate, useParams } from 'react-router-dom';
import { Fehleruebersicht, feldbezeichnung, feldElement } from '@/components/akte/Fehleruebersicht';
import { FreigabeEntscheidung, type NeuerFreigabestatus } from '@/components/akte/FreigabeEntscheidung';
import { useAktenFormular } from '@/components/akte/useAktenFormular';
import { useAktenObjekt, type Aktenansicht } from '@/components/akte/useAktenObjekt';
import { useReiterFormular, type Formularfehler } from '@/components/akte/useReiterFormular';
import { Button } from '@/components/Button';
import { useConfirm } from '@/components/ConfirmDialog';
import { Auswahlfeld } from '@/components/felder';
import { FormField, inputClass } from '@/components/FormField';
import { Laden } from '@/components/Laden';
import { ModusToggle } from '@/components/Modus';
import { isAbortError, ZEITLIMIT_JAHRESBERICHT_ANLAGEN } from '@/lib/api';
import { useDarf, useMe } from '@/lib/auth';
import { zeigeFehler } from '@/lib/errors';
import { formatDate, formatDateTimeMinutes } from '@/lib/format';
import { useModus } from '@/lib/modus';
import { rolleLabel } from '@/lib/rollen';
import { toast } from '@/lib/toast';
import { speichereDatei } from '@/lib/download';
import { useDocumentTitle } from '@/lib/useDocumentTitle';
import { UnsavedChangesGuard } from '@/lib/useUnsavedChangesGuard';
import { MSG_PFLICHTFELD } from '@/lib/form';
import {
  berichteDesBetriebsQuery,
  holeJahresbericht,
  jahresberichtQuery,
  type BerichtFormular,
  type Jahresbericht,
} from '@/features/jahresbericht/api/jahresbericht';
import { anlagenDesBetriebsQuery } from '@/lib/akte/anlagen-des-betriebs';
import { druckeJahresbericht } from '@/features/jahresbericht/api/drucke-jahresbericht';
import { entscheideJahresbericht } from '@/features/jahresbericht/api/entscheide-jahresbericht';
import { legeJahresberichtAn } from '@/features/jahresbericht/api/lege-jahresbericht-an';
import { loescheJahresbericht } from '@/features/jahresbericht/api/loesche-jahresbericht';
import { reicheJahresberichtEin } from '@/features/jahresbericht/api/reiche-jahresbericht-ein';
import { speichereJahresbericht } from '@/features/jahresbericht/api/speichere-jahresbericht';
import { uebernehmeJahresbericht } from '@/features/jahresbericht/api/uebernehme-jahresbericht';
import { useBerichtsbefehl } from '@/features/jahresbericht/api/keys';
import { berichtsjahre, jahresberichtPfad, statustext } from '@/lib/jahresbericht';
import { Parametertabelle } from './Parametertabelle';

// Verbatim texts of spec 001 §8.
export const MSG_GESPEICHERT = 'Bericht erfolgreich gespeichert';
export const MSG_GELOESCHT = 'Bericht erfolgreich gelöscht';
export const MSG_FREIGEGEBEN = 'Der Jahresbericht wurde erfolgreich freigegeben.';
export const MSG_ZURUECKGEWIESEN = 'Der Jahresbericht wurde erfolgreich zurückgewiesen.';
export const MSG_FREIGABE_FEHLER = 'Das Freigeben des Jahresberichts ist fehlgeschlagen! Alle anderen Änderungen wurden zuvor gespeichert.';
export const MSG_SPEICHERN_VOR_FREIGABE = 'Beim Speichern vor der Freigabe des Jahresberichts ist ein Fehler aufgetreten!';
export const MSG_LOESCHEN_FRAGE = 'Soll der Jahresbericht wirklich gelöscht werden?';
export const MSG_AUFRUF_FEHLER = 'Fehler beim Aufruf des Jahresberichts';
// Ours (the spec names the button, not its message; the server answers with this text).
export const MSG_EINGEREICHT = 'Der Jahresbericht wurde erfolgreich eingereicht.';
export const PLAUSIBILISIERUNG_TITEL = 'Plausibilisierung abschließen';

/** The status lists of the form (docs/decisions.md, "Annual reports (issue 31): the domain package"). */
const STATUSLISTEN = {
  statusMesswerte: ['UNBEARBEITET', 'ABGESCHLOSSEN', 'NICHT_ERFORDERLICH'],
  statusAQS: ['UNBEARBEITET', 'UEBERMITTELT', 'NICHT_ERFORDERLICH'],
  statusExterne: ['UNBEARBEITET', 'UEBERMITTELT', 'ENTFAELLT'],
  kanalzustand: ['ANGEFORDERT', 'UEBERMITTELT', 'NICHT_ERFORDERLICH'],
  durchflusspruefung: ['UNBEARBEITET', 'ABGESCHLOSSEN', 'ENTFAELLT'],
} as const;

const FELDNAMEN: Record<string, string> = {
  anlage: 'Anlage',
  jahr: 'Jahr',
  status: 'Status',
  statusMesswerte: 'Status Messwerte',
  statusAQS: 'Status AQS',
  statusExterne: 'Status externe Stoffe',
  kanalzustand: 'Kanalzustand/Sanierung',
  durchflusspruefung: 'Durchflussprüfung an',
  bemerkung: 'Bemerkung',
};
const feldname = (key: string) => feldbezeichnung(key, FELDNAMEN);

/** The values of the form. */
/** The form's fields: the report's members a save sends (their choices as the API document names them). */
type Werte = Required<Pick<BerichtFormular, 'statusMesswerte' | 'statusAQS' | 'statusExterne' | 'kanalzustand' | 'durchflusspruefung' | 'bemerkung'>> & {
  status: Jahresbericht['status'];
};

const werteAus = (b: Jahresbericht): Werte => ({
  status: b.status,
  statusMesswerte: b.statusMesswerte ?? '',
  statusAQS: b.statusAQS ?? '',
  statusExterne: b.statusExterne ?? '',
  kanalzustand: b.kanalzustand ?? '',
  durchflusspruefung: b.durchflusspruefung ?? '',
  bemerkung: b.bemerkung ?? '',
});

const BEMERKUNG_MAX = 255;

function pruefe(w: Werte): Formularfehler {
  const f: Formularfehler = {};
  if (w.bemerkung.length > BEMERKUNG_MAX) f.bemerkung = `Die Bemerkung darf höchstens ${BEMERKUNG_MAX} Zeichen lang sein.`;
  return f;
}

const optionen = (werte: readonly string[]) => werte.map((v) => ({ value: v, label: statustext(v) }));

/**
 * Routes …/jahresbericht/{id}/jahresberichtdaten and …/jahresbericht/neu/jahresberichtdaten
 * (spec 001 §2.7).
 */
export function Jahresberichtdaten({ neu = false }: { neu?: boolean }) {
  const { berichtid = '' } = useParams();
  useDocumentTitle(neu ? 'Neuer Jahresbericht' : 'Jahresdaten');
  if (neu) return <NeuerJahresbericht />;
  return <VorhandenerBericht berichtId={berichtid} />;
}

function NeuerJahresbericht() {
  const me = useMe();
  const darf = useDarf();
  if (me.isPending) return <Laden />;
  if (!darf('JAHRESBERICHT_ANLEGEN')) return <Navigate to="/unautorisiert" replace />;
  return <NeuesFormular />;
}

/** A new report: the treatment plant, the year and, if wanted, the parameters of another report. */
function NeuesFormular() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  // the operation's plants with the spec's timeout of the annual-report plants (6000000 ms,
  // getJahresberichtAnlagenForBetrieb)
  const anlagen = useQuery(anlagenDesBetriebsQuery(id, { zeitlimit: ZEITLIMIT_JAHRESBERICHT_ANLAGEN }));
  const berichte = useQuery(berichteDesBetriebsQuery(id));
  const [anlage, setAnlage] = useState('');
  const [jahr, setJahr] = useState(String(new Date().getFullYear() - 1));
  const [von, setVon] = useState('');
  const [bemerkung, setBemerkung] = useState('');
  const [fehler, setFehler] = useState<Formularfehler>({});
  const anlegen = useBerichtsbefehl(legeJahresberichtAn, { meta: { globalErrorHandling: false } });
  const uebernehmen = useBerichtsbefehl(uebernehmeJahresbericht, { meta: { globalErrorHandling: false } });
  const klaeranlagen = (anlagen.data ?? []).filter((a) => a.anlagentyp === 'ABWASSERBEHANDLUNG');

  const speichern = () => {
    const f: Formularfehler = {};
    // the server's words for the same blank fields (domain/jahresbericht: validierung.Pflichtfeld)
    if (!anlage) f.anlage = MSG_PFLICHTFELD;
    if (!jahr) f.jahr = MSG_PFLICHTFELD;
    setFehler(f);
    if (Object.keys(f).length > 0) return;
    const formular: BerichtFormular = { anlage: { id: Number(anlage) }, jahr: Number(jahr), bemerkung };
    (von ? uebernehmen.mutateAsync({ von: Number(von), f: formular }) : anlegen.mutateAsync(formular))
      .then((a) => {
        toast.ergebnis('success', MSG_GESPEICHERT);
        navigate(jahresberichtPfad(id, a.id ?? 0));
      })
      .catch((e: unknown) => {
        if (isAbortError(e)) return;
        const v = (e as { validationErrors?: Formularfehler }).validationErrors;
        if (v && Object.keys(v).length > 0) {
          setFehler({ ...v });
          return;
        }
        zeigeFehler(e);
      });
  };

  return (
    <section aria-labelledby="bericht-titel" className="space-y-4">
      <UnsavedChangesGuard when={!anlegen.isSuccess && !uebernehmen.isSuccess && (anlage !== '' || bemerkung !== '')} />
      <h1 id="bericht-titel" className="text-2xl font-semibold">
        Neuer Jahresbericht
      </h1>
      <Fehleruebersicht fehler={fehler} feldname={feldname} onFeld={(k) => feldElement(document, k)?.focus()} fokus={0} />
      <div className="grid gap-4 sm:grid-cols-2">
        <Auswahlfeld
          label="Anlage"
          name="anlage"
          required
          value={anlage}
          onChange={setAnlage}
          error={fehler.anlage}
          optionen={klaeranlagen.map((a) => ({ value: String(a.id), label: a.bezeichnung ?? String(a.id) }))}
        />
        <Auswahlfeld
          label="Jahr"
          name="jahr"
          required
          value={jahr}
          onChange={setJahr}
          error={fehler.jahr}
          optionen={berichtsjahre().map((j) => ({ value: String(j), label: String(j) }))}
        />
        <Auswahlfeld
          label="Parameter übernehmen aus"
          name="uebernahme"
          value={von}
          onChange={setVon}
          leer="Keine Übernahme"
          optionen={(berichte.data ?? []).map((b) => ({ value: String(b.id), label: `${b.jahr} ${b.anlageBezeichnung}` }))}
        />
        <FormField label="Bemerkung" error={fehler.bemerkung} className="sm:col-span-2">
          <textarea name="bemerkung" rows={3} maxLength={BEMERKUNG_MAX} className={inputClass} value={bemerkung} onChange={(e) => setBemerkung(e.target.value)} />
        </FormField>
      </div>
      <p className="text-sm text-gray-700">Von und Bis folgen aus dem Jahr: 01.01. bis 31.12.</p>
      <div className="flex justify-end gap-2 border-t border-gray-200 pt-4">
        <Button onClick={speichern} disabled={anlegen.isPending || uebernehmen.isPending}>
          Speichern
        </Button>
      </div>
    </section>
  );
}

function VorhandenerBericht({ berichtId }: { berichtId: string }) {
  const akte = useAktenObjekt(useQuery(jahresberichtQuery(berichtId)), MSG_AUFRUF_FEHLER);
  if (!akte.objekt) return akte.platzhalter;
  return <Bearbeitung key={akte.formularKey} bericht={akte.objekt} {...akte.ansicht} />;
}

const REITER = 'jahresdaten' as const;

function Bearbeitung({ bericht: b, neuLaden, zurueckZuLesen }: { bericht: Jahresbericht } & Aktenansicht) {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const { lesen, setModus } = useModus();
  const darf = useDarf();
  const [bestaetigen, loeschenDialog] = useConfirm();
  const [entscheidung, setEntscheidung] = useState(false);
  // submitted or decided: the form's input went with the command, nothing is left unsaved
  const [fertig, setFertig] = useState(false);
  const rechte = b.rechte;
  const darfBearbeiten = !!rechte?.bearbeiten;
  const bearbeiten = !lesen && darfBearbeiten;
  // edit mode falls back to read mode where the caller may not edit the report now (spec 001 §4.2)
  useEffect(() => {
    if (!lesen && !darfBearbeiten) setModus('l');
  }, [lesen, darfBearbeiten, setModus]);
  const basis = useMemo(() => werteAus(b), [b]);
  const form = useReiterFormular(basis, { start: REITER, reiterVon: () => REITER, pruefe });
  // a save sends a status a report can be saved with; a released one (PLAUSIBILISIERT) is never saved
  const formular = (w: Werte, version: number): BerichtFormular => ({
    id: b.id,
    version,
    ...w,
    status: w.status === 'PLAUSIBILISIERT' ? '' : w.status,
  });
  const speichere = useBerichtsbefehl(speichereJahresbericht, { meta: { globalErrorHandling: false } });
  const einreichen = useBerichtsbefehl(reicheJahresberichtEin, { meta: { globalErrorHandling: false } });
  const entscheide = useBerichtsbefehl(entscheideJahresbericht, { meta: { globalErrorHandling: false } });
  const loesche = useBerichtsbefehl(loescheJahresbericht, { meta: { globalErrorHandling: false } });
  const akte = useAktenFormular({
    basis,
    werte: form.werte,
    zuruecksetzen: form.zuruecksetzen,
    pruefen: form.pruefen,
    serverfehler: form.serverfehler,
    bearbeitbar: bearbeiten,
    historisiert: false,
    senden: (_audit, stand) => speichere.mutateAsync(formular(stand?.werte ?? form.werte, stand?.version ?? b.version)),
    neuerStand: async () => {
      const neu = await holeJahresbericht(String(b.id));
      return { werte: werteAus(neu), version: neu.version, objekt: neu };
    },
    gespeichertText: MSG_GESPEICHERT,
    zurueckZuLesen,
    neuLaden,
  });

  const mitFehlern = useCallback(
    (e: unknown) => {
      if (isAbortError(e)) return;
      if (form.serverfehler(e) === true) return;
      zeigeFehler(e);
    },
    [form],
  );

  // 'Speichern und Einreichen': the form's values go with the submission (one command)
  const reicheEin = () => {
    if (!form.pruefen()) return;
    einreichen
      .mutateAsync(formular(form.werte, b.version))
      .then((a) => {
        setFertig(true);
        toast.ergebnis('success', a.message ?? MSG_EINGEREICHT);
        zurueckZuLesen();
      })
      .catch(mitFehlern);
  };

  // 'Plausibilisierung abschließen': the data is saved first, then the decision is posted (spec 001 §4.2)
  const entscheiden = async (neuerStatus: NeuerFreigabestatus, kommentar: string) => {
    let version = b.version;
    if (bearbeiten && akte.dirty) {
      if (!form.pruefen()) {
        setEntscheidung(false);
        return;
      }
      try {
        const a = await speichere.mutateAsync(formular(form.werte, b.version));
        version = a.version ?? version;
      } catch (e) {
        setEntscheidung(false);
        if (!isAbortError(e) && form.serverfehler(e) !== true) toast.error(MSG_SPEICHERN_VOR_FREIGABE);
        return;
      }
    }
    const status = neuerStatus === 'FREIGEGEBEN' ? 'PLAUSIBILISIERT' : 'IN_BEARBEITUNG';
    try {
      await entscheide.mutateAsync({ id: b.id, version, neuerStatus: status, kommentar });
    } catch (e) {
      if (!isAbortError(e)) toast.error(version !== b.version ? MSG_FREIGABE_FEHLER : (e as Error).message || MSG_FREIGABE_FEHLER);
      return;
    }
    setEntscheidung(false);
    setFertig(true);
    toast.ergebnis('success', status === 'PLAUSIBILISIERT' ? MSG_FREIGEGEBEN : MSG_ZURUECKGEWIESEN);
    zurueckZuLesen();
  };

  const loeschen = async () => {
    if (!(await bestaetigen({ title: 'Löschen bestätigen', message: MSG_LOESCHEN_FRAGE, confirmLabel: 'Löschen', destructive: true }))) return;
    try {
      await loesche.mutateAsync({ id: b.id, version: b.version });
    } catch (e) {
      zeigeFehler(e);
      return;
    }
    toast.ergebnis('success', MSG_GELOESCHT);
    navigate(`/betriebsakte/${encodeURIComponent(id)}/jahresbericht/uebersicht?modus=l`);
  };

  const w = form.werte;
  const feld = (name: keyof typeof STATUSLISTEN, label: string) => (
    <Auswahlfeld
      label={label}
      name={name}
      value={w[name]}
      onChange={(v) => form.setWerte({ ...w, [name]: v })}
      error={form.fehler[name]}
      disabled={!bearbeiten}
      leer="Keine Angabe"
      optionen={optionen(STATUSLISTEN[name])}
    />
  );
  const laeuft = akte.laeuft || einreichen.isPending || entscheide.isPending || speichere.isPending;
  const titel = `Jahresbericht ${b.jahr}: ${b.anlage.bezeichnung ?? b.anlageBezeichnung ?? ''}`;
  return (
    <section aria-labelledby="bericht-titel" className="space-y-4">
      <UnsavedChangesGuard when={akte.dirty && !fertig} />
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="space-y-1">
          <h1 id="bericht-titel" className="text-2xl font-semibold">
            {titel}
          </h1>
          <p className="text-sm text-gray-700">
            Status: <span data-testid="bericht-status">{statustext(b.status)}</span>
            {b.status === 'PLAUSIBILISIERT' && ' – ein plausibilisierter Jahresbericht kann nicht mehr bearbeitet werden.'}
          </p>
        </div>
        {darfBearbeiten && <ModusToggle />}
      </div>
      {b.kommentar && (
        <div role="note" className="rounded border-l-4 border-blue-800 bg-blue-50 px-4 py-2 text-sm">
          <p className="font-semibold">Kommentar der Plausibilisierung</p>
          <p className="whitespace-pre-line">{b.kommentar}</p>
        </div>
      )}
      <div className="flex flex-wrap gap-2">
        {darf('BETRIEB_VERLAUF_LESEN') && (
          <Link
            to={`/betriebsakte/${encodeURIComponent(id)}/jahresbericht/${b.id}/verlauf?modus=l`}
            className="rounded border border-blue-800 bg-white px-4 py-2 text-sm font-medium text-blue-900 hover:bg-blue-50"
          >
            Verlauf des Jahresberichts
          </Link>
        )}
        {rechte?.plausibilisieren && b.status === 'EINGEREICHT' && (
          <Button onClick={() => setEntscheidung(true)} disabled={laeuft}>
            {PLAUSIBILISIERUNG_TITEL}
          </Button>
        )}
        {rechte?.loeschen && (
          <Button variant="secondary" onClick={() => void loeschen()} disabled={laeuft || loesche.isPending}>
            Löschen
          </Button>
        )}
        <Button
          variant="secondary"
          onClick={() =>
            druckeJahresbericht(b.id)
              .then((d) => speichereDatei(d, `Jahresbericht-${b.id}.pdf`))
              .catch((e: unknown) => zeigeFehler(e))
          }
        >
          Jahresbericht drucken
        </Button>
      </div>
      {bearbeiten && <Fehleruebersicht fehler={form.fehler} feldname={feldname} onFeld={form.geheZu} fokus={form.pruefung} />}
      <div ref={form.containerRef} className="space-y-4">
        <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1 text-sm">
          <dt className="font-semibold">Anlage</dt>
          <dd data-testid="bericht-anlage">
            {b.anlage.anlagenId} {b.anlage.bezeichnung}
          </dd>
          <dt className="font-semibold">Jahr</dt>
          <dd>{b.jahr}</dd>
          <dt className="font-semibold">Von</dt>
          <dd>{formatDate(b.von)}</dd>
          <dt className="font-semibold">Bis</dt>
          <dd>{formatDate(b.bis)}</dd>
          <dt className="font-semibold">Geändert</dt>
          <dd>{formatDateTimeMinutes(b.geaendert)}</dd>
          <dt className="font-semibold">Eingereicht von</dt>
          <dd data-testid="bericht-eingereicht">
            {b.eingereichtVon ? `${b.eingereichtVon.person?.name ?? ''} (${rolleLabel(b.eingereichtVon.funktionaleRolle ?? '')})` : '–'}
          </dd>
        </dl>
        <div className="grid gap-4 sm:grid-cols-2">
          <Auswahlfeld
            label="Status"
            name="status"
            required
            value={w.status}
            onChange={(v) => form.setWerte({ ...w, status: v as Werte['status'] })} // one of the server's statusWerte
            error={form.fehler.status}
            disabled={!bearbeiten}
            optionen={optionen(rechte?.statusWerte?.length ? rechte.statusWerte : [b.status])}
          />
          {feld('statusMesswerte', 'Status Messwerte')}
          {feld('statusAQS', 'Status AQS')}
          {feld('statusExterne', 'Status externe Stoffe')}
          {feld('kanalzustand', 'Kanalzustand/Sanierung')}
          {feld('durchflusspruefung', 'Durchflussprüfung an')}
          <FormField label="Bemerkung" error={form.fehler.bemerkung} className="sm:col-span-2">
            <textarea
              name="bemerkung"
              rows={3}
              maxLength={BEMERKUNG_MAX}
              className={inputClass}
              value={w.bemerkung}
              disabled={!bearbeiten}
              onChange={(e) => form.setWerte({ ...w, bemerkung: e.target.value })}
            />
          </FormField>
        </div>
      </div>
      {bearbeiten && (
        <div className="flex flex-wrap justify-end gap-2 border-t border-gray-200 pt-4">
          <Button variant="secondary" onClick={akte.speichern} disabled={laeuft}>
            Speichern
          </Button>
          {rechte?.einreichen && (
            <Button onClick={reicheEin} disabled={laeuft}>
              Speichern und Einreichen
            </Button>
          )}
        </div>
      )}
      <Parametertabelle betriebId={id} bericht={b} />
      {entscheidung && (
        <FreigabeEntscheidung
          titel={PLAUSIBILISIERUNG_TITEL}
          hinweis="Der Kommentar ist für den Betreiber sichtbar; eine Zurückweisung gibt den Jahresbericht zur Bearbeitung zurück."
          begruendungFehlt="Bitte begründen Sie die Zurückweisung."
          zurueckweisungFrage="Soll der Jahresbericht wirklich zurückgewiesen werden?"
          entscheiden={(s, k) => void entscheiden(s, k)}
          laeuft={laeuft}
          onClose={() => setEntscheidung(false)}
        />
      )}
      {akte.dialog}
      {loeschenDialog}
    </section>
  );
}
