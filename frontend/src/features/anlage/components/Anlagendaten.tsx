import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useAktenLink, useStand } from '@/lib/stand';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { Button } from '@/components/Button';
import { AntragPruefung } from '@/components/akte/AntragPruefung';
import { useConfirm } from '@/components/ConfirmDialog';
import { Dialog } from '@/components/Dialog';
import { HISTORIE_PARAM, HistorieDialog as Historie, useVersionAnzeigen } from '@/components/Historisch';
import { useAktenFormular } from '@/components/akte/useAktenFormular';
import { AktenversionAusHistorie, useAktenObjekt, useEntfernen, type Aktenansicht } from '@/components/akte/useAktenObjekt';
import { Fehleruebersicht } from '@/components/akte/Fehleruebersicht';
import { istSchreibbar, schreibbareFelder, SchreibrechteKontext } from '@/components/akte/Schreibrechte';
import { useDarf } from '@/lib/auth';
import { formatDate } from '@/lib/format';
import { useModus } from '@/lib/modus';
import { toast } from '@/lib/toast';
import { useDocumentTitle } from '@/lib/useDocumentTitle';
import { UnsavedChangesGuard } from '@/lib/useUnsavedChangesGuard';
import { zeigeFehler } from '@/lib/errors';
import { ApiError } from '@/lib/api';
import {
  ANLAGENSTATUS,
  anlageHistorieQuery,
  anlageQuery,
  aufnehmendeAnlagenQuery,
  exportiereEntsorgungsraum,
  hatEinleiter,
  holeAnlage,
  pfadDesTyps,
  typNachPfad,
  type Anlage,
  type AnlagenVersion,
} from '@/features/anlage/api/anlage';
import { importiereEntsorgungsraum } from '@/features/anlage/api/importiere-entsorgungsraum';
import { useEntscheideAenderungsantrag } from '@/features/anlage/api/entscheide-aenderungsantrag';
import { useLegeAnlageAn } from '@/features/anlage/api/lege-anlage-an';
import { useSpeichereAnlage } from '@/features/anlage/api/speichere-anlage';
import { useStelleAenderungsantrag } from '@/features/anlage/api/stelle-aenderungsantrag';
import { AnlageFormular, ENTFERNEN_TITEL, entfernenFrage } from './AnlageFormular';
import { AnlageNurLesen } from './AnlageNurLesen';
import { NetzDialog } from '@/components/akte/NetzDialog';
import { Tabellenimport } from '@/components/akte/Tabellenimport';
import { speichereDatei } from '@/lib/download';
import { abfrageAus } from './NetzanlageAuswahl';
import { ANLAGE_SCHLUESSEL, anlageFeldname } from './feldnamen';
import { useAnlageFormular } from './useAnlageFormular';
import { eingabeAus, MSG_GESPEICHERT, neueWerte, pruefeAnlagenantrag, werteAus, type AnlageFehler, type Foerderung } from './werte';
import { FormField, inputClass } from '@/components/FormField';
import { hatFehler, istPflicht } from '@/lib/form';
import { FORMULARE } from '@/lib/formregeln';
import { Foerderungen } from './Foerderungen';
import { WertAuswahl } from '@/components/felder';
import { artenDesTyps, hatFeld } from '@/features/anlage/api/typen';

// Verbatim text of spec 000 §8 (navigation).
export const MSG_AUFRUF_FEHLER = 'Fehler beim Aufruf der Anlage';
export const MSG_ANTRAG_EINGEREICHT = 'Änderungsantrag erfolgreich eingereicht.';
export const MSG_ANTRAG_FEHLER = 'Es gab einen unbekannten Fehler beim Einreichen des Änderungsantrags.';
/** The hint of a field the operator may not save (per-field rights, issue 28): it goes through a change request. */
export const HINWEIS_ANTRAG = 'Diese Angabe ändern Sie über einen Änderungsantrag.';

/**
 * Route /betriebsakte/:id/:typ/:anlageid/anlagendaten (spec 000 §2): a plant of the operation,
 * editable in modus s by whom may; `neu` as anlageid creates one (staff, released operation).
 */
export function Anlagendaten() {
  const { id = '', typ: typPfad = '', anlageid = '' } = useParams();
  const typ = typNachPfad(typPfad);
  useDocumentTitle(typ?.label ?? 'Anlage');
  const [params] = useSearchParams();
  const historie = params.get(HISTORIE_PARAM);
  if (!typ) return <p>Unbekannter Anlagentyp.</p>;
  if (anlageid === 'neu') return <NeueAnlage betriebId={id} typ={typ.id} parentId={params.get('parentanlageid') ?? ''} />;
  if (historie !== null) return <HistorischeVersion anlageId={anlageid} index={Number(historie)} />;
  return <VorhandeneAnlage anlageId={anlageid} />;
}

/** 'Entfernen bestätigen' before a part of the plant goes from the form (spec 000 §8). */
const useEntfernenFrage = () => useEntfernen(ENTFERNEN_TITEL, entfernenFrage);

function NeueAnlage({ betriebId, typ, parentId }: { betriebId: string; typ: string; parentId: string }) {
  const navigate = useNavigate();
  const [entfernen, entfernenDialog] = useEntfernenFrage();
  // a sewer network created below a treatment plant discharges into it unless chosen otherwise
  // ?art= presets the Anlagenart (spec 000 §2) when the type has it
  const [params] = useSearchParams();
  const art = params.get('art') ?? '';
  const basis = useMemo(() => {
    const w = neueWerte(typ);
    const mitArt = artenDesTyps(typ).includes(art) ? { ...w, anlagenart: art } : w;
    return /^\d+$/.test(parentId) && w.indirekteinleiter ? { ...mitArt, aufnahme: parentId } : mitArt;
  }, [typ, parentId, art]);
  const form = useAnlageFormular(typ, basis);
  const anlegen = useLegeAnlageAn({ meta: { globalErrorHandling: false } });
  const darfBearbeiter = useDarf()('BEARBEITER_ZUORDNEN');
  const label = typNachPfad(typ.toLowerCase())?.label ?? typ;
  const speichern = () => {
    if (!form.pruefen()) return;
    anlegen
      .mutateAsync({
        typ,
        daten: { ...eingabeAus(form.werte), betrieb: { id: Number(betriebId) }, ...(/^\d+$/.test(parentId) ? { parentanlageid: Number(parentId) } : {}) },
      })
      .then((a) => {
        toast.success(MSG_GESPEICHERT);
        navigate(`/betriebsakte/${encodeURIComponent(betriebId)}/${typ.toLowerCase()}/${a.id}/anlagendaten?modus=l`);
      })
      .catch((e: unknown) => {
        // field errors in the form (summary, fields, tabs); other refusals as a toast
        if (!form.serverfehler(e)) zeigeFehler(e);
      });
  };
  return (
    <section aria-labelledby="anlage-titel" className="space-y-4">
      <UnsavedChangesGuard when={!anlegen.isSuccess && JSON.stringify(form.werte) !== JSON.stringify(basis)} />
      <h1 id="anlage-titel" className="text-2xl font-semibold">
        {typ === 'KANALNETZ' ? 'Neues' : 'Neue'} {label}
      </h1>
      <Fehleruebersicht fehler={form.fehler} feldname={anlageFeldname} onFeld={form.geheZu} fokus={form.pruefung} />
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
        vorDemEntfernen={entfernen}
        bearbeiterBearbeitbar={darfBearbeiter}
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

function VorhandeneAnlage({ anlageId }: { anlageId: string }) {
  const { stand } = useStand(); // as of a date: the plant then, read-only
  const akte = useAktenObjekt(useQuery(anlageQuery(anlageId, stand)), MSG_AUFRUF_FEHLER);
  if (!akte.objekt) return akte.platzhalter;
  return <Bearbeitung key={akte.formularKey} anlage={akte.objekt} {...akte.ansicht} />;
}

type Dialogzustand = 'historie' | 'antrag' | 'pruefen' | null;

/** The link parameter that opens the review of the open change request (the Aufgaben view). */
export const ANTRAG_PARAM = 'aenderungsantrag';

// Leaving operation (spec 000 §4, §5; the confirmations' texts are ours).
const AUSSER_BETRIEB = ['STILLGELEGT', 'ANGESCHLOSSEN_AN'];
export const STILLLEGUNG_TITEL = 'Stilllegung bestätigen';
export const MSG_STILLLEGEN = 'Soll die Anlage außer Betrieb genommen werden?';
export const MSG_MIT_EINLEITERN = 'In diese Anlage leiten andere Anlagen ein. Sie werden mit ihr stillgelegt. Fortfahren?';
export const ERSATZ_TITEL = 'Ersatzkläranlage auswählen';
// ours: what the disposal area's import replaces
export const MSG_RAUM_UEBERSCHREIBEN =
  'Die Verwaltungseinheiten der Datei ersetzen die gespeicherten des Entsorgungsraums; ungespeicherte Änderungen der Anlage gehen verloren. Fortfahren?';
export const MSG_ERSATZ_HINWEIS =
  'In diese Kläranlage leiten andere Anlagen ein. Wählen Sie die Kläranlage, in die sie künftig einleiten; jede erhält dabei einen eigenen Eintrag im Verlauf.';

function Bearbeitung({ anlage, neuLaden, zurueckZuLesen }: { anlage: Anlage } & Aktenansicht) {
  const link = useAktenLink();
  const { lesen } = useModus();
  const darf = useDarf();
  const versionAnzeigen = useVersionAnzeigen();
  const [entfernen, entfernenDialog] = useEntfernenFrage();
  const rechte = anlage.rechte ?? {};
  const admin = !!rechte.speichern;
  const bearbeiten = !lesen && !!rechte.bearbeiten && (admin || !!rechte.alsBetreiber);
  const basis = useMemo(() => werteAus(anlage), [anlage]);
  const form = useAnlageFormular(anlage.anlagentyp, basis);
  // per-field rights: what the caller may save (the server's rule), the rest locked with the hint
  const felder = useMemo(() => schreibbareFelder(anlage.rechte), [anlage.rechte]);
  const schreibrechte = useMemo(() => (felder ? { felder, hinweis: HINWEIS_ANTRAG, schluessel: ANLAGE_SCHLUESSEL } : null), [felder]);
  const [params, setParams] = useSearchParams();
  // ?aenderungsantrag=true (a link of the Aufgaben view) opens the review at once
  const [dialog, setDialog] = useState<Dialogzustand>(() =>
    params.get(ANTRAG_PARAM) === 'true' && !!anlage.aenderungsantrag && !!rechte.antragPruefen ? 'pruefen' : null,
  );
  const dialogZu = () => {
    setDialog(null);
    if (params.has(ANTRAG_PARAM)) {
      setParams(
        (p) => {
          const n = new URLSearchParams(p);
          n.delete(ANTRAG_PARAM);
          return n;
        },
        { replace: true },
      );
    }
  };
  const speichere = useSpeichereAnlage({ meta: { globalErrorHandling: false } });
  const [fragen, frageDialog] = useConfirm();
  const [ersatz, setErsatz] = useState<string | null>(null); // the status waiting for the replacement
  // leaving operation (spec 000 §4): confirmed first; a treatment plant others discharge into needs
  // its replacement (Ersatzkläranlage), any other plant takes them along — cancel keeps the status
  const statusWaehlen = async (neu: string) => {
    const alt = form.werte.anlagenstatus;
    if (!AUSSER_BETRIEB.includes(neu) || AUSSER_BETRIEB.includes(alt)) {
      form.setWerte((w) => ({ ...w, anlagenstatus: neu, neueAufnahme: '' }));
      return;
    }
    let einleiter = false;
    try {
      einleiter = await hatEinleiter(String(anlage.id));
    } catch (e) {
      zeigeFehler(e);
      return;
    }
    // a municipal treatment plant needs its replacement (anlage.ErsatzNoetig)
    if (einleiter && anlage.anlagentyp === 'ABWASSERBEHANDLUNG' && anlage.betriebstyp === 'KOMMUNAL') {
      setErsatz(neu);
      return;
    }
    if (await fragen({ title: STILLLEGUNG_TITEL, message: einleiter ? MSG_MIT_EINLEITERN : MSG_STILLLEGEN, confirmLabel: 'Bestätigen' })) {
      form.setWerte((w) => ({ ...w, anlagenstatus: neu }));
    }
  };
  const akte = useAktenFormular({
    basis,
    werte: form.werte,
    zuruecksetzen: form.zuruecksetzen,
    pruefen: form.pruefen,
    serverfehler: (e) => {
      // the server's safety net: the replacement is missing (possibleSuppressorFlag neueAufnahme)
      if (e instanceof ApiError && e.body.possibleSuppressorFlag === 'neueAufnahme') setErsatz(form.werte.anlagenstatus);
      return form.serverfehler(e);
    },
    bearbeitbar: bearbeiten,
    historisiert: admin,
    senden: (auditInfo, stand) =>
      speichere.mutateAsync({
        id: String(anlage.id),
        typ: anlage.anlagentyp,
        daten: {
          ...eingabeAus(stand?.werte ?? form.werte, (stand?.objekt as Anlage | undefined) ?? anlage),
          version: stand?.version ?? anlage.version,
          ...(auditInfo ? { auditInfo } : {}),
        },
      }),
    neuerStand: async () => {
      const neu = await holeAnlage(String(anlage.id));
      return { werte: werteAus(neu), version: neu.version, objekt: neu };
    },
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
          <Link
            to={link(`/betriebsakte/${anlage.betrieb.id}/${pfadDesTyps(anlage.anlagentyp)}/${anlage.id}/verlauf`, 'l')}
            className="rounded border border-blue-800 bg-white px-4 py-2 text-sm font-medium text-blue-900 hover:bg-blue-50"
          >
            Verlauf der Anlage
          </Link>
        )}
        {rechte.antragStellen && !antragOffen && (
          <Button variant="secondary" onClick={() => setDialog('antrag')}>
            Änderungsantrag stellen
          </Button>
        )}
      </div>
      {bearbeiten && <Fehleruebersicht fehler={form.fehler} feldname={anlageFeldname} onFeld={form.geheZu} fokus={form.pruefung} />}
      <SchreibrechteKontext.Provider value={bearbeiten ? schreibrechte : null}>
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
          mitEntsorgungsraum={anlage.mitEntsorgungsraum}
          nurBetreiberseitig={felder ? !istSchreibbar(felder, 'foerderungen') : !admin}
          bearbeiterBearbeitbar={felder ? istSchreibbar(felder, 'zustaendigeBearbeiter') : admin && darf('BEARBEITER_ZUORDNEN')}
          vorDemEntfernen={entfernen}
          onStatus={(v) => void statusWaehlen(v)}
          entsorgungsraumAktionen={
            <div className="flex flex-wrap items-end gap-3">
              <Button
                variant="secondary"
                onClick={() =>
                  void exportiereEntsorgungsraum(anlage.id ?? 0)
                    .then((d) => speichereDatei(d, 'entsorgungsraum.xlsx'))
                    .catch((e: unknown) => zeigeFehler(e))
                }
              >
                Entsorgungsraum exportieren
              </Button>
              {bearbeiten && admin && (
                <Tabellenimport
                  label="Entsorgungsraum importieren (xlsx)"
                  warnung={MSG_RAUM_UEBERSCHREIBEN}
                  importieren={(datei) => importiereEntsorgungsraum({ id: anlage.id ?? 0, version: anlage.version ?? 0, datei })}
                  onImportiert={neuLaden}
                />
              )}
            </div>
          }
        />
      </SchreibrechteKontext.Provider>
      {frageDialog}
      {ersatz && (
        <NetzDialog
          titel={ERSATZ_TITEL}
          hinweis={MSG_ERSATZ_HINWEIS}
          abfrage={abfrageAus((q) => aufnehmendeAnlagenQuery(String(anlage.betrieb.id), anlage.id, q))}
          onClose={() => setErsatz(null)}
          onUebernehmen={(a) => {
            form.setWerte((w) => ({ ...w, anlagenstatus: ersatz, neueAufnahme: String(a.id) }));
            setErsatz(null);
          }}
        />
      )}
      {bearbeiten && (
        <div className="flex justify-end gap-2 border-t border-gray-200 pt-4">
          <Button onClick={akte.speichern} disabled={akte.laeuft}>
            Speichern
          </Button>
        </div>
      )}
      {akte.dialog}
      {entfernenDialog}
      {dialog === 'historie' && (
        <HistorieDialog
          anlage={anlage}
          onClose={() => setDialog(null)}
          onAnzeigen={(index, aktuell) => {
            setDialog(null);
            versionAnzeigen(index, aktuell);
          }}
        />
      )}
      {dialog === 'antrag' && <AntragDialog anlage={anlage} onClose={() => setDialog(null)} />}
      {dialog === 'pruefen' && <PruefenDialog anlage={anlage} onClose={dialogZu} />}
    </section>
  );
}

const HISTORIE_SPALTEN = [
  { id: 'bezeichnung', header: 'Bezeichnung', accessorFn: (v: AnlagenVersion) => v.anlage.bezeichnung ?? '' },
  { id: 'status', header: 'Status', accessorFn: (v: AnlagenVersion) => ANLAGENSTATUS.find((s) => s.value === v.anlage.anlagenstatus)?.label ?? v.anlage.anlagenstatus ?? '' },
];

/** The Historie popup of the plant: its versions, 'Anzeigen' opens one read-only. */
function HistorieDialog({ anlage, onClose, onAnzeigen }: { anlage: Anlage; onClose: () => void; onAnzeigen: (index: number, aktuell: boolean) => void }) {
  const historie = useQuery(anlageHistorieQuery(String(anlage.id)));
  return (
    <Historie<AnlagenVersion>
      titel={anlage.bezeichnung ?? ''}
      versionen={historie.isPending ? undefined : (historie.data ?? [])}
      spalten={HISTORIE_SPALTEN}
      onAnzeigen={(index, v) => onAnzeigen(index, v.aktuell)}
      onClose={onClose}
    />
  );
}

/** A version of the Historie popup, read-only, with the way back to the current record (spec 000 §2). */
function HistorischeVersion({ anlageId, index }: { anlageId: string; index: number }) {
  const historie = useQuery(anlageHistorieQuery(anlageId));
  return (
    <AktenversionAusHistorie historie={historie} index={index} fehlertext={MSG_AUFRUF_FEHLER} titel="Anlagendaten" titelId="anlage-titel">
      {(v) => <AnlageNurLesen anlage={v.anlage} />}
    </AktenversionAusHistorie>
  );
}

/** The operator's change request (spec 000 §3: bezeichnung, foerderungen, tegAbschluss, aufKAGelaende, kuehlart, kuehlBehandlung, kommentar); the fields of the plant's type. */
function AntragDialog({ anlage, onClose }: { anlage: Anlage; onClose: () => void }) {
  const [a, setA] = useState({
    bezeichnung: anlage.bezeichnung ?? '',
    tegAbschluss: !!anlage.tegAbschluss,
    aufKAGelaende: !!anlage.aufKAGelaende,
    kuehlart: anlage.kuehlart ?? '',
    kuehlBehandlung: anlage.kuehlBehandlung ?? '',
    kommentar: '',
  });
  const [foerderungen, setFoerderungen] = useState<Foerderung[]>(() => werteAus(anlage).foerderungen);
  const [fehler, setFehler] = useState<AnlageFehler>({});
  const stelle = useStelleAenderungsantrag({ meta: { globalErrorHandling: false } });
  const hat = (feld: string) => hatFeld(anlage.anlagentyp, feld);
  const senden = () => {
    // the server's table decides what is required (issue 43, item 5): checked before sending, its answer on the same keys
    const f = pruefeAnlagenantrag(a, foerderungen);
    setFehler(f);
    if (hatFehler(f)) return;
    void stelle
      .mutateAsync({ id: String(anlage.id), typ: anlage.anlagentyp, antrag: { ...a, foerderungen } })
      .then(() => {
        toast.success(MSG_ANTRAG_EINGEREICHT);
        onClose();
      })
      .catch((e: unknown) => {
        if (e instanceof ApiError) setFehler(e.validationErrors);
        zeigeFehler(e, MSG_ANTRAG_FEHLER);
      });
  };
  const feld = 'w-full rounded border border-gray-500 px-2 py-1.5 text-sm';
  return (
    <Dialog
      open
      onClose={onClose}
      title="Änderungsantrag stellen"
      width={700}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Abbrechen
          </Button>
          <Button onClick={senden} disabled={stelle.isPending}>
            Einreichen
          </Button>
        </>
      }
    >
      <div className="space-y-3">
        <FormField label="Bezeichnung" error={fehler.bezeichnung} required={istPflicht(FORMULARE.anlagenantrag, 'bezeichnung')}>
          <input className={inputClass} name="bezeichnung" maxLength={255} value={a.bezeichnung} onChange={(e) => setA({ ...a, bezeichnung: e.target.value })} />
        </FormField>
        {hat('tegAbschluss') && (
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" checked={a.tegAbschluss} onChange={(e) => setA({ ...a, tegAbschluss: e.target.checked })} />
            TEG-Abschluss
          </label>
        )}
        {hat('aufKAGelaende') && (
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" checked={a.aufKAGelaende} onChange={(e) => setA({ ...a, aufKAGelaende: e.target.checked })} />
            Auf KA-Gelände
          </label>
        )}
        {hat('kuehlart') && (
          <>
            <WertAuswahl liste="kuehlart" label="Kühlart" name="kuehlart" value={a.kuehlart} onChange={(v) => setA({ ...a, kuehlart: v })} />
            <label className="block text-sm font-medium">
              Kühlwasserbehandlung
              <input className={feld} name="kuehlBehandlung" maxLength={255} value={a.kuehlBehandlung} onChange={(e) => setA({ ...a, kuehlBehandlung: e.target.value })} />
            </label>
          </>
        )}
        <Foerderungen
          foerderungen={foerderungen}
          onChange={setFoerderungen}
          gesperrt={false}
          vorDemEntfernen={() => Promise.resolve(true)}
          fehler={fehler}
          hinweis="Die Förderung wird mit dem Änderungsantrag beantragt."
        />
        <label className="block text-sm font-medium">
          Kommentar
          <textarea className={feld} name="kommentar" maxLength={4000} rows={3} value={a.kommentar} onChange={(e) => setA({ ...a, kommentar: e.target.value })} />
        </label>
      </div>
    </Dialog>
  );
}

/** The fields of a change request in form order, with their labels (the server's anlage.Antragsfeldnamen). */
const PRUEFFELDER: { key: 'bezeichnung' | 'foerderungen' | 'tegAbschluss' | 'aufKAGelaende' | 'kuehlart' | 'kuehlBehandlung'; label: string }[] = [
  { key: 'bezeichnung', label: 'Bezeichnung' },
  { key: 'foerderungen', label: 'Förderungen' },
  { key: 'tegAbschluss', label: 'TEG-Abschluss' },
  { key: 'aufKAGelaende', label: 'Auf KA-Gelände' },
  { key: 'kuehlart', label: 'Kühlart' },
  { key: 'kuehlBehandlung', label: 'Kühlwasserbehandlung' },
];

/** A value of a change-request field as the review shows it; a funding as 'MIP-Nr. – Bezeichnung (Maßnahmeträger)', one a line. */
function antragswert(feld: (typeof PRUEFFELDER)[number]['key'], v: unknown): string {
  if (feld === 'tegAbschluss' || feld === 'aufKAGelaende') return v ? 'Ja' : 'Nein';
  if (Array.isArray(v))
    return (v as { mipNr?: string; bezeichnung?: string; nameMassnahmetraeger?: string }[])
      .map((f) => `${f.mipNr ?? ''}${f.bezeichnung ? ` – ${f.bezeichnung}` : ''}${f.nameMassnahmetraeger ? ` (${f.nameMassnahmetraeger})` : ''}`)
      .join('\n');
  return typeof v === 'string' ? v.trim() : '';
}

/** Staff review a change request field by field (the shared AntragPruefung): adopt the ticked fields, refuse the others with reasons. */
function PruefenDialog({ anlage, onClose }: { anlage: Anlage; onClose: () => void }) {
  const antrag = anlage.aenderungsantrag ?? null;
  const entscheide = useEntscheideAenderungsantrag({ meta: { globalErrorHandling: false } });
  const id = String(anlage.id);
  const zeilen = PRUEFFELDER.filter((f) => f.key === 'bezeichnung' || f.key === 'foerderungen' || hatFeld(anlage.anlagentyp, f.key)).map((f) => ({
    feld: f.key,
    bezeichnung: f.label,
    aktuell: antragswert(f.key, anlage[f.key]),
    beantragt: antragswert(f.key, antrag?.[f.key]),
  }));
  return (
    <AntragPruefung
      titel="Änderungsantrag prüfen"
      antrag={antrag}
      keinAntrag="Es liegt kein offener Änderungsantrag zur Anlage vor."
      zeilen={zeilen}
      uebernehmen={(felder, begruendungen) => entscheide.mutateAsync({ id, felder, begruendungen })}
      ablehnen={(begruendungen) => entscheide.mutateAsync({ id, felder: [], begruendungen })}
      onClose={onClose}
    />
  );
}
