import { useQueries, useQuery } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Button } from '@/components/Button';
import { DeleteConfirmDialog } from '@/components/ConfirmDialog';
import { DataTable } from '@/components/DataTable';
import { FormField, inputClass } from '@/components/FormField';
import { Laden } from '@/components/Laden';
import { useDarf } from '@/lib/auth';
import { zeigeFehler } from '@/lib/errors';
import { toast } from '@/lib/toast';
import { wertelisteQuery, type WertelisteEintrag } from '@/lib/wertelisten';
import { wertelistenKatalogQuery, type WertelisteDefinition } from '@/features/systemverwaltung/api/wertelisten';
import { Aktionen, IconAktion } from '@/features/systemverwaltung/components/Zeilenaktion';
import { EintragDialog } from './EintragDialog';
import { aenderbareSpalten, spaltenname, sucheEintraege, zelltext, type Referenzwerte } from './spalten';
import { useLoescheWertelisteEintrag } from '@/features/systemverwaltung/api/loesche-werteliste-eintrag';

// Verbatim (spec 002 §2, §8).
export const AUSWAHL_LABEL = 'Auswahl der Werteliste';
export const SUCHE_LABEL = 'Suche';
export const MSG_GELOESCHT = 'Gelöscht';
export const MSG_FEHLER_LOESCHEN = 'Fehler beim Löschen';

/** The query parameter that keeps the chosen list (so a reload or link shows it again). */
const PARAM = 'liste';

type Dialogzustand = { art: 'neu' } | { art: 'bearbeiten'; eintrag: WertelisteEintrag } | null;

function Liste({ def }: { def: WertelisteDefinition }) {
  const darf = useDarf();
  const aenderbar = aenderbareSpalten(def, darf);
  // the Systemadmin adds, changes and deletes; the holder of a column's action changes that column
  const bearbeiten = aenderbar === 'alles';
  const aendern = bearbeiten || aenderbar.length > 0;
  const [suche, setSuche] = useState('');
  const [dialog, setDialog] = useState<Dialogzustand>(null);
  const [loeschen, setLoeschen] = useState<WertelisteEintrag | null>(null);
  const eintraege = useQuery(wertelisteQuery(def.liste));

  // the lists that reference columns point to, for their values
  const referenzListen = useMemo(
    () => [...new Set((def.extras ?? []).filter((x) => x.art === 'REFERENZ' || x.art === 'REFERENZEN').map((x) => x.liste ?? ''))].filter(Boolean),
    [def],
  );
  const referenzQueries = useQueries({ queries: referenzListen.map((l) => wertelisteQuery(l)) });
  const referenzlisten = Object.fromEntries(referenzListen.map((l, i) => [l, referenzQueries[i]?.data]));
  const referenzwerte: Referenzwerte = Object.fromEntries(
    referenzListen.map((l, i) => [l, new Map((referenzQueries[i]?.data ?? []).map((e) => [e.id, e.value]))]),
  );
  const referenzSchluessel = referenzQueries.map((q) => q.dataUpdatedAt).join();

  const loeschung = useLoescheWertelisteEintrag({
    meta: { globalErrorHandling: false },
    onSuccess: () => {
      toast.success(MSG_GELOESCHT);
    },
    // 409: the server's 'Der Wertelisteneintrag wird von anderen Objekten referenziert …'
    onError: (e) => zeigeFehler(e, MSG_FEHLER_LOESCHEN),
  });

  const columns = useMemo<ColumnDef<WertelisteEintrag, unknown>[]>(() => {
    const cols: ColumnDef<WertelisteEintrag, unknown>[] = [
      { id: 'id', header: 'ID', accessorFn: (e) => e.id },
      { id: 'value', header: 'Wert', accessorFn: (e) => e.value },
      ...(def.extras ?? []).map<ColumnDef<WertelisteEintrag, unknown>>((x) => ({
        id: `extra-${x.name}`,
        header: spaltenname(x),
        accessorFn: (e) => zelltext(x, e, referenzwerte),
      })),
    ];
    if (!aendern) return cols;
    cols.push({
      id: 'aktionen',
      header: () => <span className="sr-only">Aktionen</span>,
      enableSorting: false,
      cell: ({ row: { original: e } }) => (
        <Aktionen>
          <IconAktion art="bearbeiten" label="Bearbeiten" zeile={e.value} onClick={() => setDialog({ art: 'bearbeiten', eintrag: e })} />
          {bearbeiten && <IconAktion art="loeschen" label="Löschen" zeile={e.value} onClick={() => setLoeschen(e)} />}
        </Aktionen>
      ),
    });
    return cols;
    // referenzwerte is rebuilt every render; referenzSchluessel says when its data changed
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [def, bearbeiten, aendern, referenzSchluessel]);

  const gefiltert = useMemo(() => sucheEintraege(eintraege.data ?? [], suche), [eintraege.data, suche]);

  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-end gap-3">
        <FormField label={SUCHE_LABEL} hint="ID oder Wert" className="w-72">
          <input type="search" name="suche" className={inputClass} value={suche} onChange={(e) => setSuche(e.target.value)} />
        </FormField>
        {bearbeiten && <Button onClick={() => setDialog({ art: 'neu' })}>Hinzufügen</Button>}
        {!def.bearbeitbar && <p className="text-sm text-gray-700">Die Einträge dieser Liste sind fest vorgegeben.</p>}
      </div>
      <DataTable<WertelisteEintrag>
        caption={def.bezeichnung}
        captionHidden
        columns={columns}
        data={gefiltert}
        getRowId={(e) => String(e.id)}
        isLoading={eintraege.isPending}
      />
      {dialog && (
        <EintragDialog
          def={def}
          eintrag={dialog.art === 'bearbeiten' ? dialog.eintrag : undefined}
          referenzlisten={referenzlisten}
          nurSpalten={aenderbar === 'alles' ? undefined : aenderbar}
          onClose={() => setDialog(null)}
        />
      )}
      <DeleteConfirmDialog
        open={loeschen !== null}
        was={`den Eintrag „${loeschen?.value ?? ''}“`}
        onCancel={() => setLoeschen(null)}
        onConfirm={() => {
          if (loeschen) loeschung.mutate({ liste: def.liste, id: loeschen.id, version: loeschen.version });
          setLoeschen(null);
        }}
      />
    </div>
  );
}

/** Tab 'Wertelisten': choose a list, search it, add, edit and delete entries. */
export function WertelistenReiter() {
  const katalog = useQuery(wertelistenKatalogQuery());
  const [params, setParams] = useSearchParams();
  const liste = params.get(PARAM) ?? '';
  const def = katalog.data?.find((d) => d.liste === liste);
  const verwaltet = (katalog.data ?? []).filter((d) => d.verwaltung);
  const weitere = (katalog.data ?? []).filter((d) => !d.verwaltung);
  const sortiert = (l: WertelisteDefinition[]) => [...l].sort((a, b) => a.bezeichnung.localeCompare(b.bezeichnung, 'de'));

  return (
    <div className="space-y-4">
      <h2 className="text-xl font-semibold">Wertelisten</h2>
      <FormField label={AUSWAHL_LABEL} className="max-w-md">
        <select
          name="liste"
          className={inputClass}
          value={def ? liste : ''}
          onChange={(e) =>
            setParams(
              (p) => {
                const n = new URLSearchParams(p);
                if (e.target.value) n.set(PARAM, e.target.value);
                else n.delete(PARAM);
                return n;
              },
              { replace: true },
            )
          }
        >
          <option value="">Bitte auswählen</option>
          <optgroup label="Wertelisten">
            {sortiert(verwaltet).map((d) => (
              <option key={d.liste} value={d.liste}>
                {d.bezeichnung}
              </option>
            ))}
          </optgroup>
          {weitere.length > 0 && (
            <optgroup label="Weitere Nachschlagelisten">
              {sortiert(weitere).map((d) => (
                <option key={d.liste} value={d.liste}>
                  {d.bezeichnung}
                </option>
              ))}
            </optgroup>
          )}
        </select>
      </FormField>
      {katalog.isPending ? <Laden /> : def ? <Liste key={def.liste} def={def} /> : <p>Bitte wählen Sie eine Werteliste aus.</p>}
    </div>
  );
}
