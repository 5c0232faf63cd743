import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useAktenLink, useStand } from '@/lib/stand';
import { Link, Navigate, useLocation, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { Fehleruebersicht } from '@/components/akte/Fehleruebersicht';
import { useAktenFormular } from '@/components/akte/useAktenFormular';
import { useAktenObjekt, useEntfernen, type Aktenansicht } from '@/components/akte/useAktenObjekt';
import { Button } from '@/components/Button';
import { deleteConfirmOptions, useConfirm } from '@/components/ConfirmDialog';
import { Laden } from '@/components/Laden';
import { ApiError, isAbortError } from '@/lib/api';
import { useDarf, useMe } from '@/lib/auth';
import { handleGlobalError, zeigeFehler } from '@/lib/errors';
import { useModus } from '@/lib/modus';
import { toast } from '@/lib/toast';
import { useDocumentTitle } from '@/lib/useDocumentTitle';
import { UnsavedChangesGuard } from '@/lib/useUnsavedChangesGuard';
import {
  bescheidQuery,
  holeBescheid,
  istAntrag,
  segmentFuer,
  statusLabel,
  type Bescheid,
  type BescheidMessstelle,
  type Bescheidsstatus,
} from '@/features/bescheid/api/bescheid';
import { useLegeBescheidAn } from '@/features/bescheid/api/lege-bescheid-an';
import { useLoescheBescheid } from '@/features/bescheid/api/loesche-bescheid';
import { useSpeichereBescheid } from '@/features/bescheid/api/speichere-bescheid';
import { BescheidFormular } from './BescheidFormular';
import { useBescheidFormular } from './useBescheidFormular';
import { bescheidFeldname, datenAus, kommentarNoetig, neueWerte, werteAus, type BescheidWerte } from './werte';

// Verbatim texts of spec 001 §8.
export const MSG_BESCHEID_ERSTELLT = 'Bescheid erfolgreich erstellt';
export const MSG_BESCHEID_AKTUALISIERT = 'Bescheid erfolgreich aktualisiert';
export const MSG_ANTRAG_ERSTELLT = 'Bescheidsantrag erfolgreich erstellt';
export const MSG_ANTRAG_AKTUALISIERT = 'Bescheidsantrag erfolgreich aktualisiert';
export const MSG_UNERWARTET = 'Ein unerwarteter Fehler ist aufgetreten';
export const MSG_LOESCHEN_FEHLER = 'Der Bescheid konnte nicht gelöscht werden';
// Ours (the spec words neither).
export const MSG_AUFRUF_FEHLER = 'Fehler beim Aufruf des Bescheids';
export const MSG_GELOESCHT = 'Der Bescheid wurde erfolgreich gelöscht.';
export const ENTFERNEN_TITEL = 'Entfernen bestätigen';

/** The path of a Bescheid's screens: segment antrag while an application (spec 001 §2.1). */
export const bescheidPfad = (betriebId: string | number, bescheidId: string | number, status: string | undefined) =>
  `/betriebsakte/${encodeURIComponent(betriebId)}/${segmentFuer(status)}/${encodeURIComponent(bescheidId)}`;

/**
 * Routes …/bescheid/:bescheidid/bescheidsdaten and …/antrag/:bescheidid/bescheidsdaten (spec 001
 * §2.1), and …/bescheid/neu/bescheiddaten?qualitaet=…&modus=s for a new one.
 */
export function Bescheidsdaten({ neu = false }: { neu?: boolean }) {
  const { bescheidid = '' } = useParams();
  useDocumentTitle(neu ? 'Neuer Bescheid' : 'Bescheidsdaten');
  if (neu) return <NeuerBescheid />;
  return <VorhandenerBescheid bescheidId={bescheidid} />;
}

const entfernenFrage = (was: string) => `Sind Sie sicher, dass Sie ${was} entfernen möchten?`;
const useEntfernenFrage = () => useEntfernen(ENTFERNEN_TITEL, entfernenFrage);

/** The points known to the form: the stored ones, joined by those chosen in the dialog. */
function useBekannteMessstellen(start: BescheidMessstelle[]) {
  const [bekannt, setBekannt] = useState(start);
  const merken = (liste: BescheidMessstelle[]) => setBekannt((b) => [...b.filter((x) => !liste.some((l) => l.id === x.id)), ...liste]);
  return [bekannt, merken] as const;
}

function NeuerBescheid() {
  const me = useMe();
  const darf = useDarf();
  if (me.isPending) return <Laden />;
  if (!darf('BESCHEID_ANLEGEN') && !darf('BESCHEIDSANTRAG_STELLEN')) return <Navigate to="/unautorisiert" replace />;
  // staff create a Bescheid (IN_BEARBEITUNG), operator roles an application (ANGELEGT; spec 001 §4.1)
  return <NeuesFormular antrag={!darf('BESCHEID_ANLEGEN')} />;
}

function NeuesFormular({ antrag }: { antrag: boolean }) {
  const { id = '' } = useParams();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [entfernen, entfernenDialog] = useEntfernenFrage();
  const qualitaet = params.get('qualitaet') ?? '';
  const status: Bescheidsstatus = antrag ? 'ANGELEGT' : 'IN_BEARBEITUNG';
  const basis = useMemo(() => neueWerte(qualitaet, status), [qualitaet, status]);
  const form = useBescheidFormular(basis);
  const [bekannt, merken] = useBekannteMessstellen([]);
  const anlegen = useLegeBescheidAn({ meta: { globalErrorHandling: false } });

  const speichern = () => {
    if (!form.pruefen()) return;
    anlegen
      .mutateAsync({ antrag, daten: { ...datenAus(form.werte), betrieb: Number(id), messstellen: form.werte.messstellen } })
      .then((a) => {
        toast.ergebnis('success', antrag ? MSG_ANTRAG_ERSTELLT : MSG_BESCHEID_ERSTELLT);
        navigate(`${bescheidPfad(id, a.id ?? '', status)}/bescheidsdaten?modus=l`);
      })
      .catch((e: unknown) => {
        if (isAbortError(e)) return;
        if (form.serverfehler(e) === true) return;
        zeigeFehler(e, MSG_UNERWARTET);
      });
  };

  return (
    <section aria-labelledby="bescheid-titel" className="space-y-4">
      <UnsavedChangesGuard when={!anlegen.isSuccess && JSON.stringify(form.werte) !== JSON.stringify(basis)} />
      <h1 id="bescheid-titel" className="text-2xl font-semibold">
        {antrag ? 'Neuer Bescheidsantrag' : 'Neuer Bescheid'}
        {qualitaet ? `: ${qualitaet}` : ''}
      </h1>
      <Fehleruebersicht fehler={form.fehler} feldname={bescheidFeldname} onFeld={form.geheZu} fokus={form.pruefung} />
      <BescheidFormular
        werte={form.werte}
        onChange={form.setWerte}
        fehler={form.fehler}
        gesperrt={false}
        betriebId={id}
        bescheidId=""
        qualitaetFest={qualitaet !== ''}
        statusWerte={[status]}
        messstellen={bekannt}
        onMessstellen={(ids, liste) => {
          merken(liste);
          form.setWerte({ ...form.werte, messstellen: ids });
        }}
        reiter={form.reiter}
        onReiterChange={form.setReiter}
        containerRef={form.containerRef}
        vorDemEntfernen={entfernen}
      />
      <div className="flex justify-end gap-2 border-t border-gray-200 pt-4">
        <Button onClick={speichern} disabled={anlegen.isPending}>
          Speichern
        </Button>
      </div>
      {entfernenDialog}
    </section>
  );
}

function VorhandenerBescheid({ bescheidId }: { bescheidId: string }) {
  const { stand } = useStand(); // as of a date: the Bescheid then, read-only
  const akte = useAktenObjekt(useQuery(bescheidQuery(bescheidId, stand)), MSG_AUFRUF_FEHLER);
  const { id = '' } = useParams();
  const { pathname, search } = useLocation();
  if (!akte.objekt) return akte.platzhalter;
  // the path segment follows the status (antrag while an application, spec 001 §2.1)
  const richtig = `${bescheidPfad(id, bescheidId, akte.objekt.bescheidsstatus)}/bescheidsdaten`;
  if (pathname !== richtig) return <Navigate to={`${richtig}${search}`} replace />;
  return <Bearbeitung key={akte.formularKey} bescheid={akte.objekt} {...akte.ansicht} />;
}

/** Whether the caller may edit the Bescheid now: the server's right, never once released (spec 001 §4.1). */
export const bearbeitbar = (b: Bescheid) => !!b.rechte?.bearbeiten && b.bescheidsstatus !== 'FREIGEGEBEN';

function Bearbeitung({ bescheid: b, neuLaden, zurueckZuLesen }: { bescheid: Bescheid } & Aktenansicht) {
  const link = useAktenLink();
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const { lesen, setModus } = useModus();
  const darf = useDarf();
  const [entfernen, entfernenDialog] = useEntfernenFrage();
  const [bestaetigen, loeschenDialog] = useConfirm();
  const darfBearbeiten = bearbeitbar(b);
  const bearbeiten = !lesen && darfBearbeiten;
  // spec 001 §4.1: edit mode falls back to read mode where the caller may not edit this Bescheid
  useEffect(() => {
    if (!lesen && !darfBearbeiten) setModus('l');
  }, [lesen, darfBearbeiten, setModus]);
  const basis = useMemo(() => werteAus(b), [b]);
  const form = useBescheidFormular(basis, b.bescheidsstatus);
  const [bekannt, merken] = useBekannteMessstellen(b.messstellen ?? []);
  const speichere = useSpeichereBescheid({ meta: { globalErrorHandling: false } });
  const loesche = useLoescheBescheid({ meta: { globalErrorHandling: false } });
  const datenZumSenden = (w: BescheidWerte, version: number) => ({
    ...datenAus(w),
    version,
    bescheidsstatus: (w.bescheidsstatus || b.bescheidsstatus) as Bescheidsstatus,
    messstellen: w.messstellen,
    ...(kommentarNoetig(b.bescheidsstatus, w) ? { kommentar: w.kommentar.trim() } : {}),
  });
  const akte = useAktenFormular({
    basis,
    werte: form.werte,
    zuruecksetzen: form.zuruecksetzen,
    pruefen: form.pruefen,
    serverfehler: form.serverfehler,
    bearbeitbar: bearbeiten,
    historisiert: false,
    senden: (_audit, stand) => speichere.mutateAsync({ id: String(b.id), daten: datenZumSenden(stand?.werte ?? form.werte, stand?.version ?? b.version) }),
    neuerStand: async () => {
      const neu = await holeBescheid(String(b.id));
      return { werte: werteAus(neu), version: neu.version, objekt: neu };
    },
    gespeichertText: istAntrag(form.werte.bescheidsstatus) ? MSG_ANTRAG_AKTUALISIERT : MSG_BESCHEID_AKTUALISIERT,
    fehlerText: MSG_UNERWARTET,
    zurueckZuLesen,
    neuLaden,
  });

  const loeschen = async () => {
    if (!(await bestaetigen(deleteConfirmOptions('den Bescheid')))) return;
    try {
      await loesche.mutateAsync({ id: String(b.id), version: b.version, status: b.bescheidsstatus });
    } catch (e) {
      if (isAbortError(e)) return;
      // 409: the server's text (the Bescheid is another's Vorbescheid, spec 001 §5)
      if (e instanceof ApiError && e.status === 409 && e.message) toast.error(e.message);
      else if (e instanceof ApiError && [401, 403].includes(e.status)) handleGlobalError(e);
      else toast.error(MSG_LOESCHEN_FEHLER);
      return;
    }
    toast.ergebnis('success', MSG_GELOESCHT);
    navigate(`/betriebsakte/${encodeURIComponent(id)}/bescheiduebersicht?modus=l`);
  };

  const titel = `${b.bescheidQualitaet || 'Bescheid'}${b.bescheidart ? `: ${b.bescheidart}` : ''}`;
  return (
    <section aria-labelledby="bescheid-titel" className="space-y-4">
      <UnsavedChangesGuard when={akte.dirty} />
      <div className="space-y-1">
        <h1 id="bescheid-titel" className="text-2xl font-semibold">
          {titel}
        </h1>
        <p className="text-sm text-gray-700">
          Status: <span data-testid="bescheid-status">{statusLabel(b.bescheidsstatus)}</span>
          {b.bescheidsstatus === 'FREIGEGEBEN' && ' – ein freigegebener Bescheid kann nicht mehr bearbeitet werden.'}
        </p>
      </div>
      <div className="flex flex-wrap gap-2">
        {darf('BETRIEB_VERLAUF_LESEN') && (
          <Link
            to={link(`/betriebsakte/${encodeURIComponent(id)}/bescheid/${b.id}/verlauf`, 'l')}
            className="rounded border border-blue-800 bg-white px-4 py-2 text-sm font-medium text-blue-900 hover:bg-blue-50"
          >
            Verlauf des Bescheids
          </Link>
        )}
        {b.rechte?.loeschen && (
          <Button variant="secondary" onClick={() => void loeschen()} disabled={loesche.isPending || akte.laeuft}>
            Löschen
          </Button>
        )}
      </div>
      {bearbeiten && <Fehleruebersicht fehler={form.fehler} feldname={bescheidFeldname} onFeld={form.geheZu} fokus={form.pruefung} />}
      <BescheidFormular
        werte={form.werte}
        onChange={form.setWerte}
        fehler={form.fehler}
        gesperrt={!bearbeiten}
        betriebId={id}
        bescheidId={String(b.id)}
        qualitaetFest
        statusWerte={b.rechte?.statusWerte ?? [b.bescheidsstatus]}
        aktuellerStatus={b.bescheidsstatus}
        messstellen={bekannt}
        onMessstellen={(ids, liste) => {
          merken(liste);
          form.setWerte({ ...form.werte, messstellen: ids });
        }}
        freigabeAm={b.freigabeAm}
        freigabeVon={b.freigabeVon}
        antragKommentar={b.antrag?.kommentar}
        reiter={form.reiter}
        onReiterChange={form.setReiter}
        containerRef={form.containerRef}
        vorDemEntfernen={entfernen}
      />
      {bearbeiten && (
        <div className="flex justify-end gap-2 border-t border-gray-200 pt-4">
          <Button onClick={akte.speichern} disabled={akte.laeuft}>
            Speichern
          </Button>
        </div>
      )}
      {akte.dialog}
      {entfernenDialog}
      {loeschenDialog}
    </section>
  );
}
