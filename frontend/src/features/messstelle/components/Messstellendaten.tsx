import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useAktenLink, useStand } from '@/lib/stand';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { Button } from '@/components/Button';
import { Fehleruebersicht } from '@/components/akte/Fehleruebersicht';
import { FREIGABE_TITEL, FreigabeEntscheidung, type NeuerFreigabestatus } from '@/components/akte/FreigabeEntscheidung';
import { schreibbareFelder, SchreibrechteKontext } from '@/components/akte/Schreibrechte';
import { useAktenFormular } from '@/components/akte/useAktenFormular';
import { AktenversionAusHistorie, useAktenObjekt, useEntfernen, type Aktenansicht } from '@/components/akte/useAktenObjekt';
import { HISTORIE_PARAM, HistorieDialog as Historie, useVersionAnzeigen } from '@/components/Historisch';
import { ApiError, isAbortError } from '@/lib/api';
import { handleGlobalError } from '@/lib/errors';
import { formatDate } from '@/lib/format';
import { useModus } from '@/lib/modus';
import { toast } from '@/lib/toast';
import { useDocumentTitle } from '@/lib/useDocumentTitle';
import { UnsavedChangesGuard } from '@/lib/useUnsavedChangesGuard';
import { useEntscheideFreigabe } from '@/features/messstelle/api/entscheide-freigabe';
import { useFordereFreigabeAn } from '@/features/messstelle/api/fordere-freigabe-an';
import {
  bereicheFuer,
  FREIGABESTATUS,
  holeMessstelle,
  messstelleHistorieQuery,
  messstelleQuery,
  statusLabel,
  type Messstelle,
  type MessstellenVersion,
} from '@/features/messstelle/api/messstelle';
import { useSpeichereMessstelle } from '@/features/messstelle/api/speichere-messstelle';
import { anlageDerMessstellenQuery } from '@/features/messstelle/api/umfeld';
import { messstelleFeldname } from './feldnamen';
import { ENTFERNEN_TITEL, entfernenFrage, MessstelleFormular, useMessstellentypen } from './MessstelleFormular';
import { MessstelleNurLesen } from './MessstelleNurLesen';
import { messstellenPfad } from './pfade';
import { FREIGABE_ANFORDERN, NummerDialog } from './NummerDialog';
import { useMessstelleFormular } from './useMessstelleFormular';
import { eingabeAus, lageAusText, neueWerte, werteAus, type MessstelleWerte } from './werte';

// Verbatim texts of spec 000 §8 (measuring point).
export const MSG_AUFRUF_FEHLER = 'Fehler beim Aufruf der Messstelle';
export const MSG_GESPEICHERT = 'Die Messstelle wurde erfolgreich gespeichert.';
export const MSG_SPEICHERN_FEHLER = 'Das Speichern der Messstelle ist fehlgeschlagen!';
export const MSG_ANGELEGT = 'Die Messstelle wurde erfolgreich angelegt.';
export const MSG_ANFORDERN_FEHLER = 'Das Anfordern der Freigabe der Messstelle ist fehlgeschlagen!';
export const MSG_FREIGEGEBEN = 'Die Messstelle wurde erfolgreich freigegeben.';
export const MSG_ZURUECKGEWIESEN = 'Die Messstelle wurde erfolgreich zurückgewiesen.';
export const MSG_FREIGEBEN_FEHLER = 'Das Freigeben der Messstelle ist fehlgeschlagen! Alle anderen Änderungen wurden zuvor gespeichert.';
export const MSG_SPEICHERN_VOR_FREIGABE = 'Beim Speichern vor der Freigabe der Messstelle ist ein Fehler aufgetreten!';
/** Spec 000 §4: the save button of a rejected point. */
export const ERNEUT_ANFORDERN = 'Freigabe erneut anfordern';
// Ours (the spec words neither).
export const MSG_ERNEUT_ANGEFORDERT = 'Die Freigabe der Messstelle wurde erneut angefordert.';
export const MSG_BEGRUENDUNG = 'Bitte begründen Sie die Zurückweisung im Kommentar, damit der Antragsteller erfährt, was fehlt.';
export const ZURUECKWEISUNG_FRAGE = 'Wollen Sie die Freigabe für die Messstelle wirklich zurückweisen?';
export const HINWEIS_KOMMENTAR = 'Der Kommentar ist für den Antragsteller sichtbar; eine Zurückweisung braucht eine Begründung.';
/** The hint of a field the caller may not save (per-field rights). */
export const HINWEIS_GESPERRT = 'Diese Angabe können Sie nicht ändern.';

/** The link parameter that opens the Freigabe decision (the Aufgaben view). */
export const FREIGABE_PARAM = 'freigabe';

/**
 * Route /betriebsakte/:id/:typ/:anlageid/messstellen/:messstellenid/messstellendaten (spec 000
 * §2): a measuring point of the plant, editable in modus s by whom may; `neu` (the route
 * …/messstellen/neu/messstellendaten) creates one ('Freigabe anfordern', query typ preselects the
 * Messstellentyp).
 */
export function Messstellendaten({ neu = false }: { neu?: boolean }) {
  const { messstellenid = '' } = useParams();
  useDocumentTitle(neu ? 'Neue Messstelle' : 'Messstellendaten');
  const [params] = useSearchParams();
  const historie = params.get(HISTORIE_PARAM);
  if (neu) return <NeueMessstelle />;
  if (historie !== null) return <HistorischeVersion messstelleId={messstellenid} index={Number(historie)} />;
  return <VorhandeneMessstelle messstelleId={messstellenid} />;
}

/** 'Entfernen bestätigen' before a row goes from the form (spec 000 §8). */
const useEntfernenFrage = () => useEntfernen(ENTFERNEN_TITEL, entfernenFrage);

/** The text of a refusal (the server's), for the second line of a failure toast. */
const serverText = (e: unknown) => (e instanceof ApiError && e.bekannt ? e.message : undefined);
/** 401/403/404/500 take the global way (redirects, logging). */
const global = (e: unknown) => e instanceof ApiError && [401, 403, 404, 500].includes(e.status);

function NeueMessstelle() {
  const { id = '', typ: typPfad = '', anlageid = '' } = useParams();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [entfernen, entfernenDialog] = useEntfernenFrage();
  const anlage = useQuery(anlageDerMessstellenQuery(anlageid));
  const typen = useMessstellentypen();
  // the query typ preselects the Messstellentyp (spec 000 §2) when it is one
  const typ = params.get('typ') ?? '';
  const basis = useMemo(() => neueWerte(/^NR_\d+$/.test(typ) ? typ : ''), [typ]);
  const betriebstyp = anlage.data?.betriebstyp ?? '';
  const bereicheVon = useCallback((w: MessstelleWerte) => bereicheFuer(w.messstellentyp, betriebstyp), [betriebstyp]);
  const form = useMessstelleFormular(basis, bereicheVon);
  const bereiche = bereicheVon(form.werte);
  const [nummerOffen, setNummerOffen] = useState(false);
  const [meldung, setMeldung] = useState<string | undefined>();
  const anfordern = useFordereFreigabeAn({ meta: { globalErrorHandling: false } });
  const unbekannterTyp = typ !== '' && typen.length > 0 && !typen.some((t) => t.value === typ);

  const freigabeAnfordern = () => {
    if (!form.pruefen()) return;
    setMeldung(undefined);
    setNummerOffen(true);
  };
  const senden = (messstellenId: string) =>
    anfordern
      .mutateAsync({ anlageId: anlageid, messstellenId, daten: eingabeAus(form.werte, bereiche) })
      .then((a) => {
        toast.success(MSG_ANGELEGT);
        navigate(`${messstellenPfad(id, typPfad, anlageid, a.id ?? '')}/messstellendaten?modus=l`);
      })
      .catch((e: unknown) => {
        if (isAbortError(e)) return;
        if (e instanceof ApiError && e.status === 409) {
          // the number was taken meanwhile: the server's text in the dialog, which checks again
          setMeldung(e.message || MSG_ANFORDERN_FEHLER);
          return;
        }
        if (e instanceof ApiError && e.status === 400 && e.hasValidationErrors) {
          const { messstellenId: nummer, ...andere } = e.validationErrors;
          if (nummer) setMeldung(nummer);
          if (Object.keys(andere).length > 0) {
            setNummerOffen(false);
            form.serverfehler(new ApiError(400, e.message, { validationErrors: andere }));
          }
          return;
        }
        if (global(e)) handleGlobalError(e);
        else toast.error(MSG_ANFORDERN_FEHLER, serverText(e));
      });

  return (
    <section aria-labelledby="messstelle-titel" className="space-y-4">
      <UnsavedChangesGuard when={!anfordern.isSuccess && JSON.stringify(form.werte) !== JSON.stringify(basis)} />
      <div className="space-y-1">
        <h1 id="messstelle-titel" className="text-2xl font-semibold">
          Neue Messstelle
        </h1>
        {anlage.data && <p className="text-sm text-gray-700">an der Anlage {anlage.data.bezeichnung}</p>}
      </div>
      {unbekannterTyp && <p className="text-sm text-gray-700">Der Messstellentyp „{typ}“ ist unbekannt; bitte wählen Sie einen aus.</p>}
      <Fehleruebersicht fehler={form.fehler} feldname={messstelleFeldname} onFeld={form.geheZu} fokus={form.pruefung} />
      <MessstelleFormular
        werte={form.werte}
        onChange={form.setWerte}
        fehler={form.fehler}
        gesperrt={false}
        statusBearbeitbar={false}
        bereiche={bereiche}
        reiter={form.reiter}
        onReiterChange={form.setReiter}
        containerRef={form.containerRef}
        vorDemEntfernen={entfernen}
      />
      <div className="flex justify-end gap-2 border-t border-gray-200 pt-4">
        <Button onClick={freigabeAnfordern} disabled={anfordern.isPending || anlage.isPending}>
          {FREIGABE_ANFORDERN}
        </Button>
      </div>
      {nummerOffen && (
        <NummerDialog
          lage={lageAusText(form.werte)}
          typ={form.werte.messstellentyp}
          anfordern={(nr) => void senden(nr)}
          laeuft={anfordern.isPending}
          meldung={meldung}
          onClose={() => setNummerOffen(false)}
        />
      )}
      {entfernenDialog}
    </section>
  );
}

function VorhandeneMessstelle({ messstelleId }: { messstelleId: string }) {
  const { stand } = useStand(); // as of a date: the point then, read-only
  const akte = useAktenObjekt(useQuery(messstelleQuery(messstelleId, stand)), MSG_AUFRUF_FEHLER);
  if (!akte.objekt) return akte.platzhalter;
  return <Bearbeitung key={akte.formularKey} messstelle={akte.objekt} {...akte.ansicht} />;
}

/** The point's head: number, plant, Freigabe with its comment. */
function Kopf({ m }: { m: Messstelle }) {
  const status = m.freigabe?.status;
  return (
    <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1 text-sm">
      <dt className="font-semibold">Messstellen-Nr.</dt>
      <dd data-testid="messstellen-id">{m.messstellenId}</dd>
      <dt className="font-semibold">Anlage</dt>
      <dd>{m.anlage?.bezeichnung}</dd>
      <dt className="font-semibold">Status</dt>
      <dd>
        {statusLabel(m.messstellenstatus)}
        {m.statuswechsel ? ` seit ${formatDate(m.statuswechsel)}` : ''}
      </dd>
      <dt className="font-semibold">Freigabestatus</dt>
      <dd data-testid="freigabe">
        <span
          className={`inline-block rounded border px-1.5 py-0.5 text-xs font-medium ${
            status === 'FREIGEGEBEN'
              ? 'border-green-700 bg-green-50 text-green-900'
              : status === 'ABGEWIESEN'
                ? 'border-red-700 bg-red-50 text-red-900'
                : 'border-amber-700 bg-amber-50 text-amber-900'
          }`}
        >
          {status ? FREIGABESTATUS[status] : ''}
        </span>
      </dd>
      {m.freigabe?.kommentar && (
        <>
          <dt className="font-semibold">Kommentar zur Freigabe</dt>
          <dd className="whitespace-pre-wrap">{m.freigabe.kommentar}</dd>
        </>
      )}
    </dl>
  );
}

function Bearbeitung({ messstelle: m, neuLaden, zurueckZuLesen }: { messstelle: Messstelle } & Aktenansicht) {
  const link = useAktenLink();
  const { id = '', typ: typPfad = '' } = useParams();
  const { lesen } = useModus();
  const [params, setParams] = useSearchParams();
  const versionAnzeigen = useVersionAnzeigen();
  const [entfernen, entfernenDialog] = useEntfernenFrage();
  const rechte = m.rechte ?? {};
  const status = m.freigabe?.status;
  const bearbeiten = !lesen && !!rechte.speichern;
  const basis = useMemo(() => werteAus(m), [m]);
  // the stored type brings the server's tabs; a type changed in the form the mirrored rule
  const bereicheVon = useCallback(
    (w: MessstelleWerte) => (w.messstellentyp === m.messstellentyp && m.bereiche ? m.bereiche : bereicheFuer(w.messstellentyp, m.betriebstyp ?? '')),
    [m.messstellentyp, m.bereiche, m.betriebstyp],
  );
  const form = useMessstelleFormular(basis, bereicheVon);
  const bereiche = bereicheVon(form.werte);
  const felder = useMemo(() => schreibbareFelder(m.rechte), [m.rechte]);
  // the status is locked before the Freigabe by the form itself, with the reason (statusBearbeitbar)
  const schreibrechte = useMemo(() => (felder ? { felder: [...felder, 'messstellenstatus'], hinweis: HINWEIS_GESPERRT } : null), [felder]);
  const erneut = status === 'ABGEWIESEN';
  const speichere = useSpeichereMessstelle({ meta: { globalErrorHandling: false } });
  const akte = useAktenFormular({
    basis,
    werte: form.werte,
    zuruecksetzen: form.zuruecksetzen,
    pruefen: form.pruefen,
    serverfehler: form.serverfehler,
    bearbeitbar: bearbeiten,
    // the server asks for the audit data where a change is historised (an approved point)
    historisiert: true,
    senden: (auditInfo, stand) =>
      speichere.mutateAsync({
        id: String(m.id),
        daten: {
          ...eingabeAus(stand?.werte ?? form.werte, bereicheVon(stand?.werte ?? form.werte)),
          version: stand?.version ?? m.version,
          ...(auditInfo ? { auditInfo } : {}),
        },
      }),
    neuerStand: async () => {
      const neu = await holeMessstelle(String(m.id));
      return { werte: werteAus(neu), version: neu.version, objekt: neu };
    },
    gespeichertText: erneut ? MSG_ERNEUT_ANGEFORDERT : MSG_GESPEICHERT,
    fehlerText: MSG_SPEICHERN_FEHLER,
    zurueckZuLesen,
    neuLaden,
  });

  // ?freigabe=true (a link of the Aufgaben view) opens the decision at once; the parameter goes
  // at once too, so the screen reloaded after the save before the decision does not open it again
  const [dialog, setDialog] = useState<'historie' | 'freigabe' | null>(() =>
    params.get(FREIGABE_PARAM) === 'true' && !!rechte.freigeben && status === 'BEANTRAGT' ? 'freigabe' : null,
  );
  useEffect(() => {
    if (!params.has(FREIGABE_PARAM)) return;
    setParams(
      (p) => {
        const n = new URLSearchParams(p);
        n.delete(FREIGABE_PARAM);
        return n;
      },
      { replace: true },
    );
  }, [params, setParams]);

  const entscheide = useEntscheideFreigabe({ meta: { globalErrorHandling: false } });
  const [entscheidet, setEntscheidet] = useState(false);
  // spec 000 §4: the decision saves the form first (when it was changed), then posts the status
  const entscheiden = async (neuerStatus: NeuerFreigabestatus, kommentar: string) => {
    let version = m.version;
    let gespeichert = false;
    setEntscheidet(true);
    try {
      if (akte.dirty) {
        if (!form.pruefen()) {
          setDialog(null);
          return;
        }
        try {
          const antwort = await speichere.mutateAsync({ id: String(m.id), daten: { ...eingabeAus(form.werte, bereiche), version } });
          version = antwort.version ?? (await holeMessstelle(String(m.id))).version;
          gespeichert = true;
        } catch (e) {
          if (isAbortError(e)) return;
          if (form.serverfehler(e) === true) setDialog(null);
          if (global(e)) handleGlobalError(e);
          else toast.error(MSG_SPEICHERN_VOR_FREIGABE, serverText(e));
          return;
        }
      }
      try {
        await entscheide.mutateAsync({ id: String(m.id), kommentar, neuerStatus, version });
      } catch (e) {
        if (isAbortError(e)) return;
        if (global(e)) handleGlobalError(e);
        else toast.error(MSG_FREIGEBEN_FEHLER, serverText(e));
        if (gespeichert) zurueckZuLesen();
        return;
      }
      setDialog(null);
      toast.ergebnis('success', neuerStatus === 'FREIGEGEBEN' ? MSG_FREIGEGEBEN : MSG_ZURUECKGEWIESEN);
      zurueckZuLesen();
    } finally {
      setEntscheidet(false);
    }
  };

  return (
    <section aria-labelledby="messstelle-titel" className="space-y-4">
      <UnsavedChangesGuard when={akte.dirty && !entscheidet} />
      <div className="space-y-1">
        <h1 id="messstelle-titel" className="text-2xl font-semibold">
          Messstellendaten
        </h1>
        <Kopf m={m} />
      </div>
      <div className="flex flex-wrap gap-2">
        {/* the history selector in read mode (spec 000 §2) */}
        {lesen && (
          <Button variant="secondary" onClick={() => setDialog('historie')}>
            Historie
          </Button>
        )}
        {rechte.verlaufLesen && (
          <Link
            to={link(`${messstellenPfad(id, typPfad, m.anlage.id ?? '', m.id)}/verlauf`, 'l')}
            className="rounded border border-blue-800 bg-white px-4 py-2 text-sm font-medium text-blue-900 hover:bg-blue-50"
          >
            Verlauf der Messstelle
          </Link>
        )}
        {status === 'BEANTRAGT' && rechte.freigeben && (
          <Button variant="secondary" onClick={() => setDialog('freigabe')}>
            {FREIGABE_TITEL}
          </Button>
        )}
      </div>
      {bearbeiten && <Fehleruebersicht fehler={form.fehler} feldname={messstelleFeldname} onFeld={form.geheZu} fokus={form.pruefung} />}
      <SchreibrechteKontext.Provider value={bearbeiten ? schreibrechte : null}>
        <MessstelleFormular
          werte={form.werte}
          onChange={form.setWerte}
          fehler={form.fehler}
          gesperrt={!bearbeiten}
          statusBearbeitbar={status === 'FREIGEGEBEN'}
          bereiche={bereiche}
          reiter={form.reiter}
          onReiterChange={form.setReiter}
          containerRef={form.containerRef}
          vorDemEntfernen={entfernen}
        />
      </SchreibrechteKontext.Provider>
      {bearbeiten && (
        <div className="flex justify-end gap-2 border-t border-gray-200 pt-4">
          <Button onClick={akte.speichern} disabled={akte.laeuft || entscheidet}>
            {erneut ? ERNEUT_ANFORDERN : 'Speichern'}
          </Button>
        </div>
      )}
      {akte.dialog}
      {entfernenDialog}
      {dialog === 'historie' && (
        <HistorieDialog
          messstelle={m}
          onClose={() => setDialog(null)}
          onAnzeigen={(index, aktuell) => {
            setDialog(null);
            versionAnzeigen(index, aktuell);
          }}
        />
      )}
      {dialog === 'freigabe' && (
        <FreigabeEntscheidung
          hinweis={HINWEIS_KOMMENTAR}
          begruendungFehlt={MSG_BEGRUENDUNG}
          zurueckweisungFrage={ZURUECKWEISUNG_FRAGE}
          entscheiden={(s, k) => void entscheiden(s, k)}
          laeuft={entscheidet}
          onClose={() => setDialog(null)}
        />
      )}
    </section>
  );
}

const HISTORIE_SPALTEN = [
  { id: 'bezeichnung', header: 'Bezeichnung', accessorFn: (v: MessstellenVersion) => v.messstelle?.bezeichnung ?? '' },
  { id: 'status', header: 'Status', accessorFn: (v: MessstellenVersion) => statusLabel(v.messstelle?.messstellenstatus) },
];

/** The Historie popup of the point: its versions, 'Anzeigen' opens one read-only. */
function HistorieDialog({ messstelle, onClose, onAnzeigen }: { messstelle: Messstelle; onClose: () => void; onAnzeigen: (index: number, aktuell: boolean) => void }) {
  const historie = useQuery(messstelleHistorieQuery(String(messstelle.id)));
  return (
    <Historie<MessstellenVersion>
      titel={messstelle.bezeichnung ?? ''}
      versionen={historie.isPending ? undefined : (historie.data ?? [])}
      spalten={HISTORIE_SPALTEN}
      onAnzeigen={(index, v) => onAnzeigen(index, v.aktuell)}
      onClose={onClose}
    />
  );
}

/** A version of the Historie popup, read-only, with the way back to the current record (spec 000 §2). */
function HistorischeVersion({ messstelleId, index }: { messstelleId: string; index: number }) {
  const historie = useQuery(messstelleHistorieQuery(messstelleId));
  return (
    <AktenversionAusHistorie historie={historie} index={index} fehlertext={MSG_AUFRUF_FEHLER} titel="Messstellendaten" titelId="messstelle-titel">
      {(v) => <MessstelleNurLesen messstelle={v.messstelle} />}
    </AktenversionAusHistorie>
  );
}
