import { useQuery } from '@tanstack/react-query';
import { Button } from '@/components/Button';
import { Dialog } from '@/components/Dialog';
import { Laden } from '@/components/Laden';
import { VerlaufTabelle } from '@/components/Verlauf';
import { organisationVerlaufQuery, type Organisation } from '@/features/systemverwaltung/api/organisationen';

/** Every event of an organisation with when, who and the changed fields (newest first). */
export function VerlaufDialog({ organisation, onClose }: { organisation: Organisation; onClose: () => void }) {
  const verlauf = useQuery(organisationVerlaufQuery(organisation.id));
  return (
    <Dialog
      open
      onClose={onClose}
      title={`Verlauf: ${organisation.bezeichnung}`}
      width={1200}
      footer={
        <Button variant="secondary" onClick={onClose}>
          Schließen
        </Button>
      }
    >
      <p className="mb-3 text-sm text-gray-700">
        Alle Änderungen der Organisation mit Zeitpunkt und Urheber. Öffnen Sie eine Zeile für die geänderten Felder; die
        Historie zeigt jede gültige Fassung.
      </p>
      {verlauf.isPending ? <Laden /> : <VerlaufTabelle eintraege={verlauf.data ?? []} isLoading={false} />}
    </Dialog>
  );
}
