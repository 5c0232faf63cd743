import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { Button } from '@/components/Button';
import { Dialog } from '@/components/Dialog';
import { useAktenAnsicht, useAktenFormular } from '@/components/akte/useAktenFormular';
import { Laden } from '@/components/Laden';
import { VerlaufTabelle } from '@/components/Verlauf';
import { OFFENES_ENDE } from '@/components/Versionsspalten';
import { formatDate } from '@/lib/format';
import { useModus } from '@/lib/modus';
import { toast } from '@/lib/toast';
import { useDocumentTitle } from '@/lib/useDocumentTitle';
import { UnsavedChangesGuard } from '@/lib/useUnsavedChangesGuard';
import { zeigeFehler } from '@/lib/errors';
import {
  ANLAGENSTATUS,
  anlageHistorieQuery,
  anlageQuery,
  anlageVerlaufQuery,
  typNachPfad,
  type Anlage,
} from '@/features/anlage/api/anlage';
import { useEntscheideAenderungsantrag } from '@/features/anlage/api/entscheide-aenderungsantrag';
import { useLegeAnlageAn } from '@/features/anlage/api/lege-anlage-an';
import { useSpeichereAnlage } from '@/features/anlage/api/speichere-anlage';
import { useStelleAenderungsantrag } from '@/features/anlage/api/stelle-aenderungsantrag';
import { AnlageFormular } from './AnlageFormular';
import { useAnlageFormular } from './useAnlageFormular';
import { eingabeAus, MSG_GESPEICHERT, neueWerte, werteAus } from './werte';

export const MSG_ANTRAG_EINGEREICHT = 'Änderungsantrag erfolgreich eingereicht.';
export const MSG_ANTRAG_FEHLER = 'Es gab einen unbekannten Fehler beim Einreichen des Änderungsantrags.';
const ANTRAGSFELDER: { key: string; label: string }[] = [
  { key: 'bezeichnung', label: 'Bezeichnung' },
  { key: 'tegAbschluss', label: 'TEG-Abschluss' },
  { key: 'aufKAGelaende', label: 'Auf KA-Gelände' },
  { key: 'kuehlart', label: 'Kühlart' },
  { key: 'kuehlBehandlung', label: 'Kühlwasserbehandlung' },
];

/**
 * Route /betriebsakte/:id/:typ/:anlageid/anlagendaten (spec 000 §2): a plant of the operation,
 * editable in modus s by whom may; `neu` as anlageid creates one (staff, released operation).
 */
export function Anlagendaten() {
  const { id = '', typ: typPfad = '', anlageid = '' } = useParams();
  const typ = typNachPfad(typPfad);
  useDocumentTitle(typ?.label ?? 'Anlage');
  if (!typ) return <p>Unbekannter Anlagentyp.</p>;
  return anlageid === 'neu' ? <NeueAnlage betriebId={id} typ={typ.id} /> : <VorhandeneAnlage anlageId={anlageid} />;
}

function NeueAnlage({ betriebId, typ }: { betriebId: string; typ: string }) {
  const navigate = useNavigate();
  const basis = useMemo(() => neueWerte(typ), [typ]);
  const form = useAnlageFormular(typ, basis);
  const anlegen = useLegeAnlageAn({ meta: { globalErrorHandling: false } });
  const label = typNachPfad(typ.toLowerCase())?.label ?? typ;
  const speichern = () => {
    if (!form.pruefen()) return;
    anlegen
      .mutateAsync({ typ, daten: { ...eingabeAus(form.werte), betrieb: { id: Number(betriebId) } } })
      .then((a) => {
        toast.success(MSG_GESPEICHERT);
        navigate(`/betriebsakte/${encodeURIComponent(betriebId)}/${typ.toLowerCase()}/${a.id}/anlagendaten?modus=l`);
      })
      .catch((e: unknown) => {
        form.serverfehler(e);
        zeigeFehler(e);
      });
  };
  return (
    <section aria-labelledby="anlage-titel" className="space-y-4">
      <UnsavedChangesGuard when={!anlegen.isSuccess && JSON.stringify(form.werte) !== JSON.stringify(basis)} />
      <h1 id="anlage-titel" className="text-2xl font-semibold">
        Neue {label}
      </h1>
      <AnlageFormular
        typ={typ}
        betriebId={betriebId}
        werte={form.werte}
        onChange={form.setWerte}
        fehler={form.fehler}
        gesperrt={false}
        bezeichnungGesperrt={false}
        statusGesperrt
        reiter={form.reiter}
        onReiterChange={form.setReiter}
        containerRef={form.containerRef}
      />
      <div className="flex justify-end gap-2 border-t border-gray-200 pt-4">
        <Button onClick={speichern} disabled={anlegen.isPending}>
          Speichern
        </Button>
      </div>
    </section>
  );
}

function VorhandeneAnlage({ anlageId }: { anlageId: string }) {
  const anlage = useQuery(anlageQuery(anlageId));
  const ansicht = useAktenAnsicht(anlage.refetch);
  if (!anlage.data) return anlage.isPending ? <Laden /> : null;
  return (
    <Bearbeitung
      key={`${anlage.data.version}-${ansicht.neuGeladen}`}
      anlage={anlage.data}
      neuLaden={ansicht.neuLaden}
      zurueckZuLesen={ansicht.zurueckZuLesen}
    />
  );
}

type Dialogzustand = 'historie' | 'verlauf' | 'antrag' | 'pruefen' | null;

function Bearbeitung({ anlage, neuLaden, zurueckZuLesen }: { anlage: Anlage; neuLaden: () => void; zurueckZuLesen: () => void }) {
  const { lesen } = useModus();
  const rechte = anlage.rechte ?? {};
  const admin = !!rechte.speichern;
  const bearbeiten = !lesen && !!rechte.bearbeiten && (admin || !!rechte.alsBetreiber);
  const basis = useMemo(() => werteAus(anlage), [anlage]);
  const form = useAnlageFormular(anlage.anlagentyp, basis);
  const [dialog, setDialog] = useState<Dialogzustand>(null);
  const speichere = useSpeichereAnlage({ meta: { globalErrorHandling: false } });
  const akte = useAktenFormular({
    basis,
    werte: form.werte,
    zuruecksetzen: form.zuruecksetzen,
    pruefen: form.pruefen,
    serverfehler: form.serverfehler,
    bearbeitbar: bearbeiten,
    historisiert: admin,
    senden: (auditInfo) =>
      speichere.mutateAsync({
        id: String(anlage.id),
        typ: anlage.anlagentyp,
        daten: { ...eingabeAus(form.werte, anlage), version: anlage.version, ...(auditInfo ? { auditInfo } : {}) },
      }),
    gespeichertText: MSG_GESPEICHERT,
    zurueckZuLesen,
    neuLaden,
  });
  const status = ANLAGENSTATUS.find((s) => s.value === anlage.anlagenstatus)?.label ?? anlage.anlagenstatus;
  const antragOffen = !!anlage.aenderungsantrag;

  return (
    <section aria-labelledby="anlage-titel" className="space-y-4">
      <UnsavedChangesGuard when={akte.dirty} />
      <div className="space-y-1">
        <h1 id="anlage-titel" className="text-2xl font-semibold">
          Anlagendaten
        </h1>
        <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1 text-sm">
          <dt className="font-semibold">Anlagen-Nr.</dt>
          <dd data-testid="anlagen-id">{anlage.anlagenId}</dd>
          <dt className="font-semibold">Status</dt>
          <dd data-testid="anlagenstatus">
            {status}
            {anlage.statuswechsel ? ` seit ${formatDate(anlage.statuswechsel)}` : ''}
          </dd>
          {anlage.aufnahmeAnlage && (
            <>
              <dt className="font-semibold">Aufnehmende Anlage</dt>
              <dd>{anlage.aufnahmeAnlage.bezeichnung}</dd>
            </>
          )}
        </dl>
      </div>
      {antragOffen && rechte.antragPruefen && (
        <div role="note" className="flex flex-wrap items-center justify-between gap-3 rounded border-l-4 border-blue-800 bg-blue-50 px-4 py-3 text-sm">
          <span>Es liegt ein Änderungsantrag des Betreibers vor.</span>
          <Button variant="secondary" onClick={() => setDialog('pruefen')}>
            Änderungsantrag prüfen
          </Button>
        </div>
      )}
      {antragOffen && rechte.antragStellen && (
        <p role="note" className="rounded border-l-4 border-blue-800 bg-blue-50 px-4 py-3 text-sm">
          Ihr Änderungsantrag wird von der Behörde geprüft.
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" onClick={() => setDialog('historie')}>
          Historie
        </Button>
        {rechte.verlaufLesen && (
          <Button variant="secondary" onClick={() => setDialog('verlauf')}>
            Verlauf
          </Button>
        )}
        {rechte.antragStellen && !antragOffen && (
          <Button variant="secondary" onClick={() => setDialog('antrag')}>
            Änderungsantrag stellen
          </Button>
        )}
      </div>
      <AnlageFormular
        typ={anlage.anlagentyp}
        betriebId={String(anlage.betrieb.id)}
        anlageId={anlage.id}
        werte={form.werte}
        onChange={form.setWerte}
        fehler={form.fehler}
        gesperrt={!bearbeiten}
        bezeichnungGesperrt={!rechte.bezeichnungAendern}
        statusGesperrt={!admin}
        reiter={form.reiter}
        onReiterChange={form.setReiter}
        containerRef={form.containerRef}
      />
      {bearbeiten && (
        <div className="flex justify-end gap-2 border-t border-gray-200 pt-4">
          <Button onClick={akte.speichern} disabled={akte.laeuft}>
            Speichern
          </Button>
        </div>
      )}
      {akte.dialog}
      {dialog === 'historie' && <HistorieDialog anlage={anlage} onClose={() => setDialog(null)} />}
      {dialog === 'verlauf' && <VerlaufDialog anlage={anlage} onClose={() => setDialog(null)} />}
      {dialog === 'antrag' && <AntragDialog anlage={anlage} onClose={() => setDialog(null)} />}
      {dialog === 'pruefen' && <PruefenDialog anlage={anlage} onClose={() => setDialog(null)} />}
    </section>
  );
}

function Schliessen({ onClose }: { onClose: () => void }) {
  return (
    <Button variant="secondary" onClick={onClose}>
      Schließen
    </Button>
  );
}

function HistorieDialog({ anlage, onClose }: { anlage: Anlage; onClose: () => void }) {
  const historie = useQuery(anlageHistorieQuery(String(anlage.id)));
  return (
    <Dialog open onClose={onClose} title={`Historie: ${anlage.bezeichnung}`} width={900} footer={<Schliessen onClose={onClose} />}>
      {historie.isPending ? (
        <Laden />
      ) : (
        <table className="w-full border-collapse text-sm">
          <caption className="sr-only">Versionen</caption>
          <thead className="text-left">
            <tr>
              <th scope="col">Gültig ab</th>
              <th scope="col">Gültig bis</th>
              <th scope="col">Bezeichnung</th>
              <th scope="col">Status</th>
              <th scope="col">Änderungsgrund</th>
            </tr>
          </thead>
          <tbody>
            {[...(historie.data ?? [])].reverse().map((v) => (
              <tr key={v.gueltigAb} className="border-b border-gray-200">
                <td>{formatDate(v.gueltigAb)}</td>
                <td>
                  {v.gueltigBis === OFFENES_ENDE ? 'unbefristet' : formatDate(v.gueltigBis)}
                  {v.aktuell && <span className="ml-2 rounded bg-green-100 px-1 text-xs text-green-900">aktuell</span>}
                </td>
                <td>{v.anlage.bezeichnung}</td>
                <td>{ANLAGENSTATUS.find((s) => s.value === v.anlage.anlagenstatus)?.label ?? v.anlage.anlagenstatus}</td>
                <td>{v.aenderungsgrund}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Dialog>
  );
}

function VerlaufDialog({ anlage, onClose }: { anlage: Anlage; onClose: () => void }) {
  const verlauf = useQuery(anlageVerlaufQuery(String(anlage.id)));
  return (
    <Dialog open onClose={onClose} title={`Verlauf: ${anlage.bezeichnung}`} width={1100} footer={<Schliessen onClose={onClose} />}>
      {verlauf.isPending ? <Laden /> : <VerlaufTabelle eintraege={verlauf.data ?? []} isLoading={false} />}
    </Dialog>
  );
}

/** The operator's change request (spec 000 §3: bezeichnung, tegAbschluss, aufKAGelaende, kuehlart, kuehlBehandlung, kommentar). */
function AntragDialog({ anlage, onClose }: { anlage: Anlage; onClose: () => void }) {
  const [a, setA] = useState({
    bezeichnung: anlage.bezeichnung ?? '',
    tegAbschluss: !!anlage.tegAbschluss,
    aufKAGelaende: !!anlage.aufKAGelaende,
    kuehlart: anlage.kuehlart ?? '',
    kuehlBehandlung: anlage.kuehlBehandlung ?? '',
    kommentar: '',
  });
  const stelle = useStelleAenderungsantrag({ meta: { globalErrorHandling: false } });
  const kuehl = anlage.anlagentyp === 'KUEHLWASSER';
  const senden = () =>
    stelle
      .mutateAsync({ id: String(anlage.id), typ: anlage.anlagentyp, antrag: { ...a, foerderungen: anlage.foerderungen ?? [] } })
      .then(() => {
        toast.success(MSG_ANTRAG_EINGEREICHT);
        onClose();
      })
      .catch((e: unknown) => zeigeFehler(e, MSG_ANTRAG_FEHLER));
  const feld = 'w-full rounded border border-gray-500 px-2 py-1.5 text-sm';
  return (
    <Dialog
      open
      onClose={onClose}
      title="Änderungsantrag stellen"
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Abbrechen
          </Button>
          <Button onClick={() => void senden()} disabled={stelle.isPending}>
            Einreichen
          </Button>
        </>
      }
    >
      <div className="space-y-3">
        <label className="block text-sm font-medium">
          Bezeichnung
          <input className={feld} name="bezeichnung" maxLength={255} value={a.bezeichnung} onChange={(e) => setA({ ...a, bezeichnung: e.target.value })} />
        </label>
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" checked={a.tegAbschluss} onChange={(e) => setA({ ...a, tegAbschluss: e.target.checked })} />
          TEG-Abschluss
        </label>
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" checked={a.aufKAGelaende} onChange={(e) => setA({ ...a, aufKAGelaende: e.target.checked })} />
          Auf KA-Gelände
        </label>
        {kuehl && (
          <>
            <label className="block text-sm font-medium">
              Kühlart
              <input className={feld} name="kuehlart" maxLength={255} value={a.kuehlart} onChange={(e) => setA({ ...a, kuehlart: e.target.value })} />
            </label>
            <label className="block text-sm font-medium">
              Kühlwasserbehandlung
              <input className={feld} name="kuehlBehandlung" maxLength={255} value={a.kuehlBehandlung} onChange={(e) => setA({ ...a, kuehlBehandlung: e.target.value })} />
            </label>
          </>
        )}
        <label className="block text-sm font-medium">
          Kommentar
          <textarea className={feld} name="kommentar" maxLength={4000} rows={3} value={a.kommentar} onChange={(e) => setA({ ...a, kommentar: e.target.value })} />
        </label>
      </div>
    </Dialog>
  );
}

/** Staff review a change request field by field: adopt the ticked fields, or reject it all. */
function PruefenDialog({ anlage, onClose }: { anlage: Anlage; onClose: () => void }) {
  const antrag = anlage.aenderungsantrag ?? {};
  const [gewaehlt, setGewaehlt] = useState<string[]>([]);
  const entscheide = useEntscheideAenderungsantrag({ meta: { globalErrorHandling: false } });
  const entscheiden = (felder: string[]) =>
    entscheide
      .mutateAsync({ id: String(anlage.id), felder })
      .then((a) => {
        toast.success(a.message ?? 'Gespeichert');
        onClose();
      })
      .catch((e: unknown) => zeigeFehler(e));
  const wert = (v: unknown) => (typeof v === 'boolean' ? (v ? 'Ja' : 'Nein') : String(v ?? '') || '–');
  const felder = ANTRAGSFELDER.filter((f) => anlage.anlagentyp === 'KUEHLWASSER' || !f.key.startsWith('kuehl'));
  return (
    <Dialog
      open
      onClose={onClose}
      title="Änderungsantrag prüfen"
      width={800}
      footer={
        <>
          <Button variant="secondary" onClick={() => void entscheiden([])} disabled={entscheide.isPending}>
            Ablehnen
          </Button>
          <Button onClick={() => void entscheiden(gewaehlt)} disabled={entscheide.isPending || gewaehlt.length === 0}>
            Ausgewählte übernehmen
          </Button>
        </>
      }
    >
      {antrag.kommentar && <p className="mb-3 text-sm">Kommentar: {antrag.kommentar}</p>}
      <table className="w-full border-collapse text-sm">
        <caption className="sr-only">Beantragte Änderungen</caption>
        <thead className="text-left">
          <tr>
            <th scope="col">Übernehmen</th>
            <th scope="col">Feld</th>
            <th scope="col">bisher</th>
            <th scope="col">beantragt</th>
          </tr>
        </thead>
        <tbody>
          {felder.map((f) => (
            <tr key={f.key} className="border-b border-gray-200">
              <td>
                <input
                  type="checkbox"
                  aria-label={`${f.label} übernehmen`}
                  checked={gewaehlt.includes(f.key)}
                  onChange={(e) => setGewaehlt((g) => (e.target.checked ? [...g, f.key] : g.filter((x) => x !== f.key)))}
                />
              </td>
              <th scope="row" className="text-left font-medium">
                {f.label}
              </th>
              <td>{wert((anlage as Record<string, unknown>)[f.key])}</td>
              <td>{wert((antrag as Record<string, unknown>)[f.key])}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </Dialog>
  );
}
