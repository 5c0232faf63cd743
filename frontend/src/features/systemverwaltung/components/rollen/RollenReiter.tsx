import { useQuery } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { Button } from '@/components/Button';
import { ConfirmDialog, DeleteConfirmDialog } from '@/components/ConfirmDialog';
import { DataTable } from '@/components/DataTable';
import { ApiError } from '@/lib/api';
import { useDarf } from '@/lib/auth';
import { zeigeFehler } from '@/lib/errors';
import { formatDateTimeMinutes } from '@/lib/format';
import { toast } from '@/lib/toast';
import { lokaleRollenQuery, WARNUNG_LETZTE_ROLLE, type LokaleRolle } from '@/features/systemverwaltung/api/lokale-rollen';
import { globaleRolleLabel, Haken } from '@/features/systemverwaltung/components/bezeichnungen';
import { Aktionen, IconAktion } from '@/features/systemverwaltung/components/Zeilenaktion';
import { RolleDialog } from './RolleDialog';
import { useLoescheLokaleRolle } from '@/features/systemverwaltung/api/loesche-lokale-rolle';

// Verbatim (spec 002 §2, §8).
export const MSG_NOCH_OHNE_FUNKTION = 'Noch ohne Funktion';
export const LETZTE_ROLLE_TITEL = 'Letzte lokale Rolle';

/** Whether a refused delete is the confirmable last-role warning. */
export function istLetzteRolleWarnung(e: unknown): e is ApiError {
  return e instanceof ApiError && e.status === 400 && e.body.warnung === WARNUNG_LETZTE_ROLLE;
}

type Dialogzustand = { art: 'neu' } | { art: 'bearbeiten'; rolle: LokaleRolle } | null;

/** Tab 'Rollen': the local roles with create, edit and delete (system roles cannot be deleted). */
export function RollenReiter() {
  const darf = useDarf();
  const bearbeiten = darf('SYSTEMVERWALTUNG_BEARBEITEN');
  const rollen = useQuery(lokaleRollenQuery());
  const [dialog, setDialog] = useState<Dialogzustand>(null);
  const [loeschen, setLoeschen] = useState<LokaleRolle | null>(null);
  const [warnung, setWarnung] = useState<{ rolle: LokaleRolle; text: string } | null>(null);

  const loeschung = useLoescheLokaleRolle({
    meta: { globalErrorHandling: false },
    onSuccess: () => {
      toast.success('Gelöscht');
    },
  });

  const loesche = (rolle: LokaleRolle, ignoreWarning = false) =>
    loeschung.mutate(
      { id: rolle.id ?? 0, ignoreWarning },
      {
        onError: (e) => {
          if (!ignoreWarning && istLetzteRolleWarnung(e)) setWarnung({ rolle, text: e.message });
          else zeigeFehler(e, 'Fehler beim Löschen');
        },
      },
    );

  const columns = useMemo<ColumnDef<LokaleRolle, unknown>[]>(() => {
    const cols: ColumnDef<LokaleRolle, unknown>[] = [
      { id: 'bezeichnung', header: 'Bezeichnung', accessorFn: (r) => r.bezeichnung },
      { id: 'globaleRolle', header: 'Globale Rolle', accessorFn: (r) => globaleRolleLabel(r.globaleRolle) },
      { id: 'systemrolle', header: 'Systemrolle', accessorFn: (r) => !!r.systemrolle, cell: (c) => <Haken wert={c.row.original.systemrolle} /> },
      {
        id: 'alleRegionalstellen',
        header: 'Alle Regionalstellen',
        accessorFn: (r) => !!r.alleRegionalstellen,
        cell: (c) => <Haken wert={c.row.original.alleRegionalstellen} />,
      },
      {
        id: 'geaendertAm',
        header: 'Geändert am',
        accessorFn: (r) => r.geaendertAm ?? '',
        cell: (c) => <span className="whitespace-nowrap">{formatDateTimeMinutes(c.row.original.geaendertAm)}</span>,
      },
    ];
    if (!bearbeiten) return cols;
    cols.push({
      id: 'aktionen',
      header: () => <span className="sr-only">Aktionen</span>,
      enableSorting: false,
      cell: ({ row: { original: r } }) => (
        <Aktionen>
          <IconAktion art="bearbeiten" label="Bearbeiten" zeile={r.bezeichnung} onClick={() => setDialog({ art: 'bearbeiten', rolle: r })} />
          {!r.systemrolle && <IconAktion art="loeschen" label="Löschen" zeile={r.bezeichnung} onClick={() => setLoeschen(r)} />}
        </Aktionen>
      ),
    });
    return cols;
  }, [bearbeiten]);

  return (
    <div className="space-y-4">
      <h2 className="text-xl font-semibold">Rollen</h2>
      <div className="flex flex-wrap gap-2">
        {bearbeiten && <Button onClick={() => setDialog({ art: 'neu' })}>Hinzufügen</Button>}
        <Button variant="secondary" onClick={() => toast.info(MSG_NOCH_OHNE_FUNKTION)}>
          Exportieren
        </Button>
      </div>
      <DataTable<LokaleRolle>
        caption="Lokale Rollen"
        captionHidden
        columns={columns}
        data={rollen.data ?? []}
        getRowId={(r) => String(r.id)}
        isLoading={rollen.isPending}
      />

      {dialog && <RolleDialog rolle={dialog.art === 'bearbeiten' ? dialog.rolle : undefined} onClose={() => setDialog(null)} />}
      <DeleteConfirmDialog
        open={loeschen !== null}
        was={`die Rolle „${loeschen?.bezeichnung ?? ''}“`}
        onCancel={() => setLoeschen(null)}
        onConfirm={() => {
          if (loeschen) loesche(loeschen);
          setLoeschen(null);
        }}
      />
      <ConfirmDialog
        open={warnung !== null}
        title={LETZTE_ROLLE_TITEL}
        message={warnung?.text}
        confirmLabel="Trotzdem löschen"
        destructive
        onCancel={() => setWarnung(null)}
        onConfirm={() => {
          if (warnung) loesche(warnung.rolle, true);
          setWarnung(null);
        }}
      />
    </div>
  );
}
