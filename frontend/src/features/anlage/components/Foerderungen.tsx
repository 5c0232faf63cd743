import type { ColumnDef } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { AuswahlDialog } from '@/components/AuswahlDialog';
import { HinzufuegenKnopf } from '@/components/HinzufuegenKnopf';
import { DataTable } from '@/components/DataTable';
import { entfernenSpalte } from '@/components/entfernenSpalte';
import { useWerteliste } from '@/components/felder';
import type { Foerderung } from './werte';

/** A funding of the value list mip-foerderung: value is its Bezeichnung, the extras mipNr and nameMassnahmetraeger. */
export function foerderungAus(e: { value: string; [k: string]: unknown }): Foerderung {
  return { mipNr: String(e.mipNr ?? ''), bezeichnung: e.value, nameMassnahmetraeger: String(e.nameMassnahmetraeger ?? '') };
}

export interface FoerderungDialogProps {
  /** The hint of the selection (default: the change is adopted with the plant's save). */
  hinweis?: string;
  /** MIP numbers already chosen (not offered again). */
  vergeben: string[];
  onUebernehmen: (f: Foerderung) => void;
  onClose: () => void;
}

/** 'Förderung auswählen' (spec 000 §2): a funding is picked from the MIP list, never typed. */
export function FoerderungDialog({ hinweis = 'Die Änderung wird mit dem Speichern der Anlage übernommen.', vergeben, onUebernehmen, onClose }: FoerderungDialogProps) {
  const liste = useWerteliste('mip-foerderung').map(foerderungAus).filter((f) => f.mipNr);
  const optionen = liste
    .filter((f) => !vergeben.includes(f.mipNr))
    .map((f) => ({ value: f.mipNr, label: `${f.mipNr} – ${f.bezeichnung}${f.nameMassnahmetraeger ? ` (${f.nameMassnahmetraeger})` : ''}` }));
  return (
    <AuswahlDialog
      titel="Förderung auswählen"
      label="Förderung (MIP)"
      name="mipNr"
      optionen={optionen}
      hinweis={hinweis}
      width={700}
      onClose={onClose}
      onUebernehmen={(mipNr) => {
        const f = liste.find((x) => x.mipNr === mipNr);
        if (f) onUebernehmen(f);
      }}
    />
  );
}

export interface FoerderungenProps {
  foerderungen: Foerderung[];
  onChange: (f: Foerderung[]) => void;
  gesperrt: boolean;
  /** Asks before a row goes (the removal confirmation of the plant form). */
  vorDemEntfernen: (was: string) => Promise<boolean>;
  fehler: Record<string, string | undefined>;
  /** The hint of the MIP selection (the change request adopts on its review, not on a save). */
  hinweis?: string;
}

/** The fundings of a plant: a table, 'Förderung hinzufügen' opens the MIP selection. */
export function Foerderungen({ foerderungen, onChange, gesperrt, vorDemEntfernen, fehler, hinweis }: FoerderungenProps) {
  const [offen, setOffen] = useState(false);
  const spalten = useMemo<ColumnDef<Foerderung, unknown>[]>(
    () => [
      { id: 'mipNr', header: 'MIP-Nr.', accessorFn: (f) => f.mipNr },
      { id: 'bezeichnung', header: 'Bezeichnung', accessorFn: (f) => f.bezeichnung },
      { id: 'nameMassnahmetraeger', header: 'Maßnahmenträger', accessorFn: (f) => f.nameMassnahmetraeger },
      ...(gesperrt
        ? []
        : [
            entfernenSpalte<Foerderung>({
              was: (f) => `die Förderung „${f.mipNr}“`,
              name: (f) => `Förderung „${f.mipNr}“ entfernen`,
              vorDemEntfernen,
              entfernen: (index) => onChange(foerderungen.filter((_, i) => i !== index)),
            }),
          ]),
    ],
    [gesperrt, foerderungen, onChange, vorDemEntfernen],
  );
  const fehlerListe = Object.entries(fehler).filter(([k, v]) => v && k.startsWith('foerderungen'));
  return (
    <section aria-label="Förderungen" className="space-y-2 rounded border border-gray-300 p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="text-base font-semibold">Förderungen</h3>
        {!gesperrt && (
          <HinzufuegenKnopf feld="foerderungen" anzahl={foerderungen.length} onClick={() => setOffen(true)}>
            Förderung hinzufügen
          </HinzufuegenKnopf>
        )}
      </div>
      <DataTable<Foerderung> caption="Förderungen" captionHidden columns={spalten} data={foerderungen} getRowId={(_f, i) => String(i)} />
      {fehlerListe.length > 0 && (
        <ul className="list-disc pl-5 text-sm text-red-700">
          {fehlerListe.map(([k, v]) => (
            <li key={k}>{v}</li>
          ))}
        </ul>
      )}
      {offen && (
        <FoerderungDialog
          hinweis={hinweis}
          vergeben={foerderungen.map((f) => f.mipNr)}
          onClose={() => setOffen(false)}
          onUebernehmen={(f) => {
            onChange([...foerderungen, f]);
            setOffen(false);
          }}
        />
      )}
    </section>
  );
}
