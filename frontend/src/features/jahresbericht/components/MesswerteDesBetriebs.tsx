import { useQuery } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { AufrufFehler } from '@/components/akte/AufrufFehler';
import { DataTable } from '@/components/DataTable';
import { Auswahlfeld, Textfeld } from '@/components/felder';
import { messwerteDesBetriebsQuery, type MesswertZeile } from '@/features/jahresbericht/api/jahresbericht';
import { statustext } from '@/lib/jahresbericht';
import { MSG_AUFRUF_FEHLER } from './Jahresberichtdaten';

interface Filter {
  jahr: string;
  anlage: string;
  messstelle: string;
  status: string;
  parameter: string;
  parameterArt: string;
}

const LEER: Filter = { jahr: '', anlage: '', messstelle: '', status: '', parameter: '', parameterArt: '' };

const PARAMETERARTEN: Record<string, string> = { KONZENTRATION: 'Konzentration', FRACHT: 'Fracht', MENGE: 'Menge' };

const messstelleText = (z: MesswertZeile) => `${z.messstellenNr ?? ''} ${z.messstelleBezeichnung ?? ''}`.trim();
const parameterText = (z: MesswertZeile) => `${z.parameterNr ?? ''} ${z.parameterName ?? ''}`.trim();

/** The distinct values of a column as select options, sorted. */
function optionen(zeilen: MesswertZeile[], wert: (z: MesswertZeile) => string, text: (w: string) => string = (w) => w) {
  return [...new Set(zeilen.map(wert).filter((w) => w !== ''))].sort((a, b) => a.localeCompare(b, 'de')).map((w) => ({ value: w, label: text(w) }));
}

/**
 * Tab 'Messwerte' of the annual report area (spec 001 §2.6): every parameter of the operation's
 * reports with Jahr, Abwasseranlage, Messstelle, Status, Parameter, Parameterart, Statistik,
 * Probenahmeart, Wert and Einheit; the Statistik of a row is the mean of its values
 * (docs/decisions.md), the Wert that mean. Filtered in the browser: an operation's reports are
 * few. Each parameter leads to its page of values.
 */
export function MesswerteDesBetriebs({ betriebId }: { betriebId: string }) {
  const liste = useQuery(messwerteDesBetriebsQuery(betriebId));
  const [filter, setFilter] = useState<Filter>(LEER);
  const zeilen = useMemo(() => liste.data ?? [], [liste.data]);
  const setze = (k: keyof Filter) => (v: string) => setFilter((f) => ({ ...f, [k]: v }));
  const gefiltert = useMemo(() => {
    const text = filter.parameter.trim().toLowerCase();
    return zeilen.filter(
      (z) =>
        (!filter.jahr || String(z.jahr) === filter.jahr) &&
        (!filter.anlage || z.abwasseranlage?.bezeichnung === filter.anlage) &&
        (!filter.messstelle || messstelleText(z) === filter.messstelle) &&
        (!filter.status || (z.status ?? '') === filter.status) &&
        (!filter.parameterArt || z.parameterArt === filter.parameterArt) &&
        (!text || parameterText(z).toLowerCase().includes(text)),
    );
  }, [zeilen, filter]);
  const spalten = useMemo<ColumnDef<MesswertZeile, unknown>[]>(
    () => [
      { id: 'jahr', header: 'Jahr', accessorFn: (z) => z.jahr },
      { id: 'abwasseranlage', header: 'Abwasseranlage', accessorFn: (z) => z.abwasseranlage?.bezeichnung ?? '' },
      { id: 'messstelle', header: 'Messstelle', accessorFn: messstelleText },
      { id: 'status', header: 'Status', accessorFn: (z) => statustext(z.status) },
      {
        id: 'parameter',
        header: 'Parameter',
        accessorFn: parameterText,
        cell: ({ row: { original: z } }) => (
          <Link
            to={`/betriebsakte/${encodeURIComponent(betriebId)}/jahresbericht/${z.jahresbericht}/messstelle/${z.messstelle}/parameter/${z.parameterId}?modus=l`}
            className="text-blue-800 underline hover:text-blue-950"
          >
            {parameterText(z)}
          </Link>
        ),
      },
      { id: 'parameterArt', header: 'Parameterart', accessorFn: (z) => PARAMETERARTEN[z.parameterArt ?? ''] ?? z.parameterArt ?? '' },
      { id: 'statistik', header: 'Statistik', accessorFn: (z) => (z.anzahlWerte ? `Mittelwert aus ${z.anzahlWerte}` : '') },
      { id: 'probenahme', header: 'Probenahmeart', accessorFn: (z) => z.probenahme ?? '' },
      { id: 'wert', header: 'Wert', accessorFn: (z) => z.mittelwert ?? '' },
      { id: 'einheit', header: 'Einheit', accessorFn: (z) => z.einheit ?? '' },
    ],
    [betriebId],
  );
  if (liste.isError) return <AufrufFehler text={MSG_AUFRUF_FEHLER} onNeu={() => void liste.refetch()} />;
  return (
    <div className="space-y-3">
      <div className="grid gap-3 sm:grid-cols-3">
        <Auswahlfeld label="Jahr" name="jahr" value={filter.jahr} onChange={setze('jahr')} leer="Alle" optionen={optionen(zeilen, (z) => String(z.jahr ?? ''))} />
        <Auswahlfeld label="Abwasseranlage" name="abwasseranlage" value={filter.anlage} onChange={setze('anlage')} leer="Alle"
          optionen={optionen(zeilen, (z) => z.abwasseranlage?.bezeichnung ?? '')} />
        <Auswahlfeld label="Messstelle" name="messstelle" value={filter.messstelle} onChange={setze('messstelle')} leer="Alle" optionen={optionen(zeilen, messstelleText)} />
        <Auswahlfeld label="Status" name="status" value={filter.status} onChange={setze('status')} leer="Alle" optionen={optionen(zeilen, (z) => z.status ?? '', statustext)} />
        <Textfeld label="Parameter" name="parameter" value={filter.parameter} onChange={setze('parameter')} />
        <Auswahlfeld label="Parameterart" name="parameterArt" value={filter.parameterArt} onChange={setze('parameterArt')} leer="Alle"
          optionen={optionen(zeilen, (z) => z.parameterArt ?? '', (w) => PARAMETERARTEN[w] ?? w)} />
      </div>
      <DataTable
        columns={spalten}
        data={gefiltert}
        caption="Messwerte der Jahresberichte"
        captionHidden
        isLoading={liste.isPending}
        getRowId={(z) => String(z.parameterId)}
      />
    </div>
  );
}
