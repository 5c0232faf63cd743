import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useStand } from '@/lib/stand';
import { useParams, useSearchParams } from 'react-router-dom';
import { Button } from '@/components/Button';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { useAktenFormular, type Stand } from '@/components/akte/useAktenFormular';
import { AktenversionAusHistorie, useAktenObjekt, type Aktenansicht } from '@/components/akte/useAktenObjekt';
import { Fehleruebersicht } from '@/components/akte/Fehleruebersicht';
import { schreibbareFelder, SchreibrechteKontext } from '@/components/akte/Schreibrechte';
import { betriebFeldname } from '@/features/betrieb/feldnamen';
import type { AuditInfo } from '@/components/Historisierung';
import { useDarf } from '@/lib/auth';
import { ApiError } from '@/lib/api';
import { zeigeFehler } from '@/lib/errors';
import { holeZuErsetzende } from '@/features/betrieb/api/zu-ersetzende-anlagen';
import { useModus } from '@/lib/modus';
import { useDocumentTitle } from '@/lib/useDocumentTitle';
import { UnsavedChangesGuard } from '@/lib/useUnsavedChangesGuard';
import { betreiberQuery } from '@/features/betrieb/api/auswahl';
import {
  betriebQuery,
  holeBetrieb,
  historieQuery,
  type Betrieb,
  type BetriebRechte,
  type Freigabestatus,
} from '@/features/betrieb/api/betrieb';
import { useSpeichereAlsAdmin } from '@/features/betrieb/api/speichere-als-admin';
import { useSpeichereAlsBetreiber } from '@/features/betrieb/api/speichere-als-betreiber';
import { BetriebNurLesen } from './BetriebNurLesen';
import { BetreiberWechselDialog } from './dialoge/BetreiberWechselDialog';
import { ErsatzDialog, type Ersatzwahl } from './dialoge/ErsatzDialog';
import { FreigabeDialog, FREIGABE_TITEL } from './dialoge/FreigabeDialog';
import { HistorieDialog } from './dialoge/HistorieDialog';
import { StammdatenAntragDialog } from './dialoge/StammdatenAntragDialog';
import { PRUEFEN_TITEL, StammdatenPruefenDialog } from './dialoge/StammdatenPruefenDialog';
import { BetriebFormular } from './formular/BetriebFormular';
import { useBetriebFormular } from './formular/useBetriebFormular';
import { eingabeAus, SCHLUESSEL, werteAus } from './formular/werte';
import { ANTRAG_PARAM, FREIGABE_PARAM, HISTORIE_PARAM } from './parameter';
// Verbatim texts of spec 000 §4 and §8.
export const MSG_GESPEICHERT = 'Betrieb erfolgreich gespeichert';
export const MSG_BEANTRAGT = 'Betrieb erfolgreich beantragt';
export const ERNEUT_BEANTRAGEN = 'Freigabe erneut beantragen';
/** The hints of a field the caller may not save (per-field rights, issue 28), as the server words its refusal. */
export const HINWEIS_STAMMDATENANTRAG = 'Diese Stammdaten ändern Sie über einen Stammdatenänderungsantrag.';
export const HINWEIS_BEHOERDE = 'Diese Angabe ändert die Behörde.';
export const STILLLEGUNG_WARNUNG = 'Bei der Stilllegung des Betriebs werden alle Anlagen und Messstellen ebenfalls stillgelegt.';
export { ZURUECK_AKTUELL } from '@/components/Historisch';
import { useVersionAnzeigen } from '@/components/Historisch';
export { MSG_VERWORFEN } from '@/components/akte/useAktenFormular';

export const FREIGABESTATUS: Record<Freigabestatus, string> = {
  BEANTRAGT: 'Beantragt',
  FREIGEGEBEN: 'Freigegeben',
  ABGEWIESEN: 'Abgewiesen',
};

const KEINE_RECHTE: BetriebRechte = {
  bearbeiten: false,
  alsBetreiberSpeichern: false,
  alsAdminSpeichern: false,
  freigeben: false,
  antragStellen: false,
  antragPruefen: false,
  verlaufLesen: false,
  dateienBearbeiten: false,
  felder: [],
};

/**
 * Route /betriebsakte/:id/betriebsdaten: the current operation (editable in modus s by whom may),
 * or with ?historie=<n> a version of its history, read-only.
 */
export function Betriebsdaten() {
  useDocumentTitle('Betriebsdaten');
  const { id = '' } = useParams();
  const [params] = useSearchParams();
  const historie = params.get(HISTORIE_PARAM);
  // as of a date (?stand) the operation then, read-only (lib/stand.ts)
  const { stand } = useStand();
  const akte = useAktenObjekt(useQuery(betriebQuery(id, stand)));

  if (historie !== null) return <HistorischeVersion id={id} index={Number(historie)} />;
  if (!akte.objekt) return akte.platzhalter;
  return <BetriebBearbeitung key={akte.formularKey} betrieb={akte.objekt} {...akte.ansicht} />;
}

function Kopf({ betrieb }: { betrieb: Betrieb }) {
  return (
    <div className="space-y-2">
      <h1 id="betriebsdaten-titel" className="text-2xl font-semibold">
        Betriebsdaten
      </h1>
      <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1 text-sm" data-testid="freigabe">
        <dt className="font-semibold">Freigabestatus</dt>
        <dd>
          <span
            className={`rounded px-2 py-0.5 font-semibold ${
              betrieb.freigabestatus === 'FREIGEGEBEN'
                ? 'bg-green-100 text-green-900'
                : betrieb.freigabestatus === 'ABGEWIESEN'
                  ? 'bg-red-100 text-red-900'
                  : 'bg-amber-100 text-amber-900'
            }`}
          >
            {FREIGABESTATUS[betrieb.freigabestatus] ?? betrieb.freigabestatus}
          </span>
        </dd>
        {betrieb.freigabeKommentar && (
          <>
            <dt className="font-semibold">Kommentar zur Freigabe</dt>
            <dd className="whitespace-pre-wrap">{betrieb.freigabeKommentar}</dd>
          </>
        )}
      </dl>
    </div>
  );
}

type Dialogzustand = 'freigabe' | 'historie' | 'antrag' | 'pruefen' | 'wechsel' | 'stilllegen' | 'ersatz' | null;

type BearbeitungProps = { betrieb: Betrieb } & Aktenansicht;

function BetriebBearbeitung({ betrieb, neuLaden, zurueckZuLesen }: BearbeitungProps) {
  const id = String(betrieb.id);
  const darf = useDarf();
  const { lesen } = useModus();
  const [params, setParams] = useSearchParams();
  const rechte = betrieb.rechte ?? KEINE_RECHTE;
  const admin = rechte.alsAdminSpeichern;
  const betreiberSeite = !admin && rechte.alsBetreiberSpeichern;
  // edit mode alone is not enough: rechte.bearbeiten also holds for those who may only change
  // files; the form is editable for whoever may save it
  const bearbeiten = !lesen && rechte.bearbeiten && (admin || betreiberSeite);
  const freigegeben = betrieb.freigabestatus === 'FREIGEGEBEN';
  const typ = betrieb.betriebstyp?.id ?? '';

  const basis = useMemo(() => werteAus(betrieb), [betrieb]);
  const form = useBetriebFormular(basis);
  // per-field rights: what the caller may save (the server's rule), the rest locked with the hint
  const schreibrechte = useMemo(() => {
    const felder = schreibbareFelder(betrieb.rechte);
    return felder ? { felder, hinweis: freigegeben ? HINWEIS_STAMMDATENANTRAG : HINWEIS_BEHOERDE, schluessel: SCHLUESSEL } : null;
  }, [betrieb.rechte, freigegeben]);
  const { werte, setWerte } = form;
  // the keep/delete choice of an operator change (admin save), undefined when not asked
  const [behalten, setBehalten] = useState<boolean | undefined>();
  const antragPruefbar = rechte.antragPruefen && !!betrieb.stammdatenAntragOffen;
  // a link may open a decision: the review of the Stammdaten-Antrag or the Freigabe dialog
  const [dialog, setDialog] = useState<Dialogzustand>(() =>
    params.get(ANTRAG_PARAM) === 'true' && antragPruefbar
      ? 'pruefen'
      : params.get(FREIGABE_PARAM) === 'true' && rechte.freigeben && betrieb.freigabestatus === 'BEANTRAGT'
        ? 'freigabe'
        : null,
  );

  const betreiberListe = useQuery({ ...betreiberQuery(typ), enabled: admin && bearbeiten && !freigegeben && typ !== '' });

  // the replacements of a shut-down (plant → treatment plant), chosen in the ErsatzDialog
  const [ersatz, setErsatz] = useState<Ersatzwahl>({});
  const daten = (auditInfo?: AuditInfo, stand?: Stand<typeof werte>) => ({
    ...eingabeAus(stand?.werte ?? werte),
    version: stand?.version ?? betrieb.version,
    ...(auditInfo ? { auditInfo } : {}),
    ...(behalten !== undefined ? { preserveBetreiberAsAbwasserbeseitigungspflichtigen: behalten } : {}),
    ...(Object.keys(ersatz).length > 0 && (stand?.werte ?? werte).betriebsstatus === 'STILLGELEGT'
      ? { anlageToAufnehmendeanlage: Object.fromEntries(Object.entries(ersatz).map(([k, v]) => [k, v.id])) }
      : {}),
  });

  // a save of a rejected operation requests it again, whoever saves it (spec 000 §4)
  const erneutBeantragen = (admin || betreiberSeite) && betrieb.freigabestatus === 'ABGEWIESEN';
  const alsAdmin = useSpeichereAlsAdmin({ meta: { globalErrorHandling: false } });
  const alsBetreiber = useSpeichereAlsBetreiber({ meta: { globalErrorHandling: false } });
  const akte = useAktenFormular({
    basis,
    werte,
    zuruecksetzen: form.zuruecksetzen,
    pruefen: form.pruefen,
    serverfehler: (e) => {
      // the server's safety net: the replacements are missing (possibleSuppressorFlag anlageToAufnehmendeanlage)
      if (e instanceof ApiError && e.body.possibleSuppressorFlag === 'anlageToAufnehmendeanlage') setDialog('ersatz');
      return form.serverfehler(e);
    },
    bearbeitbar: bearbeiten,
    historisiert: admin,
    senden: (auditInfo, stand) => (admin ? alsAdmin : alsBetreiber).mutateAsync({ id, daten: daten(auditInfo, stand) }),
    neuerStand: async () => {
      const neu = await holeBetrieb(id);
      return { werte: werteAus(neu), version: neu.version, objekt: neu };
    },
    gespeichertText: erneutBeantragen ? MSG_BEANTRAGT : MSG_GESPEICHERT,
    zurueckZuLesen,
    neuLaden,
  });

  const onBetriebsstatus = (neu: string) => {
    const vorher = werte.betriebsstatus;
    setWerte((w) => ({ ...w, betriebsstatus: neu }));
    if (neu === 'STILLGELEGT' && vorher !== 'STILLGELEGT') setDialog('stilllegen');
  };

  const schliessen = () => {
    if (params.has(ANTRAG_PARAM) || params.has(FREIGABE_PARAM)) {
      setParams(
        (p) => {
          const n = new URLSearchParams(p);
          n.delete(ANTRAG_PARAM);
          n.delete(FREIGABE_PARAM);
          return n;
        },
        { replace: true },
      );
    }
    setDialog(null);
  };

  const versionAnzeigen = useVersionAnzeigen();
  const zeigeVersion = (index: number, aktuell: boolean) => {
    setDialog(null);
    versionAnzeigen(index, aktuell);
  };

  return (
    <section aria-labelledby="betriebsdaten-titel" className="space-y-4">
      <UnsavedChangesGuard when={akte.dirty} />
      <Kopf betrieb={betrieb} />

      {antragPruefbar && (
        <div role="note" className="flex flex-wrap items-center justify-between gap-3 rounded border-l-4 border-blue-800 bg-blue-50 px-4 py-3 text-sm">
          <span>Es liegt ein Stammdatenänderungsantrag des Betreibers vor.</span>
          <Button variant="secondary" onClick={() => setDialog('pruefen')}>
            {PRUEFEN_TITEL}
          </Button>
        </div>
      )}
      {rechte.antragStellen && betrieb.stammdatenAntragOffen && (
        <p role="note" className="rounded border-l-4 border-blue-800 bg-blue-50 px-4 py-3 text-sm">
          Ihr Stammdatenänderungsantrag wird von der Behörde geprüft.
        </p>
      )}

      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" onClick={() => setDialog('historie')}>
          Historie
        </Button>
        {betrieb.freigabestatus === 'BEANTRAGT' && rechte.freigeben && (
          <Button variant="secondary" onClick={() => setDialog('freigabe')}>
            {FREIGABE_TITEL}
          </Button>
        )}
        {rechte.antragStellen && freigegeben && !betrieb.stammdatenAntragOffen && (
          <Button variant="secondary" onClick={() => setDialog('antrag')}>
            Stammdatenänderung beantragen
          </Button>
        )}
      </div>
      {bearbeiten && betreiberSeite && freigegeben && (
        <p className="text-sm text-gray-700">
          Die Stammdaten (Reiter „Betrieb“) eines freigegebenen Betriebs ändern Sie über „Stammdatenänderung beantragen“.
        </p>
      )}

      {bearbeiten && <Fehleruebersicht fehler={form.fehler} feldname={betriebFeldname} onFeld={form.geheZu} fokus={form.pruefung} />}
      <SchreibrechteKontext.Provider value={bearbeiten ? schreibrechte : null}>
        <BetriebFormular
          containerRef={form.containerRef}
          werte={werte}
          onChange={setWerte}
          fehler={form.fehler}
          onFehlerChange={form.setFehler}
          betriebstyp={typ}
          kopf={{ betriebsId: betrieb.betriebsId ?? '', betriebstyp: betrieb.betriebstyp?.value ?? '' }}
          betreiberArt={admin ? 'auswahl' : 'fest'}
          betreiberOptionen={betreiberListe.data ?? []}
          betreiberAktion={
            admin && freigegeben ? (
              <Button variant="secondary" onClick={() => setDialog('wechsel')}>
                Betreiber wechseln
              </Button>
            ) : undefined
          }
          onBetriebsstatus={onBetriebsstatus}
          sperren={{
            alles: !bearbeiten,
            stammdaten: betreiberSeite && freigegeben,
            betreiber: !admin || freigegeben,
            betriebsstatus: !admin,
            behoerde: !admin,
            bearbeiterBearbeitbar: admin && darf('BEARBEITER_ZUORDNEN'),
          }}
          betriebId={id}
          reiter={form.reiter}
          onReiterChange={form.setReiter}
        />
      </SchreibrechteKontext.Provider>

      {bearbeiten && (admin || betreiberSeite) && (
        <div className="flex justify-end gap-2 border-t border-gray-200 pt-4">
          <Button onClick={akte.speichern} disabled={akte.laeuft}>
            {erneutBeantragen ? ERNEUT_BEANTRAGEN : 'Speichern'}
          </Button>
        </div>
      )}

      {akte.dialog}
      {dialog === 'freigabe' && <FreigabeDialog betriebId={betrieb.id} onClose={schliessen} />}
      {dialog === 'historie' && (
        <HistorieDialog
          betriebId={id}
          titel={betrieb.bezeichnung}
          onClose={schliessen}
          onAnzeigen={(index, v) => zeigeVersion(index, v.aktuell)}
        />
      )}
      {dialog === 'antrag' && <StammdatenAntragDialog betrieb={betrieb} onClose={schliessen} />}
      {dialog === 'pruefen' && <StammdatenPruefenDialog betrieb={betrieb} onClose={schliessen} />}
      {dialog === 'wechsel' && (
        <BetreiberWechselDialog
          betriebId={id}
          betriebstyp={typ}
          aktuell={werte.betreiber}
          onClose={schliessen}
          onUebernehmen={({ betreiber, behalten: b }) => {
            setWerte((w) => ({
              ...w,
              betreiber,
              // deleting the old operator as obligee removes the responsible persons (spec 000 §4)
              zustaendigePersonen: b === false ? [] : w.zustaendigePersonen,
            }));
            form.setFehler((f) => {
              const { betreiber: _b, preserveBetreiberAsAbwasserbeseitigungspflichtigen: _p, ...rest } = f;
              return rest;
            });
            setBehalten(b);
            setDialog(null);
          }}
        />
      )}
      <ConfirmDialog
        open={dialog === 'stilllegen'}
        title="Stilllegung"
        message={STILLLEGUNG_WARNUNG}
        confirmLabel="Stilllegen"
        onConfirm={() => {
          setDialog(null);
          // a municipal operation's treatment plants that others discharge into need their replacements
          void holeZuErsetzende(id).then(
            (anlagen) => anlagen.length > 0 && setDialog('ersatz'),
            (e: unknown) => zeigeFehler(e),
          );
        }}
        onCancel={() => {
          setWerte((w) => ({ ...w, betriebsstatus: 'IN_BETRIEB' }));
          setDialog(null);
        }}
      />
      {dialog === 'ersatz' && (
        <ErsatzDialog
          betriebId={id}
          wahl={ersatz}
          onUebernehmen={(w) => {
            setErsatz(w);
            form.setFehler((f) => {
              const { betriebsstatus: _s, ...rest } = f;
              return rest;
            });
            setDialog(null);
          }}
          onAbbrechen={() => {
            setWerte((w) => ({ ...w, betriebsstatus: 'IN_BETRIEB' }));
            setDialog(null);
          }}
        />
      )}
    </section>
  );
}

/** A version of the Historie popup, read-only, with the way back to the current record. */
function HistorischeVersion({ id, index }: { id: string; index: number }) {
  const historie = useQuery(historieQuery(id));
  return (
    <AktenversionAusHistorie historie={historie} index={index} titel="Betriebsdaten" titelId="betriebsdaten-titel">
      {(v) => <BetriebNurLesen betrieb={v.betrieb} />}
    </AktenversionAusHistorie>
  );
}
