import type { ColumnDef } from '@tanstack/react-table';
import { useMemo } from 'react';
import { Link } from 'react-router-dom';
import { MehrfachAuswahl } from '@/components/MehrfachAuswahl';
import {
  MESSSTELLEN_EXPORT,
  messstellenQuery,
  type MessstelleZeile,
  type MessstellenFilter,
} from '@/features/startseite/api/messstellen';
import type { Personalisierung } from '@/features/startseite/api/personalisierung';
import { Arbeitsliste, useListenoptionen } from './Arbeitsliste';

// Texts of the identifiers (spec 000 §3, §4; domain/messstelle Status and Freigabestatus).
export const MESSSTELLENSTATUS = [
  { value: 'GEPLANT', label: 'Geplant' },
  { value: 'IN_BETRIEB', label: 'In Betrieb' },
  { value: 'STILLGELEGT', label: 'Stillgelegt' },
];
const FREIGABESTATUS = [
  { value: 'BEANTRAGT', label: 'Beantragt' },
  { value: 'FREIGEGEBEN', label: 'Freigegeben' },
  { value: 'ABGEWIESEN', label: 'Abgewiesen' },
];
const text = (liste: readonly { value: string; label: string }[], v: string) => liste.find((x) => x.value === v)?.label ?? v;

/** The Endkontrolle types (value list messstellentyp NR_9 … NR_12). */
export const ENDKONTROLLE = ['NR_9', 'NR_10', 'NR_11', 'NR_12'];

/** The default filter of spec 002 §2: measuring points in operation of an Endkontrolle type. */
export const MESSSTELLEN_STANDARD: MessstellenFilter = {
  q: '',
  messstellenstatus: ['IN_BETRIEB'],
  messstellentyp: ENDKONTROLLE,
  freigabestatus: [],
};

/** With an active personalisation that names Messstellentypen, they replace the default's types. */
export function messstellenStandard(p: Personalisierung | undefined): MessstellenFilter {
  const typen = p?.active ? (p.messstellentyp ?? []) : [];
  return typen.length > 0 ? { ...MESSSTELLEN_STANDARD, messstellentyp: [...typen] } : MESSSTELLEN_STANDARD;
}

/** The plant's path segment and id, as the plant links of the operation file have them. */
const anlagePfad = (m: MessstelleZeile) => `/betriebsakte/${m.betriebId}/${m.anlagentyp.toLowerCase()}/${m.anlageId}`;

/** The measuring point screen: operation/plant/messstellen/{id}/messstellendaten (spec 000 §2). */
export const messstellePfad = (m: MessstelleZeile) => `${anlagePfad(m)}/messstellen/${m.id}/messstellendaten?modus=l`;

const linkClass = 'text-blue-800 underline hover:text-blue-950';

/** Tab 'Messstellen' of the start page: the measuring points worklist. */
export function MessstellenListe() {
  const typOptionen = useListenoptionen('messstellentyp');
  const spalten = useMemo<ColumnDef<MessstelleZeile, unknown>[]>(
    () => [
      { id: 'messstellenId', header: 'Messstellen-Nr.', accessorFn: (m) => m.messstellenId },
      {
        id: 'bezeichnung',
        header: 'Messstelle',
        accessorFn: (m) => m.bezeichnung,
        cell: ({ row: { original: m } }) => (
          <Link to={messstellePfad(m)} className={linkClass} onClick={(e) => e.stopPropagation()}>
            {m.bezeichnung}
          </Link>
        ),
      },
      {
        id: 'messstellentyp',
        header: 'Messstellentyp',
        accessorFn: (m) => m.messstellentyp,
        // the text in the cell: the table keeps accessor values until its rows change, the value list may come later
        cell: ({ row: { original: m } }) => text(typOptionen, m.messstellentyp),
      },
      { id: 'messstellenstatus', header: 'Status', accessorFn: (m) => text(MESSSTELLENSTATUS, m.messstellenstatus) },
      { id: 'freigabestatus', header: 'Freigabe', accessorFn: (m) => text(FREIGABESTATUS, m.freigabestatus) },
      {
        id: 'anlage',
        header: 'Anlage',
        accessorFn: (m) => m.anlage,
        cell: ({ row: { original: m } }) => (
          <Link to={`${anlagePfad(m)}/anlagendaten?modus=l`} className={linkClass} onClick={(e) => e.stopPropagation()}>
            {m.anlage}
          </Link>
        ),
      },
      {
        id: 'betrieb',
        header: 'Betrieb',
        accessorFn: (m) => m.betrieb,
        cell: ({ row: { original: m } }) => (
          <Link to={`/betriebsakte/${m.betriebId}/betriebsdaten?modus=l`} className={linkClass} onClick={(e) => e.stopPropagation()}>
            {m.betrieb}
          </Link>
        ),
      },
    ],
    [typOptionen],
  );
  return (
    <Arbeitsliste
      name="messstellen"
      titel="Messstellen"
      vorgabe={(p) => {
        const standard = messstellenStandard(p);
        return { standard, personalisiert: standard !== MESSSTELLEN_STANDARD };
      }}
      personalisierungText="Messstellentypen"
      startSortierung="messstellenId"
      abfrage={messstellenQuery}
      export={MESSSTELLEN_EXPORT}
      suchhinweis="Messstellen-Nr., Bezeichnung der Messstelle, der Anlage oder des Betriebs"
      filterfelder={(f, setze) => (
        <>
          <MehrfachAuswahl legend="Status" options={MESSSTELLENSTATUS} value={f.messstellenstatus} onChange={(messstellenstatus) => setze({ messstellenstatus })} hint="Ohne Auswahl: alle" />
          <MehrfachAuswahl legend="Messstellentyp" options={typOptionen} value={f.messstellentyp} onChange={(messstellentyp) => setze({ messstellentyp })} hint="Ohne Auswahl: alle" />
          <MehrfachAuswahl legend="Freigabe" options={FREIGABESTATUS} value={f.freigabestatus} onChange={(freigabestatus) => setze({ freigabestatus })} hint="Ohne Auswahl: alle" />
        </>
      )}
      spalten={spalten}
      pfad={messstellePfad}
      bezeichnung={(m) => `${m.messstellenId} ${m.bezeichnung}`}
    />
  );
}
