import type { ColumnDef } from '@tanstack/react-table';
import { useMemo } from 'react';
import { Link } from 'react-router-dom';
import { MehrfachAuswahl } from '@/components/MehrfachAuswahl';
import { formatDate, formatDateTimeMinutes } from '@/lib/format';
import { rolleLabel } from '@/lib/rollen';
import { berichtsjahre, JAHRESBERICHTSTATUS, jahresberichtPfad, statustext } from '@/lib/jahresbericht';
import {
  JAHRESBERICHTE_EXPORT,
  jahresberichteQuery,
  type JahresberichteFilter,
  type JahresberichtZeile,
} from '@/features/startseite/api/jahresberichte';
import { Arbeitsliste } from './Arbeitsliste';

/** The default filter: every year and status (spec 002: the year filter offers 2020 … this year). */
export const JAHRESBERICHTE_STANDARD: JahresberichteFilter = { q: '', jahr: [], status: [] };

const linkClass = 'text-blue-800 underline hover:text-blue-950';

/** Who submitted the report last, with the role he acted in ('Petra Zimmermann (Betreiber)'). */
export const eingereichtVon = (z: { eingereichtVon: string; eingereichtRolle: string }) =>
  z.eingereichtVon ? `${z.eingereichtVon}${z.eingereichtRolle ? ` (${rolleLabel(z.eingereichtRolle)})` : ''}` : '';

const pfad = (z: JahresberichtZeile) => jahresberichtPfad(z.betriebId, z.id);

/** Tab 'Jahresberichte' of the start page: the annual reports worklist, sorted by Von. */
export function JahresberichteListe() {
  const jahre = useMemo(() => berichtsjahre().map((j) => ({ value: String(j), label: String(j) })), []);
  const spalten = useMemo<ColumnDef<JahresberichtZeile, unknown>[]>(
    () => [
      { id: 'jahr', header: 'Berichtsjahr', accessorFn: (z) => z.jahr },
      { id: 'anlagenId', header: 'Anlagen-Nr.', accessorFn: (z) => z.anlagenId },
      {
        id: 'anlageBezeichnung',
        header: 'Anlagen-Name',
        accessorFn: (z) => z.anlageBezeichnung,
        cell: ({ row: { original: z } }) => (
          <Link to={pfad(z)} className={linkClass} onClick={(e) => e.stopPropagation()}>
            {z.anlageBezeichnung}
          </Link>
        ),
      },
      {
        id: 'betrieb',
        header: 'Betrieb',
        enableSorting: false,
        accessorFn: (z) => z.betrieb,
        cell: ({ row: { original: z } }) => (
          <Link to={`/betriebsakte/${z.betriebId}/betriebsdaten?modus=l`} className={linkClass} onClick={(e) => e.stopPropagation()}>
            {z.betrieb}
          </Link>
        ),
      },
      { id: 'von', header: 'Von', accessorFn: (z) => formatDate(z.von) },
      { id: 'bis', header: 'Bis', accessorFn: (z) => formatDate(z.bis) },
      { id: 'status', header: 'Status', accessorFn: (z) => statustext(z.status) },
      { id: 'geaendert', header: 'Geändert', accessorFn: (z) => formatDateTimeMinutes(z.geaendert) },
      { id: 'eingereichtVon', header: 'Eingereicht von', enableSorting: false, accessorFn: eingereichtVon },
    ],
    [],
  );
  return (
    <Arbeitsliste
      name="jahresberichte"
      titel="Jahresberichte"
      vorgabe={() => ({ standard: JAHRESBERICHTE_STANDARD, personalisiert: false })}
      personalisierungText="Jahresberichte"
      startSortierung="von"
      abfrage={jahresberichteQuery}
      export={JAHRESBERICHTE_EXPORT}
      suchhinweis="Bezeichnung der Anlage oder des Betriebs, Berichtsjahr"
      filterfelder={(f, setze) => (
        <>
          <MehrfachAuswahl legend="Berichtsjahr" options={jahre} value={f.jahr} onChange={(jahr) => setze({ jahr })} hint="Ohne Auswahl: alle" />
          <MehrfachAuswahl
            legend="Status"
            options={JAHRESBERICHTSTATUS}
            value={f.status}
            onChange={(status) => setze({ status })}
            hint="Ohne Auswahl: alle"
          />
        </>
      )}
      spalten={spalten}
      pfad={pfad}
      bezeichnung={(z) => `Jahresbericht ${z.jahr} ${z.anlageBezeichnung}`}
    />
  );
}
