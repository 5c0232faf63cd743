import { useQuery } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { Button } from '@/components/Button';
import { DeleteConfirmDialog } from '@/components/ConfirmDialog';
import { DataTable } from '@/components/DataTable';
import { ExportAktion, useZeilenauswahl } from '@/components/Zeilenauswahl';
import { useDarf } from '@/lib/auth';
import { speichereDatei } from '@/lib/download';
import { zeigeFehler } from '@/lib/errors';
import { toast } from '@/lib/toast';
import { organisationenQuery, type Organisation } from '@/features/systemverwaltung/api/organisationen';
import { Haken, ORGANISATION_STATUS } from '@/features/systemverwaltung/components/bezeichnungen';
import { Aktionen, IconAktion, TextAktion } from '@/features/systemverwaltung/components/Zeilenaktion';
import { HistorieDialog } from './HistorieDialog';
import { VerlaufDialog } from './VerlaufDialog';
import { OrganisationDialog } from './OrganisationDialog';
import { ZusammenfuehrenDialog } from './ZusammenfuehrenDialog';
import { useLoescheOrganisation } from '@/features/systemverwaltung/api/loesche-organisation';
import { useExportiereOrganisationen } from '@/features/systemverwaltung/api/exportiere-organisationen';

export const EXPORT_DATEINAME = 'organisationen.xlsx';

type Dialogzustand =
  | { art: 'neu' }
  | { art: 'bearbeiten'; id: number }
  | { art: 'historie' | 'verlauf'; organisation: Organisation }
  | { art: 'zusammenfuehren'; organisation: Organisation }
  | null;

/** Tab 'Organisationen': list, create, edit (with history), history, delete, export and merge. */
export function OrganisationenReiter() {
  const darf = useDarf();
  const bearbeiten = darf('SYSTEMVERWALTUNG_BEARBEITEN');
  const organisationen = useQuery(organisationenQuery());
  const { auswahl, setAuswahl, ausgewaehlt, abwaehlen } = useZeilenauswahl();
  const [dialog, setDialog] = useState<Dialogzustand>(null);
  const [loeschen, setLoeschen] = useState<Organisation | null>(null);

  const loeschung = useLoescheOrganisation({
    meta: { globalErrorHandling: false },
    onSuccess: (_m, id) => {
      toast.success('Gelöscht');
      abwaehlen(id);
    },
    // 400: 'Die Organisation wird noch von Anwendern oder Betrieben verwendet …'
    onError: (e) => zeigeFehler(e, 'Fehler beim Löschen'),
  });

  const exportieren = useExportiereOrganisationen({
    onSuccess: (datei) => speichereDatei(datei, EXPORT_DATEINAME),
  });

  const columns = useMemo<ColumnDef<Organisation, unknown>[]>(
    () => [
      { id: 'bezeichnung', header: 'Bezeichnung', accessorFn: (o) => o.bezeichnung },
      {
        id: 'strasse',
        header: 'Straße',
        accessorFn: (o) => [o.adresse.strasse, o.adresse.hausnummer].filter(Boolean).join(' '),
      },
      { id: 'plz', header: 'PLZ', accessorFn: (o) => o.adresse.plz ?? '' },
      { id: 'ort', header: 'Ort', accessorFn: (o) => o.adresse.ort ?? '' },
      { id: 'status', header: 'Status', accessorFn: (o) => ORGANISATION_STATUS.find((s) => s.value === o.status)?.label ?? o.status },
      {
        id: 'abwasserbeseitigungspflicht',
        header: 'Abwasserbeseitigungspflicht',
        accessorFn: (o) => o.abwasserbeseitigungspflicht,
        cell: (c) => <Haken wert={c.row.original.abwasserbeseitigungspflicht} />,
      },
      {
        id: 'aktionen',
        header: () => <span className="sr-only">Aktionen</span>,
        enableSorting: false,
        cell: ({ row: { original: o } }) => (
          <Aktionen>
            {bearbeiten && <IconAktion art="bearbeiten" label="Bearbeiten" zeile={o.bezeichnung} onClick={() => setDialog({ art: 'bearbeiten', id: o.id })} />}
            <TextAktion label="Historie" zeile={o.bezeichnung} onClick={() => setDialog({ art: 'historie', organisation: o })} />
            <TextAktion label="Verlauf" zeile={o.bezeichnung} onClick={() => setDialog({ art: 'verlauf', organisation: o })} />
            {bearbeiten && o.status === 'AKTIV' && (
              <TextAktion label="Zusammenführen" zeile={o.bezeichnung} onClick={() => setDialog({ art: 'zusammenfuehren', organisation: o })} />
            )}
            {bearbeiten && <IconAktion art="loeschen" label="Löschen" zeile={o.bezeichnung} onClick={() => setLoeschen(o)} />}
          </Aktionen>
        ),
      },
    ],
    [bearbeiten],
  );

  return (
    <div className="space-y-4">
      <h2 className="text-xl font-semibold">Organisationen</h2>
      <div className="flex flex-wrap items-center gap-2">
        {bearbeiten && <Button onClick={() => setDialog({ art: 'neu' })}>Hinzufügen</Button>}
        <ExportAktion
          anzahl={ausgewaehlt.length}
          diese="Organisationen"
          ohneAuswahl="Der Export enthält alle Organisationen."
          disabled={exportieren.isPending}
          onExport={() => exportieren.mutate(ausgewaehlt)}
        />
      </div>
      <DataTable<Organisation>
        caption="Organisationen"
        captionHidden
        columns={columns}
        data={organisationen.data ?? []}
        getRowId={(o) => String(o.id)}
        isLoading={organisationen.isPending}
        enableRowSelection
        rowSelection={auswahl}
        onRowSelectionChange={setAuswahl}
        rowSelectionLabel={(o) => `${o.bezeichnung} auswählen`}
      />

      {(dialog?.art === 'neu' || dialog?.art === 'bearbeiten') && (
        <OrganisationDialog id={dialog.art === 'bearbeiten' ? dialog.id : undefined} onClose={() => setDialog(null)} />
      )}
      {dialog?.art === 'historie' && <HistorieDialog organisation={dialog.organisation} onClose={() => setDialog(null)} />}
      {dialog?.art === 'verlauf' && <VerlaufDialog organisation={dialog.organisation} onClose={() => setDialog(null)} />}
      {dialog?.art === 'zusammenfuehren' && <ZusammenfuehrenDialog quelle={dialog.organisation} onClose={() => setDialog(null)} />}
      <DeleteConfirmDialog
        open={loeschen !== null}
        was={`die Organisation „${loeschen?.bezeichnung ?? ''}“`}
        onCancel={() => setLoeschen(null)}
        onConfirm={() => {
          if (loeschen) loeschung.mutate(loeschen.id);
          setLoeschen(null);
        }}
      />
    </div>
  );
}
