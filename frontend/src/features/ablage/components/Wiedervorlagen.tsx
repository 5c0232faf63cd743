import { useQuery } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { Button } from '@/components/Button';
import { DeleteConfirmDialog } from '@/components/ConfirmDialog';
import { DataTable } from '@/components/DataTable';
import { Laden } from '@/components/Laden';
import { useDarf, useMe } from '@/lib/auth';
import { formatDate, todayIso } from '@/lib/format';
import { toast } from '@/lib/toast';
import { type WiedervorlageFachobjekt } from '@/features/ablage/api/keys';
import { wiedervorlagenQuery, type Wiedervorlage } from '@/features/ablage/api/wiedervorlagen';
import { WiedervorlageDialog } from './WiedervorlageDialog';
import { Zeilenknopf } from './Zeilenknopf';
import { useLoescheWiedervorlage } from '@/features/ablage/api/loesche-wiedervorlage';

// Verbatim (spec 000 §8).
export const MSG_WIEDERVORLAGE_GELOESCHT = 'Die Wiedervorlage wurde erfolgreich gelöscht.';
export const MSG_KEINE_BERECHTIGUNG = 'Wiedervorlagen können Sie mit Ihrer Rolle nicht einsehen.';

/**
 * Who sees a reminder (issue 42): its author's side only ('Nur Behörde', 'Nur Betreiber'), or
 * both when it is shared.
 */
export function sichtbarkeit(w: Pick<Wiedervorlage, 'seite' | 'geteilt'>): string {
  if (w.geteilt) return 'Behörde und Betreiber';
  return w.seite === 'BEHOERDE' ? 'Nur Behörde' : 'Nur Betreiber';
}

/** A reminder is due on its date and stays due after it. */
export function istFaellig(w: Pick<Wiedervorlage, 'datum'>, heute: string = todayIso()): boolean {
  return !!w.datum && w.datum <= heute;
}

export interface WiedervorlagenProps {
  fachobjekt: WiedervorlageFachobjekt;
  id: string;
  /** A plant's type: a relief plant's reminders are of kind ENTLASTUNG. */
  anlagentyp?: string;
}

/**
 * The reminders of an operation, plant, measuring point, Bescheid or annual report (spec 000 §2): Datum,
 * Betreff, Angelegt von, Sichtbar für (the author's side or both: issue 42); those due today or earlier are marked 'fällig'. Adding is open to
 * everyone who may see reminders; deleting where the server says the row is loeschbar.
 */
export function Wiedervorlagen({ fachobjekt, id, anlagentyp }: WiedervorlagenProps) {
  const me = useMe();
  const erlaubt = useDarf()('WIEDERVORLAGEN_LESEN');
  const liste = useQuery({ ...wiedervorlagenQuery(fachobjekt, id), enabled: erlaubt });
  const [anlegen, setAnlegen] = useState(false);
  const [loeschen, setLoeschen] = useState<Wiedervorlage | null>(null);

  const loeschung = useLoescheWiedervorlage(fachobjekt, id, {
    onSuccess: () => {
      toast.success(MSG_WIEDERVORLAGE_GELOESCHT);
    },
  });

  const columns = useMemo<ColumnDef<Wiedervorlage, unknown>[]>(() => {
    const heute = todayIso();
    return [
      {
        id: 'datum',
        header: 'Datum',
        // no date sorts after every date
        accessorFn: (w) => w.datum ?? '9999-12-31',
        cell: ({ row: { original: w } }) =>
          istFaellig(w, heute) ? (
            <span className="whitespace-nowrap font-semibold text-red-800">
              {formatDate(w.datum)}{' '}
              <span className="ml-1 rounded bg-red-100 px-1.5 py-0.5 text-xs font-medium text-red-900">fällig</span>
            </span>
          ) : (
            <span className="whitespace-nowrap">{formatDate(w.datum)}</span>
          ),
      },
      { id: 'betreff', header: 'Betreff', accessorFn: (w) => w.betreff },
      { id: 'angelegtVon', header: 'Angelegt von', accessorFn: (w) => w.angelegtVon },
      { id: 'sichtbarkeit', header: 'Sichtbar für', accessorFn: sichtbarkeit },
      {
        id: 'aktionen',
        header: () => <span className="sr-only">Aktionen</span>,
        enableSorting: false,
        cell: ({ row: { original: w } }) =>
          w.loeschbar ? (
            <Zeilenknopf label="Löschen" wovon={w.betreff} gefaehrlich onClick={() => setLoeschen(w)} />
          ) : null,
      },
    ];
  }, []);

  if (me.isPending) return <Laden />;
  if (!erlaubt) return <p className="text-gray-700">{MSG_KEINE_BERECHTIGUNG}</p>;

  return (
    <div className="space-y-3">
      <div className="flex justify-end">
        <Button onClick={() => setAnlegen(true)}>Wiedervorlage anlegen</Button>
      </div>
      <DataTable<Wiedervorlage>
        caption="Wiedervorlagen"
        captionHidden
        columns={columns}
        data={liste.data ?? []}
        getRowId={(w) => String(w.id)}
        isLoading={liste.isPending}
      />
      {anlegen && <WiedervorlageDialog fachobjekt={fachobjekt} id={id} anlagentyp={anlagentyp} onClose={() => setAnlegen(false)} />}
      <DeleteConfirmDialog
        open={loeschen !== null}
        was={`die Wiedervorlage „${loeschen?.betreff ?? ''}“`}
        onCancel={() => setLoeschen(null)}
        onConfirm={() => {
          if (loeschen) loeschung.mutate(loeschen.id);
          setLoeschen(null);
        }}
      />
    </div>
  );
}
