import { useQuery } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { useMemo } from 'react';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { AufrufFehler } from '@/components/akte/AufrufFehler';
import { DataTable } from '@/components/DataTable';
import { Berichtsjahrfeld } from '@/components/Berichtsjahrfeld';
import { useDocumentTitle } from '@/lib/useDocumentTitle';
import { ueberschreitungenQuery, type Ueberschreitung } from '@/features/jahresbericht/api/jahresbericht';
import { messdatum, statustext } from '@/lib/jahresbericht';
import { Begruendung, urteil } from './Begruendung';

// Ours (beyond the spec, issue 31).
export const MSG_UEBERSCHREITUNGEN_FEHLER = 'Fehler beim Aufruf der Überschreitungen';
export const TEXT_GEKUERZT = 'Es werden die ersten 2.000 Überschreitungen gezeigt. Wählen Sie ein Berichtsjahr, um alle zu sehen.';

/**
 * Route …/jahresbericht/ueberschreitungen (beyond the spec, issue 31): every measured value of the
 * operation's annual reports above the Überwachungswert or Höchstwert valid on its date, the
 * newest year first, with how the 4-of-5 rule of § 6 Abs. 1 AbwV judges it; each row leads to
 * the parameter page that holds the value. The year (?jahr=) narrows the list.
 */
export function Ueberschreitungen() {
  useDocumentTitle('Überschreitungen');
  const { id = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const jahr = params.get('jahr') ?? '';
  const liste = useQuery(ueberschreitungenQuery(id, jahr));
  const spalten = useMemo<ColumnDef<Ueberschreitung, unknown>[]>(
    () => [
      { id: 'jahr', header: 'Berichtsjahr', accessorFn: (u) => u.jahr },
      { id: 'anlage', header: 'Abwasseranlage', accessorFn: (u) => u.anlage },
      { id: 'messstelle', header: 'Messstelle', accessorFn: (u) => `${u.messstellenNr} ${u.messstelle}`.trim() },
      {
        id: 'parameter',
        header: 'Parameter',
        accessorFn: (u) => `${u.parameterNr} ${u.parameterName}`.trim(),
        cell: ({ row: { original: u } }) => (
          <Link
            to={`/betriebsakte/${encodeURIComponent(id)}/jahresbericht/${u.jahresberichtId}/messstelle/${u.messstelleId}/parameter/${u.parameterId}?modus=l`}
            className="text-blue-800 underline hover:text-blue-950"
          >
            {`${u.parameterNr} ${u.parameterName}`.trim()}
          </Link>
        ),
      },
      {
        id: 'datum',
        header: 'Datum',
        accessorFn: (u) => `${u.datum} ${u.uhrzeit}`,
        cell: ({ row: { original: u } }) => <span className="whitespace-nowrap">{`${messdatum(u.datum)} ${u.uhrzeit}`.trim()}</span>,
      },
      { id: 'wert', header: 'Wert', accessorFn: (u) => `${u.wert} ${u.einheit}`.trim() },
      { id: 'grenzwert', header: 'Grenzwert', accessorFn: (u) => `${u.art} ${u.grenzwert} ${u.einheit}`.trim() },
      {
        id: 'bewertung',
        header: '§ 6 AbwV',
        accessorFn: (u) => urteil(u),
        cell: ({ row: { original: u } }) => <Begruendung vergleich={u} />,
      },
      { id: 'status', header: 'Status des Berichts', accessorFn: (u) => statustext(u.status) },
    ],
    [id],
  );
  if (liste.isError) return <AufrufFehler text={MSG_UEBERSCHREITUNGEN_FEHLER} onNeu={() => void liste.refetch()} />;
  const zeilen = liste.data?.zeilen ?? [];
  const nicht = zeilen.filter((u) => !u.eingehalten).length;
  return (
    <section aria-labelledby="ueberschreitungen-titel" className="space-y-4">
      <h1 id="ueberschreitungen-titel" className="text-2xl font-semibold">
        Überschreitungen
      </h1>
      <p className="text-sm text-gray-800">
        Messwerte der Jahresberichte über dem am Messtag gültigen Überwachungs- oder Höchstwert, verglichen mit den
        signifikanten Stellen des Parameters (§ 6 Abs. 2 AbwV). Ein überschrittener Überwachungswert gilt nach § 6 Abs. 1
        AbwV als eingehalten, wenn von diesem und den vier vorangegangenen Ergebnissen höchstens eines ihn überschreitet und
        keines um mehr als 100 %; ein CSB-Wert auch, wenn der vierfache TOC desselben Zeitpunkts ihn nicht überschreitet
        (§ 6 Abs. 3 AbwV). Die Prüfung der Eigenkontrollwerte ist ein Hinweis, keine behördliche Überwachung.
      </p>
      <Berichtsjahrfeld
        alle
        value={jahr}
        onChange={(j) => {
          const p = new URLSearchParams(params);
          if (j) p.set('jahr', j);
          else p.delete('jahr');
          setParams(p, { replace: true });
        }}
      />
      {liste.isSuccess && (
        <p className="text-sm" role="status">
          {zeilen.length === 0
            ? 'Keine Überschreitungen.'
            : `${zeilen.length} ${zeilen.length === 1 ? 'Überschreitung' : 'Überschreitungen'}, davon ${nicht} nicht eingehalten.`}
        </p>
      )}
      {liste.data?.gekuerzt && <p className="text-sm font-semibold text-gray-900">{TEXT_GEKUERZT}</p>}
      <DataTable
        columns={spalten}
        data={zeilen}
        caption="Überschreitungen des Betriebs"
        captionHidden
        isLoading={liste.isPending}
        getRowId={(u) => `${u.parameterId}-${u.zeile}-${u.art}`}
      />
    </section>
  );
}
