import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { DataTable } from '@/components/DataTable';
import { Auswahlfeld, Textfeld, WertAuswahl } from '@/components/felder';
import { Button } from '@/components/Button';
import { Tabellenimport } from '@/components/akte/Tabellenimport';
import { Suchformular } from '@/components/Suchformular';
import { useDarf } from '@/lib/auth';
import { speichereDatei } from '@/lib/download';
import { zeigeFehler } from '@/lib/errors';
import { useModus } from '@/lib/modus';
import { useAktenLink } from '@/lib/stand';
import { useDocumentTitle } from '@/lib/useDocumentTitle';
import { ANLAGENARTEN, ANLAGENSTATUS, entlastungsanlagenQuery, exportiereEntlastungsanlagen, type AnlagenZeile } from '@/features/anlage/api/anlage';
import { importiereEntlastungsanlagen } from '@/features/anlage/api/importiere-entlastungsanlagen';
import { anlageKeys } from '@/features/anlage/api/keys';
import { artenDesTyps } from '@/features/anlage/api/typen';

export const TITEL = 'Misch-/Niederschlagswasser';
const [TITEL_VOR, TITEL_NACH] = TITEL.split('/');
// ours: what the import replaces
export const MSG_IMPORT_UEBERSCHREIBEN =
  'Die Angaben der Anlagen in der Datei ersetzen die gespeicherten Angaben dieser Anlagen (mit einer neuen Fassung ab heute). Fortfahren?';

interface Filter {
  abwasseranlage: string;
  anlagenart: string;
  entlastungstyp: string;
}
const LEER: Filter = { abwasseranlage: '', anlagenart: '', entlastungstyp: '' };

export const artLabel = (art: string | undefined) => ANLAGENARTEN.find((a) => a.value === art)?.label ?? art ?? '';
export const statusLabel = (status: string | undefined) => ANLAGENSTATUS.find((s) => s.value === status)?.label ?? status ?? '';

/** Whether a row matches the filter: a part of the name (any case), the kind and the type as chosen. */
export function passt(z: AnlagenZeile, f: Filter) {
  const name = f.abwasseranlage.trim().toLocaleLowerCase('de');
  return (
    (!name || (z.bezeichnung ?? '').toLocaleLowerCase('de').includes(name)) &&
    (!f.anlagenart || z.anlagenart === f.anlagenart) &&
    (!f.entlastungstyp || z.entlastungstyp === f.entlastungstyp)
  );
}

/**
 * Route /betriebsakte/:id/entlastung/uebersicht (spec 000 §2, "Discharge plant overview per
 * operation"): the relief plants of the operation with Gemarkung, Abwasseranlage, Anlagenart,
 * Entlastungstyp, Aufnehmende Anlage and Status, filtered by name, kind and type. The list of an
 * operation is loaded whole and filtered here.
 */
export function Entlastungsuebersicht() {
  useDocumentTitle(TITEL);
  const { id = '' } = useParams();
  const { modus } = useModus();
  const link = useAktenLink();
  const liste = useQuery(entlastungsanlagenQuery(id));
  const [entwurf, setEntwurf] = useState<Filter>(LEER);
  const [filter, setFilter] = useState<Filter>(LEER);
  const zeilen = useMemo(() => (liste.data ?? []).filter((z) => passt(z, filter)), [liste.data, filter]);
  const spalten = useMemo<ColumnDef<AnlagenZeile, unknown>[]>(
    () => [
      { id: 'gemarkung', header: 'Gemarkung', accessorFn: (z) => z.gemarkung ?? '' },
      {
        id: 'bezeichnung',
        header: 'Abwasseranlage',
        accessorFn: (z) => z.bezeichnung ?? '',
        cell: ({ row: { original: z } }) => (
          <Link className="text-blue-800 underline hover:no-underline" to={link(`/betriebsakte/${encodeURIComponent(id)}/entlastung/${z.id}/anlagendaten`)}>
            {z.bezeichnung}
          </Link>
        ),
      },
      { id: 'anlagenart', header: 'Anlagenart', accessorFn: (z) => artLabel(z.anlagenart) },
      { id: 'entlastungstyp', header: 'Entlastungstyp', accessorFn: (z) => z.entlastungstyp ?? '' },
      { id: 'aufnahme', header: 'Aufnehmende Anlage', accessorFn: (z) => z.aufnahmeBezeichnung ?? '' },
      { id: 'status', header: 'Status', accessorFn: (z) => statusLabel(z.anlagenstatus) },
    ],
    [id, link],
  );
  const ausserhalb = (liste.data ?? []).length - zeilen.length;
  const darf = useDarf();
  const queryClient = useQueryClient();
  const zuruecksetzen = () => {
    setEntwurf(LEER);
    setFilter(LEER);
  };
  const exportieren = () =>
    exportiereEntlastungsanlagen(id)
      .then((d) => speichereDatei(d, 'entlastungsanlagen.xlsx'))
      .catch((e: unknown) => zeigeFehler(e));
  return (
    <section aria-labelledby="entlastung-titel" className="space-y-4">
      <h1 id="entlastung-titel" className="text-2xl font-semibold break-words">
        {/* on a phone the title breaks after the slash, not inside the word */}
        {TITEL_VOR}/<wbr />
        {TITEL_NACH}
      </h1>
      <Suchformular
        label="Entlastungsanlagen filtern"
        onSuchen={() => setFilter(entwurf)}
        onZuruecksetzen={zuruecksetzen}
        spalten="sm:grid-cols-3"
        aktionenClassName="sm:col-span-3"
      >
        <Textfeld label="Abwasseranlage" name="abwasseranlage" value={entwurf.abwasseranlage} onChange={(v) => setEntwurf((e) => ({ ...e, abwasseranlage: v }))} />
        <Auswahlfeld
          label="Anlagenart"
          name="anlagenart"
          value={entwurf.anlagenart}
          onChange={(v) => setEntwurf((e) => ({ ...e, anlagenart: v }))}
          optionen={artenDesTyps('ENTLASTUNG').map((a) => ({ value: a, label: artLabel(a) }))}
          leer="Alle"
        />
        <WertAuswahl label="Entlastungstyp" name="entlastungstyp" liste="entlastungstyp" value={entwurf.entlastungstyp} onChange={(v) => setEntwurf((e) => ({ ...e, entlastungstyp: v }))} leer="Alle" />
      </Suchformular>
      <div className="flex flex-wrap items-end gap-3">
        <Button variant="secondary" onClick={() => void exportieren()}>
          Exportieren
        </Button>
        {modus === 's' && darf('ENTLASTUNGSANLAGEN_IMPORTIEREN') && (
          <Tabellenimport
            label="Misch-/Niederschlagswasseranlagen importieren (xlsx)"
            warnung={MSG_IMPORT_UEBERSCHREIBEN}
            importieren={(datei) => importiereEntlastungsanlagen({ betriebId: id, datei })}
            onImportiert={() => void queryClient.invalidateQueries({ queryKey: anlageKeys.all })}
          />
        )}
      </div>
      {liste.isError && <p className="text-sm text-red-700">Die Entlastungsanlagen konnten nicht geladen werden.</p>}
      <DataTable<AnlagenZeile>
        caption="Entlastungsanlagen"
        captionHidden
        columns={spalten}
        data={zeilen}
        getRowId={(z) => String(z.id)}
        isLoading={liste.isPending}
        ohneFilter={ausserhalb > 0 && zeilen.length === 0 ? { anzahl: ausserhalb, aufheben: zuruecksetzen } : undefined}
      />
    </section>
  );
}
