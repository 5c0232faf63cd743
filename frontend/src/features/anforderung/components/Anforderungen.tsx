import { useQueries, useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { AufrufFehler } from '@/components/akte/AufrufFehler';
import { Fehleruebersicht, feldbezeichnung } from '@/components/akte/Fehleruebersicht';
import { useAktenAnsicht, useAktenFormular } from '@/components/akte/useAktenFormular';
import { useReiterFormular } from '@/components/akte/useReiterFormular';
import { Button } from '@/components/Button';
import { useConfirm } from '@/components/ConfirmDialog';
import { Laden } from '@/components/Laden';
import { Tabs } from '@/components/Tabs';
import { ZeilenEditor, type Spalte } from '@/components/ZeilenEditor';
import { ApiError, isAbortError } from '@/lib/api';
import { handleGlobalError } from '@/lib/errors';
import { formatDate } from '@/lib/format';
import { useModus } from '@/lib/modus';
import { useAktenLink } from '@/lib/stand';
import { toast } from '@/lib/toast';
import { useDocumentTitle } from '@/lib/useDocumentTitle';
import { UnsavedChangesGuard } from '@/lib/useUnsavedChangesGuard';
import {
  anforderungslisteQuery,
  betriebstypQuery,
  holeMessstelleImBescheid,
  messstelleImBescheidQuery,
  PARAMETERARTEN,
  type Anforderungsparameter,
  parameterNrDes,
  type MessstelleImBescheid,
} from '@/features/anforderung/api/anforderung';
import { useEntferneMessstelle } from '@/features/anforderung/api/entferne-messstelle';
import { useSpeichereAnforderungen } from '@/features/anforderung/api/speichere-anforderungen';
import {
  eingabeAus,
  FELDNAMEN,
  istPflichtfeld,
  MAX_ZUSATZTEXT,
  neueZeile,
  pruefeAnforderungen,
  REITER,
  reiterVon,
  serverfehlerAufZeilen,
  werteAus,
  type AnforderungenFehler,
  type AnforderungenWerte,
  type AnforderungZeile,
  type Reiter,
} from './werte';

// Verbatim texts of spec 001 §8.
export const MSG_GESPEICHERT = 'Die Anforderungen wurden erfolgreich gespeichert';
export const MSG_ENTFERNT = 'Die Messstelle wurde erfolgreich aus dem Bescheid entfernt.';
// Ours (the spec words neither).
export const MSG_AUFRUF_FEHLER = 'Fehler beim Aufruf der Anforderungen';
export const MSG_SPEICHERN_FEHLER = 'Das Speichern der Anforderungen ist fehlgeschlagen!';
export const MSG_ENTFERNEN_FEHLER = 'Die Messstelle konnte nicht aus dem Bescheid entfernt werden.';
export const ENTFERNEN = 'Messstelle aus Bescheid entfernen';
export const BEARBEITEN = 'Anforderungen bearbeiten';
/** Why a released Bescheid's Anforderungen are read-only (the server's rule: a released Bescheid is never changed). */
export const HINWEIS_FREIGEGEBEN = 'Der Bescheid ist freigegeben; seine Anforderungen können nicht mehr geändert werden.';

/** The segment of a Bescheid's screens: antrag while it is an application (spec 001 §2.1). */
export const bescheidSegment = (status: string) => (status === 'ANGELEGT' || status === 'BEANTRAGT' ? 'antrag' : 'bescheid');

/**
 * Route …/bescheid/:bescheidid/messstellen/:mid (and under antrag/): the Anforderungen of a
 * measuring point of a Bescheid (spec 001 §2.3) in two tabs, Festlegungen and
 * Selbstüberwachung; saved together, then back to read mode. The point can leave the Bescheid.
 */
export function Anforderungen() {
  const { bescheidid = '', mid = '' } = useParams();
  useDocumentTitle('Anforderungen');
  const daten = useQuery(messstelleImBescheidQuery(bescheidid, mid));
  const ansicht = useAktenAnsicht(daten.refetch);
  if (!daten.data) return daten.isError ? <AufrufFehler text={MSG_AUFRUF_FEHLER} onNeu={() => void daten.refetch()} /> : daten.isPending ? <Laden /> : null;
  return <Bearbeitung key={`${daten.data.bescheid.version}-${ansicht.neuGeladen}`} daten={daten.data} neuLaden={ansicht.neuLaden} zurueckZuLesen={ansicht.zurueckZuLesen} />;
}

type Optionen = { value: string; label: string }[];
const alsOptionen = (e: Anforderungsparameter[] | undefined): Optionen => (e ?? []).map((x) => ({ value: x.value, label: x.value }));

/**
 * The lookups of the rows: the lists for all rows, and those filtered by a row's parameter kind
 * (parameter, unit, sampling) for each of the three kinds at once, so each row picks its own.
 */
function useListen(betriebstyp: string | undefined, bereit: boolean) {
  const typ = betriebstyp ?? '';
  const liste = (name: string, filter: Record<string, string> = {}) => ({ ...anforderungslisteQuery(name, filter), enabled: bereit });
  const je = (name: string, feld: string, alsOption: (e: Anforderungsparameter[] | undefined) => Optionen) => {
    const ergebnisse = PARAMETERARTEN.map((a) => liste(name, { betriebstyp: typ, [feld]: a.value }));
    return { ergebnisse, alsOption };
  };
  const parameter = je('anforderungsparameter', 'anforderungsparameterart', (e) =>
    (e ?? []).map((x) => ({ value: parameterNrDes(x), label: x.value })),
  );
  const einheit = je('anforderung-einheit', 'parameterArt', alsOptionen);
  const probenahme = je('anforderung-probenahme', 'parameterArt', alsOptionen);
  const n = PARAMETERARTEN.length;
  const res = useQueries({
    queries: [
      ...parameter.ergebnisse,
      ...einheit.ergebnisse,
      ...probenahme.ergebnisse,
      liste('anforderung-wert'),
      liste('anforderung-vorbehandlung'),
      liste('anforderung-randbedingung'),
      liste('anforderung-haeufigkeit', { betriebstyp: typ }),
      liste('selbstueberwachungVorlage'),
    ],
  });
  const jeArt = (start: number, alsOption: (e: Anforderungsparameter[] | undefined) => Optionen) => {
    const m = new Map<string, Optionen>();
    PARAMETERARTEN.forEach((a, i) => m.set(a.value, alsOption(res[start + i].data)));
    return (z: AnforderungZeile) => m.get(z.parameterArt) ?? [];
  };
  return {
    parameter: jeArt(0, parameter.alsOption),
    einheit: jeArt(n, einheit.alsOption),
    probenahme: jeArt(2 * n, probenahme.alsOption),
    wert: alsOptionen(res[3 * n].data),
    vorbehandlung: alsOptionen(res[3 * n + 1].data),
    randbedingung: alsOptionen(res[3 * n + 2].data),
    haeufigkeit: alsOptionen(res[3 * n + 3].data),
    vorlage: alsOptionen(res[3 * n + 4].data),
  };
}

/** The columns of a tab (spec 001 §3.3); the Vorlage Messwerte only for Selbstüberwachung; required as the server's table says. */
function spaltenFuer(reiter: Reiter, l: ReturnType<typeof useListen>): Spalte<AnforderungZeile>[] {
  const spalten: Spalte<AnforderungZeile>[] = [
    { key: 'parameterArt', label: 'Parameterart', typ: 'auswahl', optionen: PARAMETERARTEN.map((a) => ({ ...a })) },
    { key: 'parameterNr', label: 'Parameter', typ: 'auswahl', optionen: l.parameter },
    { key: 'wert', label: 'Wert', typ: 'zahl', maxLaenge: 20 },
    { key: 'einheit', label: 'Einheit', typ: 'auswahl', optionen: l.einheit },
    { key: 'artAnforderungWert', label: 'Art des Werts', typ: 'auswahl', optionen: l.wert },
    { key: 'probenahme', label: 'Probenahme', typ: 'auswahl', optionen: l.probenahme },
    { key: 'vorbehandlung', label: 'Vorbehandlung', typ: 'auswahl', optionen: l.vorbehandlung },
    { key: 'randbedingung', label: 'Randbedingung', typ: 'auswahl', optionen: l.randbedingung },
    { key: 'haeufigkeit', label: 'Häufigkeit', typ: 'auswahl', optionen: l.haeufigkeit },
    ...(reiter === 'selbstueberwachung' ? [{ key: 'vorlageMesswerte', label: 'Vorlage Messwerte', typ: 'auswahl', optionen: l.vorlage } as const] : []),
    { key: 'mehrereOptionen', label: 'mehrere Optionen', typ: 'haken' },
    { key: 'zusatztext', label: 'Zusatztext', typ: 'textblock', maxLaenge: MAX_ZUSATZTEXT },
    { key: 'gueltigAb', label: 'gültig ab', typ: 'datum' },
    { key: 'gueltigBis', label: 'gültig bis', typ: 'datum' },
  ];
  return spalten.map((s) => ({ ...s, pflicht: istPflichtfeld(s.key) }));
}

/**
 * The form state (components/akte/useReiterFormular); a 400's keys count in the rows of the set
 * that was sent (`gesendet`, set before each save).
 */
function useAnforderungenFormular(basis: AnforderungenWerte) {
  const gesendet = useRef(basis);
  const serverSchluessel = useCallback((f: AnforderungenFehler) => serverfehlerAufZeilen(f, gesendet.current), []);
  const form = useReiterFormular(basis, { start: 'festlegungen' as Reiter, reiterVon, pruefe: pruefeAnforderungen, serverSchluessel });
  return { ...form, gesendet };
}

/** 401/403/404/500 take the global way (redirects, logging). */
const global = (e: unknown) => e instanceof ApiError && [401, 403, 404, 500].includes(e.status);

function Bearbeitung({ daten: d, neuLaden, zurueckZuLesen }: { daten: MessstelleImBescheid; neuLaden: () => void; zurueckZuLesen: () => void }) {
  const link = useAktenLink();
  const { id = '', bescheidid = '', mid = '' } = useParams();
  const navigate = useNavigate();
  const { lesen, setModus } = useModus();
  const [confirm, confirmDialog] = useConfirm();
  const bearbeiten = !lesen && !!d.rechte?.bearbeiten;
  // without the right to edit, edit mode falls back to read mode (as the Bescheid's does, spec 001 §4.1)
  const zurueck = !lesen && !d.rechte?.bearbeiten;
  useEffect(() => {
    if (zurueck) setModus('l');
  }, [zurueck, setModus]);
  const basis = useMemo(() => werteAus(d), [d]);
  const form = useAnforderungenFormular(basis);
  const betriebstyp = useQuery(betriebstypQuery(id));
  const listen = useListen(betriebstyp.data, !betriebstyp.isPending);
  const speichere = useSpeichereAnforderungen({ meta: { globalErrorHandling: false } });
  const entferne = useEntferneMessstelle({ meta: { globalErrorHandling: false } });
  const segment = bescheidSegment(d.bescheid.bescheidsstatus);
  const bescheidPfad = `/betriebsakte/${encodeURIComponent(id)}/${segment}/${encodeURIComponent(bescheidid)}/bescheidsdaten`;

  const akte = useAktenFormular<AnforderungenWerte>({
    basis,
    werte: form.werte,
    zuruecksetzen: form.zuruecksetzen,
    pruefen: form.pruefen,
    serverfehler: form.serverfehler,
    bearbeitbar: bearbeiten,
    historisiert: false,
    senden: (_auditInfo, stand) => {
      const werte = stand?.werte ?? form.werte;
      form.gesendet.current = werte;
      return speichere.mutateAsync({ bescheidId: bescheidid, messstelleId: mid, version: stand?.version ?? d.bescheid.version, anforderungen: eingabeAus(werte, d.messstelle.id) });
    },
    neuerStand: async () => {
      const neu = await holeMessstelleImBescheid(bescheidid, mid);
      return { werte: werteAus(neu), version: neu.bescheid.version, objekt: neu };
    },
    gespeichertText: MSG_GESPEICHERT,
    fehlerText: MSG_SPEICHERN_FEHLER,
    zurueckZuLesen,
    neuLaden,
  });

  const entfernen = async () => {
    const ok = await confirm({
      title: ENTFERNEN,
      message: `Sind Sie sicher, dass Sie die Messstelle ${d.messstelle.messstellenId} mit ihren Anforderungen aus dem Bescheid entfernen möchten?`,
      confirmLabel: 'Entfernen',
      destructive: true,
    });
    if (!ok) return;
    try {
      await entferne.mutateAsync({ bescheidId: bescheidid, messstelleId: mid, version: d.bescheid.version });
    } catch (e) {
      if (isAbortError(e)) return;
      if (global(e)) handleGlobalError(e);
      else toast.error(MSG_ENTFERNEN_FEHLER, e instanceof ApiError && e.bekannt ? e.message : undefined);
      return;
    }
    toast.ergebnis('success', MSG_ENTFERNT);
    navigate(`${bescheidPfad}?modus=l`);
  };
  const zeileEntfernen = (z: AnforderungZeile, i: number) =>
    confirm({
      title: 'Entfernen bestätigen',
      message: `Wollen Sie die Anforderung Nr. ${i + 1}${z.parameterNr ? ` (Parameter ${z.parameterNr})` : ''} wirklich entfernen? (Final gelöscht wird erst beim Speichern.)`,
      confirmLabel: 'Entfernen',
      destructive: true,
    });

  const m = d.messstelle;
  const b = d.bescheid;
  const hatFehler = (r: Reiter) => Object.keys(form.fehler).some((k) => form.fehler[k] && reiterVon(k) === r && k.startsWith(r));
  return (
    <section aria-labelledby="anforderungen-titel" className="space-y-4">
      <UnsavedChangesGuard when={akte.dirty} />
      <div className="space-y-1">
        <h1 id="anforderungen-titel" className="text-2xl font-semibold">
          Anforderungen
        </h1>
        <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1 text-sm" data-testid="anforderungen-kopf">
          <dt className="font-semibold">Bescheid</dt>
          <dd>
            <Link to={link(bescheidPfad, 'l')} className="text-blue-800 underline hover:no-underline">
              {b.bescheidart}
              {b.bescheidsdatum ? ` vom ${formatDate(b.bescheidsdatum)}` : ''}
            </Link>
            {b.bescheidQualitaet ? ` (${b.bescheidQualitaet})` : ''}
          </dd>
          <dt className="font-semibold">Messstelle</dt>
          <dd data-testid="messstelle">
            {m.messstellenId} {m.bezeichnung}
          </dd>
          <dt className="font-semibold">Anlage</dt>
          <dd>{m.anlage?.bezeichnung}</dd>
        </dl>
      </div>
      {b.bescheidsstatus === 'FREIGEGEBEN' && !d.rechte?.bearbeiten && <p className="text-sm text-gray-700">{HINWEIS_FREIGEGEBEN}</p>}
      {d.rechte?.bearbeiten && (
        <div className="flex flex-wrap gap-2">
          {lesen ? (
            <Button variant="secondary" onClick={() => setModus('s')}>
              {BEARBEITEN}
            </Button>
          ) : (
            <Button variant="danger" onClick={() => void entfernen()} disabled={entferne.isPending || akte.laeuft}>
              {ENTFERNEN}
            </Button>
          )}
        </div>
      )}
      {bearbeiten && <Fehleruebersicht fehler={form.fehler} feldname={(k) => feldbezeichnung(k, FELDNAMEN)} onFeld={form.geheZu} fokus={form.pruefung} />}
      <div ref={form.containerRef}>
        <Tabs
          label="Arten der Anforderungen"
          value={form.reiter}
          onChange={(r) => form.setReiter(r as Reiter)}
          tabs={REITER.map((r) => ({
            id: r.id,
            label: r.label,
            hasError: hatFehler(r.id),
            content: (
              <ZeilenEditor<AnforderungZeile>
                titel={r.label}
                prefix={r.id}
                zeilen={form.werte[r.id]}
                onChange={(zeilen) => form.setWerte((w) => ({ ...w, [r.id]: zeilen }))}
                neu={neueZeile()}
                gesperrt={!bearbeiten}
                fehler={form.fehler}
                spalten={spaltenFuer(r.id, listen)}
                vorDemEntfernen={zeileEntfernen}
              />
            ),
          }))}
        />
      </div>
      {bearbeiten && (
        <div className="flex justify-end gap-2 border-t border-gray-200 pt-4">
          <Button onClick={akte.speichern} disabled={akte.laeuft || entferne.isPending}>
            Speichern
          </Button>
        </div>
      )}
      {akte.dialog}
      {confirmDialog}
    </section>
  );
}
