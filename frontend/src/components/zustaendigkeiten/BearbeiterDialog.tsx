import { useQuery } from '@tanstack/react-query';
import { AuswahlDialog } from '@/components/AuswahlDialog';
import { bearbeiterQuery, type ZustaendigerBearbeiter } from './zustaendigkeiten';

export interface BearbeiterDialogProps {
  /** Ids already assigned (not offered again). */
  vergeben: number[];
  onUebernehmen: (b: ZustaendigerBearbeiter) => void;
  onClose: () => void;
  hinweis: string;
}

/** An authority user (with Datascout-ID) made responsible for the file. */
export function BearbeiterDialog({ vergeben, onUebernehmen, onClose, hinweis }: BearbeiterDialogProps) {
  const liste = useQuery(bearbeiterQuery()).data ?? [];
  const optionen = liste.filter((b) => !vergeben.includes(b.id) && b.bearbeiter).map((b) => ({ value: String(b.id), label: `${b.name} (${b.bearbeiter})` }));
  return (
    <AuswahlDialog
      titel="Bearbeiter hinzufügen"
      label="Bearbeiter"
      name="bearbeiter"
      optionen={optionen}
      hinweis={hinweis}
      width={560}
      onClose={onClose}
      onUebernehmen={(id) => {
        const b = liste.find((x) => String(x.id) === id);
        if (b) onUebernehmen({ id: b.id, bearbeiter: b.bearbeiter, name: b.name });
      }}
    />
  );
}
