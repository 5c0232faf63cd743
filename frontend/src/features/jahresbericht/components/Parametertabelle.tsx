import type { ColumnDef } from '@tanstack/react-table';
import { useMemo } from 'react';
import { Link } from 'react-router-dom';
import { DataTable } from '@/components/DataTable';
import type { BerichtParameter, Jahresbericht } from '@/features/jahresbericht/api/jahresbericht';
import { statustext } from '@/lib/jahresbericht';

/** The parameter page of a report: …/jahresbericht/{id}/messstelle/{mid}/parameter/{pid} (spec 001 §2.9). */
export const parameterPfad = (betriebId: string | number, berichtId: number | string, messstelle: number | string, parameter?: number | string) =>
  `/betriebsakte/${encodeURIComponent(betriebId)}/jahresbericht/${berichtId}/messstelle/${messstelle}${parameter ? `/parameter/${parameter}` : ''}?modus=l`;

export const ARTEN: Record<string, string> = { SELBSTUEBERWACHUNGSAUFLAGE: 'Selbstüberwachungsauflage', ERGAENZEND: 'Ergänzender Parameter' };

const linkClass = 'text-blue-800 underline hover:text-blue-950';

/** The report's parameters at its measuring points, each a link to its values. */
export function Parametertabelle({ betriebId, bericht }: { betriebId: string; bericht: Jahresbericht }) {
  const messstellen = useMemo(() => new Map((bericht.messstellen ?? []).map((m) => [m.id, m])), [bericht.messstellen]);
  const spalten = useMemo<ColumnDef<BerichtParameter, unknown>[]>(
    () => [
      {
        id: 'messstelle',
        header: 'Messstelle',
        accessorFn: (p) => {
          const m = messstellen.get(p.messstelle ?? 0);
          return m ? `${m.messstellenId} ${m.bezeichnung}` : String(p.messstelle ?? '');
        },
      },
      {
        id: 'parameter',
        header: 'Parameter',
        accessorFn: (p) => p.parameterName || p.parameterNr,
        cell: ({ row: { original: p } }) => (
          <Link to={parameterPfad(betriebId, bericht.id, p.messstelle ?? 0, p.parameterId)} className={linkClass}>
            {p.parameterName || p.parameterNr}
          </Link>
        ),
      },
      { id: 'art', header: 'Art', accessorFn: (p) => ARTEN[p.art ?? ''] ?? p.art },
      { id: 'einheit', header: 'Einheit', accessorFn: (p) => p.einheit },
      { id: 'haeufigkeit', header: 'Häufigkeit', accessorFn: (p) => p.haeufigkeit },
      { id: 'anzahlWerte', header: 'Anzahl Werte', accessorFn: (p) => p.anzahlWerte ?? 0 },
      { id: 'mittelwert', header: 'Mittelwert', accessorFn: (p) => p.mittelwert ?? '' },
      { id: 'status', header: 'Status Messwerte', accessorFn: (p) => statustext(p.status) },
    ],
    [messstellen, betriebId, bericht.id],
  );
  return (
    <section aria-labelledby="bericht-parameter" className="space-y-2">
      <h2 id="bericht-parameter" className="text-xl font-semibold">
        Parameter im Berichtsjahr
      </h2>
      <DataTable columns={spalten} data={bericht.parameter ?? []} caption="Parameter im Berichtsjahr" captionHidden getRowId={(p) => String(p.parameterId)} />
    </section>
  );
}
