import { useQuery } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { useEffect, useMemo, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { AufrufFehler } from '@/components/akte/AufrufFehler';
import { Fehleruebersicht, feldbezeichnung, feldElement } from '@/components/akte/Fehleruebersicht';
import { Button } from '@/components/Button';
import { DatumEingabe } from '@/components/Datumsfeld';
import { DataTable } from '@/components/DataTable';
import { Auswahlfeld, useWerteliste } from '@/components/felder';
import { FormField, inputClass } from '@/components/FormField';
import { Laden } from '@/components/Laden';
import { ModusToggle } from '@/components/Modus';
import { Tabellenrahmen } from '@/components/Tabellenrahmen';
import { ApiError, isAbortError } from '@/lib/api';
import { zeigeFehler } from '@/lib/errors';
import { formatBis, formatDate } from '@/lib/format';
import { useModus } from '@/lib/modus';
import { toast } from '@/lib/toast';
import { useDocumentTitle } from '@/lib/useDocumentTitle';
import { UnsavedChangesGuard } from '@/lib/useUnsavedChangesGuard';
import { speichereDatei } from '@/lib/download';
import { useConfirm } from '@/components/ConfirmDialog';
import type { WertelisteEintrag } from '@/lib/wertelisten';
import {
  jahresberichtQuery,
  messreiheQuery,
  parameterListenQuery,
  type BerichtParameter,
  type Messreihe,
  type Messwert,
  type Vergleich,
  type Vorlage,
} from '@/features/jahresbericht/api/jahresbericht';
import { exportiereMesswerte } from '@/features/jahresbericht/api/exportiere-messwerte';
import { importiereMesswerte } from '@/features/jahresbericht/api/importiere-messwerte';
import { speichereMesswerte } from '@/features/jahresbericht/api/speichere-messwerte';
import { useBerichtsbefehl } from '@/features/jahresbericht/api/keys';
import { statustext } from '@/lib/jahresbericht';
import { MSG_AUFRUF_FEHLER } from './Jahresberichtdaten';
import { aufloesung, MSG_GESPEICHERT, MSG_IMPORT_FEHLER, MSG_UEBERSCHREIBEN, pruefeMesswerte, SPALTEN, STATUSWERTE, zeilen } from './messwerte';
import { ARTEN, parameterPfad } from './Parametertabelle';
import { Begruendung, Bewertungen } from './Begruendung';

/** A template of the value list selbstueberwachungVorlage (its extra columns as members). */
export function vorlageAus(e: WertelisteEintrag): Vorlage {
  const x = e as unknown as Record<string, unknown>;
  const ja = (k: string) => x[k] === true || x[k] === 'true';
  return {
    id: e.id,
    value: e.value,
    maxZeilenAnzahl: Number(x.maxZeilenAnzahl ?? 0) || 0,
    datumsformat: String(x.datumsformat ?? ''),
    uhrzeit: ja('uhrzeit'),
    wetterschluessel: ja('wetterschluessel'),
    schwelle: ja('schwelle'),
    wert: ja('wert'),
    messwertAnzahl: ja('messwertAnzahl'),
    messwertAnzahlGreater12: ja('messwertAnzahlGreater12'),
    messwertMaxWert: ja('messwertMaxWert'),
    messwertMaxQ: ja('messwertMaxQ'),
    konzentration: ja('konzentration'),
    abfluss: ja('abfluss'),
  };
}

/**
 * Route …/jahresbericht/{berichtid}/messstelle/{messstellenid}[/parameter/{parameterid}] (spec
 * 001 §2.9): the parameters of the report year at the measuring point in two tables and, for the
 * chosen one, its values.
 */
export function Messwerte() {
  const { id = '', berichtid = '', messstellenid = '', parameterid } = useParams();
  useDocumentTitle('Messwerte');
  const bericht = useQuery(jahresberichtQuery(berichtid));
  const listen = useQuery(parameterListenQuery(berichtid, messstellenid));
  if (bericht.isError || listen.isError) return <AufrufFehler text={MSG_AUFRUF_FEHLER} onNeu={() => void Promise.all([bericht.refetch(), listen.refetch()])} />;
  if (!bericht.data || !listen.data) return <Laden />;
  const m = (bericht.data.messstellen ?? []).find((x) => String(x.id) === messstellenid);
  const name = m ? `${m.messstellenId} ${m.bezeichnung}` : messstellenid;
  return (
    <section aria-labelledby="messwerte-titel" className="space-y-6">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <h1 id="messwerte-titel" className="text-2xl font-semibold">
            Messwerte {bericht.data.jahr}: {name}
          </h1>
          <p className="text-sm text-gray-700">
            Jahresbericht {bericht.data.jahr} – {statustext(bericht.data.status)}
          </p>
        </div>
        {bericht.data.rechte?.bearbeiten && <ModusToggle />}
      </div>
      <Parameterliste titel="Selbstüberwachungsauflagen im Berichtsjahr" parameter={listen.data.selbstueberwachungsauflagen ?? []} gewaehlt={parameterid} betriebId={id} berichtId={berichtid} />
      <Parameterliste titel="Ergänzende Parameter im Berichtsjahr" parameter={listen.data.ergaenzendeParameter ?? []} gewaehlt={parameterid} betriebId={id} berichtId={berichtid} />
      {parameterid && <Messreiheseite berichtId={berichtid} messstelle={messstellenid} parameter={parameterid} />}
    </section>
  );
}

function Parameterliste({ titel, parameter, gewaehlt, betriebId, berichtId }: { titel: string; parameter: BerichtParameter[]; gewaehlt?: string; betriebId: string; berichtId: string }) {
  const spalten = useMemo<ColumnDef<BerichtParameter, unknown>[]>(
    () => [
      {
        id: 'parameter',
        header: 'Parameter',
        accessorFn: (p) => p.parameterName || p.parameterNr,
        cell: ({ row: { original: p } }) => (
          <Link
            to={parameterPfad(betriebId, berichtId, p.messstelle ?? 0, p.parameterId)}
            aria-current={String(p.parameterId) === gewaehlt ? 'page' : undefined}
            className="text-blue-800 underline hover:text-blue-950 aria-[current=page]:font-semibold"
          >
            {p.parameterName || p.parameterNr}
          </Link>
        ),
      },
      { id: 'parameterArt', header: 'Parameterart', accessorFn: (p) => p.parameterArt },
      { id: 'einheit', header: 'Einheit', accessorFn: (p) => p.einheit },
      { id: 'probenahme', header: 'Probenahme', accessorFn: (p) => p.probenahme },
      { id: 'haeufigkeit', header: 'Häufigkeit', accessorFn: (p) => p.haeufigkeit },
      { id: 'gueltigVon', header: 'Gültig von', accessorFn: (p) => formatDate(p.gueltigAb) },
      { id: 'gueltigBis', header: 'Gültig bis', accessorFn: (p) => formatBis(p.gueltigBis) },
      { id: 'anzahlWerte', header: 'Anzahl Werte', accessorFn: (p) => p.anzahlWerte ?? 0 },
      { id: 'wert', header: 'Wert (Mittel)', accessorFn: (p) => p.mittelwert ?? '' },
      { id: 'status', header: 'Status', accessorFn: (p) => statustext(p.status) },
    ],
    [betriebId, berichtId, gewaehlt],
  );
  return (
    <div className="space-y-2">
      <h2 className="text-xl font-semibold">{titel}</h2>
      <DataTable columns={spalten} data={parameter} caption={titel} captionHidden getRowId={(p) => String(p.parameterId)} />
    </div>
  );
}

function Messreiheseite({ berichtId, messstelle, parameter }: { berichtId: string; messstelle: string; parameter: string }) {
  const reihe = useQuery(messreiheQuery(berichtId, messstelle, parameter));
  const [geladen, setGeladen] = useState(0);
  if (reihe.isError) return <AufrufFehler text={MSG_AUFRUF_FEHLER} onNeu={() => void reihe.refetch()} />;
  if (!reihe.data) return <Laden />;
  return <Messreiheneditor key={`${parameter}-${reihe.data.version}-${geladen}`} reihe={reihe.data} neuLaden={() => void reihe.refetch().then(() => setGeladen((n) => n + 1))} />;
}

/** The values of one parameter: template, number of rows, status and the grid, with the evaluation. */
function Messreiheneditor({ reihe: r, neuLaden }: { reihe: Messreihe; neuLaden: () => void }) {
  const { lesen, setModus } = useModus();
  const rechte = (r.rechte ?? {}) as { bearbeiten?: boolean };
  const bearbeiten = !lesen && !!rechte.bearbeiten;
  useEffect(() => {
    if (!lesen && !rechte.bearbeiten) setModus('l');
  }, [lesen, rechte.bearbeiten, setModus]);
  const vorlagen = useWerteliste('selbstueberwachungVorlage').map(vorlageAus);
  const [vorlageId, setVorlageId] = useState(r.vorlageMesswerteId ? String(r.vorlageMesswerteId) : '');
  const [anzahl, setAnzahl] = useState(String(r.anzahlWerte ?? r.messwerte?.length ?? 0));
  const [status, setStatus] = useState(r.status ?? '');
  const [werte, setWerte] = useState<Messwert[]>(r.messwerte ?? []);
  const [fehler, setFehler] = useState<Record<string, string>>({});
  const [pruefung, setPruefung] = useState(0);
  const speichere = useBerichtsbefehl(speichereMesswerte, { meta: { globalErrorHandling: false } });
  const importiere = useBerichtsbefehl(importiereMesswerte, { meta: { globalErrorHandling: false } });
  const [fragen, frageDialog] = useConfirm();
  const rechteImport = (r.rechte ?? {}) as { importieren?: boolean };
  const exportieren = (alsVorlage: boolean) =>
    exportiereMesswerte({ id: r.jahresbericht ?? 0, parameter: r.parameterId ?? 0, vorlage: alsVorlage })
      .then((d) => speichereDatei(d, alsVorlage ? 'importvorlage.xlsx' : 'messwerte.xlsx'))
      .catch((e: unknown) => zeigeFehler(e));
  const importieren = async (datei: File | undefined) => {
    if (!datei) return;
    if ((r.messwerte ?? []).length > 0 && !(await fragen({ title: 'Import bestätigen', message: MSG_UEBERSCHREIBEN, confirmLabel: 'Importieren' }))) return;
    try {
      const a = await importiere.mutateAsync({ parameter: r.parameterId ?? 0, version: r.version ?? 0, datei });
      toast.ergebnis('success', a.message ?? MSG_GESPEICHERT);
      neuLaden();
    } catch (e) {
      if (isAbortError(e)) return;
      if (e instanceof ApiError && e.status === 400) {
        toast.error(e.firstValidationMessage ?? (e.message || MSG_IMPORT_FEHLER));
        return;
      }
      zeigeFehler(e, MSG_IMPORT_FEHLER);
    }
  };
  const vorlage = vorlagen.find((v) => String(v.id) === vorlageId) ?? r.vorlage ?? undefined;
  const n = /^\d+$/.test(anzahl) ? Math.min(Number(anzahl), vorlage?.maxZeilenAnzahl || 8784) : 0;
  const reihen = zeilen(werte, n);
  const spalten = vorlage ? SPALTEN.filter((s) => vorlage[s.flag]) : [];
  const vergleiche = r.auswertung?.vergleiche ?? [];
  const bewertungen = r.auswertung?.bewertungen ?? [];
  // the comparisons of each row (one per kind of limit), and the rows above a limit
  const jeZeile = new Map<number, Vergleich[]>();
  for (const v of vergleiche) jeZeile.set(v.index, [...(jeZeile.get(v.index) ?? []), v]);
  const ueber = new Set(vergleiche.filter((v) => v.ueberschritten).map((v) => v.index));
  const dirty =
    bearbeiten &&
    JSON.stringify({ vorlageId, anzahl, status, werte: reihen }) !==
      JSON.stringify({
        vorlageId: r.vorlageMesswerteId ? String(r.vorlageMesswerteId) : '',
        anzahl: String(r.anzahlWerte ?? r.messwerte?.length ?? 0),
        status: r.status ?? '',
        werte: zeilen(r.messwerte ?? [], n),
      });

  const setze = (i: number, feld: keyof Messwert, v: string) =>
    setWerte((alt) => {
      const neu = zeilen(alt, Math.max(n, alt.length));
      neu[i] = { ...neu[i], [feld]: v };
      return neu;
    });

  const speichern = () => {
    const f = pruefeMesswerte(vorlage, anzahl, reihen);
    setFehler(f);
    if (Object.keys(f).length > 0) {
      setPruefung((p) => p + 1);
      return;
    }
    speichere
      .mutateAsync({
        id: r.jahresbericht ?? 0,
        messstelle: r.messstelle ?? 0,
        parameter: r.parameterId ?? 0,
        version: r.version ?? 0,
        anzahlWerte: n,
        status,
        vorlageMesswerteId: vorlage?.id,
        messwerte: reihen,
      })
      .then(() => {
        toast.ergebnis('success', MSG_GESPEICHERT);
        setModus('l');
        neuLaden();
      })
      .catch((e: unknown) => {
        if (isAbortError(e)) return;
        if (e instanceof ApiError && e.status === 400 && e.hasValidationErrors) {
          setFehler(Object.fromEntries(Object.entries(e.validationErrors).filter((x): x is [string, string] => !!x[1])));
          setPruefung((p) => p + 1);
          return;
        }
        zeigeFehler(e);
      });
  };

  const feldname = (key: string) =>
    feldbezeichnung(key, {
      vorlageMesswerteId: 'Vorlage',
      anzahlWerte: 'Anzahl Werte',
      status: 'Status',
      messwerte: 'Zeile',
      datum: 'Datum',
      uhrzeit: 'Uhrzeit',
      ...Object.fromEntries(SPALTEN.map((s) => [s.feld, s.titel])),
    });
  const zelle = (i: number, feld: keyof Messwert, titel: string) => {
    const key = `messwerte[${i}].${feld}`;
    return (
      <td key={feld} className="px-1 py-1">
        {feld === 'datum' ? (
          // the one date input, in the template's resolution (a calendar for days)
          <DatumEingabe
            name={key}
            label={`${titel} Zeile ${i + 1}`}
            aria-label={`${titel} Zeile ${i + 1}`}
            aria-invalid={fehler[key] ? true : undefined}
            format={aufloesung(vorlage?.datumsformat ?? '') ?? 'TT.MM.JJJJ'}
            value={String(reihen[i]?.datum ?? '')}
            disabled={!bearbeiten}
            onChange={(v) => setze(i, 'datum', v)}
          />
        ) : (
          <input
            name={key}
            aria-label={`${titel} Zeile ${i + 1}`}
            aria-invalid={fehler[key] ? true : undefined}
            title={fehler[key]}
            className={`${inputClass} min-w-24 ${fehler[key] ? 'border-red-700' : ''}`}
            value={String(reihen[i]?.[feld] ?? '')}
            disabled={!bearbeiten}
            inputMode={feld === 'uhrzeit' ? 'text' : 'decimal'}
            onChange={(e) => setze(i, feld, e.target.value)}
          />
        )}
        {fehler[key] && <span className="block text-xs text-red-800">{fehler[key]}</span>}
      </td>
    );
  };

  return (
    <section aria-labelledby="reihe-titel" className="space-y-4 border-t border-gray-300 pt-4">
      <UnsavedChangesGuard when={dirty && !speichere.isSuccess} />
      <h2 id="reihe-titel" className="text-xl font-semibold">
        Werte: {r.parameterName || r.parameterNr} ({ARTEN[r.art ?? ''] ?? r.art})
      </h2>
      <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="font-semibold">Einheit</dt>
        <dd>{r.einheit || '–'}</dd>
        <dt className="font-semibold">Häufigkeit</dt>
        <dd>{r.haeufigkeit || '–'}</dd>
        <dt className="font-semibold">Probenahme</dt>
        <dd>{r.probenahme || '–'}</dd>
        <dt className="font-semibold">Wert (Mittel)</dt>
        <dd data-testid="mittelwert">{r.mittelwert || '–'}</dd>
      </dl>
      {bewertungen.length > 0 && <Bewertungen bewertungen={bewertungen} />}
      <div className="flex flex-wrap items-end gap-2">
        <Button variant="secondary" onClick={() => void exportieren(false)} disabled={!r.vorlageMesswerteId}>
          Messwerte exportieren
        </Button>
        {r.jahresberichtStatus !== 'PLAUSIBILISIERT' && (
          <Button variant="secondary" onClick={() => void exportieren(true)} disabled={!r.vorlageMesswerteId}>
            Importvorlage exportieren
          </Button>
        )}
        {bearbeiten && rechteImport.importieren && (
          <FormField label="Messwerte importieren (xlsx)" hint={r.vorlageMesswerteId ? undefined : 'Erst eine Vorlage wählen und speichern.'}>
            <input
              type="file"
              name="import"
              accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              className={inputClass}
              disabled={!r.vorlageMesswerteId || importiere.isPending}
              onChange={(e) => {
                const datei = e.target.files?.[0];
                e.target.value = '';
                void importieren(datei);
              }}
            />
          </FormField>
        )}
      </div>
      {bearbeiten && <Fehleruebersicht fehler={fehler} feldname={feldname} onFeld={(k) => feldElement(document, k)?.focus()} fokus={pruefung} />}
      <div className="grid gap-4 sm:grid-cols-3">
        <Auswahlfeld
          label="Vorlage"
          name="vorlageMesswerteId"
          required
          value={vorlageId}
          onChange={setVorlageId}
          error={fehler.vorlageMesswerteId}
          disabled={!bearbeiten}
          optionen={vorlagen.map((v) => ({ value: String(v.id), label: v.value }))}
        />
        <FormField label="Anzahl Werte" error={fehler.anzahlWerte} hint={vorlage?.maxZeilenAnzahl ? `Höchstens ${vorlage.maxZeilenAnzahl}` : undefined}>
          <input name="anzahlWerte" className={inputClass} inputMode="numeric" value={anzahl} disabled={!bearbeiten} onChange={(e) => setAnzahl(e.target.value)} />
        </FormField>
        <Auswahlfeld
          label="Status"
          name="status"
          value={status}
          onChange={setStatus}
          error={fehler.status}
          disabled={!bearbeiten}
          leer="Keine Angabe"
          optionen={STATUSWERTE.map((v) => ({ value: v, label: statustext(v) }))}
        />
      </div>
      {vorlage && n > 0 && (
        <Tabellenrahmen label="Messwerte">
          <table className="min-w-full text-sm">
            <caption className="sr-only">Messwerte</caption>
            <thead>
              <tr className="border-b border-gray-300 text-left">
                <th scope="col" className="px-1 py-1">
                  Nr.
                </th>
                <th scope="col" className="px-1 py-1">
                  Datum ({vorlage.datumsformat})
                </th>
                {vorlage.uhrzeit && (
                  <th scope="col" className="px-1 py-1">
                    Uhrzeit
                  </th>
                )}
                {spalten.map((s) => (
                  <th key={s.feld} scope="col" className="px-1 py-1">
                    {s.titel}
                  </th>
                ))}
                <th scope="col" className="px-1 py-1">
                  Prüfung
                </th>
              </tr>
            </thead>
            <tbody>
              {reihen.map((_, i) => (
                <tr key={i} className={`border-b border-gray-200 align-top ${ueber.has(i) ? 'bg-red-50' : ''}`} data-ueberschritten={ueber.has(i) || undefined}>
                  <th scope="row" className="px-1 py-1 text-right font-normal">
                    {i + 1}
                  </th>
                  {zelle(i, 'datum', 'Datum')}
                  {vorlage.uhrzeit && zelle(i, 'uhrzeit', 'Uhrzeit')}
                  {spalten.map((s) => zelle(i, s.feld, s.titel))}
                  <td className="min-w-64 px-1 py-1">
                    {(jeZeile.get(i) ?? []).map((v) => (
                      <Begruendung key={v.art} vergleich={v} />
                    ))}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </Tabellenrahmen>
      )}
      {bearbeiten && (
        <div className="flex justify-end gap-2 border-t border-gray-200 pt-4">
          <Button onClick={speichern} disabled={speichere.isPending}>
            Speichern
          </Button>
        </div>
      )}
      {frageDialog}
    </section>
  );
}
