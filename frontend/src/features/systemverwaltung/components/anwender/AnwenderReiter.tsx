import { useQuery } from '@tanstack/react-query';
import type { ColumnDef, PaginationState, SortingState } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { Button } from '@/components/Button';
import { ConfirmDialog, DeleteConfirmDialog } from '@/components/ConfirmDialog';
import { DataTable } from '@/components/DataTable';
import { FormField, inputClass } from '@/components/FormField';
import { Suchformular } from '@/components/Suchformular';
import { useServerTabelle } from '@/components/useServerTabelle';
import { ExportAktion, useZeilenauswahl } from '@/components/Zeilenauswahl';
import { useDarf, useMe } from '@/lib/auth';
import { speichereDatei } from '@/lib/download';
import { zeigeFehler } from '@/lib/errors';
import { formatBis } from '@/lib/format';
import { toast } from '@/lib/toast';
import {
  anwenderListQuery,
  type AnwenderQuery,
  type AnwenderZeile,
} from '@/features/systemverwaltung/api/anwender';
import { globaleRolleLabel, STATUS_LABEL } from '@/features/systemverwaltung/components/bezeichnungen';
import { Aktionen, IconAktion, TextAktion } from '@/features/systemverwaltung/components/Zeilenaktion';
import { AnwenderDialog } from './AnwenderDialog';
import { useSetzeAnwenderStatus } from '@/features/systemverwaltung/api/setze-anwender-status';
import { useLoescheAnwender } from '@/features/systemverwaltung/api/loesche-anwender';
import { useExportiereAnwender } from '@/features/systemverwaltung/api/exportiere-anwender';

export const EXPORT_DATEINAME = 'anwender.xlsx';

/** The list filter of spec 002 §2: names and organisation empty, every flag set. */
export interface AnwenderFilter {
  vorname: string;
  name: string;
  organisation: string;
  statusBeantragt: boolean;
  statusBestaetigt: boolean;
  statusAktiv: boolean;
  statusInaktiv: boolean;
  rolleOrganisation: boolean;
  rolleBehoerde: boolean;
  rolleAdministration: boolean;
}

export const STANDARDFILTER: AnwenderFilter = {
  vorname: '',
  name: '',
  organisation: '',
  statusBeantragt: true,
  statusBestaetigt: true,
  statusAktiv: true,
  statusInaktiv: true,
  rolleOrganisation: true,
  rolleBehoerde: true,
  rolleAdministration: true,
};

const STATUS_FLAGS = [
  { key: 'statusBeantragt', label: 'Beantragt' },
  { key: 'statusBestaetigt', label: 'Bestätigt' },
  { key: 'statusAktiv', label: 'Aktiv' },
  { key: 'statusInaktiv', label: 'Inaktiv' },
] as const;

const ROLLEN_FLAGS = [
  { key: 'rolleOrganisation', label: 'Organisation' },
  { key: 'rolleBehoerde', label: 'Behörde' },
  { key: 'rolleAdministration', label: 'Administration' },
] as const;

type SortProperty = NonNullable<AnwenderQuery['sortProperty']>;

/** The request of a filter, page and sort order. */
export function anwenderAbfrage(f: AnwenderFilter, p: PaginationState, s: SortingState): AnwenderQuery {
  return {
    ...f,
    vorname: f.vorname.trim() || undefined,
    name: f.name.trim() || undefined,
    organisation: f.organisation.trim() || undefined,
    page: p.pageIndex,
    size: p.pageSize,
    sortProperty: (s[0]?.id as SortProperty | undefined) ?? 'name',
    sortDirection: s[0]?.desc ? 'DESC' : 'ASC',
  };
}

function Flaggen({
  legend,
  flags,
  werte,
  setze,
}: {
  legend: string;
  flags: readonly { key: keyof AnwenderFilter; label: string }[];
  werte: AnwenderFilter;
  setze: (k: keyof AnwenderFilter, v: boolean) => void;
}) {
  return (
    <fieldset>
      <legend className="mb-1 text-sm font-medium">{legend}</legend>
      <div className="flex flex-wrap gap-x-4 gap-y-1">
        {flags.map((f) => (
          <label key={f.key} className="flex items-center gap-2 text-sm">
            <input type="checkbox" className="h-4 w-4" checked={werte[f.key] as boolean} onChange={(e) => setze(f.key, e.target.checked)} />
            {f.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

// Ours (issue 14): deactivating asks first, as deleting does.
const DEAKTIVIEREN_TITEL = 'Deaktivieren bestätigen';
const deaktivierenFrage = (benutzername: string) =>
  `Sind Sie sicher, dass Sie den Anwender „${benutzername}“ deaktivieren möchten? Er kann sich danach nicht mehr anmelden.`;

type Dialogzustand = { art: 'neu' } | { art: 'bearbeiten'; id: number } | null;

/** Tab 'Anwender': filter, server-side paged list, export, user form, activation, deletion. */
export function AnwenderReiter() {
  const darf = useDarf();
  const bearbeiten = darf('SYSTEMVERWALTUNG_BEARBEITEN');
  const [entwurf, setEntwurf] = useState(STANDARDFILTER);
  const [filter, setFilter] = useState(STANDARDFILTER);
  const { pagination, sorting, zurErstenSeite, tabelle } = useServerTabelle([{ id: 'name', desc: false }]);
  const { auswahl, setAuswahl, ausgewaehlt, abwaehlen } = useZeilenauswahl();
  const [dialog, setDialog] = useState<Dialogzustand>(null);
  const [loeschen, setLoeschen] = useState<AnwenderZeile | null>(null);
  const [deaktivieren, setDeaktivieren] = useState<AnwenderZeile | null>(null);
  // one's own account is not deactivated (the server refuses it too)
  const ichId = useMe().data?.id;

  const abfrage = useMemo(() => anwenderAbfrage(filter, pagination, sorting), [filter, pagination, sorting]);
  const { data, isPending, isFetching } = useQuery(anwenderListQuery(abfrage));

  const status = useSetzeAnwenderStatus({
    meta: { globalErrorHandling: false },
    onSuccess: (m) => {
      toast.success(m.message);
    },
    onError: (e) => zeigeFehler(e),
  });

  const loeschung = useLoescheAnwender({
    meta: { globalErrorHandling: false },
    onSuccess: (_m, id) => {
      toast.success('Gelöscht');
      abwaehlen(id);
    },
    onError: (e) => zeigeFehler(e, 'Fehler beim Löschen'),
  });

  const exportieren = useExportiereAnwender({
    onSuccess: (datei) => speichereDatei(datei, EXPORT_DATEINAME),
  });

  const columns = useMemo<ColumnDef<AnwenderZeile, unknown>[]>(() => {
    const cols: ColumnDef<AnwenderZeile, unknown>[] = [
      { id: 'benutzername', header: 'Benutzername', accessorFn: (a) => a.benutzername },
      { id: 'name', header: 'Name', accessorFn: (a) => a.person.name ?? '' },
      { id: 'vorname', header: 'Vorname', accessorFn: (a) => a.person.vorname ?? '' },
      { id: 'organisation', header: 'Organisation', accessorFn: (a) => a.person.organisation?.bezeichnung ?? '' },
      { id: 'status', header: 'Status', accessorFn: (a) => STATUS_LABEL[a.status] ?? a.status },
      { id: 'globaleRolle', header: 'Globale Rolle', accessorFn: (a) => globaleRolleLabel(a.globaleRolle) },
      {
        id: 'gueltigBis',
        header: 'Gültig bis',
        // a validity is a day: the date part as the server wrote it
        accessorFn: (a) => formatBis(a.gueltigBis?.slice(0, 10)),
        cell: (c) => <span className="whitespace-nowrap">{c.getValue() as string}</span>,
      },
    ];
    if (!bearbeiten) return cols;
    cols.push({
      id: 'aktionen',
      header: () => <span className="sr-only">Aktionen</span>,
      enableSorting: false,
      cell: ({ row: { original: a } }) => (
        <Aktionen>
          <IconAktion art="bearbeiten" label="Bearbeiten" zeile={a.benutzername} onClick={() => setDialog({ art: 'bearbeiten', id: a.id })} />
          {a.status === 'AKTIV' ? (
            a.id !== ichId && (
              <TextAktion label="Deaktivieren" zeile={a.benutzername} disabled={status.isPending} onClick={() => setDeaktivieren(a)} />
            )
          ) : a.status === 'BESTAETIGT' || a.status === 'INAKTIV' ? (
            <TextAktion label="Aktivieren" zeile={a.benutzername} disabled={status.isPending} onClick={() => status.mutate({ id: a.id, status: 'AKTIV' })} />
          ) : null}
          <IconAktion art="loeschen" label="Löschen" zeile={a.benutzername} onClick={() => setLoeschen(a)} />
        </Aktionen>
      ),
    });
    return cols;
  }, [bearbeiten, status, ichId]);

  const setze = (k: keyof AnwenderFilter, v: string | boolean) => setEntwurf((f) => ({ ...f, [k]: v }));

  const anwenden = (f: AnwenderFilter) => {
    setFilter(f);
    setAuswahl({});
    zurErstenSeite();
  };

  return (
    <div className="space-y-4">
      <h2 className="text-xl font-semibold">Anwender</h2>
      <Suchformular
        label="Anwender filtern"
        onSuchen={() => anwenden(entwurf)}
        onZuruecksetzen={() => {
          setEntwurf(STANDARDFILTER);
          anwenden(STANDARDFILTER);
        }}
        spalten="sm:grid-cols-3"
        aktionenClassName="items-end"
      >
        <FormField label="Vorname">
          <input name="vorname" className={inputClass} value={entwurf.vorname} onChange={(e) => setze('vorname', e.target.value)} />
        </FormField>
        <FormField label="Name">
          <input name="name" className={inputClass} value={entwurf.name} onChange={(e) => setze('name', e.target.value)} />
        </FormField>
        <FormField label="Organisation">
          <input
            name="organisation"
            className={inputClass}
            value={entwurf.organisation}
            onChange={(e) => setze('organisation', e.target.value)}
          />
        </FormField>
        <Flaggen legend="Status" flags={STATUS_FLAGS} werte={entwurf} setze={setze} />
        <Flaggen legend="Globale Rolle" flags={ROLLEN_FLAGS} werte={entwurf} setze={setze} />
      </Suchformular>

      <div className="flex flex-wrap items-center gap-2">
        {bearbeiten && <Button onClick={() => setDialog({ art: 'neu' })}>Anwender hinzufügen</Button>}
        <ExportAktion
          anzahl={ausgewaehlt.length}
          diese="Anwender"
          ohneAuswahl="Der Export enthält alle Anwender des Filters."
          disabled={exportieren.isPending}
          onExport={() => exportieren.mutate({ ids: ausgewaehlt, query: abfrage })}
        />
      </div>

      <DataTable<AnwenderZeile>
        caption="Anwender"
        captionHidden
        columns={columns}
        data={data?.content ?? []}
        getRowId={(a) => String(a.id)}
        {...tabelle}
        rowCount={data?.totalElements ?? 0}
        isLoading={isPending || isFetching}
        enableRowSelection
        rowSelection={auswahl}
        onRowSelectionChange={setAuswahl}
        rowSelectionLabel={(a) => `${a.benutzername} auswählen`}
      />

      {dialog && <AnwenderDialog id={dialog.art === 'bearbeiten' ? dialog.id : undefined} onClose={() => setDialog(null)} />}
      <ConfirmDialog
        open={deaktivieren !== null}
        title={DEAKTIVIEREN_TITEL}
        message={deaktivierenFrage(deaktivieren?.benutzername ?? '')}
        confirmLabel="Deaktivieren"
        destructive
        onCancel={() => setDeaktivieren(null)}
        onConfirm={() => {
          if (deaktivieren) status.mutate({ id: deaktivieren.id, status: 'INAKTIV' });
          setDeaktivieren(null);
        }}
      />
      <DeleteConfirmDialog
        open={loeschen !== null}
        was={`den Anwender „${loeschen?.benutzername ?? ''}“`}
        onCancel={() => setLoeschen(null)}
        onConfirm={() => {
          if (loeschen) loeschung.mutate(loeschen.id);
          setLoeschen(null);
        }}
      />
    </div>
  );
}
