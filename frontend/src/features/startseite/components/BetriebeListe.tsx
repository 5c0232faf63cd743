import type { ColumnDef } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { Button } from '@/components/Button';
import { MehrfachAuswahl } from '@/components/MehrfachAuswahl';
import { useDarf, useMe } from '@/lib/auth';
import { BETRIEBE_EXPORT, betriebeQuery, type BetriebFilter, type BetriebZeile } from '@/features/startseite/api/betriebe';
import type { Personalisierung } from '@/features/startseite/api/personalisierung';
import { Arbeitsliste, useListenoptionen } from './Arbeitsliste';
import { BetriebAnlegenDialog } from './BetriebAnlegenDialog';

const FREIGABESTATUS: Record<string, string> = { BEANTRAGT: 'Beantragt', FREIGEGEBEN: 'Freigegeben', ABGEWIESEN: 'Abgewiesen' };

export const betriebPfad = (id: number, modus: 'l' | 's' = 'l') => `/betriebsakte/${id}/betriebsdaten?modus=${modus}`;

/**
 * The default filter of spec 002 §2 ("businesses: in operation"); with an active
 * personalisation its Betriebstypen too.
 */
export function standardFilter(p: Personalisierung | undefined): BetriebFilter {
  return {
    q: '',
    betriebsstatus: ['IN_BETRIEB'],
    betriebstyp: p?.active ? [...(p.betriebstyp ?? [])] : [],
    freigabestatus: [],
  };
}

/** Tab 'Betriebe' of the start page: the operations worklist. */
export function BetriebeListe() {
  const darf = useDarf();
  const me = useMe();
  const [anlegen, setAnlegen] = useState(false);
  const statusOptionen = useListenoptionen('betriebsstatus');
  const typOptionen = useListenoptionen('betriebstyp');
  const freigabeOptionen = useListenoptionen('freigabestatus');

  // operators and their delegates request; staff create (both as a request, spec 000 §4)
  const anlegenText = me.data?.globaleRolle === 'ORGANISATION' ? 'Betrieb beantragen' : 'Betrieb anlegen';
  // edit links for the privileged roles (spec 002 §2, §6), and only for those whose operation
  // file has an edit mode at all
  const bearbeiten = (me.data?.aktionen.includes('STARTSEITE_BEARBEITEN') ?? false) && darf('BEARBEITUNGSMODUS_NUTZEN');

  const spalten = useMemo<ColumnDef<BetriebZeile, unknown>[]>(() => {
    const s: ColumnDef<BetriebZeile, unknown>[] = [
      { id: 'betriebsId', header: 'Betriebs-Nr.', accessorFn: (b) => b.betriebsId },
      {
        id: 'bezeichnung',
        header: 'Bezeichnung',
        accessorFn: (b) => b.bezeichnung,
        cell: ({ row: { original: b } }) => (
          <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
            <Link to={betriebPfad(b.id)} className="text-blue-800 underline hover:text-blue-950" onClick={(e) => e.stopPropagation()}>
              {b.bezeichnung}
            </Link>
            {b.stammdatenAntragOffen && (
              <span className="rounded border border-amber-700 bg-amber-50 px-1.5 py-0.5 text-xs font-medium whitespace-nowrap text-amber-900">
                Änderungsantrag offen
              </span>
            )}
          </span>
        ),
      },
      { id: 'betreiber', header: 'Betreiber', accessorFn: (b) => b.betreiber },
      { id: 'ort', header: 'Ort', accessorFn: (b) => [b.plz, b.ort].filter(Boolean).join(' ') },
      { id: 'betriebstyp', header: 'Betriebstyp', accessorFn: (b) => b.betriebstyp },
      { id: 'betriebsstatus', header: 'Betriebsstatus', accessorFn: (b) => b.betriebsstatus },
      {
        id: 'freigabestatus',
        header: 'Freigabestatus',
        accessorFn: (b) => FREIGABESTATUS[b.freigabestatus] ?? b.freigabestatus,
      },
    ];
    if (bearbeiten) {
      s.push({
        id: 'aktionen',
        header: () => <span className="sr-only">Aktionen</span>,
        enableSorting: false,
        cell: ({ row: { original: b } }) => (
          <Link
            to={betriebPfad(b.id, 's')}
            aria-label={`Bearbeiten ${b.bezeichnung}`}
            className="rounded border border-blue-800 bg-white px-2 py-1 text-xs font-medium whitespace-nowrap text-blue-900 hover:bg-blue-50"
            onClick={(e) => e.stopPropagation()}
          >
            Bearbeiten
          </Link>
        ),
      });
    }
    return s;
  }, [bearbeiten]);

  return (
    <Arbeitsliste
      name="betriebe"
      titel="Betriebe"
      kopf={darf('BETRIEB_BEANTRAGEN') && <Button onClick={() => setAnlegen(true)}>{anlegenText}</Button>}
      fuss={anlegen && <BetriebAnlegenDialog titel={anlegenText} onClose={() => setAnlegen(false)} />}
      vorgabe={(p) => {
        const standard = standardFilter(p);
        return { standard, personalisiert: standard.betriebstyp.length > 0 };
      }}
      personalisierungText="Betriebstypen"
      startSortierung="bezeichnung"
      abfrage={betriebeQuery}
      export={BETRIEBE_EXPORT}
      suchhinweis="Betriebs-Nr., Bezeichnung, Betreiber oder Adresse"
      filterfelder={(f, setze) => (
        <>
          <MehrfachAuswahl legend="Betriebsstatus" options={statusOptionen} value={f.betriebsstatus} onChange={(betriebsstatus) => setze({ betriebsstatus })} hint="Ohne Auswahl: alle" />
          <MehrfachAuswahl legend="Betriebstyp" options={typOptionen} value={f.betriebstyp} onChange={(betriebstyp) => setze({ betriebstyp })} hint="Ohne Auswahl: alle" />
          <MehrfachAuswahl legend="Freigabestatus" options={freigabeOptionen} value={f.freigabestatus} onChange={(freigabestatus) => setze({ freigabestatus })} hint="Ohne Auswahl: alle" />
        </>
      )}
      spalten={spalten}
      pfad={(b) => betriebPfad(b.id)}
      bezeichnung={(b) => b.bezeichnung}
    />
  );
}
