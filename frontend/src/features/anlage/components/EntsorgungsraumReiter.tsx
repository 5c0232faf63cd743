import type { ColumnDef } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { AuswahlDialog } from '@/components/AuswahlDialog';
import { Datumsfeld } from '@/components/Datumsfeld';
import { HinzufuegenKnopf } from '@/components/HinzufuegenKnopf';
import { DataTable } from '@/components/DataTable';
import { entfernenSpalte } from '@/components/entfernenSpalte';
import { Gruppe, Textfeld, useWerteliste } from '@/components/felder';
import { formatDate, isoDateFromGerman } from '@/lib/format';
import type { Entsorgungsraum, Verwaltungseinheit } from './werte';

/** An entry of the value list verwaltungseinheit as a unit of the disposal area (Schlüssel: its Gemeinde-Nr.). */
export function einheitAus(e: { value: string; [k: string]: unknown }): Verwaltungseinheit {
  return { verwaltungseinheitSchluessel: String(e.gemeindeNr ?? ''), verwaltungseinheitBezeichnung: e.value };
}

export interface VerwaltungseinheitDialogProps {
  /** Gemeinde-Nr. already in the disposal area (not offered again). */
  vergeben: string[];
  onUebernehmen: (v: Verwaltungseinheit) => void;
  onClose: () => void;
}

/** The Entsorgungsraum dialog (spec 000 §2): an administrative unit picked from the value list. */
export function VerwaltungseinheitDialog({ vergeben, onUebernehmen, onClose }: VerwaltungseinheitDialogProps) {
  const einheiten = useWerteliste('verwaltungseinheit')
    .map(einheitAus)
    .filter((v) => v.verwaltungseinheitSchluessel !== '');
  const optionen = einheiten
    .filter((v) => !vergeben.includes(v.verwaltungseinheitSchluessel))
    .map((v) => ({ value: v.verwaltungseinheitSchluessel, label: `${v.verwaltungseinheitBezeichnung} (${v.verwaltungseinheitSchluessel})` }));
  return (
    <AuswahlDialog
      titel="Verwaltungseinheit hinzufügen"
      label="Verwaltungseinheit"
      name="verwaltungseinheit"
      optionen={optionen}
      hinweis="Die Änderung wird mit dem Speichern der Anlage übernommen."
      onClose={onClose}
      onUebernehmen={(schluessel) => {
        const v = einheiten.find((x) => x.verwaltungseinheitSchluessel === schluessel);
        if (v) onUebernehmen(v);
      }}
    />
  );
}

export interface EntsorgungsraumReiterProps {
  raum: Entsorgungsraum;
  onChange: (r: Entsorgungsraum) => void;
  gesperrt: boolean;
  fehler: Record<string, string | undefined>;
  vorDemEntfernen: (was: string) => Promise<boolean>;
}

/** Tab 'Entsorgungsraum': reference date and parameter, and the administrative units whose wastewater the plant treats. */
export function EntsorgungsraumReiter({ raum, onChange, gesperrt, fehler, vorDemEntfernen }: EntsorgungsraumReiterProps) {
  const [offen, setOffen] = useState(false);
  const spalten = useMemo<ColumnDef<Verwaltungseinheit, unknown>[]>(
    () => [
      { id: 'schluessel', header: 'Gemeinde-Nr.', accessorFn: (v) => v.verwaltungseinheitSchluessel },
      { id: 'bezeichnung', header: 'Verwaltungseinheit', accessorFn: (v) => v.verwaltungseinheitBezeichnung },
      ...(gesperrt
        ? []
        : [
            entfernenSpalte<Verwaltungseinheit>({
              was: (v) => `die Verwaltungseinheit „${v.verwaltungseinheitBezeichnung}“`,
              name: (v) => `Verwaltungseinheit „${v.verwaltungseinheitBezeichnung}“ entfernen`,
              vorDemEntfernen,
              entfernen: (index) => onChange({ ...raum, entsorgungsraeume: raum.entsorgungsraeume.filter((_, i) => i !== index) }),
            }),
          ]),
    ],
    [gesperrt, raum, onChange, vorDemEntfernen],
  );
  const listenfehler = Object.entries(fehler).filter(([k, v]) => v && k.startsWith('entsorgungsraum.entsorgungsraeume'));
  return (
    <div className="space-y-4">
      <Gruppe titel="Bezug">
        <Datumsfeld
          label="Bezugsdatum"
          name="bezugsdatum"
          value={/^\d{4}-\d{2}-\d{2}$/.test(raum.bezugsdatum) ? formatDate(raum.bezugsdatum) : raum.bezugsdatum}
          onChange={(v) => onChange({ ...raum, bezugsdatum: isoDateFromGerman(v) ?? v })}
          error={fehler['entsorgungsraum.bezugsdatum']}
          disabled={gesperrt}
          className="sm:col-span-2"
        />
        <Textfeld
          label="Bezugsparameter"
          name="bezugsparameter"
          value={raum.bezugsparameter}
          onChange={(v) => onChange({ ...raum, bezugsparameter: v })}
          error={fehler['entsorgungsraum.bezugsparameter']}
          disabled={gesperrt}
          className="sm:col-span-4"
        />
      </Gruppe>
      <section aria-label="Verwaltungseinheiten" className="space-y-2">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h3 className="text-base font-semibold">Verwaltungseinheiten</h3>
          {!gesperrt && (
            <HinzufuegenKnopf feld="entsorgungsraum.entsorgungsraeume" anzahl={raum.entsorgungsraeume.length} onClick={() => setOffen(true)}>
              Verwaltungseinheit hinzufügen
            </HinzufuegenKnopf>
          )}
        </div>
        <DataTable<Verwaltungseinheit> caption="Verwaltungseinheiten" captionHidden columns={spalten} data={raum.entsorgungsraeume} getRowId={(_v, i) => String(i)} />
        {listenfehler.length > 0 && (
          <ul className="list-disc pl-5 text-sm text-red-700">
            {listenfehler.map(([k, v]) => (
              <li key={k}>{v}</li>
            ))}
          </ul>
        )}
      </section>
      {offen && (
        <VerwaltungseinheitDialog
          vergeben={raum.entsorgungsraeume.map((v) => v.verwaltungseinheitSchluessel)}
          onClose={() => setOffen(false)}
          onUebernehmen={(v) => {
            onChange({ ...raum, entsorgungsraeume: [...raum.entsorgungsraeume, v] });
            setOffen(false);
          }}
        />
      )}
    </div>
  );
}
